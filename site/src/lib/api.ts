// The one typed API client (SPEC §7), Eden treaty over the API's own `type App`: a renamed route or field breaks
// the type check. Islands use `api` (same origin, cookies included, no retries); pages use `serverApi`
// (api.server.ts), the same client over an in-process fetcher. A failure is an ApiError whose message follows
// SPEC §8 ("<status>: <body text>"); `serverMessage` is the human message of our `{ type, message }` bodies.
import { treaty } from "@elysiajs/eden";
import type { App } from "@api/app-type";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly serverMessage: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

type Treaty = Parameters<typeof treaty<App>>[1];

/** A client for `origin`; dates stay ISO strings, as the contracts declare them. */
export function createApi(origin: string, config: Treaty = {}) {
  return treaty<App>(origin, { parseDate: false, ...config }).api;
}

/** The browser's client. On the server (an island's first render) it is never called. */
export const api = createApi(typeof window === "undefined" ? "http://localhost" : window.location.origin, {
  fetch: { credentials: "include" },
});

/** A treaty error (status + parsed body) as an ApiError. */
export function toApiError(error: { status: unknown; value: unknown }): ApiError {
  const status = typeof error.status === "number" ? error.status : 0;
  const value = error.value;
  const text = typeof value === "string" ? value : JSON.stringify(value ?? "");
  const message =
    value && typeof value === "object" && typeof (value as { message?: unknown }).message === "string"
      ? (value as { message: string }).message
      : "";
  return new ApiError(status, `${status}: ${text}`, message || (typeof value === "string" ? value : ""));
}

type TreatyResult = { data: unknown; error: unknown };

/** The data of a treaty call, or throws its ApiError; a network failure stays a TypeError. */
export async function unwrap<R extends TreatyResult>(call: Promise<R>): Promise<Exclude<R["data"], null>> {
  const { data, error } = await call;
  if (error) {
    // In the browser Eden hands a failed fetch (no answer at all) back as an error whose value is the thrown Error:
    // that is a network failure, not a message from the server (SPEC §8 has its own words for it).
    const value = (error as { value?: unknown }).value;
    if (value instanceof Error) throw value;
    throw toApiError(error as { status: unknown; value: unknown });
  }
  return data as Exclude<R["data"], null>;
}

/** The human message of a failed call, for toasts; "" when there is none worth showing (SPEC §8). */
export function serverMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return "";
  const message = error.serverMessage.trim();
  // A proxy's HTML error page is not a message for people.
  return message.startsWith("<") ? "" : message;
}

/** Mirrors the API's NEXT_CURSOR_HEADER (api/src/lib/keyset.ts): a keyset-paged list names its next page there. */
const NEXT_CURSOR_HEADER = "x-next-cursor";

/** The next page's cursor of a list response, or undefined on the last page. */
export const nextCursorOf = (response: Response | null | undefined) => response?.headers.get(NEXT_CURSOR_HEADER) ?? undefined;

type ListPage<T> = { data: T[] | null; error: unknown; response: Response | null };

/**
 * Every item of a keyset-paged list, page after page until one names no next cursor: for what needs the whole list
 * at once (a select's options), never for a grid (that pages with Load more). A cursor seen before ends the walk.
 */
export async function everyPage<T>(fetchPage: (cursor: string | undefined) => Promise<ListPage<T>>): Promise<T[]> {
  const items: T[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  do {
    const res = await fetchPage(cursor);
    if (res.error) throw toApiError(res.error as { status: unknown; value: unknown });
    items.push(...(res.data ?? []));
    cursor = nextCursorOf(res.response);
    if (cursor && seen.has(cursor)) break;
    if (cursor) seen.add(cursor);
  } while (cursor);
  return items;
}
