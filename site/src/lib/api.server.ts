// Server-side API calls from Astro pages: the same routes the browser calls, with the visitor's cookies.
import type { AstroGlobal } from "astro";
import { ApiError, readError } from "./api";

/** Only the visitor's cookie goes along: the API must not act on any other browser header a page received. */
function cookieOnly(Astro: AstroGlobal): Record<string, string> {
  const cookie = Astro.request.headers.get("cookie");
  return cookie ? { cookie } : {};
}

export async function serverGet<T>(Astro: AstroGlobal, path: string): Promise<T> {
  const res = await Astro.locals.api(path, { headers: cookieOnly(Astro) });
  if (!res.ok) throw await readError(res);
  return (await res.json()) as T;
}

/** Like serverGet, but a failure becomes `null` so a page can show its SPEC failure text instead of a 500. */
export async function serverTryGet<T>(Astro: AstroGlobal, path: string): Promise<{ data: T } | { error: ApiError }> {
  try {
    return { data: await serverGet<T>(Astro, path) };
  } catch (e) {
    return { error: e instanceof ApiError ? e : new ApiError(0, String(e), "") };
  }
}

/**
 * A JSON POST on the visitor's behalf (a page handling its own form). Answers the API's raw response so the caller
 * can pass its Set-Cookie headers on to the browser; always JSON, as the API's routes accept nothing else.
 */
export function serverPost(Astro: AstroGlobal, path: string, body: unknown): Promise<Response> {
  return Astro.locals.api(path, {
    method: "POST",
    headers: { "content-type": "application/json", ...cookieOnly(Astro) },
    body: JSON.stringify(body),
  });
}

/** Copies the API's Set-Cookie headers (a new session, the device cookie) onto the response the browser gets. */
export function forwardCookies(from: Response, to: Headers): void {
  for (const cookie of from.headers.getSetCookie()) to.append("set-cookie", cookie);
}
