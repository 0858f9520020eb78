// A Printify-compatible HTTP server for tests (Bun.serve on a random port), speaking the API v1 routes the adapter
// calls with Printify's documented shapes: shops, Laravel-paged products and orders, order create / get /
// send_to_production, webhooks. Its state is plain data a test seeds and inspects (shops, products, orders created,
// send_to_production calls, registered webhooks, every request with its time). It checks the bearer token, and it
// can misbehave on demand: the next answers 429 with Retry-After, 5xx, slow, and an order that stays `pending` (so
// send_to_production answers 400) for its first reads. Error bodies follow Printify's form
// `{ status: "error", code, message, errors: { reason, code } }`.
//
// The ORDER side is built from Printify's documented payloads (api/test/fixtures/printify/orders/, README.md there
// names the source: spencerlepine/printify-sdk-js docs/PRINTIFY-Documentation.md at 8c84721, section "Orders"), the
// field inventory of real orders.json answers (airbytehq/airbyte source-printify manifest.yaml at 680b8de) and a test
// run against the live API (Malvolio/printify-effect test/order.test.ts at fbeacea):
// - an order answers our `external_id` as `metadata.shop_order_id` (with `order_type: "api"`, `shop_order_label`),
//   never as a top-level `external_id`; it carries `printify_connect`, `app_order_id`, `shop_id`, line items with
//   `print_provider_id`, `cost`, `shipping_cost`, `status` and `metadata`;
// - the list holds the shop's other orders too (`addForeignOrder`: other sales channels, manual orders, fields
//   missing), newest first, 10 a page at most;
// - a shipment is spelled as the order lookup documents it (`usps`), while `shipmentEvent` builds the webhook as the
//   events section documents it (`carrier.code: "USPS"`);
// - a create Printify would refuse is refused with the documented body (400, code 8103, "Validation failed.",
//   `errors.reason` the field errors as JSON text, e.g. `{"zip":["The zip field is required."]}`).
//
// Standalone (the Playwright journeys, e2e/printify/printify.e2e.ts): api/test/fake-printify-server.ts runs one on a fixed port
// with test-control routes added through `control`.
//
// Products (fake-printify-products.ts) are served with Printify's documented field set, their mock-ups on another
// origin when an image host is given (`images`), and the publishing workflow: publish.json locks a product,
// publishing_succeeded.json / publishing_failed.json unlock it and are recorded with what they received (`publishing`).
//
// Order life here, as on Printify: created `pending` (costs being worked out) → `on-hold` after `pendingReads` reads
// → send_to_production → `sending-to-production` → `in-production` on the next read → `fulfilled` when a shipment
// is added (addShipment) → delivered_at set by deliverShipment.
import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { createPrintifyClient, type PrintifyClient, type PrintifyClientOptions } from "../src/modules/printify/client";
import { DEMO_PRODUCTS, DEMO_SHOP } from "../src/modules/printify/demo-catalogue";
import { asServed, type FakeProduct } from "./fake-printify-products";
import type {
  CreateOrderInput,
  PrintifyProduct,
  PrintifyShipment,
  PrintifyShop,
  PrintifyWebhookEvent,
  PrintifyWebhookTopic,
} from "../src/modules/printify/shapes";

/** A line item as an order answers it (fixtures/printify/orders/order.json). */
export type FakeLineItem = {
  product_id: string;
  quantity: number;
  variant_id: number;
  print_provider_id: number;
  cost: number;
  shipping_cost: number;
  status: string;
  metadata: { title: string; price: number; variant_label: string; sku: string; country: string };
  sent_to_production_at?: string | null;
  fulfilled_at?: string | null;
};

/** An order we created through the API, as Printify answers it, plus the fake's own bookkeeping. */
export type FakeOrder = {
  id: string;
  address_to: CreateOrderInput["address_to"];
  line_items: FakeLineItem[];
  /** Our external_id lives here (and only here): `shop_order_id`, `shop_order_label`. */
  metadata: { order_type: string; shop_order_id: string; shop_order_label: string; shop_fulfilled_at: string };
  total_price: number;
  total_shipping: number;
  total_tax: number;
  status: string;
  shipping_method: number;
  is_printify_express: boolean;
  is_economy_shipping: boolean;
  shipments: PrintifyShipment[];
  created_at: string;
  sent_to_production_at: string | null;
  fulfilled_at: string | null;
  printify_connect: { url: string; id: string };
  app_order_id: string;
  shop_id: number;
  /** Not part of the answer: what the create asked for. */
  send_shipping_notification: boolean;
  /** Not part of the answer: reads left before a `pending` order moves to `on-hold`. */
  pendingReadsLeft: number;
};

/** The fields of a FakeOrder Printify does not answer. */
const FAKE_ONLY = ["send_shipping_notification", "pendingReadsLeft"] as const;

export type RecordedRequest = {
  method: string;
  /** Path and query, e.g. /v1/shops/1/products.json?page=2&limit=50 */
  path: string;
  /** performance.now() when the request arrived: pacing tests measure these. */
  at: number;
  userAgent: string | null;
  body: unknown;
  status: number;
};

/** One injected misbehaviour, used by the next matching request. */
export type Fault =
  | { status: 429; retryAfterSeconds?: number; reason?: string }
  | { status: 500 | 502 | 503 | 504; reason?: string }
  /** Do the work (e.g. create the order), then answer 5xx anyway: the answer is lost, the effect is not. */
  | { status: 500 | 502 | 503 | 504; reason?: string; afterWork: true }
  /** Answer 200 with this body instead (a malformed page…). */
  | { status: 200; body: string }
  | { status: 400 | 401 | 403 | 404 | 422; reason: string; code?: number }
  /**
   * Answer nothing for this long (the client's timeout should fire), then a normal answer. `afterWork`: do the work
   * first (the order exists at once), then wait — our side can die between Printify's create and its answer.
   */
  | { delayMs: number; afterWork?: boolean };

export type FakePrintifyOptions = {
  token?: string;
  shops?: PrintifyShop[];
  /** Products per shop id. Default: none (see `demo`). */
  products?: Record<number, PrintifyProduct[]>;
  /** The mock-up image host's origin (fake-printify-products.ts startFakeImageHost): products' images are served there. */
  images?: string;
  /** Seed the demo shop and catalogue (deep copies), and foreign orders on its order list (foreignOrders). */
  demo?: boolean;
  /** An order stays `pending` for this many reads (GET of it, or in a list) before `on-hold`. Default 0. */
  pendingReads?: number;
  /** Default 0: a free port. */
  port?: number;
  /** Every products page answers this much later (a sync then shows its progress). Default 0. */
  productPageDelayMs?: number;
  /**
   * Routes of the test's own (paths no real Printify has), tried before the Printify API: an answer, or undefined to
   * go on. Neither token-checked nor recorded in `requests`.
   */
  control?: (request: Request, url: URL, body: unknown) => Response | undefined | Promise<Response | undefined>;
};

export type FakePrintify = {
  /** API root to give the client, e.g. http://127.0.0.1:41234/v1/ */
  url: string;
  token: string;
  shops: PrintifyShop[];
  products: Map<number, FakeProduct[]>;
  /** Every call of publishing_succeeded.json / publishing_failed.json, oldest first, with the body received. */
  publishing: { shopId: number; productId: string; outcome: "succeeded" | "failed"; body: unknown }[];
  /** Products locked by publish.json (the merchant's Publish button) and not yet unlocked. */
  locked(shopId: number, productId: string): boolean;
  /** The merchant deletes the product: gone from the list and GET (404). */
  deleteProduct(shopId: number, productId: string): void;
  /** Every order created through the API, oldest first (the list answers newest first, foreign orders among them). */
  orders: FakeOrder[];
  /** The orders created for this external_id (Printify accepts a second create with the same one). */
  ordersFor(externalId: string): FakeOrder[];
  /**
   * Puts an order of another shape on the shop's list (another sales channel, a manual order, fields missing, even
   * a malformed entry), as if created now: the list answers it among ours, as given.
   */
  addForeignOrder(shopId: number, order: unknown): void;
  /** Successful send_to_production calls. */
  sentToProduction: { shopId: number; orderId: string }[];
  webhooks: { id: string; shop_id: number; topic: string; url: string; secret: string }[];
  requests: RecordedRequest[];
  /** Queue faults for the next `count` requests whose path matches `path` (default: any). */
  failNext(count: number, fault: Fault, path?: RegExp): void;
  /** Drops the faults not used yet. */
  clearFaults(): void;
  /** How many reads a newly created order stays `pending` for. */
  pendingReads: number;
  /**
   * The order list's order. Printify's documentation does not state it (newest first is what shops see, the default);
   * "oldest-first" checks that the lookup does not depend on it.
   */
  orderListOrder: "newest-first" | "oldest-first";
  /** Ships the order: the shipment as the order lookup spells it (carrier in lower case, e.g. `usps`). */
  addShipment(orderId: string, shipment: { carrier: string; number: string; url?: string | null }): PrintifyShipment;
  deliverShipment(orderId: string, number: string, at?: Date): void;
  order(orderId: string): FakeOrder | undefined;
  /** A client for this server with test-friendly timings (fast backoff, short timeout); override any option. */
  client(options?: Partial<PrintifyClientOptions>): PrintifyClient;
  stop(): Promise<void>;
};

const objectId = () => randomBytes(12).toString("hex");

const documented = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(`./fixtures/printify/orders/${name}.json`, import.meta.url), "utf8"));

/**
 * Orders of the shop that are not ours, as a real list holds them (fixtures/printify/orders/): another sales
 * channel's (numeric `shop_order_id`, shipped by `usps`), a manual one (no `shop_order_id`, no e-mail, no shipments),
 * and two with fields missing or null. Seeded into the demo shop, so every lookup meets them.
 */
export function foreignOrders(): unknown[] {
  return [
    { ...documented("order"), id: objectId() },
    { ...documented("order-send-to-production"), id: objectId() },
    { id: objectId(), status: "fulfilled" },
    { id: objectId(), metadata: null, status: null, created_at: null, shipments: null, line_items: null },
  ];
}
/** Printify's timestamp form: "2026-11-25 10:46:53+00:00". */
export const printifyTimestamp = (date = new Date()) => `${date.toISOString().slice(0, 19).replace("T", " ")}+00:00`;

export function startFakePrintify(options: FakePrintifyOptions = {}): FakePrintify {
  const token = options.token ?? `fake-printify-${randomBytes(8).toString("hex")}`;
  const shops: PrintifyShop[] = [...(options.shops ?? []), ...(options.demo ? [structuredClone(DEMO_SHOP)] : [])];
  const products = new Map<number, FakeProduct[]>(
    Object.entries(options.products ?? {}).map(([shop, list]) => [Number(shop), structuredClone(list)]),
  );
  if (options.demo) products.set(DEMO_SHOP.id, structuredClone([...DEMO_PRODUCTS]));
  const orders: FakeOrder[] = [];
  /** What each shop's orders.json lists, in creation order: ours (FakeOrder) and foreign ones (as given). */
  const listed: { shopId: number; order: FakeOrder | unknown }[] = [];
  if (options.demo) for (const order of foreignOrders()) listed.push({ shopId: DEMO_SHOP.id, order });
  const publishing: FakePrintify["publishing"] = [];
  const sentToProduction: FakePrintify["sentToProduction"] = [];
  const webhooks: FakePrintify["webhooks"] = [];
  const requests: RecordedRequest[] = [];
  const faults: { fault: Fault; path?: RegExp }[] = [];

  const error = (status: number, reason: string, code = status * 10, message = "Operation failed.") =>
    Response.json({ status: "error", code, message, errors: { reason, code } }, { status });
  /** A Laravel page of `items` (mapped by `show`), or the 400 Printify gives for a bad page or limit. */
  const paged = <T>(items: T[], url: URL, maxLimit: number, show: (item: T) => unknown = (item) => item) => {
    const limit = Number(url.searchParams.get("limit") ?? 10);
    const page = Number(url.searchParams.get("page") ?? 1);
    if (!Number.isInteger(limit) || limit < 1 || limit > maxLimit) {
      return Response.json(
        {
          status: "error",
          code: 8150,
          message: "Validation failed.",
          errors: { limit: [`The limit may not be greater than ${maxLimit}.`] },
        },
        { status: 400 },
      );
    }
    if (!Number.isInteger(page) || page < 1) return error(400, "The page must be at least 1.", 8150);
    const lastPage = Math.max(1, Math.ceil(items.length / limit));
    const data = items.slice((page - 1) * limit, page * limit).map(show);
    const at = (p: number) => `${url.origin}${url.pathname}?page=${p}`;
    return Response.json({
      current_page: page,
      data,
      first_page_url: at(1),
      from: data.length ? (page - 1) * limit + 1 : null,
      last_page: lastPage,
      last_page_url: at(lastPage),
      next_page_url: page < lastPage ? at(page + 1) : null,
      path: `${url.origin}${url.pathname}`,
      per_page: limit,
      prev_page_url: page > 1 ? at(page - 1) : null,
      to: data.length ? (page - 1) * limit + data.length : null,
      total: items.length,
    });
  };
  /** A read of an order: a pending one counts down to on-hold; one being sent moves into production. */
  const read = (order: FakeOrder): Omit<FakeOrder, (typeof FAKE_ONLY)[number]> => {
    if (order.status === "pending") {
      if (order.pendingReadsLeft > 0) order.pendingReadsLeft--;
      else order.status = "on-hold";
    } else if (order.status === "sending-to-production") {
      order.status = "in-production";
      for (const item of order.line_items) item.status = "in-production";
    }
    return answerOf(order);
  };
  const isOurs = (order: unknown): order is FakeOrder => orders.includes(order as FakeOrder);
  const answerOf = (order: FakeOrder) => {
    const answer: Partial<FakeOrder> = structuredClone(order);
    for (const key of FAKE_ONLY) delete answer[key];
    return answer as Omit<FakeOrder, (typeof FAKE_ONLY)[number]>;
  };

  const handle = async (request: Request, url: URL, body: unknown): Promise<Response> => {
    if (request.headers.get("authorization") !== `Bearer ${token}`) {
      return Response.json({ status: "error", code: 401, message: "Unauthenticated." }, { status: 401 });
    }
    const route = url.pathname.replace(/^\/v1\//, "");
    if (request.method === "GET" && route === "shops.json") return Response.json(shops);
    const match = /^shops\/(\d+)\/(.+)$/.exec(route);
    const shop = match ? shops.find((s) => s.id === Number(match[1])) : undefined;
    if (!match || !shop) return error(404, "Not found.", 404);
    const [, , rest] = match as unknown as [string, string, string];
    const shopProducts = products.get(shop.id) ?? [];

    const served = (p: FakeProduct) => asServed(p, shop.id, options.images);
    if (request.method === "GET" && rest === "products.json") return paged(shopProducts, url, 100, served);
    const productMatch = /^products\/([^/]+)\.json$/.exec(rest);
    if (request.method === "GET" && productMatch) {
      const product = shopProducts.find((p) => p.id === productMatch[1]);
      return product ? Response.json(served(product)) : error(404, "Product not found.", 8203);
    }
    const publishMatch = /^products\/([^/]+)\/(publish|publishing_succeeded|publishing_failed)\.json$/.exec(rest);
    if (request.method === "POST" && publishMatch) {
      const product = shopProducts.find((p) => p.id === publishMatch[1]);
      if (!product) return error(404, "Product not found.", 8203);
      return publish(shop.id, product, publishMatch[2]!, body);
    }
    if (request.method === "GET" && rest === "orders.json") {
      // Documented filter: ?status=… (the list itself: newest first, at most 10 a page).
      const status = url.searchParams.get("status");
      const list = listed
        .filter((l) => l.shopId === shop.id)
        .map((l) => l.order)
        .filter((o) => !status || (o as { status?: unknown } | null)?.status === status);
      if (fake.orderListOrder === "newest-first") list.reverse();
      return paged(list, url, 10, (o) => (isOurs(o) ? read(o) : structuredClone(o)));
    }
    if (request.method === "POST" && rest === "orders.json") return createOrder(shop.id, body, shopProducts);
    const orderMatch = /^orders\/([^/]+?)(\.json|\/send_to_production\.json)$/.exec(rest);
    const order = orderMatch ? orders.find((o) => o.id === orderMatch[1] && o.shop_id === shop.id) : undefined;
    if (orderMatch && !order) return error(404, "Order not found.", 8403);
    if (request.method === "GET" && order && orderMatch?.[2] === ".json") return Response.json(read(order));
    if (request.method === "POST" && order && orderMatch?.[2] === "/send_to_production.json") {
      if (order.status === "pending")
        return error(400, "Order is still being calculated and cannot be sent to production yet.", 8502);
      if (order.status !== "on-hold")
        return error(400, `Order has already been sent to production (status ${order.status}).`, 8503);
      order.status = "sending-to-production";
      order.sent_to_production_at = printifyTimestamp();
      for (const item of order.line_items) {
        item.status = "sending-to-production";
        item.sent_to_production_at = order.sent_to_production_at;
      }
      sentToProduction.push({ shopId: shop.id, orderId: order.id });
      // Documented answer: the order itself (Orders › Send an existing order to production).
      return Response.json(answerOf(order));
    }
    if (rest === "webhooks.json") {
      if (request.method === "GET") {
        return Response.json(webhooks.filter((w) => w.shop_id === shop.id).map(({ secret: _, ...w }) => w));
      }
      const w = body as { topic?: unknown; url?: unknown; secret?: unknown } | null;
      if (typeof w?.topic !== "string" || typeof w.url !== "string" || !/^https?:\/\//.test(w.url)) {
        return error(400, "A webhook needs a topic and an http(s) url.", 8150);
      }
      const webhook = {
        id: objectId(),
        shop_id: shop.id,
        topic: w.topic,
        url: w.url,
        secret: typeof w.secret === "string" ? w.secret : "",
      };
      webhooks.push(webhook);
      const { secret: _, ...answer } = webhook;
      return Response.json(answer);
    }
    // DELETE /v1/shops/{shop_id}/webhooks/{webhook_id}.json answers `{ "id": "…" }` (docs "Webhooks" → "Delete a
    // webhook", spencerlepine/printify-sdk-js docs/PRINTIFY-Documentation.md at 8c84721).
    const webhookMatch = /^webhooks\/([^/]+)\.json$/.exec(rest);
    if (request.method === "DELETE" && webhookMatch) {
      const at = webhooks.findIndex((w) => w.id === webhookMatch[1] && w.shop_id === shop.id);
      if (at < 0) return error(404, "Webhook not found.", 404);
      const [gone] = webhooks.splice(at, 1);
      return Response.json({ id: gone!.id });
    }
    return error(404, "Not found.", 404);
  };

  /**
   * Printify's documented validation answer (fixtures/printify/orders/error-order-address-validation.json): 400, code
   * 8103, "Validation failed.", and the field errors as JSON text in `errors.reason`, Laravel's way.
   */
  const refused = (fields: Record<string, string[]>) => {
    const code = 8103;
    const reason = JSON.stringify(fields);
    return Response.json({ status: "error", code, message: "Validation failed.", errors: { reason, code } }, { status: 400 });
  };
  const required = (field: string) => `The ${field.replaceAll("_", " ")} field is required.`;
  /** The publishing endpoints, as documented: each answers `{}`; the two statuses unlock the product. */
  const publish = (shopId: number, product: FakeProduct, step: string, body: unknown): Response => {
    const invalid = (reason: string) => error(400, reason, 8150, "Validation failed.");
    if (step === "publish") {
      product.is_locked = true;
      return Response.json({});
    }
    const given = (body ?? {}) as { external?: { id?: unknown; handle?: unknown }; reason?: unknown };
    if (step === "publishing_succeeded") {
      if (typeof given.external?.id !== "string" || typeof given.external.handle !== "string") {
        return invalid("external.id and external.handle are required.");
      }
      product.external = [{ id: given.external.id, handle: given.external.handle }];
    } else if (typeof given.reason !== "string" || !given.reason) {
      return invalid("reason is required.");
    }
    product.is_locked = false;
    const outcome = step === "publishing_succeeded" ? "succeeded" : "failed";
    publishing.push({ shopId, productId: product.id, outcome, body: structuredClone(body) });
    return Response.json({});
  };

  const createOrder = (shopId: number, body: unknown, shopProducts: PrintifyProduct[]): Response => {
    const input = body as Partial<CreateOrderInput> & { label?: unknown };
    const problems: Record<string, string[]> = {};
    // Documented as REQUIRED (Orders › Order submission properties): external_id, line_items, shipping_method,
    // address_to — and, as the documented error shows, the address's fields (zip…).
    if (typeof input?.external_id !== "string" || !input.external_id) problems.external_id = [required("external_id")];
    if (![1, 2, 3, 4].includes(input?.shipping_method as number)) problems.shipping_method = [required("shipping_method")];
    const a = (input?.address_to ?? {}) as Partial<CreateOrderInput["address_to"]>;
    for (const field of ["first_name", "last_name", "email", "country", "address1", "city", "zip"] as const) {
      if (typeof a[field] !== "string" || !a[field]) problems[field] = [required(field)];
    }
    const items: FakeLineItem[] = [];
    if (!Array.isArray(input?.line_items) || input.line_items.length === 0) problems.line_items = [required("line_items")];
    for (const [i, item] of (Array.isArray(input?.line_items) ? input.line_items : []).entries()) {
      const product = shopProducts.find((p) => p.id === item?.product_id);
      const variant = product?.variants.find((v) => v.id === item?.variant_id);
      if (!product || !variant) {
        problems[`line_items.${i}`] = [`Product ${item?.product_id} variant ${item?.variant_id} does not exist.`];
      } else if (!variant.is_enabled) {
        problems[`line_items.${i}`] = [`Variant ${item.variant_id} is not enabled for product ${item.product_id}.`];
      } else if (!Number.isInteger(item.quantity) || item.quantity < 1) {
        problems[`line_items.${i}.quantity`] = ["The quantity must be at least 1."];
      } else {
        items.push({
          product_id: product.id,
          quantity: item.quantity,
          variant_id: variant.id,
          print_provider_id: (product as { print_provider_id?: number }).print_provider_id ?? 1,
          // The provider's cost; our code never reads it (the shop's margin is Printify's business).
          cost: Math.round(variant.price * 0.45),
          shipping_cost: 400,
          status: "pending",
          metadata: {
            title: product.title,
            price: variant.price,
            variant_label: variant.title,
            sku: variant.sku ?? String(variant.id),
            country: "United States",
          },
          sent_to_production_at: null,
          fulfilled_at: null,
        });
      }
    }
    if (Object.keys(problems).length > 0) return refused(problems);
    const externalId = input.external_id as string;
    const id = objectId();
    const connect = randomBytes(16).toString("hex");
    // Printify accepts a second order with the same external_id: that is why the adapter looks it up first.
    const order: FakeOrder = {
      id,
      address_to: structuredClone(a as CreateOrderInput["address_to"]),
      line_items: items,
      metadata: {
        order_type: "api",
        shop_order_id: externalId,
        shop_order_label: typeof input.label === "string" && input.label ? input.label : externalId,
        shop_fulfilled_at: "1970-01-01 00:00:00+00:00",
      },
      total_price: items.reduce((sum, item) => sum + item.metadata.price * item.quantity, 0),
      total_shipping: 400,
      total_tax: 0,
      status: "pending",
      shipping_method: input.shipping_method as number,
      is_printify_express: input.shipping_method === 3,
      is_economy_shipping: input.shipping_method === 4,
      shipments: [],
      created_at: printifyTimestamp(),
      sent_to_production_at: null,
      fulfilled_at: null,
      printify_connect: { url: `https://printify.com/app/store/connect/${connect}`, id: connect },
      // The inventory says text or null, nothing of its form: an opaque text here.
      app_order_id: `${shopId}.${orders.length + 1}`,
      shop_id: shopId,
      send_shipping_notification: input.send_shipping_notification ?? false,
      pendingReadsLeft: fake.pendingReads,
    };
    orders.push(order);
    listed.push({ shopId, order });
    return Response.json({ id: order.id });
  };

  const server = Bun.serve({
    port: options.port ?? 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      const url = new URL(request.url);
      const text = await request.text();
      let body: unknown = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = text;
      }
      const answer = await options.control?.(request, url, body);
      if (answer) return answer;
      const record: RecordedRequest = {
        method: request.method,
        path: url.pathname + url.search,
        at: performance.now(),
        userAgent: request.headers.get("user-agent"),
        body,
        status: 0,
      };
      requests.push(record);
      if (options.productPageDelayMs && request.method === "GET" && /\/products\.json$/.test(url.pathname)) {
        await Bun.sleep(options.productPageDelayMs);
      }
      const index = faults.findIndex((f) => !f.path || f.path.test(record.path));
      const fault = index >= 0 ? faults.splice(index, 1)[0]!.fault : null;
      let response: Response;
      if (fault && "delayMs" in fault && fault.afterWork) {
        response = await handle(request, url, body);
        await Bun.sleep(fault.delayMs);
      } else if (fault && "delayMs" in fault) {
        await Bun.sleep(fault.delayMs);
        response = await handle(request, url, body);
      } else if (fault && "afterWork" in fault && fault.status !== 200) {
        await handle(request, url, body);
        response = error(fault.status, fault.reason ?? "Internal server error.");
      } else if (fault && "body" in fault) {
        response = new Response(fault.body, { headers: { "content-type": "application/json" } });
      } else if (fault?.status === 429) {
        response = Response.json(
          { status: "error", code: 429, message: fault.reason ?? "Too Many Attempts." },
          {
            status: 429,
            headers: fault.retryAfterSeconds === undefined ? {} : { "Retry-After": String(fault.retryAfterSeconds) },
          },
        );
      } else if (fault) {
        response = error(fault.status, fault.reason ?? "Internal server error.", "code" in fault ? fault.code : undefined);
      } else {
        response = await handle(request, url, body);
      }
      record.status = response.status;
      return response;
    },
  });

  const url = `http://127.0.0.1:${server.port}/v1/`;
  const fake: FakePrintify = {
    url,
    token,
    shops,
    products,
    publishing,
    locked: (shopId, productId) => products.get(shopId)?.find((p) => p.id === productId)?.is_locked === true,
    deleteProduct(shopId, productId) {
      products.set(
        shopId,
        (products.get(shopId) ?? []).filter((p) => p.id !== productId),
      );
    },
    orders,
    ordersFor: (externalId) => orders.filter((o) => o.metadata.shop_order_id === externalId),
    addForeignOrder(shopId, order) {
      listed.push({ shopId, order: structuredClone(order) });
    },
    sentToProduction,
    webhooks,
    requests,
    pendingReads: options.pendingReads ?? 0,
    orderListOrder: "newest-first",
    failNext(count, fault, path) {
      for (let i = 0; i < count; i++) faults.push({ fault, path });
    },
    clearFaults() {
      faults.length = 0;
    },
    addShipment(orderId, { carrier, number, url: trackingUrl }) {
      const order = orders.find((o) => o.id === orderId);
      if (!order) throw new Error(`fake Printify: no order ${orderId}`);
      const shipment: PrintifyShipment = {
        // The order lookup spells carriers in lower case ("usps"); the webhook says "USPS" (shipmentEvent).
        carrier: carrier.toLowerCase(),
        number,
        url:
          trackingUrl === undefined
            ? `https://track.example/${encodeURIComponent(carrier)}/${encodeURIComponent(number)}`
            : trackingUrl,
        delivered_at: null,
      };
      order.shipments.push(shipment);
      order.status = "fulfilled";
      order.fulfilled_at = printifyTimestamp();
      for (const item of order.line_items) {
        item.status = "fulfilled";
        item.fulfilled_at = order.fulfilled_at;
      }
      return structuredClone(shipment);
    },
    deliverShipment(orderId, number, at = new Date()) {
      const shipment = orders.find((o) => o.id === orderId)?.shipments.find((s) => s.number === number);
      if (!shipment) throw new Error(`fake Printify: no shipment ${number} on order ${orderId}`);
      shipment.delivered_at = printifyTimestamp(at);
    },
    order: (orderId) => orders.find((o) => o.id === orderId),
    client: (overrides = {}) =>
      createPrintifyClient({
        token,
        apiBase: url,
        timeoutMs: 2_000,
        backoffBaseMs: 5,
        backoffMaxMs: 50,
        requestsPerMinute: 60_000,
        burst: 100,
        ...overrides,
      }),
    stop: () => server.stop(true),
  };
  return fake;
}

/** The X-Pfy-Signature header Printify sends for this raw body: `sha256=<hex HMAC-SHA256>`. */
export function signPrintifyWebhook(body: string | Uint8Array, secret: string): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}

/**
 * A webhook event in Printify's envelope `{ id, type, created_at, resource: { id, type, data } }`; the resource type
 * is the topic's first word (order, product, shop) unless given.
 */
export function event(
  type: PrintifyWebhookTopic,
  resource: { id: string | number; data?: Record<string, unknown> | null; type?: string },
  options: { id?: string; createdAt?: Date } = {},
): PrintifyWebhookEvent {
  return {
    id: options.id ?? randomUUID(),
    type,
    created_at: printifyTimestamp(options.createdAt),
    resource: { id: resource.id, type: resource.type ?? type.split(":")[0]!, data: resource.data ?? null },
  };
}

/**
 * The `order:shipment:created` / `order:shipment:delivered` event of a shipment, as the events section documents it
 * (fixtures/printify/orders/webhook-order-shipment-*.json): `carrier.code` in upper case ("USPS") where the order
 * lookup says "usps", `tracking_number`, `tracking_url`, `skus`, and `shipped_at` or `delivered_at`.
 */
export function shipmentEvent(
  type: "order:shipment:created" | "order:shipment:delivered",
  order: { id: string; shop_id: number; line_items?: { metadata?: { sku?: string } }[] },
  shipment: { carrier: string; number: string; url?: string | null; delivered_at?: string | null },
  options: { id?: string; createdAt?: Date } = {},
): PrintifyWebhookEvent {
  const at = printifyTimestamp(options.createdAt);
  return event(
    type,
    {
      id: order.id,
      data: {
        shop_id: order.shop_id,
        ...(type === "order:shipment:created" ? { shipped_at: at } : { delivered_at: shipment.delivered_at ?? at }),
        carrier: {
          code: shipment.carrier.toUpperCase(),
          tracking_number: shipment.number,
          ...(shipment.url ? { tracking_url: shipment.url } : {}),
        },
        skus: (order.line_items ?? []).flatMap((item) => (item.metadata?.sku ? [item.metadata.sku] : [])),
      },
    },
    options,
  );
}

/** A delivery as Printify would POST it: the JSON body and its signature header (for app.handle or fetch). */
export function printifyWebhookRequest(url: string, payload: PrintifyWebhookEvent | string, secret: string): Request {
  const body = typeof payload === "string" ? payload : JSON.stringify(payload);
  return new Request(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Pfy-Signature": signPrintifyWebhook(body, secret) },
    body,
  });
}
