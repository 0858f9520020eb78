// Contract, product side: Printify's documented product payloads (recorded verbatim in api/test/fixtures/printify/ from
// spencerlepine/printify-sdk-js docs/PRINTIFY-Documentation.md at 8c8472153d142c38264a809a2ffe76f123b6baa1; the
// real field set from airbytehq/airbyte airbyte-integrations/connectors/source-printify/manifest.yaml at 680b8de,
// schema shop_products) fed to our parsers: the product and list schemas, toMerchandise, and the product events.
import { describe, expect, test } from "bun:test";
import { Value } from "@sinclair/typebox/value";
import { RECORDED_FILES, recorded } from "../../../test/fixtures/printify/fixtures";
import { toMerchandise } from "./catalogue";
import { readProductEvent } from "./product-events";
import { PrintifyProductSchema, PrintifyWebhookEventSchema, printifyPage } from "./shapes";

const DOCS = { repo: "spencerlepine/printify-sdk-js", path: "docs/PRINTIFY-Documentation.md" };

test("every recorded payload names its source: repository, path, commit and section", () => {
  for (const [name, file] of Object.entries(RECORDED_FILES)) {
    expect(file.source, name).toMatchObject(DOCS);
    expect(file.source.commit, name).toMatch(/^8c8472153d142c38264a809a2ffe76f123b6baa1$/);
    expect(file.source.section.length, name).toBeGreaterThan(10);
  }
});

describe("GET product and the products list, as documented", () => {
  test("the documented product passes our schema and reads as the store shows it", () => {
    const product = recorded.product();
    expect(Value.Errors(PrintifyProductSchema, product).First()).toBeUndefined();
    const { merchandise, variants } = toMerchandise(product as never, product.shop_id);
    expect(merchandise).toMatchObject({
      title: "Mug 11oz",
      price: "8.60",
      printifyId: "5d39b159e7c48c000728c89f",
      printifyShopId: "1337",
      available: true,
      // The mock-up Printify marks default (the third), on Printify's image host until the sync mirrors it.
      imageUrl: "https://images.printify.com/mockup/5d39b159e7c48c000728c89f/33719/147/mug-11oz.jpg",
    });
    expect(merchandise.images.map((i) => i.position)).toEqual(["front", "other", "other"]);
    expect(variants).toEqual([
      {
        providerVariantId: "33719",
        title: "11oz",
        optionValueIds: [1189],
        price: "8.60",
        isEnabled: true,
        isDefault: true,
        isAvailable: true,
      },
    ]);
  });

  test("the documented list page passes the page schema: page 1 of 22", () => {
    const page = recorded.productsPage();
    expect(Value.Errors(printifyPage(PrintifyProductSchema), page).First()).toBeUndefined();
    expect([page.current_page, page.last_page, page.total, page.data.length]).toEqual([1, 22, 22, 1]);
  });

  test("real answers' nulls (visible, is_selected_for_publishing, is_locked) pass and read as Printify's defaults", () => {
    const product = {
      ...recorded.product(),
      visible: null,
      is_locked: null,
      is_deleted: false,
      images: recorded.product().images.map((i) => ({ ...i, is_selected_for_publishing: null })),
    };
    expect(Value.Errors(PrintifyProductSchema, product).First()).toBeUndefined();
    const { merchandise } = toMerchandise(product as never, 1337);
    expect(merchandise.available).toBe(true);
    expect(merchandise.images).toHaveLength(3);
  });

  test("a mock-up the merchant left out of publishing (is_selected_for_publishing false) is not shown", () => {
    const product = recorded.product();
    const images = product.images.map((i, n) => ({ ...i, is_selected_for_publishing: n !== 2 }));
    const { merchandise } = toMerchandise({ ...product, images } as never, 1337);
    expect(merchandise.images.map((i) => i.src)).toEqual([images[0]!.src, images[1]!.src]);
    // The default mock-up was left out: the first shown one opens the product.
    expect(merchandise.imageUrl).toBe(images[0]!.src);
  });

  test("every enabled variant out of stock (is_available false), or a deleted product: not for sale", () => {
    const product = recorded.product();
    const outOfStock = { ...product, variants: product.variants.map((v) => ({ ...v, is_available: false })) };
    expect(toMerchandise(outOfStock as never, 1337).merchandise.available).toBe(false);
    expect(toMerchandise({ ...product, is_deleted: true } as never, 1337).merchandise.available).toBe(false);
    expect(toMerchandise({ ...product, visible: false } as never, 1337).merchandise.available).toBe(false);
  });
});

describe("the product and shop events, as documented", () => {
  test("product:deleted: the product and its shop", () => {
    const event = recorded.productDeleted();
    expect(Value.Check(PrintifyWebhookEventSchema, event)).toBe(true);
    expect(readProductEvent(event)).toEqual({
      kind: "deleted",
      shopId: "815256",
      productId: "5cb87a8cd490a2ccb256cec4",
    });
  });

  test("product:publish:started: the product, its shop and the action", () => {
    const event = recorded.publishStarted();
    expect(Value.Check(PrintifyWebhookEventSchema, event)).toBe(true);
    expect(readProductEvent(event)).toEqual({
      kind: "publish",
      shopId: "815256",
      productId: "5cb87a8cd490a2ccb256cec4",
      action: "create",
    });
    // The "delete" action carries no shop id (Events > Resource data examples): the product is found by its id alone.
    const deleting = { ...event, resource: { ...event.resource, data: { action: "delete" } } };
    expect(readProductEvent(deleting)).toEqual({
      kind: "publish",
      shopId: null,
      productId: "5cb87a8cd490a2ccb256cec4",
      action: "delete",
    });
  });

  test("shop:disconnected (resource id a number, data null) passes the envelope and is no product event", () => {
    const event = recorded.shopDisconnected();
    expect(Value.Check(PrintifyWebhookEventSchema, event)).toBe(true);
    expect(readProductEvent(event as never)).toBeNull();
  });
});
