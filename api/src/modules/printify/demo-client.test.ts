// The built-in demo shop as a Printify client (demo-client.ts): read-only. It serves the demo shop and its products,
// answers 404 for any other shop, and refuses every write (orders, webhooks, publishing) saying a token is needed.
import { describe, expect, test } from "bun:test";
import { PrintifyError } from "./client";
import { DEMO_PRODUCTS, DEMO_SHOP } from "./demo-catalogue";
import { DEMO_READ_ONLY_MESSAGE, demoPrintify } from "./demo-client";

describe("the demo shop's client", () => {
  test("reads the demo shop, its one page of products and one product — copies, never the catalogue itself", async () => {
    expect(await demoPrintify.listShops()).toEqual([DEMO_SHOP]);
    const pages = [];
    for await (const page of demoPrintify.productPages(DEMO_SHOP.id)) pages.push(page);
    expect(pages).toHaveLength(1);
    expect(pages[0]).toMatchObject({ page: 1, lastPage: 1, total: DEMO_PRODUCTS.length });
    expect(pages[0]!.products.map((p) => p.id)).toEqual(DEMO_PRODUCTS.map((p) => p.id));
    pages[0]!.products[0]!.title = "changed";
    expect(DEMO_PRODUCTS[0]!.title).not.toBe("changed");
    expect((await demoPrintify.getProduct(String(DEMO_SHOP.id), DEMO_PRODUCTS[2]!.id)).title).toBe("Ideas Mug");
  });

  test("another shop or an unknown product is a 404", async () => {
    const other = demoPrintify.productPages(4242).next();
    await expect(other).rejects.toMatchObject({ status: 404 });
    await expect(demoPrintify.getProduct(DEMO_SHOP.id, "nope")).rejects.toMatchObject({ status: 404 });
  });

  test("every write refuses, saying a token is needed", async () => {
    const shop = DEMO_SHOP.id;
    const writes: (() => Promise<unknown>)[] = [
      () => demoPrintify.createOrder(shop, {} as never),
      () => demoPrintify.findOrderByExternalId(shop, "x"),
      () => demoPrintify.getOrder(shop, "x"),
      () => demoPrintify.sendToProduction(shop, "x"),
      () => demoPrintify.registerWebhook(shop, { topic: "order:created", url: "http://localhost/", secret: "s" }),
      () => demoPrintify.listWebhooks(shop),
      () => demoPrintify.deleteWebhook(shop, "x"),
      () => demoPrintify.publishingSucceeded(shop, "x", { id: "x", handle: "/x" }),
      () => demoPrintify.publishingFailed(shop, "x", "reason"),
    ];
    for (const write of writes) {
      const error = await Promise.resolve()
        .then(write)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PrintifyError);
      expect((error as PrintifyError).reason).toBe(DEMO_READ_ONLY_MESSAGE);
      expect((error as PrintifyError).retryable).toBe(false);
    }
    expect(DEMO_READ_ONLY_MESSAGE).toContain("PRINTIFY_API_TOKEN");
  });
});
