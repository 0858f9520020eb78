// A Stripe-compatible HTTP server for tests, answering and signing Stripe's own objects: every object it returns or
// wraps in an event starts as Stripe's published fixture (api/test/fixtures/stripe/, copied from `stripe/openapi`
// `openapi/fixtures3.json` at f6c2a48 — see the README there) and overrides only the fields a test controls (ids,
// amounts, statuses, metadata, the buyer), so a field our code reads that Stripe's object lacks, or spells otherwise,
// fails here as it would against Stripe.
// Endpoints: POST /v1/customers, POST /v1/checkout/sessions, GET and POST /v1/subscriptions/:id, POST and GET
// /v1/refunds.
// Idempotency as Stripe documents it (docs.stripe.com/api/idempotent_requests): the first response to a key is saved
// and answered again to a repeat with the same parameters (header `Idempotent-Replayed: true`); the same key with other
// parameters is refused with an `idempotency_error`, and one arriving while the first is still running gets a 409
// (`idempotency_key_in_use`). Every request is recorded for assertions. The real `stripe` SDK
// talks to it through its host/port/protocol options (createStripe with apiBase).
import Stripe from "stripe";
import { createStripe, webhookSecret } from "../src/lib/stripe";
import { BASE_URL, raw } from "./client";
import chargeFixture from "./fixtures/stripe/charge.json" with { type: "json" };
import sessionFixture from "./fixtures/stripe/checkout.session.json" with { type: "json" };
import eventFixture from "./fixtures/stripe/event.json" with { type: "json" };
import invoiceFixture from "./fixtures/stripe/invoice.json" with { type: "json" };
import paymentIntentFixture from "./fixtures/stripe/payment_intent.json" with { type: "json" };
import refundFixture from "./fixtures/stripe/refund.json" with { type: "json" };
import subscriptionFixture from "./fixtures/stripe/subscription.json" with { type: "json" };

type RecordedCall = { method: string; path: string; params: Record<string, string>; idempotencyKey: string | null };
type Json = Record<string, unknown>;

export type FakeStripe = {
  url: string;
  client: Stripe;
  calls: RecordedCall[];
  subscriptions: Map<string, Partial<Stripe.Subscription> & { id: string }>;
  /** The refunds this Stripe made, in order (what its dashboard would list). */
  refunds: Stripe.Refund[];
  /** The events this Stripe would have sent for what happened through its API (a refund: `charge.refunded`). */
  events: Stripe.Event[];
  /**
   * A refund the card network later refuses (Stripe's `refund.updated` with status `failed`): the amount goes back to
   * the payment's refundable balance, and the event is added to `events`.
   */
  failRefund(refundId: string, reason?: string): void;
  /** Makes the next `count` requests to `path` fail as Stripe's API does when it has a problem (500 api_error). */
  failNext(path: string, count?: number): void;
  stop(): Promise<void>;
};

let seq = 0;
const id = (prefix: string) => `${prefix}_fake${Date.now().toString(36)}${(++seq).toString(36)}`;
const now = () => Math.floor(Date.now() / 1000);
/** A fresh copy of a fixture with the fields a test controls laid over it (top-level keys). */
const fromFixture = <T>(fixture: object, overrides: object): T => ({ ...structuredClone(fixture), ...overrides }) as unknown as T;

/**
 * The payments Stripe has taken, by PaymentIntent id: written when a test builds a paid session (Stripe made the
 * intent when the buyer paid), read by POST /v1/refunds, which refunds only what was paid and not yet refunded.
 */
const payments = new Map<string, { amount: number; currency: string; charge: string; refunded: number }>();

/** Records that Stripe took `amount` cents as `paymentIntent` (a paid session built here does this itself). */
export function recordPayment(paymentIntent: string, amount: number, currency = "usd") {
  if (!payments.has(paymentIntent)) payments.set(paymentIntent, { amount, currency, charge: id("ch"), refunded: 0 });
}

/** Stripe's error body: `{ error: { type, code?, message, param? } }`. */
const stripeError = (status: number, error: { type: string; message: string; code?: string; param?: string }) =>
  Response.json({ error }, { status });

export function startFakeStripe(): FakeStripe {
  const calls: RecordedCall[] = [];
  const subscriptions: FakeStripe["subscriptions"] = new Map();
  const refunds: Stripe.Refund[] = [];
  const events: Stripe.Event[] = [];
  const failing = new Map<string, number>();
  const saved = new Map<string, { params: string; status: number; body: unknown }>();
  const inFlight = new Set<string>();

  const subscriptionBody = (subscription: Partial<Stripe.Subscription> & { id: string }) =>
    fromFixture<Stripe.Subscription>(subscriptionFixture, {
      // A live subscription: the fixture's end and cancel times (1234567890) belong to an ended one.
      ended_at: null,
      canceled_at: null,
      cancel_at: null,
      cancel_at_period_end: false,
      status: "active",
      metadata: {},
      items: { object: "list", data: [], has_more: false, url: `/v1/subscription_items?subscription=${subscription.id}` },
      ...subscription,
    });

  function createRefund(params: Record<string, string>): Response {
    const paymentIntent = params.payment_intent;
    if (!paymentIntent && !params.charge) {
      return stripeError(400, {
        type: "invalid_request_error",
        message: "One of the following params should be provided for this request: payment_intent or charge.",
      });
    }
    const payment = paymentIntent ? payments.get(paymentIntent) : undefined;
    if (!payment) {
      return stripeError(404, {
        type: "invalid_request_error",
        code: "resource_missing",
        param: paymentIntent ? "payment_intent" : "charge",
        message: `No such ${paymentIntent ? "payment_intent" : "charge"}: '${paymentIntent ?? params.charge}'`,
      });
    }
    const remaining = payment.amount - payment.refunded;
    if (remaining <= 0) {
      return stripeError(400, {
        type: "invalid_request_error",
        code: "charge_already_refunded",
        message: `Charge ${payment.charge} has already been refunded.`,
      });
    }
    const amount = params.amount === undefined ? remaining : Number(params.amount);
    if (!Number.isInteger(amount) || amount <= 0 || amount > remaining) {
      return stripeError(400, {
        type: "invalid_request_error",
        code: "amount_too_large",
        param: "amount",
        message: `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(remaining / 100).toFixed(2)})`,
      });
    }
    payment.refunded += amount;
    const metadata = Object.fromEntries(
      Object.entries(params)
        .filter(([key]) => key.startsWith("metadata["))
        .map(([key, value]) => [key.slice("metadata[".length, -1), value]),
    );
    const refund = fromFixture<Stripe.Refund>(refundFixture, {
      id: id("re"),
      amount,
      currency: payment.currency,
      charge: payment.charge,
      payment_intent: paymentIntent,
      created: now(),
      metadata,
      reason: params.reason ?? null,
      status: "succeeded",
    });
    refunds.push(refund);
    const charge = fromFixture<Stripe.Charge>(chargeFixture, {
      id: payment.charge,
      amount: payment.amount,
      amount_captured: payment.amount,
      amount_refunded: payment.refunded,
      captured: true,
      currency: payment.currency,
      payment_intent: paymentIntent,
      refunded: payment.refunded >= payment.amount,
      refunds: { object: "list", data: [refund], has_more: false, url: `/v1/charges/${payment.charge}/refunds` },
    });
    events.push(stripeEvent("charge.refunded", charge) as unknown as Stripe.Event);
    return Response.json(refund);
  }

  async function answer(request: Request, url: URL, params: Record<string, string>): Promise<Response> {
    const path = url.pathname;
    if (request.method === "POST" && path === "/v1/customers") {
      return Response.json({ id: id("cus"), object: "customer", email: params.email ?? null, metadata: {} });
    }
    if (request.method === "POST" && path === "/v1/checkout/sessions") {
      const sessionId = id("cs_test");
      return Response.json(
        fromFixture<Stripe.Checkout.Session>(sessionFixture, {
          id: sessionId,
          created: now(),
          expires_at: now() + 24 * 3600,
          mode: params.mode,
          customer: params.customer ?? null,
          customer_email: params.customer_email ?? null,
          customer_details: null, // filled in when the buyer pays
          collected_information: null,
          payment_intent: null, // Stripe creates it when the buyer pays
          payment_status: "unpaid",
          status: "open",
          amount_total: null,
          amount_subtotal: null,
          currency: null,
          shipping_cost: null,
          total_details: null,
          metadata: metadataOf(params, "metadata"),
          url: `https://checkout.stripe.test/c/pay/${sessionId}`,
          success_url: params.success_url,
          cancel_url: params.cancel_url,
        }),
      );
    }
    if (request.method === "POST" && path === "/v1/refunds") return createRefund(params);
    if (request.method === "GET" && path === "/v1/refunds") {
      const data = refunds.filter((r) => !params.payment_intent || r.payment_intent === params.payment_intent).reverse();
      return Response.json({ object: "list", data, has_more: false, url: "/v1/refunds" });
    }
    const match = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    const subscription = match ? subscriptions.get(decodeURIComponent(match[1]!)) : undefined;
    if (!match || !subscription || !["GET", "POST"].includes(request.method)) {
      return stripeError(404, {
        type: "invalid_request_error",
        code: "resource_missing",
        message: `No such ${match ? "subscription" : "object"}: '${match ? decodeURIComponent(match[1]!) : path}'`,
      });
    }
    if (request.method === "POST" && params.cancel_at_period_end) {
      subscription.cancel_at_period_end = params.cancel_at_period_end === "true";
    }
    return Response.json(subscriptionBody(subscription));
  }

  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      const url = new URL(request.url);
      const body = request.method === "GET" ? url.search : await request.text();
      const params = Object.fromEntries(new URLSearchParams(body));
      const idempotencyKey = request.headers.get("idempotency-key");
      calls.push({ method: request.method, path: url.pathname, params, idempotencyKey });
      if (!request.headers.get("authorization")?.startsWith("Bearer sk_test_")) {
        return stripeError(401, { type: "invalid_request_error", message: "Invalid API Key provided" });
      }
      // Stripe keys idempotency by key (per account); the parameters must match the first request's.
      const canonical = `${request.method} ${url.pathname} ${[...new URLSearchParams(body)].sort().join("&")}`;
      const first = idempotencyKey ? saved.get(idempotencyKey) : undefined;
      if (first && first.params !== canonical) {
        return stripeError(400, {
          type: "idempotency_error",
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
        });
      }
      if (first) {
        return Response.json(first.body, { status: first.status, headers: { "idempotent-replayed": "true" } });
      }
      const keyed = idempotencyKey !== null && request.method === "POST";
      if (keyed && inFlight.has(idempotencyKey)) {
        return stripeError(409, {
          type: "idempotency_error",
          code: "idempotency_key_in_use",
          message: "There is currently another in-progress request using this idempotency key. Please try again later.",
        });
      }
      if (keyed) inFlight.add(idempotencyKey);
      try {
        const failures = failing.get(url.pathname) ?? 0;
        if (failures > 0) failing.set(url.pathname, failures - 1);
        const response =
          failures > 0
            ? stripeError(500, { type: "api_error", message: "An unknown error occurred" })
            : await answer(request, url, params);
        // Saved whatever the outcome, 500s included: a retry under the same key gets the same answer (Stripe's docs).
        if (keyed) saved.set(idempotencyKey, { params: canonical, status: response.status, body: await response.clone().json() });
        return response;
      } finally {
        if (keyed) inFlight.delete(idempotencyKey);
      }
    },
  });
  const url = `http://127.0.0.1:${server.port}`;
  return {
    url,
    client: createStripe({ secretKey: "sk_test_fake", apiBase: url })!,
    calls,
    subscriptions,
    refunds,
    events,
    failNext: (path, count = 1) => failing.set(path, count),
    failRefund(refundId, reason = "expired_or_canceled_card") {
      const refund = refunds.find((r) => r.id === refundId);
      const payment = refund?.payment_intent ? payments.get(String(refund.payment_intent)) : undefined;
      if (!refund || !payment) throw new Error(`No refund ${refundId}`);
      refund.status = "failed";
      refund.failure_reason = reason;
      payment.refunded -= refund.amount;
      events.push(stripeEvent("refund.updated", structuredClone(refund)) as unknown as Stripe.Event);
    },
    stop: () => server.stop(true),
  };
}

/** `metadata[kind]=…` form fields back into an object. */
function metadataOf(params: Record<string, string>, prefix: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params)
      .filter(([key]) => key.startsWith(`${prefix}[`) && key.endsWith("]"))
      .map(([key, value]) => [key.slice(prefix.length + 1, -1), value]),
  );
}

const signer = new Stripe("sk_test_signing").webhooks;

/** Sends `event` to our webhook as Stripe would: signed with the webhook secret, unless a test overrides the header. */
export async function deliverStripeEvent(
  event: object,
  opts: { header?: string; timestamp?: number; body?: string } = {},
): Promise<Response> {
  const payload = JSON.stringify(event);
  const header =
    opts.header ?? (await signer.generateTestHeaderStringAsync({ payload, secret: webhookSecret()!, timestamp: opts.timestamp }));
  return raw(
    new Request(`${BASE_URL}/api/webhooks/stripe`, {
      method: "POST",
      headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": header },
      body: opts.body ?? payload,
    }),
  );
}

/** The API version the `stripe` SDK is pinned to (its static API_VERSION). */
const STRIPE_API_VERSION = (Stripe as unknown as { API_VERSION: string }).API_VERSION;

let eventSeq = 0;
/** An event of `type` carrying `object`, as Stripe wraps it (its event fixture; a fresh event id each call). */
export const stripeEvent = (type: string, object: object) => ({
  ...structuredClone(eventFixture),
  // A webhook endpoint sends events in its own API version: the fake's endpoint is at the SDK's.
  api_version: STRIPE_API_VERSION,
  id: `evt_${Date.now().toString(36)}${(++eventSeq).toString(36)}`,
  object: "event" as const,
  type,
  created: now(),
  livemode: false,
  pending_webhooks: 1,
  request: { id: null, idempotency_key: null },
  data: { object },
});

/**
 * A Checkout Session as Stripe sends it once paid (its fixture, completed and paid), with what a test controls laid
 * over it; the payment is recorded so this Stripe can refund it.
 */
export function paidCheckoutSession<T extends Json>(overrides: T) {
  const session = fromFixture<Json>(sessionFixture, {
    id: id("cs_test"),
    created: now(),
    expires_at: now() + 24 * 3600,
    status: "complete",
    payment_status: "paid",
    payment_intent: id("pi"),
    currency: "usd",
    amount_subtotal: overrides.amount_total ?? 2500,
    amount_total: 2500,
    shipping_cost: null,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    subscription: null,
    invoice: null,
    ...overrides,
  });
  const pi = typeof session.payment_intent === "string" ? session.payment_intent : null;
  if (pi) recordPayment(pi, Number(session.amount_total ?? 0), String(session.currency ?? "usd"));
  return session as Json & T & { id: string; payment_intent: string; amount_total: number };
}

/** An invoice as Stripe sends it (its fixture), paid, with what a test controls laid over it. */
export const stripeInvoice = <T extends Json>(overrides: T) =>
  fromFixture<Json>(invoiceFixture, { id: id("in"), created: now(), status: "paid", ...overrides }) as Json & T;

/** A PaymentIntent as Stripe answers it (its fixture), succeeded, with what a test controls laid over it. */
export const stripePaymentIntent = <T extends Json>(overrides: T) =>
  fromFixture<Json>(paymentIntentFixture, {
    id: id("pi"),
    created: now(),
    status: "succeeded",
    last_payment_error: null,
    next_action: null,
    ...overrides,
  }) as Json & T;

/**
 * A paid Checkout Session for one merchandise variant, as Stripe delivers `checkout.session.completed`: a $25.00
 * payment, the buyer's e-mail and a US shipping address, and our metadata (kind merchandise, product and variant).
 */
export function paidMerchandiseEvent(
  product: { id: string; variants: { id: string; providerVariantId: string; title: string }[] },
  opts: { userId?: string; email?: string; printifyVariantId?: string; amountCents?: number } = {},
) {
  const variant = product.variants[0]!;
  const address = { line1: "1 Main St", line2: null, city: "Springfield", state: "IL", postal_code: "62701", country: "US" };
  const session = paidCheckoutSession({
    mode: "payment" as const,
    amount_total: opts.amountCents ?? 2500,
    currency: "usd",
    customer_details: {
      ...structuredClone(sessionFixture.customer_details),
      email: opts.email ?? "guest.buyer@example.com",
      name: "Homer Simpson",
      phone: null,
      address,
    },
    collected_information: {
      ...structuredClone(sessionFixture.collected_information),
      shipping_details: { name: "Homer J Simpson", address },
    },
    metadata: {
      kind: "merchandise",
      userId: opts.userId ?? "",
      merchandiseId: product.id,
      merchandiseVariantId: variant.id,
      printifyVariantId: opts.printifyVariantId ?? variant.providerVariantId,
      variantTitle: variant.title,
    },
  });
  return { ...stripeEvent("checkout.session.completed", session), data: { object: session } };
}
