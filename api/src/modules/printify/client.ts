// The one file that talks to Printify (API v1, plain fetch): shops, products, orders, webhooks, and the webhook
// signature check. Every answer is checked against shapes.ts; every failure is one PrintifyError carrying Printify's
// own reason and whether trying again later can help. The token goes into the Authorization header and nowhere
// else: never into a log line, an error message or a URL.
//
// Printify's published limits: 600 requests a minute per account, and errors under 5 % of requests. So requests are
// paced below the limit — the app's client counts them in the shared rate-limit table, so every process together
// stays under it (SharedPacer, decision 013; RequestPacer paces a lone client by itself) — and retried only when a
// retry can succeed: 429 after Retry-After (written to the shared table too: every process waits it out), 5xx, a
// network error or a timeout, a bounded number of times with exponential backoff and jitter.
//
// Printify documents no idempotency key, so a POST that may have reached Printify is never repeated here: creating
// an order, sending it to production or registering a webhook is retried only on 429 (refused before any work).
// Any other failure is thrown with `retryable: true`, and the caller's durable job tries again later — for an
// order, after findOrderByExternalId has checked that the first attempt did not create it after all.
import { createHmac, timingSafeEqual } from "node:crypto";
import { type Static, type TSchema, Type as T } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import { SharedPacer } from "../../db/rate-limit";
import { env } from "../../env";
import { SITE_NAME } from "../../lib/html";
import { log } from "../../lib/logger";
import {
  type CreateOrderInput,
  PrintifyCreatedOrderSchema,
  type PrintifyOrder,
  PrintifyOrderLookupPageSchema,
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
/** Orders asked per page while looking for our external_id (documented: default 10, maximum 10). */
const ORDERS_PAGE_SIZE = 10;
/**
 * findOrderByExternalId reads at most this many pages unless told otherwise (…_SINCE: with `since`, which normally
 * ends the search within a page or two); past them it gives no verdict (a retryable "lookup_incomplete").
 */
const ORDER_SEARCH_MAX_PAGES = 5;
const ORDER_SEARCH_MAX_PAGES_SINCE = 50;
/** Pages in a row holding only orders created before `since` that end the lookup (see findOrderByExternalId). */
const OLDER_RUN = 2;

/**
 * Default pacing: 540 requests a minute with bursts of 20, so no 60-second window holds more than 20 + 540 = 560
 * requests — under Printify's 600, with room for the occasional retry.
 */
export const DEFAULT_REQUESTS_PER_MINUTE = 540;
export const DEFAULT_BURST = 20;
/** The shared budget's windows (SharedPacer): one second, so a minute holds 60 of them and a burst stays small. */
const SHARED_WINDOW_MS = 1_000;
/** The longest pause one 429 imposes on every process (a Retry-After of hours would be a Printify mistake). */
const MAX_SHARED_PAUSE_MS = 10 * 60_000;

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
  | "invalid_response"
  /**
   * The order lookup could not conclude: a list page it could not read, or its page budget spent before the list or
   * `since` ended. Never "not there" (that would create the order a second time): the job tries again later.
   */
  | "lookup_incomplete";

const RETRYABLE_KINDS: ReadonlySet<PrintifyErrorKind> = new Set([
  "rate_limited",
  "server",
  "network",
  "timeout",
  "order_pending",
  "lookup_incomplete",
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
  /** Pacing of this client alone (without `sharedPacer`, or while the database cannot be reached). */
  requestsPerMinute?: number;
  burst?: number;
  /** Pacing shared by every process on the database (the app's client): see SharedPacer. */
  sharedPacer?: Pick<SharedPacer, "take" | "pause">;
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
   * Our order at Printify, if an earlier attempt created it: the order whose `metadata.shop_order_id` (where Printify
   * answers the external_id we gave) or top-level `external_id` (should it ever be there) is `externalId`.
   *
   * Pages through the shop's order list until it finds it, the list ends, or two pages in a row show only orders
   * created before `since` (give our order's creation time minus a few minutes). The list's order is not documented,
   * so it is not assumed: when page 1 holds only older orders the last page is read too, and an oldest-first list is
   * walked back from its end; one page of old orders never ends the search (orders imported from other channels
   * keep their old dates). Foreign orders (other sales channels, manual orders, fields missing) are read for the
   * lookup's fields only. null is a verdict; an unreadable page, or `maxPages` pages (default 5, or 50 with `since`)
   * read without a verdict, throws the retryable "lookup_incomplete".
   */
  findOrderByExternalId(
    shopId: ShopId,
    externalId: string,
    bounds?: { maxPages?: number; since?: Date },
  ): Promise<FoundOrder | null>;
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
  /** DELETE /v1/shops/{shop_id}/webhooks/{webhook_id}.json (idempotent: retried like a GET). */
  deleteWebhook(shopId: ShopId, webhookId: string): Promise<void>;
  /**
   * Publishing (Printify's Publish button locks the product until one of these): our listing is live at `handle`
   * (`id` is ours), or it could not be made, for `reason`. Either unlocks the product. Setting a status twice does no
   * harm, so these are retried like reads.
   */
  publishingSucceeded(shopId: ShopId, productId: string, external: { id: string; handle: string }): Promise<void>;
  publishingFailed(shopId: ShopId, productId: string, reason: string): Promise<void>;
};

/** What the order lookup answers of the order it found. */
export type FoundOrder = { id: string; status: string | null };

/** Printify shop ids are numbers; our database keeps them as text. Either is accepted. */
export type ShopId = number | string;

const ProductPageSchema = printifyPage(PrintifyProductSchema);

export function createPrintifyClient(options: PrintifyClientOptions): PrintifyClient {
  const base = new URL(options.apiBase ?? PRINTIFY_DEFAULT_API_BASE);
  if (!base.pathname.endsWith("/")) base.pathname += "/";
  const fetchImpl = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 20_000;
  const maxAttempts = Math.max(1, options.maxAttempts ?? 4);
  const backoffBaseMs = options.backoffBaseMs ?? 500;
  const backoffMaxMs = options.backoffMaxMs ?? 20_000;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 60_000;
  const localPacer = new RequestPacer(options.requestsPerMinute ?? DEFAULT_REQUESTS_PER_MINUTE, options.burst ?? DEFAULT_BURST);
  const shared = options.sharedPacer;
  /** The shared budget; this client's own pacing if the database cannot be asked (a Printify call should not fail on it). */
  const pace = async () => {
    if (!shared) return localPacer.take();
    try {
      await shared.take();
    } catch (e) {
      log.warn("printify pacing: shared budget unavailable, pacing this process alone", { error: String(e) });
      await localPacer.take();
    }
  };
  /** A 429's wait, told to every process; best effort (the caller waits anyway). */
  const pauseAll = (ms: number) =>
    shared
      ?.pause(Math.min(ms, MAX_SHARED_PAUSE_MS))
      .catch((e) => log.warn("printify pacing: pause not shared", { error: String(e) }));
  const headers = {
    Authorization: `Bearer ${options.token}`,
    "User-Agent": options.userAgent ?? `${SITE_NAME}-Platform/1.0`,
    Accept: "application/json",
  };
  const backoff = (attempt: number, maxMs = backoffMaxMs) =>
    Math.min(maxMs, backoffBaseMs * 2 ** (attempt - 1)) * (0.5 + Math.random() / 2);

  type Call<S extends TSchema> = {
    method: "GET" | "POST" | "DELETE";
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
      await pace();
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
      // A 429 waits for Retry-After, else backs off up to maxRetryAfterMs (60 s): the account is over its budget, and
      // every process is told to wait as long, so the others do not spend the next window's requests on more 429s.
      const rateLimited = failure.kind === "rate_limited";
      const wait = rateLimited ? (failure.details.retryAfterMs ?? backoff(attempt, maxRetryAfterMs)) : backoff(attempt);
      if (rateLimited) await pauseAll(wait);
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
      const since = bounds.since?.getTime() ?? null;
      const path = `${shop(shopId)}/orders.json`;
      let reads = 0;
      const pages = new Map<number, LookupPage>();
      const read = async (page: number): Promise<LookupPage> => {
        const known = pages.get(page);
        if (known) return known;
        const request = { method: "GET", path: `/${path}?page=${page}` };
        if (reads >= maxPages) {
          throw new PrintifyError("lookup_incomplete", 0, `no verdict within ${maxPages} pages of orders`, request);
        }
        reads++;
        try {
          const answer = await call({
            method: "GET",
            path,
            query: { page, limit: ORDERS_PAGE_SIZE },
            schema: PrintifyOrderLookupPageSchema,
            idempotent: true,
          });
          const parsed = lookupPage(answer, page, externalId, since);
          pages.set(page, parsed);
          return parsed;
        } catch (e) {
          // A page we cannot read says nothing about our order: try again later, never "not there", never "give up".
          if (e instanceof PrintifyError && e.kind === "invalid_response") {
            throw new PrintifyError("lookup_incomplete", e.status, e.reason, e.request);
          }
          throw e;
        }
      };

      const first = await read(1);
      if (first.match || first.isLast) return first.match;
      // Which way the list runs is not documented. When page 1 holds only older orders the answer matters (newest
      // first: ours is not further on; oldest first: the newest are at the end), so the last page is read to tell.
      let last: LookupPage | null = null;
      if (first.allOlder && first.lastPage !== null && first.lastPage > 1) {
        last = await read(first.lastPage);
        if (last.match) return last.match;
      }
      // Walked from the newest end: stop after OLDER_RUN pages in a row of orders all created before `since` — one
      // such page is not enough, as orders imported from other channels keep their old dates and may be listed
      // among recent ones.
      if (last && last.newest > first.newest) {
        // Newer orders at the end: the list runs oldest first. Back from the end, back in time.
        let run = last.allOlder ? 1 : 0;
        for (let page = first.lastPage! - 1; page > 1; page--) {
          const previous = await read(page);
          if (previous.match) return previous.match;
          run = previous.allOlder ? run + 1 : 0;
          if (run >= OLDER_RUN) return null;
        }
        return null; // every page read
      }
      let run = first.allOlder ? 1 : 0;
      for (let page = 2; ; page++) {
        const next = await read(page);
        if (next.match || next.isLast) return next.match;
        run = next.allOlder ? run + 1 : 0;
        if (run >= OLDER_RUN) return null;
      }
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
    async deleteWebhook(shopId, webhookId) {
      try {
        await call({
          method: "DELETE",
          path: `${shop(shopId)}/webhooks/${encodeURIComponent(webhookId)}.json`,
          schema: null,
          idempotent: true,
        });
      } catch (e) {
        // Already gone (a retry after a lost answer, or another admin's click): what we wanted.
        if (!(e instanceof PrintifyError) || e.status !== 404) throw e;
      }
    },
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

type LookupPage = {
  match: FoundOrder | null;
  /** No page after this one. */
  isLast: boolean;
  /** The page holds orders, every one created (readably) before `since`. */
  allOlder: boolean;
  /** The newest creation time on the page (epoch ms; -Infinity when none is readable). */
  newest: number;
  lastPage: number | null;
};

/**
 * One list page as the lookup reads it. Each entry is any order of the shop: only `id`, `metadata.shop_order_id`,
 * `external_id`, `status` and `created_at` are read, each only when it has the expected type; an entry without an id is
 * passed over. An entry without a readable creation time is never "older" (nothing is concluded from it).
 */
function lookupPage(
  answer: Static<typeof PrintifyOrderLookupPageSchema>,
  page: number,
  externalId: string,
  since: number | null,
): LookupPage {
  let match: FoundOrder | null = null;
  let allOlder = since !== null && answer.data.length > 0;
  let newest = Number.NEGATIVE_INFINITY;
  for (const entry of answer.data) {
    const order = entry && typeof entry === "object" ? (entry as Record<string, unknown>) : {};
    const metadata = order.metadata && typeof order.metadata === "object" ? (order.metadata as Record<string, unknown>) : {};
    const shopOrderId = metadata.shop_order_id;
    const ours =
      ((typeof shopOrderId === "string" || typeof shopOrderId === "number") && String(shopOrderId) === externalId) ||
      order.external_id === externalId;
    if (ours && typeof order.id === "string" && order.id && !match) {
      match = { id: order.id, status: typeof order.status === "string" ? order.status : null };
    }
    const created = typeof order.created_at === "string" ? printifyTime(order.created_at) : Number.NaN;
    if (Number.isFinite(created)) newest = Math.max(newest, created);
    if (!(Number.isFinite(created) && since !== null && created < since)) allOlder = false;
  }
  const current = answer.current_page ?? page;
  const lastPage = answer.last_page ?? null;
  const isLast =
    answer.data.length === 0 ||
    (lastPage !== null
      ? current >= lastPage
      : answer.next_page_url !== undefined
        ? answer.next_page_url === null
        : answer.data.length < ORDERS_PAGE_SIZE);
  return { match, isLast, allOlder, newest, lastPage };
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
 * Printify's documented address refusal puts the field list in `reason` as JSON text
 * (`"reason": "{\"zip\":[\"The zip field is required.\"]}"`, code 8103, docs "Orders" → "Common error cases"): that
 * is read like the Laravel form, so the admin's order card says "Validation failed. zip: The zip field is required."
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
  const message = typeof b.message === "string" ? b.message : null;
  let reason: string | undefined;
  if (typeof errors?.reason === "string") reason = fieldErrorsText(message, fieldErrorsIn(errors.reason)) ?? errors.reason;
  else if (errors) reason = fieldErrorsText(message, errors) ?? undefined;
  reason ??= typeof b.message === "string" ? b.message : typeof b.error === "string" ? b.error : fallback;
  return { reason: reason.slice(0, 500), code };
}

/** A reason that is itself a JSON object of fields (Printify's address refusal), else null. */
function fieldErrorsIn(reason: string): Record<string, unknown> | null {
  if (!reason.trimStart().startsWith("{")) return null;
  try {
    const parsed: unknown = JSON.parse(reason);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** "Validation failed. zip: The zip field is required.; city: …", or null when there are no fields. */
function fieldErrorsText(message: string | null, errors: Record<string, unknown> | null): string | null {
  const fields = Object.entries(errors ?? {})
    .filter(([key]) => key !== "code")
    .map(([key, value]) => `${key}: ${Array.isArray(value) ? value.join(" ") : String(value)}`);
  return fields.length > 0 ? [message, fields.join("; ")].filter(Boolean).join(" ") : null;
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
 * Paces one client's requests under a per-minute budget (a GCRA token bucket: a steady rate plus a small burst). Per
 * process: the app's client uses SharedPacer instead (Printify counts per account, across our processes) and falls
 * back to this only while the database cannot be asked; tests' clients use it alone.
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
          sharedPacer: sharedPrintifyPacer(env.PRINTIFY_API_TOKEN, env.PRINTIFY_REQUESTS_PER_MINUTE),
        })
      : null;
  }
  return shared;
}

/**
 * The budget every process shares for one Printify account (known to us by its token; kept only as a hash): 1-second
 * windows of ⌊perMinute / 61⌋ requests, because any 60 s span touches at most 61 windows — so no minute holds more
 * than `perMinute` (the default 560 → 9 a second → at most 549).
 */
export function sharedPrintifyPacer(token: string, perMinute: number): SharedPacer {
  return new SharedPacer("printify-requests", token, Math.max(1, Math.floor(perMinute / 61)), SHARED_WINDOW_MS);
}

/** Tests: replace the client (undefined: rebuild from env on next use). */
export function usePrintify(next: PrintifyClient | null | undefined) {
  shared = next;
}
