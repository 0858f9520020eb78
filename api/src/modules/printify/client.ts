// The one file that talks to Printify (API v1, plain fetch): shops, products, orders, webhooks, and the webhook
// signature check. Every answer is checked against shapes.ts; every failure is one PrintifyError carrying Printify's
// own reason and whether trying again later can help. The token goes into the Authorization header and nowhere
// else: never into a log line, an error message or a URL.
//
// Printify's published limits: 600 requests a minute per account, and errors under 5 % of requests. So requests are
// paced below the limit (RequestPacer), and retried only when a retry can succeed: 429 after Retry-After, 5xx, a
// network error or a timeout, a bounded number of times with exponential backoff and jitter.
//
// Printify documents no idempotency key, so a POST that may have reached Printify is never repeated here: creating
// an order, sending it to production or registering a webhook is retried only on 429 (refused before any work).
// Any other failure is thrown with `retryable: true`, and the caller's durable job tries again later — for an
// order, after findOrderByExternalId has checked that the first attempt did not create it after all.
import { createHmac, timingSafeEqual } from "node:crypto";
import { type Static, type TSchema, Type as T } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import { env } from "../../env";
import { SITE_NAME } from "../../lib/html";
import { log } from "../../lib/logger";
import {
  type CreateOrderInput,
  PrintifyCreatedOrderSchema,
  type PrintifyOrder,
  PrintifyOrderSchema,
  type PrintifyProduct,
  PrintifyProductSchema,
  type PrintifyShop,
  PrintifyShopSchema,
  type PrintifyWebhook,
  PrintifyWebhookSchema,
  type PrintifyWebhookTopic,
  printifyPage,
} from "./shapes";

const PRINTIFY_DEFAULT_API_BASE = "https://api.printify.com/v1/";
/** Products asked per page. Printify caps the page size (documented as at most 100; 50 is safe either way). */
export const PRODUCTS_PAGE_SIZE = 50;
/** Orders asked per page while looking for our external_id (Printify answers at most 10 orders a page). */
const ORDERS_PAGE_SIZE = 10;
/** findOrderByExternalId reads at most this many pages, newest first, unless told otherwise (…_SINCE: with `since`). */
const ORDER_SEARCH_MAX_PAGES = 5;
const ORDER_SEARCH_MAX_PAGES_SINCE = 20;

/**
 * Default pacing: 540 requests a minute with bursts of 20, so no 60-second window holds more than 20 + 540 = 560
 * requests — under Printify's 600, with room for the occasional retry.
 */
export const DEFAULT_REQUESTS_PER_MINUTE = 540;
export const DEFAULT_BURST = 20;

type PrintifyErrorKind =
  /** 429 after the retries allowed (or a Retry-After longer than we wait). */
  | "rate_limited"
  /** 5xx. */
  | "server"
  /** No answer: connection refused or reset, DNS… */
  | "network"
  /** No complete answer within the timeout. */
  | "timeout"
  /** Any other 4xx: the request itself is wrong (bad token, unknown id, validation). Retrying will not help. */
  | "client"
  /** send_to_production refused while Printify is still working out the order's costs: try again shortly. */
  | "order_pending"
  /** A 2xx whose body is not the shape Printify documents. */
  | "invalid_response";

const RETRYABLE_KINDS: ReadonlySet<PrintifyErrorKind> = new Set([
  "rate_limited",
  "server",
  "network",
  "timeout",
  "order_pending",
]);

/** Every failure of a Printify call. `reason` is Printify's own words when it gave any (kept for the admin). */
export class PrintifyError extends Error {
  override readonly name = "PrintifyError";
  /** Whether the same call may succeed later (a job should retry it with backoff). */
  readonly retryable: boolean;
  constructor(
    readonly kind: PrintifyErrorKind,
    /** HTTP status; 0 when no answer came (network, timeout). */
    readonly status: number,
    readonly reason: string,
    readonly request: { method: string; path: string },
    readonly details: { code?: number; retryAfterMs?: number } = {},
  ) {
    super(`Printify ${request.method} ${request.path} failed (${status || kind}): ${reason}`);
    this.retryable = RETRYABLE_KINDS.has(kind);
  }
}

export type PrintifyClientOptions = {
  token: string;
  /** Default https://api.printify.com/v1/ (a missing trailing slash is added). */
  apiBase?: string;
  /** Printify asks every client to send one. */
  userAgent?: string;
  /** Per attempt, including reading the body. Default 20 s. */
  timeoutMs?: number;
  /** Attempts per call, the first included. Default 4. */
  maxAttempts?: number;
  /** Backoff before retry n (1-based): a random share (50–100 %) of min(backoffMaxMs, backoffBaseMs · 2^(n-1)). */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** A 429 asking to wait longer than this is not waited for: the error goes to the caller (retryable). */
  maxRetryAfterMs?: number;
  requestsPerMinute?: number;
  burst?: number;
  /** Tests: another fetch. */
  fetch?: typeof fetch;
};

type ProductPage = { page: number; lastPage: number; total: number | null; products: PrintifyProduct[] };

export type PrintifyClient = {
  listShops(): Promise<PrintifyShop[]>;
  /** Every page of a shop's products, one page at a time (for progress: `total` is the whole catalogue's size). */
  productPages(shopId: ShopId): AsyncGenerator<ProductPage, void, undefined>;
  /** Every product of the shop (all pages). */
  listProducts(shopId: ShopId): Promise<PrintifyProduct[]>;
  getProduct(shopId: ShopId, productId: string): Promise<PrintifyProduct>;
  /** Creates the order (not retried on 5xx/timeouts: see the file's header). Answers Printify's order id. */
  createOrder(shopId: ShopId, order: CreateOrderInput): Promise<{ id: string }>;
  /**
   * Our order at Printify, if an earlier attempt created it: scans the orders list newest first, stopping at the last
   * page, at orders created before `since` (give our order's creation time minus a few minutes), or after `maxPages`
   * pages of 10 (default 5, or 20 with `since`). null is certain when the scan ended on the last page or at `since`;
   * after `maxPages` it means "not among the newest maxPages × 10 orders".
   */
  findOrderByExternalId(
    shopId: ShopId,
    externalId: string,
    bounds?: { maxPages?: number; since?: Date },
  ): Promise<PrintifyOrder | null>;
  getOrder(shopId: ShopId, orderId: string): Promise<PrintifyOrder>;
  /**
   * Releases an on-hold order to production (Printify charges the account). While the order is still `pending`
   * Printify answers 400: that becomes a PrintifyError of kind "order_pending" (retryable): poll and try again.
   */
  sendToProduction(shopId: ShopId, orderId: string): Promise<void>;
  registerWebhook(
    shopId: ShopId,
    webhook: { topic: PrintifyWebhookTopic; url: string; secret: string },
  ): Promise<PrintifyWebhook>;
  listWebhooks(shopId: ShopId): Promise<PrintifyWebhook[]>;
  /**
   * Publishing (Printify's Publish button locks the product until one of these): our listing is live at `handle`
   * (`id` is ours), or it could not be made, for `reason`. Either unlocks the product. Setting a status twice does no
   * harm, so these are retried like reads.
   */
  publishingSucceeded(shopId: ShopId, productId: string, external: { id: string; handle: string }): Promise<void>;
  publishingFailed(shopId: ShopId, productId: string, reason: string): Promise<void>;
};

/** Printify shop ids are numbers; our database keeps them as text. Either is accepted. */
export type ShopId = number | string;

const ProductPageSchema = printifyPage(PrintifyProductSchema);
const OrderPageSchema = printifyPage(PrintifyOrderSchema);

export function createPrintifyClient(options: PrintifyClientOptions): PrintifyClient {
  const base = new URL(options.apiBase ?? PRINTIFY_DEFAULT_API_BASE);
  if (!base.pathname.endsWith("/")) base.pathname += "/";
  const fetchImpl = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 20_000;
  const maxAttempts = Math.max(1, options.maxAttempts ?? 4);
  const backoffBaseMs = options.backoffBaseMs ?? 500;
  const backoffMaxMs = options.backoffMaxMs ?? 20_000;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 60_000;
  const pacer = new RequestPacer(options.requestsPerMinute ?? DEFAULT_REQUESTS_PER_MINUTE, options.burst ?? DEFAULT_BURST);
  const headers = {
    Authorization: `Bearer ${options.token}`,
    "User-Agent": options.userAgent ?? `${SITE_NAME}-Platform/1.0`,
    Accept: "application/json",
  };
  const backoff = (attempt: number) => Math.min(backoffMaxMs, backoffBaseMs * 2 ** (attempt - 1)) * (0.5 + Math.random() / 2);

  type Call<S extends TSchema> = {
    method: "GET" | "POST";
    path: string;
    query?: Record<string, string | number>;
    body?: unknown;
    schema: S | null;
    /** GETs: retried on 5xx, network errors and timeouts too. POSTs: only on 429. */
    idempotent: boolean;
  };

  async function call<S extends TSchema>(c: Call<S>): Promise<Static<S>> {
    const url = new URL(c.path, base);
    for (const [key, value] of Object.entries(c.query ?? {})) url.searchParams.set(key, String(value));
    const request = { method: c.method, path: url.pathname + url.search };
    for (let attempt = 1; ; attempt++) {
      await pacer.take();
      let failure: PrintifyError;
      try {
        const response = await fetchImpl(url, {
          method: c.method,
          headers: c.body === undefined ? headers : { ...headers, "Content-Type": "application/json;charset=utf-8" },
          body: c.body === undefined ? undefined : JSON.stringify(c.body),
          signal: AbortSignal.timeout(timeoutMs),
          redirect: "error",
        });
        const text = await response.text();
        if (response.ok) return parseAnswer(c.schema, response.status, text, request);
        failure = errorFromAnswer(response, text, request);
      } catch (e) {
        if (e instanceof PrintifyError) throw e;
        failure = errorFromThrown(e, request, timeoutMs);
      }
      const mayRetry = attempt < maxAttempts && (c.idempotent || failure.kind === "rate_limited");
      const wait = failure.kind === "rate_limited" ? (failure.details.retryAfterMs ?? backoff(attempt)) : backoff(attempt);
      if (!mayRetry || !failure.retryable || wait > maxRetryAfterMs) throw failure;
      log.warn("printify request retried", {
        ...request,
        status: failure.status,
        kind: failure.kind,
        attempt,
        waitMs: Math.round(wait),
      });
      await Bun.sleep(wait);
    }
  }

  const shop = (id: ShopId) => `shops/${encodeURIComponent(String(id))}`;
  const order = (shopId: ShopId, orderId: string) => `${shop(shopId)}/orders/${encodeURIComponent(orderId)}`;

  async function* productPages(shopId: ShopId): AsyncGenerator<ProductPage, void, undefined> {
    for (let page = 1; ; page++) {
      const answer = await call({
        method: "GET",
        path: `${shop(shopId)}/products.json`,
        query: { page, limit: PRODUCTS_PAGE_SIZE },
        schema: ProductPageSchema,
        idempotent: true,
      });
      yield { page: answer.current_page, lastPage: answer.last_page, total: answer.total ?? null, products: answer.data };
      // Bounded by what Printify says, and by an empty page (a catalogue shrinking under us ends the walk too).
      if (answer.current_page >= answer.last_page || answer.data.length === 0) return;
    }
  }

  async function getOrder(shopId: ShopId, orderId: string) {
    return call({ method: "GET", path: `${order(shopId, orderId)}.json`, schema: PrintifyOrderSchema, idempotent: true });
  }

  return {
    listShops: () => call({ method: "GET", path: "shops.json", schema: T.Array(PrintifyShopSchema), idempotent: true }),
    productPages,
    async listProducts(shopId) {
      const all: PrintifyProduct[] = [];
      for await (const page of productPages(shopId)) all.push(...page.products);
      return all;
    },
    getProduct: (shopId, productId) =>
      call({
        method: "GET",
        path: `${shop(shopId)}/products/${encodeURIComponent(productId)}.json`,
        schema: PrintifyProductSchema,
        idempotent: true,
      }),
    async createOrder(shopId, input) {
      const created = await call({
        method: "POST",
        path: `${shop(shopId)}/orders.json`,
        body: input,
        schema: PrintifyCreatedOrderSchema,
        idempotent: false,
      });
      return { id: created.id };
    },
    async findOrderByExternalId(shopId, externalId, bounds = {}) {
      const maxPages = bounds.maxPages ?? (bounds.since ? ORDER_SEARCH_MAX_PAGES_SINCE : ORDER_SEARCH_MAX_PAGES);
      for (let page = 1; page <= maxPages; page++) {
        const answer = await call({
          method: "GET",
          path: `${shop(shopId)}/orders.json`,
          query: { page, limit: ORDERS_PAGE_SIZE },
          schema: OrderPageSchema,
          idempotent: true,
        });
        const found = answer.data.find((o) => o.external_id === externalId);
        if (found) return found;
        if (answer.current_page >= answer.last_page || answer.data.length === 0) return null;
        const oldest = answer.data.at(-1)?.created_at;
        if (bounds.since && oldest && printifyTime(oldest) < bounds.since.getTime()) return null;
      }
      return null;
    },
    getOrder,
    async sendToProduction(shopId, orderId) {
      try {
        await call({
          method: "POST",
          path: `${order(shopId, orderId)}/send_to_production.json`,
          schema: null,
          idempotent: false,
        });
      } catch (e) {
        if (!(e instanceof PrintifyError) || e.status !== 400) throw e;
        // Printify's 400 does not say in a stable way that the order is merely not ready: ask the order itself.
        const current = await getOrder(shopId, orderId).catch(() => null);
        if (current?.status !== "pending") throw e;
        throw new PrintifyError("order_pending", e.status, e.reason, e.request, e.details);
      }
    },
    registerWebhook: (shopId, webhook) =>
      call({
        method: "POST",
        path: `${shop(shopId)}/webhooks.json`,
        body: webhook,
        schema: PrintifyWebhookSchema,
        idempotent: false,
      }),
    listWebhooks: (shopId) =>
      call({ method: "GET", path: `${shop(shopId)}/webhooks.json`, schema: T.Array(PrintifyWebhookSchema), idempotent: true }),
    publishingSucceeded: async (shopId, productId, external) => {
      await call({
        method: "POST",
        path: `${shop(shopId)}/products/${encodeURIComponent(productId)}/publishing_succeeded.json`,
        body: { external },
        schema: null,
        idempotent: true,
      });
    },
    publishingFailed: async (shopId, productId, reason) => {
      await call({
        method: "POST",
        path: `${shop(shopId)}/products/${encodeURIComponent(productId)}/publishing_failed.json`,
        body: { reason },
        schema: null,
        idempotent: true,
      });
    },
  };
}

function parseAnswer<S extends TSchema>(schema: S | null, status: number, text: string, request: PrintifyError["request"]) {
  if (schema === null) return undefined as never;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new PrintifyError("invalid_response", status, "the answer is not JSON", request);
  }
  const problem = Value.Errors(schema, body).First();
  if (problem) {
    throw new PrintifyError(
      "invalid_response",
      status,
      `unexpected answer at ${problem.path || "/"}: ${problem.message}`,
      request,
    );
  }
  return body as never;
}

function errorFromAnswer(response: Response, text: string, request: PrintifyError["request"]): PrintifyError {
  const { reason, code } = printifyReason(text, response.statusText || `HTTP ${response.status}`);
  if (response.status === 429) {
    return new PrintifyError("rate_limited", 429, reason, request, {
      code,
      retryAfterMs: retryAfterMs(response.headers.get("retry-after")),
    });
  }
  const kind: PrintifyErrorKind = response.status >= 500 ? "server" : response.status === 408 ? "timeout" : "client";
  return new PrintifyError(kind, response.status, reason, request, { code });
}

function errorFromThrown(e: unknown, request: PrintifyError["request"], timeoutMs: number): PrintifyError {
  const name = (e as { name?: string } | null)?.name;
  if (name === "TimeoutError" || name === "AbortError") {
    return new PrintifyError("timeout", 0, `no answer within ${timeoutMs} ms`, request);
  }
  // The fetch error's own message (ECONNREFUSED…) names the host, never the headers.
  return new PrintifyError("network", 0, e instanceof Error ? e.message : "network error", request);
}

/**
 * Printify's error bodies: `{ status: "error", code, message, errors: { reason, code } }`, or Laravel validation
 * errors `{ message, errors: { "address_to.zip": ["…"] } }`. The most specific text wins; at most 500 characters.
 */
export function printifyReason(text: string, fallback: string): { reason: string; code?: number } {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    const plain = text.trim();
    return { reason: (plain && !plain.startsWith("<") ? plain : fallback).slice(0, 500) };
  }
  if (!body || typeof body !== "object") return { reason: fallback };
  const b = body as { code?: unknown; message?: unknown; error?: unknown; errors?: unknown };
  const errors = b.errors && typeof b.errors === "object" ? (b.errors as Record<string, unknown>) : null;
  const code = [b.code, errors?.code].find((c): c is number => typeof c === "number");
  let reason: string | undefined;
  if (typeof errors?.reason === "string") reason = errors.reason;
  else if (errors) {
    const fields = Object.entries(errors)
      .filter(([key]) => key !== "code")
      .map(([key, value]) => `${key}: ${Array.isArray(value) ? value.join(" ") : String(value)}`);
    if (fields.length > 0)
      reason = [typeof b.message === "string" ? b.message : null, fields.join("; ")].filter(Boolean).join(" ");
  }
  reason ??= typeof b.message === "string" ? b.message : typeof b.error === "string" ? b.error : fallback;
  return { reason: reason.slice(0, 500), code };
}

/** Retry-After as seconds or an HTTP date, in milliseconds; undefined when absent or unreadable. */
function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  if (/^\d+(\.\d+)?$/.test(header.trim())) return Number(header) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/** Printify's "2026-11-25 10:46:53+00:00" (or ISO) in epoch milliseconds; NaN when unreadable. */
export function printifyTime(value: string): number {
  return Date.parse(value.includes("T") ? value : value.replace(" ", "T"));
}

/**
 * Paces requests under a per-minute budget (a GCRA token bucket: a steady rate plus a small burst). A per-process
 * heuristic: Printify counts per account, so two processes sharing a token share the real limit without knowing it —
 * the headroom in the defaults and the 429 handling above cover that case.
 */
class RequestPacer {
  private readonly interval: number;
  private readonly tolerance: number;
  /** When the next request would be due if requests came at exactly the steady rate. */
  private theoreticalArrival = 0;
  constructor(requestsPerMinute: number, burst: number) {
    this.interval = 60_000 / requestsPerMinute;
    this.tolerance = (Math.max(1, burst) - 1) * this.interval;
  }
  /** Calls wait in line; the bucket is checked when a call's turn comes, against the clock, not against a plan. */
  private line: Promise<void> = Promise.resolve();
  /** Resolves when this call may go. */
  take(): Promise<void> {
    const turn = this.line.then(() => this.admit());
    this.line = turn;
    return turn;
  }
  private async admit(): Promise<void> {
    // Judged when the call really goes (re-checked after every sleep): the budget holds however late timers fire.
    for (;;) {
      const now = performance.now();
      const due = Math.max(this.theoreticalArrival, now);
      if (due - this.tolerance <= now) {
        this.theoreticalArrival = due + this.interval;
        return;
      }
      await Bun.sleep(due - this.tolerance - now);
    }
  }
}

/**
 * Checks a webhook delivery: `X-Pfy-Signature: sha256=<hex HMAC-SHA256 of the raw body with the secret>`. Computed on
 * the bytes as received (never re-serialised JSON), compared in constant time; false for anything missing or
 * malformed. No timestamp is signed: the receiver dedupes on the event id.
 */
export function verifyPrintifySignature(
  rawBody: Uint8Array | string,
  header: string | null | undefined,
  secret: string,
): boolean {
  if (!header || !secret) return false;
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header.trim());
  if (!match) return false;
  const given = Buffer.from(match[1]!, "hex");
  const expected = createHmac("sha256", secret).update(rawBody).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

let shared: PrintifyClient | null | undefined;
/** The app's Printify client from env, or null without PRINTIFY_API_TOKEN (the store then shows the demo catalogue). */
export function printify(): PrintifyClient | null {
  if (shared === undefined) {
    shared = env.PRINTIFY_API_TOKEN
      ? createPrintifyClient({
          token: env.PRINTIFY_API_TOKEN,
          apiBase: env.PRINTIFY_API_BASE,
          userAgent: `${SITE_NAME}-Platform/1.0 (+${env.SITE_URL})`,
        })
      : null;
  }
  return shared;
}

/** Tests: replace the client (undefined: rebuild from env on next use). */
export function usePrintify(next: PrintifyClient | null | undefined) {
  shared = next;
}
