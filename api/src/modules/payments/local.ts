// Payments without Stripe keys, in development and tests only (docs/decisions/010-payments.md): checkout answers a
// local "Test payment" page (site: /payments/test/{id}). Pay builds the Checkout Session event Stripe would send,
// signs it the Stripe way with the local webhook secret and hands it to the same webhook handler — so the journey
// grants access exactly as production does, through a verified event. In production, or with Stripe configured,
// none of this is reachable: every call answers 404.
import { randomBytes } from "node:crypto";
import type Stripe from "stripe";
import { env } from "../../env";
import { AppError } from "../../lib/errors";
import { handleStripeWebhook } from "./fulfilment";
import type { Buyer, Purchase } from "./service";
import { idempotencyKey } from "./service";
import { stripe, webhookSecret, webhookVerifier } from "./stripe";

type LocalSession = { id: string; buyer: Buyer; purchase: Purchase; expiresAt: number };
const SESSION_TTL_MS = 60 * 60_000;
const sessions = new Map<string, LocalSession>();
const byKey = new Map<string, string>();

export const TEST_PAYMENT_PATH = "/payments/test";
const NOT_FOUND = "Test payment not found";

export function localPaymentsEnabled() {
  return env.NODE_ENV !== "production" && stripe() === null;
}

const hex = (bytes: number) => randomBytes(bytes).toString("hex");

export function createLocalSession(buyer: Buyer, purchase: Purchase): { url: string } {
  if (!localPaymentsEnabled()) throw new AppError("unavailable", "Payments are not configured");
  const now = Date.now();
  for (const [id, s] of sessions) if (s.expiresAt <= now) sessions.delete(id);
  // As with Stripe: a double click within the window gets the same session back.
  const key = idempotencyKey([buyer.id, purchase.kind, purchase.resourceId ?? "", String(purchase.amount)], now);
  let id = byKey.get(key);
  if (!id || !sessions.has(id)) {
    id = `cs_test_local_${hex(12)}`;
    sessions.set(id, { id, buyer, purchase, expiresAt: now + SESSION_TTL_MS });
    byKey.set(key, id);
  }
  // A path, not SITE_URL: the purchase form's 303 then stays on whichever origin the page was opened on (in
  // development 127.0.0.1 and localhost both work), which the page's form-action 'self' requires.
  return { url: `${TEST_PAYMENT_PATH}/${id}` };
}

function sessionFor(userId: string, id: string): LocalSession {
  const session = localPaymentsEnabled() ? sessions.get(id) : undefined;
  if (!session || session.buyer.id !== userId || session.expiresAt <= Date.now()) throw new AppError("not_found", NOT_FOUND);
  return session;
}

export type LocalSessionView = { id: string; name: string; amount: string; interval: "month" | "year" | null; cancelUrl: string };

export function viewLocalSession(userId: string, id: string): LocalSessionView {
  const { purchase } = sessionFor(userId, id);
  return {
    id,
    name: purchase.name,
    amount: (purchase.amount / 100).toFixed(2),
    interval: purchase.kind === "monthly" ? "month" : purchase.kind === "annual" ? "year" : null,
    cancelUrl: purchase.cancelUrl,
  };
}

export function cancelLocalSession(userId: string, id: string): { url: string } {
  const session = sessionFor(userId, id);
  sessions.delete(id);
  return { url: session.purchase.cancelUrl };
}

/** Pays a local session: the signed `checkout.session.completed` goes through the real webhook handler. */
export async function payLocalSession(userId: string, id: string): Promise<{ url: string }> {
  const session = sessionFor(userId, id);
  const payload = JSON.stringify(completedEvent(session));
  const secret = webhookSecret();
  if (!secret) throw new AppError("not_found", NOT_FOUND);
  const header = await webhookVerifier.generateTestHeaderStringAsync({ payload, secret });
  await handleStripeWebhook(payload, header);
  sessions.delete(id);
  return { url: session.purchase.successUrl };
}

function completedEvent({ id, buyer, purchase }: LocalSession) {
  const now = Math.floor(Date.now() / 1000);
  const metadata = { userId: buyer.id, resourceId: purchase.resourceId ?? "", kind: purchase.kind };
  const days = purchase.kind === "annual" ? 365 : 30;
  const subscription =
    purchase.kind === "onetime"
      ? null
      : ({
          id: `sub_local_${hex(12)}`,
          object: "subscription",
          status: "active",
          metadata,
          start_date: now,
          ended_at: null,
          items: { object: "list", data: [{ current_period_end: now + days * 86_400 }] },
        } as unknown as Stripe.Subscription);
  const session = {
    id,
    object: "checkout.session",
    mode: purchase.kind === "onetime" ? "payment" : "subscription",
    payment_status: "paid",
    status: "complete",
    amount_total: purchase.amount,
    currency: "usd",
    client_reference_id: buyer.id,
    customer_details: { email: buyer.email },
    metadata,
    payment_intent: purchase.kind === "onetime" ? `pi_local_${hex(12)}` : null,
    invoice: purchase.kind === "onetime" ? null : `in_local_${hex(12)}`,
    subscription,
    success_url: purchase.successUrl,
    cancel_url: purchase.cancelUrl,
  };
  return {
    id: `evt_local_${hex(12)}`,
    object: "event",
    type: "checkout.session.completed",
    created: now,
    livemode: false,
    data: { object: session },
  };
}
