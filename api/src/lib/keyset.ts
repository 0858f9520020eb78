// Keyset-paged list routes (docs/decisions/008): the body stays the plain list SPEC §7 describes; the next page's
// opaque cursor travels in a header, and as an RFC 8288 `Link: rel="next"` for clients that follow links.

/** The response header naming the next page's cursor (absent on the last page). The site reads the same name. */
export const NEXT_CURSOR_HEADER = "x-next-cursor";

/** Sets the next-page headers for `page` (the route's `path` and its query without the cursor) and answers the items. */
export function withNextLink<T>(
  page: { items: T[]; nextCursor: string | null },
  path: string,
  query: Record<string, unknown>,
  headers: Record<string, unknown>,
): T[] {
  if (page.nextCursor) {
    const rest = Object.entries(query).flatMap(([k, v]) => (v === undefined || k === "cursor" ? [] : [[k, String(v)]]));
    headers[NEXT_CURSOR_HEADER] = page.nextCursor;
    headers.link = `<${path}?${new URLSearchParams([...rest, ["cursor", page.nextCursor]])}>; rel="next"`;
  }
  return page.items;
}
