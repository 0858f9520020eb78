// Printify's documented ORDER-side payloads fed to our own parsers (the providers' published payloads, api/test/fixtures/printify/README.md): the order lookup, the order
// read the reconciliation makes, the create's answer, the documented error body, the five order webhooks and the fake
// Printify's own answers. Every payload is in api/test/fixtures/printify/orders/, copied from
//   spencerlepine/printify-sdk-js · docs/PRINTIFY-Documentation.md · commit 8c8472153d142c38264a809a2ffe76f123b6baa1
// (sections "Orders" and "Events"; README.md there names the heading of each file). Field sets checked against
//   airbytehq/airbyte · airbyte-integrations/connectors/source-printify/manifest.yaml · commit 680b8dee707d0f8712d27b12f42f2e96de38da6b
// and `metadata.shop_order_id === external_id` as asserted against the live API in
//   Malvolio/printify-effect · test/order.test.ts · commit fbeaceaba832435055fa14ca30e2f704271b1eca.
// A documented payload our parser refuses is our bug, not Printify's.
import { afterAll, describe, expect, test } from "bun:test";
import { Value } from "@sinclair/typebox/value";
import { startFakePrintify } from "../../../test/fake-printify";
import { advance, factsOfEvent, factsOfOrder, type TrackedOrder } from "../orders/tracking";
import { createPrintifyClient, PrintifyError } from "./client";
import { DEMO_PRODUCTS, DEMO_SHOP } from "./demo-catalogue";
import { type PrintifyWebhookEvent, PrintifyWebhookEventSchema } from "./shapes";

const FIXTURES = `${import.meta.dir}/../../../test/fixtures/printify/orders`;
const fixture = async (name: string): Promise<Record<string, unknown>> => Bun.file(`${FIXTURES}/${name}.json`).json();

/** The external_id the documented cancel example was submitted with, answered as its metadata.shop_order_id. */
const DOCUMENTED_EXTERNAL_ID = "2750e210-39bb-11e9-a503-452618153e4a";
const SHOP = 815256;

type Route = (url: URL, init: RequestInit | undefined) => Response | undefined;
/** A client whose Printify answers with these routes (the documented bodies), one attempt per call. */
function clientAnswering(route: Route) {
  const requests: string[] = [];
  const fetchStub = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input);
    requests.push(`${init?.method ?? "GET"} ${url.pathname}${url.search}`);
    return route(url, init) ?? Response.json({ status: "error", code: 404, message: "Not found." }, { status: 404 });
  }) as typeof fetch;
  const client = createPrintifyClient({
    token: "contract-test",
    apiBase: "https://api.printify.test/v1/",
    fetch: fetchStub,
    maxAttempts: 1,
    requestsPerMinute: 60_000,
    burst: 100,
  });
  return { client, requests };
}
const page = (url: URL) => Number(url.searchParams.get("page") ?? 1);

async function rejection(promise: Promise<unknown>): Promise<PrintifyError> {
  try {
    await promise;
  } catch (e) {
    expect(e).toBeInstanceOf(PrintifyError);
    return e as PrintifyError;
  }
  throw new Error("expected a PrintifyError, the call succeeded");
}

describe("the order lookup reads Printify's documented list pages", () => {
  test("the documented page (no last_page, an external order whose shop_order_id is a number) is read, not refused", async () => {
    const documented = await fixture("orders-page");
    const { client, requests } = clientAnswering((url) => (page(url) === 1 ? Response.json(documented) : undefined));
    const found = await client.findOrderByExternalId(SHOP, "1370762297");
    expect(found).toMatchObject({ id: "5a96f649b2439217d070f507", status: "fulfilled" });
    // One order on a page of at most 10: that was the whole list, nothing more is asked.
    expect(await client.findOrderByExternalId(SHOP, "not-there")).toBeNull();
    expect(requests).toEqual(Array(2).fill(`GET /v1/shops/${SHOP}/orders.json?page=1&limit=10`));
  });

  test("the documented second page (current_page 2) is read the same way", async () => {
    const second = await fixture("orders-page-2");
    const { client } = clientAnswering(() => Response.json(second));
    expect(await client.findOrderByExternalId(SHOP, "1370762297")).toMatchObject({ id: "5a6e03bd2f7d8055768923c8" });
  });

  test("our API order is recognised by metadata.shop_order_id (the documented cancel answer), with no top-level external_id", async () => {
    const ours = await fixture("order-cancel");
    expect(ours).not.toHaveProperty("external_id");
    const foreign = [
      await fixture("order"), // another sales channel: numeric shop_order_id
      await fixture("order-send-to-production"), // a manual order: no shop_order_id, no e-mail, no shipments
      { id: "5f0000000000000000000001" }, // fields missing altogether
      { id: "5f0000000000000000000002", metadata: null, status: null, created_at: null, line_items: null },
    ];
    const { client } = clientAnswering(() => Response.json({ current_page: 1, data: [...foreign, ours], last_page: 1 }));
    const found = await client.findOrderByExternalId(SHOP, DOCUMENTED_EXTERNAL_ID);
    expect(found).toMatchObject({ id: "5dee261dc400914833007902", status: "canceled" });
  });

  test("a page that is not a page (no data array, not JSON) is a retryable failure, never a verdict", async () => {
    for (const body of ['{"current_page":1,"data":"oops"}', "<html>Bad gateway</html>", '{"data":[{"id":']) {
      const { client } = clientAnswering(() => new Response(body, { headers: { "content-type": "application/json" } }));
      const error = await rejection(client.findOrderByExternalId(SHOP, DOCUMENTED_EXTERNAL_ID));
      expect(error.retryable).toBe(true);
    }
  });
});

describe("the order read (reconciliation) and the create", () => {
  test("GET order: the documented order parses; its status and shipment (carrier `usps`) are what we follow", async () => {
    const documented = await fixture("order");
    const { client } = clientAnswering((url) =>
      url.pathname.endsWith("/orders/5a96f649b2439217d070f507.json") ? Response.json(documented) : undefined,
    );
    const order = await client.getOrder(SHOP, "5a96f649b2439217d070f507");
    expect(factsOfOrder(order)).toEqual({
      status: "fulfilled",
      shipments: [
        {
          carrier: "usps",
          number: "94001116990045395649372",
          url: "http://example.com/94001116990045395649372",
          deliveredAt: "2017-04-18 13:24:28+00:00",
        },
      ],
    });
  });

  test("GET order: the documented manual, cancelled and on-hold orders (fields missing) parse too", async () => {
    for (const [name, status] of [
      ["order-send-to-production", "on-hold"],
      ["order-cancel", "canceled"],
    ] as const) {
      const documented = await fixture(name);
      const { client } = clientAnswering(() => Response.json(documented));
      expect(factsOfOrder(await client.getOrder(SHOP, String(documented.id)))).toEqual({ status, shipments: [] });
    }
  });

  test("POST order: the documented answer gives the order id", async () => {
    const created = await fixture("order-created");
    const request = await fixture("order-submit-request");
    const { client } = clientAnswering((_, init) => (init?.method === "POST" ? Response.json(created) : undefined));
    const answer = await client.createOrder(SHOP, request as never);
    expect(answer).toEqual({ id: "5a96f649b2439217d070f507" });
  });

  test("the documented validation error (400, code 8103) is a permanent failure carrying Printify's words", async () => {
    const refused = await fixture("error-order-address-validation");
    const { client } = clientAnswering(() => Response.json(refused, { status: 400 }));
    const error = await rejection(client.createOrder(SHOP, (await fixture("order-submit-request")) as never));
    expect(error).toMatchObject({ kind: "client", status: 400, retryable: false, details: { code: 8103 } });
    expect(error.reason).toContain("The zip field is required.");
  });
});

describe("the five documented order webhooks", () => {
  const events = async (name: string) => {
    const payload = await fixture(name);
    expect(Value.Check(PrintifyWebhookEventSchema, payload)).toBe(true);
    return payload as unknown as PrintifyWebhookEvent;
  };
  const USPS = {
    carrier: "USPS",
    number: "9400110200828911663274",
    url: "https://example.com/track/9400110200828911663274",
  };

  test("order:created states nothing; order:updated its status; order:sent-to-production that it went", async () => {
    expect(factsOfEvent(await events("webhook-order-created"))).toEqual({ status: null, shipments: [] });
    expect(factsOfEvent(await events("webhook-order-updated"))).toEqual({ status: "in-production", shipments: [] });
    expect(factsOfEvent(await events("webhook-order-sent-to-production"))).toEqual({
      status: "sending-to-production",
      shipments: [],
    });
  });

  test("order:shipment:created and :delivered state the parcel (carrier code `USPS`), delivered at the documented time", async () => {
    expect(factsOfEvent(await events("webhook-order-shipment-created"))).toEqual({
      status: null,
      shipments: [{ ...USPS, deliveredAt: null }],
    });
    expect(factsOfEvent(await events("webhook-order-shipment-delivered"))).toEqual({
      status: null,
      shipments: [{ ...USPS, deliveredAt: "2022-05-17 15:00:00+00:00" }],
    });
    // The resource-data example has no tracking_url: the parcel is still one, without a link.
    const data = await fixture("resource-data-order-shipment-created");
    const envelope = { ...(await events("webhook-order-shipment-created")) };
    envelope.resource = { ...envelope.resource, data };
    expect(factsOfEvent(envelope).shipments).toEqual([{ ...USPS, url: null, deliveredAt: null }]);
  });

  test("the webhook's `USPS` and the order lookup's `usps` of one tracking number are one parcel", async () => {
    const order: TrackedOrder = {
      status: "PROCESSING",
      printifyStatus: "in-production",
      shipments: [],
      trackingNumber: null,
      trackingUrl: null,
      shippedAt: null,
      deliveredAt: null,
    };
    const now = new Date("2022-05-17T15:00:00Z");
    const shipped = advance(order, factsOfEvent(await events("webhook-order-shipment-created")), now);
    const after = { ...order, ...shipped.data, shipments: shipped.data.shipments! };
    // The order lookup of the same parcel (as documented: lower case), delivered.
    const looked = factsOfOrder({
      id: "5a96f649b2439217d070f507",
      status: "fulfilled",
      shipments: [{ carrier: "usps", number: USPS.number, url: USPS.url, delivered_at: "2022-05-18 10:00:00+00:00" }],
    });
    const delivered = advance(after, looked, now);
    expect(delivered.data.shipments).toEqual([{ ...USPS, deliveredAt: "2022-05-18 10:00:00+00:00" }]);
    expect(delivered.events.map((e) => e.kind)).toEqual(["DELIVERED"]);
  });
});

describe("the fake Printify answers orders with the documented field set", () => {
  const fake = startFakePrintify({ demo: true });
  afterAll(() => fake.stop());
  const product = DEMO_PRODUCTS[0]!;
  const variant = product.variants.find((v) => v.is_enabled)!;
  const input = {
    external_id: "our-order-1",
    line_items: [{ product_id: product.id, variant_id: variant.id, quantity: 1 }],
    address_to: {
      first_name: "John",
      last_name: "Smith",
      email: "example@msn.com",
      phone: "0574 69 21 90",
      country: "BE",
      region: "",
      address1: "ExampleBaan 121",
      address2: "45",
      city: "Retie",
      zip: "2470",
    },
    shipping_method: 1,
    send_shipping_notification: false,
  };

  test("an order: the documented keys (metadata.shop_order_id = our external_id, printify_connect…), no top-level external_id", async () => {
    const { id } = await fake.client().createOrder(DEMO_SHOP.id, input);
    const response = await fetch(`${fake.url}shops/${DEMO_SHOP.id}/orders/${id}.json`, {
      headers: { Authorization: `Bearer ${fake.token}` },
    });
    const answer = (await response.json()) as Record<string, unknown>;
    const documented = await fixture("order");
    for (const key of Object.keys(documented)) expect(answer).toHaveProperty(key);
    for (const key of ["app_order_id", "shop_id"]) expect(answer).toHaveProperty(key); // airbyte's inventory
    expect(answer).not.toHaveProperty("external_id");
    expect(answer.metadata).toMatchObject({ order_type: "api", shop_order_id: "our-order-1", shop_order_label: "our-order-1" });
    const item = (answer.line_items as Record<string, unknown>[])[0]!;
    for (const key of Object.keys((documented.line_items as Record<string, unknown>[])[0]!)) expect(item).toHaveProperty(key);
  });

  test("a create without a zip is refused with the documented body", async () => {
    const refused = await rejection(
      fake.client().createOrder(DEMO_SHOP.id, { ...input, address_to: { ...input.address_to, zip: "" } }),
    );
    const documented = (await fixture("error-order-address-validation")) as { errors: { reason: string } };
    expect(refused).toMatchObject({ status: 400, retryable: false, details: { code: 8103 } });
    expect(refused.reason).toContain(JSON.parse(documented.errors.reason).zip[0]);
  });
});
