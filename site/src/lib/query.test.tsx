// The islands' data layer: on the server each render has its own query cache, so a first page handed to one
// visitor's render (FirstPage) never shows in the next visitor's render of the same island; a keyset list's page.
import { describe, expect, test } from "bun:test";
import { renderToString } from "react-dom/server";
import { useInfiniteQuery } from "@tanstack/react-query";
import { ApiError } from "./api";
import { type FirstPage, keysetListOptions, keysetPage, listItems, withQueries } from "./query";

const List = withQueries(function List({ first }: { first?: FirstPage<string> }) {
  const query = useInfiniteQuery(
    keysetListOptions({
      queryKey: ["same", "key"],
      page: async () => ({ items: ["fetched"], nextCursor: undefined }),
      first,
    }),
  );
  const items = listItems(query.data);
  return <ul>{query.isPending ? <li>loading</li> : items.map((item) => <li key={item}>{item}</li>)}</ul>;
});

describe("withQueries on the server", () => {
  test("a render starts from its own first page, not an earlier render's", () => {
    expect(renderToString(<List first={{ items: ["alice's row"], nextCursor: undefined }} />)).toBe(
      "<ul><li>alice&#x27;s row</li></ul>",
    );
    expect(renderToString(<List first={{ items: ["bob's row"], nextCursor: undefined }} />)).toBe(
      "<ul><li>bob&#x27;s row</li></ul>",
    );
    // Without a first page the island loads it in the browser: the server renders the loading state.
    expect(renderToString(<List />)).toBe("<ul><li>loading</li></ul>");
  });
});

describe("keysetPage", () => {
  const answer = <D,>(data: D, headers: Record<string, string> = {}) =>
    Promise.resolve({
      data: data as D | null,
      error: null as unknown,
      response: new Response(null, { headers }) as Response | null,
    });

  test("a page is the items and the cursor the response's header names (none on the last page)", async () => {
    expect(await keysetPage(answer(["a", "b"], { "x-next-cursor": "c2" }))).toEqual({ items: ["a", "b"], nextCursor: "c2" });
    expect(await keysetPage(answer(["z"]))).toEqual({ items: ["z"], nextCursor: undefined });
  });

  test("toPage shapes a body that holds its items, and reads the headers", async () => {
    const page = await keysetPage(
      answer({ items: [1], total: 7 }, { "x-total": "7" }),
      (body: { items: number[]; total: number }, r) => ({
        ...body,
        header: r?.headers.get("x-total"),
      }),
    );
    expect(page).toEqual({ items: [1], total: 7, header: "7", nextCursor: undefined });
  });

  test("a failed call throws its ApiError", async () => {
    const failed = Promise.resolve({ data: null, error: { status: 403, value: { message: "No." } }, response: null });
    const error = await keysetPage(failed).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).serverMessage).toBe("No.");
  });
});
