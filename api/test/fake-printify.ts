// A Printify-compatible HTTP server for tests (Bun.serve on a random port), speaking the API v1 routes the adapter
// calls with Printify's documented shapes: shops, Laravel-paged products and orders, order create / get /
// send_to_production, webhooks. Its state is plain data a test seeds and inspects (shops, products, orders created,
// send_to_production calls, registered webhooks, every request with its time). It checks the bearer token, and it
// can misbehave on demand: the next answers 429 with Retry-After, 5xx, slow, and an order that stays `pending` (so
// send_to_production answers 400) for its first reads. Error bodies follow Printify's form
// `{ status: "error", code, message, errors: { reason, code } }`; the wording and codes are ours.
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
import { createPrintifyClient, type PrintifyClient, type PrintifyClientOptions } from "../src/modules/printify/client";
import { DEMO_PRODUCTS, DEMO_SHOP } from "../src/modules/printify/demo-catalogue";
import { asServed, type FakeProduct } from "./fake-printify-products";
import type {
  CreateOrderInput,
  PrintifyOrder,
  PrintifyProduct,
  PrintifyShipment,
  PrintifyShop,
  PrintifyWebhookEvent,
  PrintifyWebhookTopic,
} from "../src/modules/printify/shapes";

export type FakeOrder = PrintifyOrder & {
  external_id: string;
  shop_id: number;
  shipments: PrintifyShipment[];
  line_items: CreateOrderInput["line_items"];
  address_to: CreateOrderInput["address_to"];
  send_shipping_notification: boolean;
  /** Reads left before a `pending` order moves to `on-hold`. */
  pendingReadsLeft: number;
};

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
  | { status: 400 | 401 | 403 | 404 | 422; reason: string; code?: number }
  /** Answer nothing for this long (the client's timeout should fire), then a normal answer. */
  | { delayMs: number };

export type FakePrintifyOptions = {
  token?: string;
  shops?: PrintifyShop[];
  /** Products per shop id. Default: none (see `demo`). */
  products?: Record<number, PrintifyProduct[]>;
  /** The mock-up image host's origin (fake-printify-products.ts startFakeImageHost): products' images are served there. */
  images?: string;
  /** Seed the demo shop and catalogue (deep copies). */
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
  /** Every order created, oldest first (the list answers newest first). */
  orders: FakeOrder[];
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
  addShipment(orderId: string, shipment: { carrier: string; number: string; url?: string | null }): PrintifyShipment;
  deliverShipment(orderId: string, number: string, at?: Date): void;
  order(orderId: string): FakeOrder | undefined;
  /** A client for this server with test-friendly timings (fast backoff, short timeout); override any option. */
  client(options?: Partial<PrintifyClientOptions>): PrintifyClient;
  stop(): Promise<void>;
};

const objectId = () => randomBytes(12).toString("hex");
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
  const read = (order: FakeOrder): PrintifyOrder => {
    if (order.status === "pending") {
      if (order.pendingReadsLeft > 0) order.pendingReadsLeft--;
      else order.status = "on-hold";
    } else if (order.status === "sending-to-production") {
      order.status = "in-production";
    }
    const { pendingReadsLeft: _, shop_id: __, ...visible } = order;
    return structuredClone(visible);
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
      return paged(orders.filter((o) => o.shop_id === shop.id).reverse(), url, 10, read);
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
      sentToProduction.push({ shopId: shop.id, orderId: order.id });
      return Response.json({ id: order.id, status: order.status });
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
    return error(404, "Not found.", 404);
  };

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
    const input = body as Partial<CreateOrderInput> | null;
    const invalid = (reason: string) => error(400, reason, 8150, "Validation failed.");
    if (typeof input?.external_id !== "string" || !input.external_id) return invalid("external_id is required.");
    if (!Array.isArray(input.line_items) || input.line_items.length === 0) return invalid("line_items must not be empty.");
    for (const item of input.line_items) {
      const product = shopProducts.find((p) => p.id === item.product_id);
      const variant = product?.variants.find((v) => v.id === item.variant_id);
      if (!product || !variant) return invalid(`Product ${item.product_id} variant ${item.variant_id} does not exist.`);
      if (!variant.is_enabled) return invalid(`Variant ${item.variant_id} is not enabled for product ${item.product_id}.`);
      if (!Number.isInteger(item.quantity) || item.quantity < 1) return invalid("quantity must be at least 1.");
    }
    const a = input.address_to;
    for (const field of ["first_name", "last_name", "email", "country", "address1", "city", "zip"] as const) {
      if (typeof a?.[field] !== "string" || !a[field]) return invalid(`address_to.${field} is required.`);
    }
    // Printify accepts a second order with the same external_id: that is why the adapter looks it up first.
    const order: FakeOrder = {
      id: objectId(),
      external_id: input.external_id,
      shop_id: shopId,
      status: "pending",
      shipments: [],
      line_items: structuredClone(input.line_items),
      address_to: structuredClone(a as CreateOrderInput["address_to"]),
      shipping_method: input.shipping_method ?? 1,
      send_shipping_notification: input.send_shipping_notification ?? false,
      created_at: printifyTimestamp(),
      sent_to_production_at: null,
      fulfilled_at: null,
      total_price: input.line_items.reduce((sum, item) => {
        const variant = shopProducts.find((p) => p.id === item.product_id)?.variants.find((v) => v.id === item.variant_id);
        return sum + (variant?.price ?? 0) * item.quantity;
      }, 0),
      total_shipping: 450,
      total_tax: 0,
      pendingReadsLeft: fake.pendingReads,
    };
    orders.push(order);
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
      if (fault && "delayMs" in fault) {
        await Bun.sleep(fault.delayMs);
        response = await handle(request, url, body);
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
    sentToProduction,
    webhooks,
    requests,
    pendingReads: options.pendingReads ?? 0,
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
        carrier,
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

/** A delivery as Printify would POST it: the JSON body and its signature header (for app.handle or fetch). */
export function printifyWebhookRequest(url: string, payload: PrintifyWebhookEvent | string, secret: string): Request {
  const body = typeof payload === "string" ? payload : JSON.stringify(payload);
  return new Request(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Pfy-Signature": signPrintifyWebhook(body, secret) },
    body,
  });
}
