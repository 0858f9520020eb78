// Storefront API (SPEC §7 GET /api/merchandise, /api/merchandise/{id}): available products newest first in keyset
// pages, one product with options, images and variants and nothing private, unavailable products, bad input as 400s.
import { beforeAll, describe, expect, test } from "bun:test";
import { BASE_URL, invalid, raw, visitor, type Client } from "../../../test/client";
import { createMerchandise } from "../../../test/factories";
import { NEXT_CURSOR_HEADER } from "../../lib/keyset";
import { teeOptions } from "../../../test/merch-options";

const messageOf = (res: { error: unknown }) => (res.error as { value?: { message?: string } } | null)?.value?.message ?? "";

let anonymous: Client;
beforeAll(() => {
  anonymous = visitor();
});

describe("GET /api/merchandise", () => {
  test("available products only, newest first, in keyset pages with the next page in Link and x-next-cursor", async () => {
    // Dated far ahead so they are the newest rows whatever else the run created.
    const at = (day: number) => new Date(Date.UTC(2099, 0, day));
    const oldest = await createMerchandise({ createdAt: at(1) });
    const hidden = await createMerchandise({ createdAt: at(2), available: false });
    const middle = await createMerchandise({ createdAt: at(3), price: "12.50" });
    const newest = await createMerchandise({ createdAt: at(4) });

    const first = await anonymous.api.merchandise.get({ query: { limit: 2 } });
    expect(first.status).toBe(200);
    expect(first.data!.map((p) => p.id)).toEqual([newest.id, middle.id]);
    expect(first.data![1]).toEqual({
      id: middle.id,
      title: middle.title,
      description: "<p>A product</p>",
      price: "12.50",
      imageUrl: "/images/demo/merch-tee-black.svg",
      available: true,
      createdAt: at(3).toISOString(),
    });
    const cursor = first.response.headers.get(NEXT_CURSOR_HEADER);
    expect(cursor).toBeTruthy();
    expect(first.response.headers.get("link")).toBe(`</api/merchandise?limit=2&cursor=${cursor}>; rel="next"`);

    const second = await anonymous.api.merchandise.get({ query: { limit: 2, cursor: cursor! } });
    expect(second.status).toBe(200);
    // The unavailable product is skipped; the page continues with the next available one.
    expect(second.data![0]!.id).toBe(oldest.id);
    expect(second.data!.map((p) => p.id)).not.toContain(hidden.id);
  });

  test("the default page answers at most 24 products", async () => {
    const res = await anonymous.api.merchandise.get();
    expect(res.status).toBe(200);
    expect(res.data!.length).toBeLessThanOrEqual(24);
    expect(res.data!.every((p) => p.available)).toBe(true);
  });

  test("a forged cursor, a limit out of range and a NUL are 400s, never 500s", async () => {
    const forged = await anonymous.api.merchandise.get({ query: { cursor: "bm90LWEtY3Vyc29y" } });
    expect([forged.status, messageOf(forged)]).toEqual([400, "Invalid page cursor"]);
    expect((await anonymous.api.merchandise.get({ query: { limit: 0 } })).status).toBe(400);
    expect((await anonymous.api.merchandise.get({ query: { limit: 101 } })).status).toBe(400);
    expect((await raw(new Request(`${BASE_URL}/api/merchandise?cursor=%00`))).status).toBe(400);
  });
});

describe("GET /api/merchandise/{id}", () => {
  test("one product: options, images (variant ids as text), variants by provider id; nothing private", async () => {
    const product = await createMerchandise({}, [
      // Stored out of order, and one the seller disabled: the answer lists them by provider id, disabled included.
      { providerVariantId: "1000", title: "White / M", optionValueIds: [2, 12], price: "22.00", isAvailable: false },
      { providerVariantId: "999", title: "Black / S", optionValueIds: [1, 11], isDefault: true },
      { providerVariantId: "1001", title: "White / S", optionValueIds: [2, 11], isEnabled: false },
    ]);
    const res = await anonymous.api.merchandise({ id: product.id }).get();
    expect(res.status).toBe(200);
    const body = res.data!;
    expect(Object.keys(body).sort()).toEqual(
      ["available", "createdAt", "description", "id", "imageUrl", "images", "options", "price", "title", "variants"].sort(),
    );
    expect(body.options).toEqual(teeOptions());
    expect(body.images).toEqual([
      { src: "/images/demo/merch-tee-black.svg", isDefault: true, variantIds: ["101", "102"] },
      { src: "/images/demo/merch-tee-white.svg", isDefault: false, variantIds: ["103", "104"] },
    ]);
    expect(body.variants).toEqual([
      {
        id: "999",
        title: "Black / S",
        optionValueIds: [1, 11],
        price: "20.00",
        isEnabled: true,
        isDefault: true,
        isAvailable: true,
      },
      {
        id: "1000",
        title: "White / M",
        optionValueIds: [2, 12],
        price: "22.00",
        isEnabled: true,
        isDefault: false,
        isAvailable: false,
      },
      {
        id: "1001",
        title: "White / S",
        optionValueIds: [2, 11],
        price: "20.00",
        isEnabled: false,
        isDefault: false,
        isAvailable: true,
      },
    ]);
    // The provider's product and shop ids and our variant keys stay on the server.
    const text = JSON.stringify(body);
    expect(text).not.toContain(product.printifyId!);
    expect(text).not.toContain("test-shop");
    for (const v of product.variants) expect(text).not.toContain(v.id);
  });

  test("an unavailable product still answers, saying so (its page offers no Buy Now)", async () => {
    const product = await createMerchandise({ available: false });
    const res = await anonymous.api.merchandise({ id: product.id }).get();
    expect(res.status).toBe(200);
    expect(res.data!.available).toBe(false);
  });

  test("malformed provider JSON drops out instead of failing the page", async () => {
    const product = await createMerchandise({
      options: [{ name: "Colors", values: [{ id: 1, title: "Black" }, { id: "x" }] }, "junk", { values: [] }],
      images: [{ src: "/a.svg", variant_ids: [101, null] }, { src: 42 }, null],
    });
    const res = await anonymous.api.merchandise({ id: product.id }).get();
    expect(res.status).toBe(200);
    expect(res.data!.options).toEqual([{ name: "Colors", type: "", values: [{ id: 1, title: "Black" }] }]);
    expect(res.data!.images).toEqual([{ src: "/a.svg", isDefault: false, variantIds: ["101"] }]);
  });

  test("unknown id 404 'Product not found'; an over-long id and a NUL are 400s", async () => {
    const missing = await anonymous.api.merchandise({ id: "00000000-0000-4000-8000-000000000000" }).get();
    expect([missing.status, messageOf(missing)]).toEqual([404, "Product not found"]);
    expect((await anonymous.api.merchandise({ id: invalid<string>("x".repeat(65)) }).get()).status).toBe(400);
    expect((await raw(new Request(`${BASE_URL}/api/merchandise/${"x".repeat(500)}`))).status).toBe(400);
    expect((await raw(new Request(`${BASE_URL}/api/merchandise/ab%00cd`))).status).toBe(400);
  });
});
