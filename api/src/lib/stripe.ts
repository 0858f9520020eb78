// The Stripe client, built once from env: api.stripe.com with STRIPE_SECRET_KEY, or the Stripe-compatible server
// STRIPE_API_BASE names (tests). null when no key is set — checkout then uses the local test payment page in
// development and answers 503 in production (docs/decisions/010-payments.md).
import type Stripe from "stripe";
import { env } from "../env";

/**
 * The SDK, loaded on first use: a server without a Stripe key (the local test payment page) reaches it only when a test
 * payment is signed, and its modules need not sit in every server's memory from the start (decision 003,
 * "Loaded when used"). `require`, not `import()`: `stripe()` is synchronous for its many callers; Bun loads the
 * package's CommonJS build, whose export is the constructor, once (require's cache).
 */
const stripeSdk = () => require("stripe") as typeof Stripe;

type StripeSettings = { secretKey?: string; apiBase?: string };

export function createStripe({ secretKey, apiBase }: StripeSettings): Stripe | null {
  if (!secretKey) return null;
  const Stripe = stripeSdk();
  if (!apiBase) return new Stripe(secretKey, { maxNetworkRetries: 2 });
  const url = new URL(apiBase);
  const protocol = url.protocol === "http:" ? "http" : "https";
  const port = url.port ? Number(url.port) : protocol === "http" ? 80 : 443;
  return new Stripe(secretKey, { host: url.hostname, port, protocol, maxNetworkRetries: 0 });
}

let shared: Stripe | null | undefined;
/** The app's Stripe client, or null when payments run without Stripe. */
export function stripe(): Stripe | null {
  if (shared === undefined) shared = createStripe({ secretKey: env.STRIPE_SECRET_KEY, apiBase: env.STRIPE_API_BASE });
  return shared;
}

/** Tests: replace the client (undefined: rebuild from env on next use). */
export function useStripe(next: Stripe | null | undefined) {
  shared = next;
}

/**
 * The secret webhooks are verified with: STRIPE_WEBHOOK_SECRET, or — in development and tests without it — the
 * random local one (env.ts: kept in the data directory) the test payment page signs its events with. Production
 * without a secret verifies nothing (every webhook is refused).
 */
export function webhookSecret(): string | null {
  if (env.STRIPE_WEBHOOK_SECRET) return env.STRIPE_WEBHOOK_SECRET;
  return env.NODE_ENV === "production" ? null : env.LOCAL_WEBHOOK_SECRET;
}

let verifier: Stripe["webhooks"] | undefined;
/** Signature verification needs no API key: one instance serves webhooks in every mode. */
export function webhookVerifier(): Stripe["webhooks"] {
  verifier ??= new (stripeSdk())("sk_test_verification_only").webhooks;
  return verifier;
}

/** A refund Stripe made: its id and the cents it gave back. */
export type StripeRefund = { id: string; amount: number };

/** How often, and how long apart, a refund asks again while Stripe is still running a request under the same key. */
const KEY_IN_USE_TRIES = 20;
const KEY_IN_USE_WAIT_MS = 100;

/**
 * Refunds the whole unrefunded amount of `paymentIntent` through Stripe's Refund API under `idempotencyKey`: the same
 * key with the same parameters answers the same refund (a double click, a repeated request, the SDK's own retries), so
 * one key is one refund. A request arriving while another with the key is still running gets Stripe's 409
 * (`idempotency_key_in_use`); it asks again shortly, and then gets the first one's answer.
 */
export async function refundPayment(
  client: Stripe,
  paymentIntent: string,
  idempotencyKey: string,
  metadata: Record<string, string>,
): Promise<StripeRefund> {
  for (let attempt = 1; ; attempt++) {
    try {
      const refund = await client.refunds.create({ payment_intent: paymentIntent, metadata }, { idempotencyKey });
      return { id: refund.id, amount: refund.amount };
    } catch (err) {
      const inUse = (err as { code?: string }).code === "idempotency_key_in_use";
      if (!inUse || attempt >= KEY_IN_USE_TRIES) throw err;
      await Bun.sleep(KEY_IN_USE_WAIT_MS);
    }
  }
}

/** The latest succeeded refund of `paymentIntent` at Stripe (one made in its dashboard, or by an earlier attempt). */
export async function succeededRefundOf(client: Stripe, paymentIntent: string): Promise<StripeRefund | null> {
  const list = await client.refunds.list({ payment_intent: paymentIntent, limit: 10 });
  const refund = list.data.find((r) => r.status === "succeeded");
  return refund ? { id: refund.id, amount: refund.amount } : null;
}
