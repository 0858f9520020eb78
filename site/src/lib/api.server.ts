// Server-side API calls from Astro pages and endpoints: the same typed client the islands use, over the fetcher
// the Bun front puts in `locals.fetch` (Elysia in-process; over loopback under `astro dev`). Only the visitor's
// cookie goes along: the API must not act on any other browser header a page received.
import { createApi, nextCursorOf } from "./api";
import type { FirstPage } from "./query";

type PageContext = { request: Request; locals: App.Locals };

/** The page's host never reaches the API's routing; the in-process fetcher only needs a well-formed URL. */
const INTERNAL_ORIGIN = "http://platform.internal";

export function serverApi(context: PageContext) {
  const cookie = context.request.headers.get("cookie");
  return createApi(INTERNAL_ORIGIN, { fetcher: context.locals.fetch, headers: cookie ? { cookie } : {} });
}

/** Copies the API's Set-Cookie headers (a new session, the device cookie, a cleared one) onto the browser's response. */
export function forwardCookies(from: Response | undefined, to: Headers): void {
  for (const cookie of from?.headers.getSetCookie() ?? []) to.append("set-cookie", cookie);
}

/**
 * A URL segment taken from the visitor (a page's `[id]`) as a path parameter for the typed client. Eden joins
 * parameters into the path unencoded, and the URL parser then drops a leading or trailing control character or
 * space: `/challenges/%00` would ask `/api/challenges/` (the list) instead of one challenge. Encoded, it stays one
 * segment and the API answers 400/404 for it.
 */
export const pathParam = (value: string | undefined): string => encodeURIComponent(value ?? "");

type ListResponse<T> = { data: T[] | null; error: unknown; response: Response | null; status: number };

/**
 * A server-rendered list page's keyset page (docs/decisions/008): its items, the link to the next page (none on the
 * last), and whether the call failed (with its status) for the page's failure state.
 */
export async function listPage<T>(call: Promise<ListResponse<T>>, hrefOf: (cursor: string) => string) {
  const { data, error, response, status } = await call;
  const cursor = nextCursorOf(response);
  return { items: data ?? [], failed: Boolean(error), status, nextHref: cursor ? hrefOf(cursor) : null };
}

/** A list page's status after a failed load: a tampered cursor or filter is the visitor's error (400), else 500. */
export const listFailureStatus = (status: number) => (status >= 400 && status < 500 ? 400 : 500);

/**
 * A detail page's status when its item cannot be shown (SPEC §2): 404 for an unknown or malformed id, so crawlers
 * drop it; 500 for a failed load, so monitoring sees it.
 */
const missingItemStatus = (status: number) => (status === 404 || status === 400 ? 404 : 500);

type DetailContext = PageContext & { params: Record<string, string | undefined>; url: URL; response: { status?: number } };

/**
 * A detail page's item (SPEC §2), fetched by the page's `[id]` (encoded: pathParam). When it cannot be shown the
 * page answers missingItemStatus; `notFound` tells the page which text to show. `pageUrl` is the page's address
 * under `path`, for its meta tags.
 */
export async function detailPage<T>(
  context: DetailContext,
  path: string,
  get: (api: ReturnType<typeof serverApi>, id: string) => Promise<{ data: T | null; status: number }>,
) {
  const id = context.params.id ?? "";
  const res = await get(serverApi(context), pathParam(id));
  const missing = missingItemStatus(res.status);
  if (!res.data) context.response.status = missing;
  return { item: res.data, notFound: missing === 404, pageUrl: new URL(`${path}/${id}`, context.url) };
}

/**
 * The first page of a keyset-paged list for an island's `first` prop (lib/query.tsx), with what `extra` reads from
 * the response's headers (a list's counts), or undefined when the call failed: the island then loads it itself and
 * shows the failure with Retry, as it would without a first page.
 */
export async function firstPage<T, E extends object = object>(
  call: Promise<{ data: T[] | null; error: unknown; response: Response | null }>,
  extra?: (response: Response | null) => E,
): Promise<(FirstPage<T> & E) | undefined> {
  const { data, error, response } = await call;
  if (error || !data) return undefined;
  return { items: data, nextCursor: nextCursorOf(response), ...(extra?.(response) as E) };
}
