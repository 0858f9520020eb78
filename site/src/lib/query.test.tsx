// The islands' data layer on the server: each render has its own query cache, so a first page handed to one
// visitor's render (FirstPage) never shows in the next visitor's render of the same island.
import { describe, expect, test } from "bun:test";
import { renderToString } from "react-dom/server";
import { useInfiniteQuery } from "@tanstack/react-query";
import { type FirstPage, initialPages, withQueries } from "./query";

const List = withQueries(function List({ first }: { first?: FirstPage<string> }) {
  const query = useInfiniteQuery({
    queryKey: ["same", "key"],
    initialPageParam: undefined as string | undefined,
    initialData: initialPages(first),
    queryFn: async () => ({ items: ["fetched"], nextCursor: undefined }),
    getNextPageParam: (page) => page.nextCursor,
  });
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
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
