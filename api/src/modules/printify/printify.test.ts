// The Printify foundation against a Printify-compatible server: paging, retries (429 + Retry-After, 5xx), timeouts,
// pacing, errors keeping Printify's reason, order look-up by external_id, send_to_production while pending, webhook
// signatures, the description sanitizer, the product → Merchandise mapper and the demo catalogue.
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { Value } from "@sinclair/typebox/value";
import {
  event,
  type FakePrintify,
  printifyWebhookRequest,
  signPrintifyWebhook,
  startFakePrintify,
} from "../../../test/fake-printify";
import { fromCents } from "../../lib/money";
import { defaultVariant, sanitizeDescription, toMerchandise } from "./catalogue";
import {
  DEFAULT_BURST,
  DEFAULT_REQUESTS_PER_MINUTE,
  PRODUCTS_PAGE_SIZE,
  PrintifyError,
  printify,
  printifyReason,
  verifyPrintifySignature,
} from "./client";
import { DEMO_PRODUCTS, DEMO_SHOP } from "./demo-catalogue";
import { type CreateOrderInput, type PrintifyProduct, PrintifyProductSchema, PrintifyWebhookEventSchema } from "./shapes";

const SHOP = DEMO_SHOP.id;
const TEE = DEMO_PRODUCTS[0]!;
const teeVariant = (title: string) => TEE.variants.find((v) => v.title === title)!;

function orderInput(externalId: string, variantTitle = "Black / M"): CreateOrderInput {
  return {
    external_id: externalId,
    line_items: [{ product_id: TEE.id, variant_id: teeVariant(variantTitle).id, quantity: 1 }],
    address_to: {
      first_name: "Ada",
      last_name: "Lovelace",
      email: "ada@example.com",
      country: "GB",
      region: "",
      address1: "12 St James's Square",
      city: "London",
      zip: "SW1Y 4JH",
    },
    shipping_method: 1,
    send_shipping_notification: false,
  };
}

/** The error a promise rejects with (fails the test if it resolves). */
async function rejection(promise: Promise<unknown>): Promise<PrintifyError> {
  try {
    await promise;
  } catch (e) {
    expect(e).toBeInstanceOf(PrintifyError);
    return e as PrintifyError;
  }
  throw new Error("expected a PrintifyError, the call succeeded");
}

let fake: FakePrintify;
beforeAll(() => {
  fake = startFakePrintify({ demo: true });
});
afterAll(() => fake.stop());
afterEach(() => {
  fake.clearFaults();
  fake.requests.length = 0;
  fake.pendingReads = 0;
});

describe("Printify client", () => {
  test("lists shops with the bearer token and our User-Agent; a wrong token is a non-retryable 401 with Printify's words", async () => {
    expect(await fake.client().listShops()).toContainEqual(DEMO_SHOP);
    expect(fake.requests[0]).toMatchObject({ method: "GET", path: "/v1/shops.json" });
    expect(fake.requests[0]!.userAgent).toStartWith("InnovateHub-Platform/");

    const error = await rejection(fake.client({ token: "not-the-token" }).listShops());
    expect(error).toMatchObject({ kind: "client", status: 401, reason: "Unauthenticated.", retryable: false });
  });

  test("listProducts fetches every page; productPages reports the page and the catalogue's total", async () => {
    const many: PrintifyProduct[] = Array.from({ length: 2 * PRODUCTS_PAGE_SIZE + 7 }, (_, i) => ({
      ...structuredClone(TEE),
      id: `bulk${String(i).padStart(20, "0")}`,
      title: `Bulk ${i}`,
    }));
    const shop = { id: 4242, title: "Big shop", sales_channel: "custom_integration" };
    fake.shops.push(shop);
    fake.products.set(shop.id, many);

    const all = await fake.client().listProducts(shop.id);
    expect(all.map((p) => p.id)).toEqual(many.map((p) => p.id));
    expect(fake.requests.map((r) => r.path)).toEqual([1, 2, 3].map((p) => `/v1/shops/4242/products.json?page=${p}&limit=50`));

    const pages = [];
    for await (const page of fake.client().productPages(shop.id))
      pages.push([page.page, page.lastPage, page.total, page.products.length]);
    expect(pages).toEqual([
      [1, 3, 107, 50],
      [2, 3, 107, 50],
      [3, 3, 107, 7],
    ]);
  });

  test("a 429 with Retry-After is waited out, then the call succeeds", async () => {
    fake.failNext(1, { status: 429, retryAfterSeconds: 1 });
    const product = await fake.client().getProduct(SHOP, TEE.id);
    expect(product.id).toBe(TEE.id);
    const [limited, retried] = fake.requests;
    expect([limited!.status, retried!.status]).toEqual([429, 200]);
    // The client's own backoff is 5–50 ms here: only Retry-After explains a one-second gap.
    expect(retried!.at - limited!.at).toBeGreaterThanOrEqual(950);
  });

  test("a 429 asking for longer than we wait is handed back as retryable, with the wait", async () => {
    fake.failNext(1, { status: 429, retryAfterSeconds: 120 });
    const error = await rejection(fake.client().listShops());
    expect(error).toMatchObject({ kind: "rate_limited", status: 429, retryable: true, details: { retryAfterMs: 120_000 } });
    expect(fake.requests).toHaveLength(1);
  });

  test("a 500 is retried with backoff; when every attempt fails the error is retryable and keeps the reason", async () => {
    fake.failNext(2, { status: 500, reason: "Upstream hiccup" });
    expect((await fake.client().getProduct(SHOP, TEE.id)).id).toBe(TEE.id);
    expect(fake.requests.map((r) => r.status)).toEqual([500, 500, 200]);

    fake.requests.length = 0;
    fake.failNext(3, { status: 503, reason: "Maintenance" });
    const error = await rejection(fake.client({ maxAttempts: 3 }).listShops());
    expect(error).toMatchObject({ kind: "server", status: 503, reason: "Maintenance", retryable: true });
    expect(fake.requests).toHaveLength(3);
  });

  test("creating an order is never repeated after a 5xx (it may have been created): one request, a retryable error", async () => {
    fake.failNext(1, { status: 502 }, /orders\.json$/);
    const error = await rejection(fake.client().createOrder(SHOP, orderInput("no-double")));
    expect(error).toMatchObject({ kind: "server", status: 502, retryable: true });
    expect(fake.requests.filter((r) => r.method === "POST")).toHaveLength(1);

    // A 429 is refused before any work, so that one is retried.
    fake.failNext(1, { status: 429, retryAfterSeconds: 0 }, /orders\.json$/);
    await fake.client().createOrder(SHOP, orderInput("after-429"));
    expect(fake.ordersFor("after-429")).toHaveLength(1);
  });

  test("a 4xx keeps Printify's reason and code and is not retried", async () => {
    const error = await rejection(fake.client().createOrder(SHOP, orderInput("bad", "Navy / XL")));
    // Printify's documented validation body: code 8103, the field errors as JSON text in errors.reason.
    expect(error).toMatchObject({ kind: "client", status: 400, retryable: false, details: { code: 8103 } });
    expect(error.reason).toContain(`Variant ${teeVariant("Navy / XL").id} is not enabled for product ${TEE.id}.`);
    expect(error.message).toContain(error.reason);
    expect(fake.requests).toHaveLength(1);

    const missing = await rejection(fake.client().getProduct(SHOP, "nope"));
    expect(missing).toMatchObject({ status: 404, reason: "Product not found.", retryable: false });
  });

  test("printifyReason reads Printify's error bodies: errors.reason, Laravel field errors, message, plain text", () => {
    expect(
      printifyReason(
        '{"status":"error","code":8253,"message":"Operation failed.","errors":{"reason":"Out of stock","code":8253}}',
        "x",
      ),
    ).toEqual({
      reason: "Out of stock",
      code: 8253,
    });
    expect(
      printifyReason('{"message":"Validation failed.","errors":{"address_to.zip":["The zip is required."]}}', "x").reason,
    ).toBe("Validation failed. address_to.zip: The zip is required.");
    expect(printifyReason('{"message":"Unauthenticated."}', "x").reason).toBe("Unauthenticated.");
    expect(printifyReason("Bad gateway", "x").reason).toBe("Bad gateway");
    expect(printifyReason("<html>502</html>", "Bad Gateway").reason).toBe("Bad Gateway");
  });

  test("no answer within the timeout is a retryable PrintifyError; with attempts left the call succeeds", async () => {
    fake.failNext(1, { delayMs: 400 });
    const error = await rejection(fake.client({ timeoutMs: 100, maxAttempts: 1 }).listShops());
    expect(error).toMatchObject({ kind: "timeout", status: 0, retryable: true });

    fake.failNext(1, { delayMs: 400 });
    expect(await fake.client({ timeoutMs: 100, maxAttempts: 2 }).listShops()).toContainEqual(DEMO_SHOP);
  });

  test("an answer that is not Printify's shape stops at the adapter", async () => {
    fake.products.get(SHOP)!.push({ id: "broken", title: "No variants" } as unknown as PrintifyProduct);
    try {
      const error = await rejection(fake.client().getProduct(SHOP, "broken"));
      expect(error).toMatchObject({ kind: "invalid_response", retryable: false });
      expect(error.reason).toStartWith("unexpected answer at /");
    } finally {
      fake.products.get(SHOP)!.pop();
    }
  });

  test("the token appears in no error and no log line, even after retries", async () => {
    const written: string[] = [];
    const original = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    }) as typeof process.stderr.write;
    let error: PrintifyError;
    try {
      fake.failNext(3, { status: 500 });
      error = await rejection(fake.client({ maxAttempts: 3 }).listShops());
    } finally {
      process.stderr.write = original;
    }
    expect(written.join("")).toContain("printify request retried");
    for (const text of [written.join(""), error.message, error.stack ?? "", JSON.stringify(error)]) {
      expect(text).not.toContain(fake.token);
    }
  });

  test("pacing: a burst of calls never goes over the budget in any window (server-side arrival times)", async () => {
    const perMinute = 1200; // one request per 50 ms
    const burst = 5;
    const calls = 25;
    const client = fake.client({ requestsPerMinute: perMinute, burst });
    const started = performance.now();
    await Promise.all(Array.from({ length: calls }, () => client.listShops()));
    const elapsed = performance.now() - started;
    const times = fake.requests.map((r) => r.at).sort((a, b) => a - b);
    expect(times).toHaveLength(calls);
    const interval = 60_000 / perMinute;
    for (let i = 0; i < times.length; i++) {
      for (let j = i; j < times.length; j++) {
        // Requests in [times[i], times[j]]: at most the burst plus one per interval elapsed (+1 for timer rounding).
        expect(j - i + 1).toBeLessThanOrEqual(burst + Math.floor((times[j]! - times[i]!) / interval) + 1);
      }
    }
    expect(elapsed).toBeGreaterThanOrEqual((calls - burst) * interval - 50);
    // The defaults: burst + a minute of steady rate stays under Printify's 600 requests a minute.
    expect(DEFAULT_BURST + DEFAULT_REQUESTS_PER_MINUTE).toBeLessThan(600);
  });

  test("findOrderByExternalId finds an earlier order by metadata.shop_order_id (paged) and never guesses 'not there'", async () => {
    const shop = { id: 5151, title: "Orders shop", sales_channel: "custom_integration" };
    fake.shops.push(shop);
    fake.products.set(shop.id, [structuredClone(TEE)]);
    const client = fake.client();
    for (let i = 1; i <= 25; i++) await client.createOrder(shop.id, orderInput(`order-${i}`));
    fake.requests.length = 0;

    const found = await client.findOrderByExternalId(shop.id, "order-3");
    expect(found).toMatchObject({ id: fake.ordersFor("order-3")[0]!.id, status: "on-hold" });
    expect(fake.requests.map((r) => r.path)).toEqual([1, 2, 3].map((p) => `/v1/shops/5151/orders.json?page=${p}&limit=10`));

    fake.requests.length = 0;
    expect(await client.findOrderByExternalId(shop.id, "never-sent")).toBeNull();
    expect(fake.requests).toHaveLength(3); // the last page ends the search

    // Out of pages before the list (or `since`) ended: no verdict, a retryable failure.
    fake.requests.length = 0;
    const cut = await rejection(client.findOrderByExternalId(shop.id, "order-3", { maxPages: 1 }));
    expect(cut).toMatchObject({ retryable: true });
    expect(fake.requests).toHaveLength(1);

    // Page 1 holds only orders older than `since`: the list's other end is read too (it could be oldest first), and two
    // pages in a row of older orders end the search.
    fake.requests.length = 0;
    expect(await client.findOrderByExternalId(shop.id, "never-sent", { since: new Date(Date.now() + 60_000) })).toBeNull();
    expect(fake.requests.map((r) => r.path)).toEqual([1, 3, 2].map((p) => `/v1/shops/5151/orders.json?page=${p}&limit=10`));
  });

  test("findOrderByExternalId assumes no order of the list: old foreign orders first, or the list oldest first", async () => {
    const shop = { id: 5252, title: "Busy shop", sales_channel: "custom_integration" };
    fake.shops.push(shop);
    fake.products.set(shop.id, [structuredClone(TEE)]);
    const client = fake.client();
    const since = new Date(Date.now() - 10 * 60_000);
    const imported = (i: number) => ({ id: `imported-${i}`, status: "fulfilled", created_at: "2017-04-18 13:24:28+00:00" });
    for (let i = 0; i < 12; i++) fake.addForeignOrder(shop.id, imported(i));
    const { id } = await client.createOrder(shop.id, orderInput("ours-among-old"));
    for (let i = 12; i < 24; i++) fake.addForeignOrder(shop.id, imported(i)); // imported after ours, listed before it

    // Newest first: page 1 is all old imports; the old code stopped there ("not there") and created a second order.
    expect(await client.findOrderByExternalId(shop.id, "ours-among-old", { since })).toMatchObject({ id });
    // Oldest first: page 1 is all old, the newest sit at the end.
    fake.orderListOrder = "oldest-first";
    try {
      expect(await client.findOrderByExternalId(shop.id, "ours-among-old", { since })).toMatchObject({ id });
      fake.requests.length = 0;
      expect(await client.findOrderByExternalId(shop.id, "never-sent", { since })).toBeNull();
      // page 1 (old), the last page, then page 2 (holding ours, so not old): every page read once, no verdict early.
      expect(fake.requests.map((r) => r.path)).toEqual([1, 3, 2].map((p) => `/v1/shops/5252/orders.json?page=${p}&limit=10`));
      // A list of old imports first, then ours and newer ones after it, oldest first: walked back from the end.
      const later = { id: 5353, title: "Growing shop", sales_channel: "custom_integration" };
      fake.shops.push(later);
      fake.products.set(later.id, [structuredClone(TEE)]);
      for (let i = 0; i < 10; i++) fake.addForeignOrder(later.id, imported(i));
      const mine = await client.createOrder(later.id, orderInput("ours-in-the-middle"));
      for (let i = 0; i < 20; i++) await client.createOrder(later.id, orderInput(`newer-${i}`));
      fake.requests.length = 0;
      expect(await client.findOrderByExternalId(later.id, "ours-in-the-middle", { since })).toMatchObject({ id: mine.id });
      expect(fake.requests.map((r) => r.path)).toEqual([1, 4, 3, 2].map((p) => `/v1/shops/5353/orders.json?page=${p}&limit=10`));
    } finally {
      fake.orderListOrder = "newest-first";
    }
  });

  test("send_to_production while the order is pending is a distinct retryable error; once on hold it is sent exactly once", async () => {
    fake.pendingReads = 2;
    const client = fake.client();
    const { id } = await client.createOrder(SHOP, orderInput("pending-1"));

    const pending = await rejection(client.sendToProduction(SHOP, id));
    expect(pending).toMatchObject({ kind: "order_pending", status: 400, retryable: true });
    expect(fake.sentToProduction).toEqual([]);

    let status = "pending";
    for (let polls = 0; status === "pending" && polls < 5; polls++) status = (await client.getOrder(SHOP, id)).status;
    expect(status).toBe("on-hold");
    await client.sendToProduction(SHOP, id);
    expect(fake.sentToProduction).toEqual([{ shopId: SHOP, orderId: id }]);

    const again = await rejection(client.sendToProduction(SHOP, id));
    expect(again).toMatchObject({ kind: "client", status: 400, retryable: false });
    expect(again.reason).toContain("already been sent");
    expect(fake.sentToProduction).toHaveLength(1);
  });

  test("getOrder follows the order to the door: status, shipments with carrier, number, url and delivery time", async () => {
    const client = fake.client();
    const { id } = await client.createOrder(SHOP, orderInput("ship-1"));
    await client.getOrder(SHOP, id);
    await client.sendToProduction(SHOP, id);
    expect((await client.getOrder(SHOP, id)).status).toBe("in-production");

    fake.addShipment(id, { carrier: "usps", number: "9400100000000000000000" });
    const shipped = await client.getOrder(SHOP, id);
    expect(shipped.status).toBe("fulfilled");
    expect(shipped.shipments).toEqual([
      {
        carrier: "usps",
        number: "9400100000000000000000",
        url: "https://track.example/usps/9400100000000000000000",
        delivered_at: null,
      },
    ]);
    fake.deliverShipment(id, "9400100000000000000000", new Date("2026-11-30T12:00:00Z"));
    expect((await client.getOrder(SHOP, id)).shipments?.[0]?.delivered_at).toBe("2026-11-30 12:00:00+00:00");
  });

  test("registers webhooks with their secret and lists them", async () => {
    const client = fake.client();
    const secret = "s".repeat(40);
    const created = await client.registerWebhook(SHOP, {
      topic: "order:updated",
      url: "https://shop.example/api/webhooks/printify",
      secret,
    });
    expect(created).toMatchObject({ topic: "order:updated", url: "https://shop.example/api/webhooks/printify" });
    expect(fake.webhooks).toContainEqual(expect.objectContaining({ id: created.id, secret }));
    expect(await client.listWebhooks(SHOP)).toContainEqual(expect.objectContaining({ id: created.id, topic: "order:updated" }));
  });

  test("without PRINTIFY_API_TOKEN there is no client (the store runs on the demo catalogue)", () => {
    expect(printify()).toBeNull();
  });
});

describe("verifyPrintifySignature", () => {
  const secret = "b".repeat(40);
  const body = JSON.stringify(event("order:updated", { id: "5a96f649b2439217d070f507", data: { status: "in-production" } }));
  const good = signPrintifyWebhook(body, secret);

  test("accepts the signature of the raw body, as text or bytes", () => {
    expect(verifyPrintifySignature(body, good, secret)).toBe(true);
    expect(verifyPrintifySignature(new TextEncoder().encode(body), good, secret)).toBe(true);
  });

  test("refuses a tampered body, a wrong secret, a malformed or missing header", () => {
    expect(verifyPrintifySignature(body.replace("in-production", "fulfilled"), good, secret)).toBe(false);
    expect(verifyPrintifySignature(`${body} `, good, secret)).toBe(false);
    expect(verifyPrintifySignature(body, good, "c".repeat(40))).toBe(false);
    expect(verifyPrintifySignature(body, good, "")).toBe(false);
    for (const header of [
      good.slice("sha256=".length), // no scheme
      good.replace("sha256=", "sha1="),
      good.slice(0, -2), // too short
      `${good}00`, // too long
      `sha256=${"z".repeat(64)}`, // not hex
      `sha256=${good}`,
      "sha256=",
      "",
      null,
      undefined,
    ]) {
      expect(verifyPrintifySignature(body, header, secret)).toBe(false);
    }
  });

  test("the fake's deliveries carry Printify's envelope and verify", async () => {
    const delivered = event("order:shipment:created", { id: "abc", data: { carrier: "usps" } });
    expect(Value.Check(PrintifyWebhookEventSchema, delivered)).toBe(true);
    expect(delivered.resource.type).toBe("order");
    const request = printifyWebhookRequest("http://localhost/api/webhooks/printify", delivered, secret);
    expect(verifyPrintifySignature(await request.text(), request.headers.get("x-pfy-signature"), secret)).toBe(true);
  });
});

describe("sanitizeDescription", () => {
  test.each([
    ["script", `<p>Soft tee<script>alert(document.cookie)</script></p>`, "<p>Soft tee</p>"],
    ["img onerror", `<p>Hi<img src=x onerror="alert(1)"></p>`, "<p>Hi</p>"],
    ["event handler on an allowed tag", `<p onclick="alert(1)" onmouseover="alert(2)">Hi</p>`, "<p>Hi</p>"],
    ["javascript: link", `<a href="javascript:alert(1)">x</a>`, "<a>x</a>"],
    [
      "javascript: link, obfuscated",
      `<a href=" JaVaScRiPt:alert(1)">x</a><a href="jav&#x09;ascript:alert(1)">y</a>`,
      "<a>x</a><a>y</a>",
    ],
    [
      "data: and protocol-relative links",
      `<a href="data:text/html,<script>alert(1)</script>">d</a><a href="//evil.example">e</a>`,
      "<a>d</a><a>e</a>",
    ],
    [
      "style tag and attribute",
      `<style>body{display:none}</style><p style="background:url(javascript:alert(1))">s</p>`,
      "<p>s</p>",
    ],
    ["form with action", `<form action="https://evil.example/steal"><input name="card"><button>Pay</button></form>`, "Pay"],
    ["svg onload", `<svg onload="alert(1)"><circle r="5"/></svg>ok`, "ok"],
    ["iframe", `<iframe src="https://evil.example"></iframe>ok`, "ok"],
  ])("strips %s", (_, dirty, clean) => {
    expect(sanitizeDescription(dirty)).toBe(clean);
  });

  test("keeps the allowed markup, forces rel on http(s) links", () => {
    const html =
      "<h3>Details</h3><h4>Care</h4><p>A <strong>soft</strong>, <em>light</em> <b>tee</b> <i>for</i> you.<br>Wash cold.</p>" +
      "<ul><li>.: 100% cotton</li></ul><ol><li>one</li></ol>";
    expect(sanitizeDescription(html)).toBe(html.replace("<br>", "<br />"));
    expect(sanitizeDescription('<a href="https://printify.com/x" rel="opener" target="_blank" class="c">P</a>')).toBe(
      '<a href="https://printify.com/x" rel="nofollow noopener">P</a>',
    );
    expect(sanitizeDescription('<a href="http://example.com">E</a>')).toBe(
      '<a href="http://example.com" rel="nofollow noopener">E</a>',
    );
  });
});

describe("toMerchandise", () => {
  test("price and image from the default variant and image; options, images and every variant mapped", () => {
    const { merchandise, variants } = toMerchandise(TEE, SHOP);
    expect(merchandise).toMatchObject({
      title: "InnovateHub Logo Tee",
      price: "24.00",
      imageUrl: "/merch/demo/tee-black-front.svg",
      printifyId: TEE.id,
      printifyShopId: String(SHOP),
      available: true,
    });
    expect(merchandise.options.map((o) => [o.name, o.type, o.values.length])).toEqual([
      ["Colors", "color", 3],
      ["Sizes", "size", 4],
    ]);
    expect(merchandise.images).toHaveLength(6);
    expect(variants).toHaveLength(12);
    const navyXl = teeVariant("Navy / XL");
    expect(variants.find((v) => v.providerVariantId === String(navyXl.id))).toEqual({
      providerVariantId: String(navyXl.id),
      title: "Navy / XL",
      optionValueIds: navyXl.options,
      price: "26.00",
      isEnabled: false,
      isDefault: false,
      isAvailable: true,
    });
    expect(variants.filter((v) => v.isDefault).map((v) => v.title)).toEqual(["Black / M"]);
    expect(variants.find((v) => v.title === "White / S")).toMatchObject({ isEnabled: true, isAvailable: false });
  });

  test("a disabled default falls back to the first enabled variant; nothing enabled or hidden is unavailable", () => {
    const product = structuredClone(TEE);
    for (const v of product.variants) v.is_default = v.title === "Navy / XL"; // disabled
    product.variants[0]!.is_enabled = false;
    product.variants[1]!.price = 1999;
    expect(defaultVariant(product.variants)?.id).toBe(product.variants[1]!.id);
    expect(toMerchandise(product, SHOP).merchandise).toMatchObject({ price: "19.99", available: true });

    for (const v of product.variants) v.is_enabled = false;
    expect(toMerchandise(product, SHOP).merchandise.available).toBe(false);
    expect(toMerchandise({ ...structuredClone(TEE), visible: false }, SHOP).merchandise.available).toBe(false);
    const bare = { ...structuredClone(TEE), images: [], variants: [] };
    expect(toMerchandise(bare, SHOP).merchandise).toMatchObject({ price: "0.00", imageUrl: null, available: false });
  });

  test("descriptions are sanitized on the way in; cents become dollars without rounding errors", () => {
    const product = { ...structuredClone(TEE), description: '<p onclick="x()">Hi</p><script>alert(1)</script>' };
    expect(toMerchandise(product, SHOP).merchandise.description).toBe("<p>Hi</p>");
    expect([0, 5, 99, 100, 1999, 2999, 100000, 123456789].map(fromCents)).toEqual([
      "0.00",
      "0.05",
      "0.99",
      "1.00",
      "19.99",
      "29.99",
      "1000.00",
      "1234567.89",
    ]);
  });
});

describe("demo catalogue", () => {
  const publicDir = join(import.meta.dir, "../../../../site/public");

  test("products in Printify's shape covering what the storefront must handle", () => {
    expect(DEMO_PRODUCTS.length).toBeGreaterThanOrEqual(5);
    for (const product of DEMO_PRODUCTS) {
      expect(Value.Check(PrintifyProductSchema, product)).toBe(true);
      const valueIds = new Set(product.options.flatMap((o) => o.values.map((v) => v.id)));
      expect(valueIds.size).toBe(product.options.reduce((n, o) => n + o.values.length, 0)); // ids unique per product
      for (const v of product.variants) {
        expect(v.options).toHaveLength(product.options.length);
        for (const id of v.options) expect(valueIds.has(id)).toBe(true);
      }
      expect(product.images.filter((i) => i.is_default)).toHaveLength(1);
      expect(defaultVariant(product.variants)?.is_default).toBe(true);
      expect(sanitizeDescription(product.description)).toContain("<p>");
    }
    const variants = DEMO_PRODUCTS.flatMap((p) => p.variants);
    expect(new Set(DEMO_PRODUCTS.flatMap((p) => p.options.map((o) => o.name)))).toEqual(new Set(["Colors", "Sizes"]));
    expect(DEMO_PRODUCTS.some((p) => p.options.length === 2)).toBe(true);
    expect(variants.some((v) => !v.is_enabled)).toBe(true);
    expect(variants.some((v) => v.is_enabled && !v.is_available)).toBe(true);
    // One product the seller has unpublished: stored unavailable, so the storefront's "unavailable" page has data.
    const hidden = DEMO_PRODUCTS.filter((p) => p.visible === false);
    expect(hidden.map((p) => toMerchandise(p, DEMO_SHOP.id).merchandise.available)).toEqual([false]);
    expect(DEMO_PRODUCTS.filter((p) => toMerchandise(p, DEMO_SHOP.id).merchandise.available).length).toBeGreaterThanOrEqual(5);
    // Images per variant: a colour's picture names only that colour's variants.
    const blackFront = TEE.images.find((i) => i.src.endsWith("tee-black-front.svg"))!;
    expect(blackFront.variant_ids.map((id) => TEE.variants.find((v) => v.id === id)!.title.split(" / ")[0])).toEqual(
      Array(4).fill("Black"),
    );
  });

  test("every image is a small SVG shipped in the repository", () => {
    const sources = new Set(DEMO_PRODUCTS.flatMap((p) => p.images.map((i) => i.src)));
    expect(sources.size).toBeGreaterThanOrEqual(10);
    for (const src of sources) {
      expect(src).toStartWith("/merch/demo/");
      const file = join(publicDir, src);
      expect(existsSync(file)).toBe(true);
      expect(statSync(file).size).toBeLessThan(2048);
      const svg = readFileSync(file, "utf8");
      expect(svg).toStartWith('<svg xmlns="http://www.w3.org/2000/svg"');
      expect(svg).toContain("<title>");
      expect(svg).not.toMatch(/<script|on\w+=|href=/i);
    }
  });
});
