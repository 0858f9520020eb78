// Walking a keyset-paged list to its end, as a client does: each page's next cursor from the x-next-cursor header
// (checked against the Link header's rel="next"), until a page names none. The caller asserts order and content.
import { expect } from "bun:test";
import { NEXT_CURSOR_HEADER } from "../src/lib/keyset";

type PageResponse<T> = { status: number; data: T[] | null; response: Response };

/** Every item of every page, in order, and how many pages it took. Fails on an error, a repeated row or a loop. */
export async function walkPages<T extends { id: string }>(
  fetchPage: (cursor: string | undefined) => Promise<PageResponse<T>>,
  { maxPages = 1000 } = {},
): Promise<{ items: T[]; pages: number }> {
  const items: T[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const res = await fetchPage(cursor);
    expect(res.status).toBe(200);
    items.push(...res.data!);
    cursor = res.response.headers.get(NEXT_CURSOR_HEADER) ?? undefined;
    if (cursor) expect(res.response.headers.get("link")).toContain(`cursor=${encodeURIComponent(cursor)}>; rel="next"`);
    else expect(res.response.headers.get("link")).toBeNull();
    pages += 1;
    if (pages > maxPages) throw new Error(`More than ${maxPages} pages: the cursor does not advance`);
  } while (cursor);
  expect(new Set(items.map((i) => i.id)).size).toBe(items.length); // no row twice
  return { items, pages };
}
