// A Stripe-compatible HTTP server for tests: the endpoints the payments module calls (POST /v1/customers,
// POST /v1/checkout/sessions, GET and POST /v1/subscriptions/:id), Stripe's idempotency (a repeated Idempotency-Key answers
// the first response), and every request recorded for assertions. The real `stripe` SDK talks to it through its
// host/port/protocol options (createStripe with apiBase). Subscriptions are whatever a test puts in `subscriptions`.
import Stripe from "stripe";
import { createStripe, webhookSecret } from "../src/modules/payments/stripe";
import { BASE_URL, raw } from "./client";

type RecordedCall = { method: string; path: string; params: Record<string, string>; idempotencyKey: string | null };

export type FakeStripe = {
  url: string;
  client: Stripe;
  calls: RecordedCall[];
  subscriptions: Map<string, Partial<Stripe.Subscription> & { id: string }>;
  stop(): Promise<void>;
};

let seq = 0;
const id = (prefix: string) => `${prefix}_fake${Date.now().toString(36)}${(++seq).toString(36)}`;

export function startFakeStripe(): FakeStripe {
  const calls: RecordedCall[] = [];
  const subscriptions: FakeStripe["subscriptions"] = new Map();
  const idempotent = new Map<string, unknown>();
  const json = (body: unknown, status = 200) => Response.json(body, { status });
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      const url = new URL(request.url);
      const params = Object.fromEntries(new URLSearchParams(request.method === "GET" ? url.search : await request.text()));
      const idempotencyKey = request.headers.get("idempotency-key");
      calls.push({ method: request.method, path: url.pathname, params, idempotencyKey });
      if (!request.headers.get("authorization")?.startsWith("Bearer sk_test_")) {
        return json({ error: { type: "invalid_request_error", message: "Invalid API Key provided" } }, 401);
      }
      const cacheKey = idempotencyKey ? `${url.pathname} ${idempotencyKey}` : null;
      if (cacheKey && idempotent.has(cacheKey)) return json(idempotent.get(cacheKey));
      let body: unknown;
      if (request.method === "POST" && url.pathname === "/v1/customers") {
        body = { id: id("cus"), object: "customer", email: params.email ?? null, metadata: {} };
      } else if (request.method === "POST" && url.pathname === "/v1/checkout/sessions") {
        const sessionId = id("cs_test");
        body = {
          id: sessionId,
          object: "checkout.session",
          mode: params.mode,
          customer: params.customer ?? null,
          url: `https://checkout.stripe.test/c/pay/${sessionId}`,
          success_url: params.success_url,
          cancel_url: params.cancel_url,
        };
      } else if (request.method === "POST" && /^\/v1\/subscriptions\/[^/]+$/.test(url.pathname)) {
        const subscription = subscriptions.get(decodeURIComponent(url.pathname.split("/")[3]!));
        if (!subscription) return json({ error: { type: "invalid_request_error", message: "No such object" } }, 404);
        if (params.cancel_at_period_end) subscription.cancel_at_period_end = params.cancel_at_period_end === "true";
        body = { object: "subscription", metadata: {}, items: { object: "list", data: [] }, ...subscription };
      } else {
        const match = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
        const subscription = match && request.method === "GET" ? subscriptions.get(decodeURIComponent(match[1]!)) : null;
        if (!subscription) return json({ error: { type: "invalid_request_error", message: "No such object" } }, 404);
        body = { object: "subscription", metadata: {}, items: { object: "list", data: [] }, ...subscription };
      }
      if (cacheKey) idempotent.set(cacheKey, body);
      return json(body);
    },
  });
  const url = `http://127.0.0.1:${server.port}`;
  return {
    url,
    client: createStripe({ secretKey: "sk_test_fake", apiBase: url })!,
    calls,
    subscriptions,
    stop: () => server.stop(true),
  };
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

let eventSeq = 0;
/** An event of `type` carrying `object`, as Stripe wraps it (a fresh event id each call). */
export const stripeEvent = (type: string, object: object) => ({
  id: `evt_${Date.now().toString(36)}${(++eventSeq).toString(36)}`,
  object: "event",
  type,
  created: Math.floor(Date.now() / 1000),
  livemode: false,
  data: { object },
});

/**
 * A paid Checkout Session for one merchandise variant, as Stripe delivers `checkout.session.completed`: a $25.00
 * payment, the buyer's e-mail and a US shipping address, and our metadata (kind merchandise, product and variant).
 */
export function paidMerchandiseEvent(
  product: { id: string; variants: { id: string; providerVariantId: string; title: string }[] },
  opts: { userId?: string; email?: string; printifyVariantId?: string } = {},
) {
  const variant = product.variants[0]!;
  const address = { line1: "1 Main St", line2: null, city: "Springfield", state: "IL", postal_code: "62701", country: "US" };
  return {
    id: id("evt"),
    object: "event",
    type: "checkout.session.completed",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: {
      object: {
        id: id("cs_test"),
        object: "checkout.session",
        mode: "payment",
        payment_status: "paid",
        amount_total: 2500,
        currency: "usd",
        payment_intent: id("pi"),
        customer_details: { email: opts.email ?? "guest.buyer@example.com", name: "Homer Simpson", phone: null, address },
        collected_information: { shipping_details: { name: "Homer J Simpson", address } },
        metadata: {
          kind: "merchandise",
          userId: opts.userId ?? "",
          merchandiseId: product.id,
          merchandiseVariantId: variant.id,
          printifyVariantId: opts.printifyVariantId ?? variant.providerVariantId,
          variantTitle: variant.title,
        },
        subscription: null,
        invoice: null,
      },
    },
  };
}
