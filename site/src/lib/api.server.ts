// Server-side API calls from Astro pages and endpoints: the same typed client the islands use, over the fetcher
// the Bun front puts in `locals.fetch` (Elysia in-process; over loopback under `astro dev`). Only the visitor's
// cookie goes along: the API must not act on any other browser header a page received.
import { createApi } from "./api";

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
