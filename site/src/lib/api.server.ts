// Server-side API calls from Astro pages: the same routes the browser calls, with the visitor's cookies.
import type { AstroGlobal } from "astro";
import { ApiError, readError } from "./api";

export async function serverGet<T>(Astro: AstroGlobal, path: string): Promise<T> {
  const cookie = Astro.request.headers.get("cookie");
  const res = await Astro.locals.api(path, { headers: cookie ? { cookie } : {} });
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
