// The admin merchandise screen rendered from a query cache: the catalogue's count speaks only of a catalogue that
// loaded — beside a load failure there is no "0 products", only the failure.
import { describe, expect, test } from "bun:test";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { MerchandiseAdmin } from "./MerchandiseAdmin";

function render(prepare: (client: QueryClient) => void) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  client.setQueryData(["printify", "shops"], []);
  prepare(client);
  return renderToString(
    <QueryClientProvider client={client}>
      <MerchandiseAdmin />
    </QueryClientProvider>,
  ).replaceAll("<!-- -->", "");
}

describe("MerchandiseAdmin: the catalogue's count", () => {
  test("a loaded catalogue is counted", () => {
    const html = render((client) =>
      client.setQueryData(["printify", "catalogue"], {
        pages: [{ items: [], total: 3, configured: true, nextCursor: undefined }],
        pageParams: [undefined],
      }),
    );
    expect(html).toContain("3 products");
  });

  test("a catalogue that failed to load says so, and no count", () => {
    const html = render((client) => {
      const query = client.getQueryCache().build(client, { queryKey: ["printify", "catalogue"] });
      query.setState({ status: "error", error: new Error("down"), fetchStatus: "idle" } as never);
    });
    expect(html).toContain("Failed to load the catalogue. Please try again later.");
    expect(html).not.toMatch(/\d+ products?\b/);
  });
});
