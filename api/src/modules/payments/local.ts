// Payments without Stripe keys, in development and tests only (docs/decisions/010-payments.md): checkout answers a
// local "Test payment" page (site: /payments/test/{id}). Pay builds the Checkout Session event Stripe would send,
// signs it the Stripe way with the local webhook secret and hands it to the same webhook handler — so the journey
// grants access exactly as production does, through a verified event. In production, or with Stripe configured,
// none of this is reachable: every call answers 404.
// Sessions are rows of `test_payments` (no state in process memory). Pay claims a session with one conditional
// update (OPEN → PAYING): of concurrent clicks exactly one pays; the others wait for it and get the same answer.
import { randomBytes } from "node:crypto";
import type Stripe from "stripe";
import { db } from "../../db/client";
import { env } from "../../env";
import { AppError } from "../../lib/errors";
import { handleStripeWebhook } from "./fulfilment";
import { type Buyer, idempotencyKey, type Purchase } from "./purchase";
import type { CheckoutUrl, LocalSessionView, PurchaseKind } from "./schema";
import { stripe, webhookSecret, webhookVerifier } from "./stripe";

const SESSION_TTL_MS = 60 * 60_000;
/** How long a click waits for the concurrent click that claimed the session to finish paying it. */
const CLAIM_WAIT_MS = 15_000;

const TEST_PAYMENT_PATH = "/payments/test";
const NOT_FOUND = "Test payment not found";

export function localPaymentsEnabled() {
  return env.NODE_ENV !== "production" && stripe() === null;
}

const hex = (bytes: number) => randomBytes(bytes).toString("hex");

const SESSION_SELECT = {
  id: true,
  userId: true,
  email: true,
  kind: true,
  resourceId: true,
  name: true,
  amount: true,
  successUrl: true,
  cancelUrl: true,
} as const;
type LocalSession = { id: string; userId: string; email: string; kind: string } & Pick<
  Purchase,
  "resourceId" | "name" | "amount" | "successUrl" | "cancelUrl"
>;

export async function createLocalSession(buyer: Buyer, purchase: Purchase): Promise<CheckoutUrl> {
  if (!localPaymentsEnabled()) throw new AppError("unavailable", "Payments are not configured");
  const prisma = await db();
  const now = Date.now();
  await prisma.testPayment.deleteMany({ where: { expiresAt: { lte: new Date(now) } } });
  // As with Stripe: a double click within the window gets the same session back (the key is unique while OPEN).
  const key = idempotencyKey([buyer.id, purchase.kind, purchase.resourceId ?? "", String(purchase.amount)], now);
  let found: { id: string } | null = null;
  for (let attempt = 0; attempt < 2 && !found; attempt++) {
    await prisma.testPayment.createMany({
      data: [
        {
          id: `cs_test_local_${hex(12)}`,
          userId: buyer.id,
          email: buyer.email,
          kind: purchase.kind,
          resourceId: purchase.resourceId,
          name: purchase.name,
          amount: purchase.amount,
          successUrl: purchase.successUrl,
          cancelUrl: purchase.cancelUrl,
          idempotencyKey: key,
          expiresAt: new Date(now + SESSION_TTL_MS),
        },
      ],
      skipDuplicates: true,
    });
    // Another click's session holds the key, or (claimed meanwhile, key cleared) a second try creates ours.
    found = await prisma.testPayment.findUnique({ where: { idempotencyKey: key }, select: { id: true } });
  }
  if (!found) throw new AppError("conflict", "The test payment could not be started. Please try again.");
  // A path, not SITE_URL: the purchase form's 303 then stays on whichever origin the page was opened on (in
  // development 127.0.0.1 and localhost both work), which the page's form-action 'self' requires.
  return { url: `${TEST_PAYMENT_PATH}/${found.id}` };
}

/** The caller's open, unexpired session (404 otherwise, and always when local payments are off). */
async function openSession(userId: string, id: string): Promise<LocalSession> {
  const session = localPaymentsEnabled()
    ? await (await db()).testPayment.findFirst({
        where: { id, userId, status: "OPEN", expiresAt: { gt: new Date() } },
        select: SESSION_SELECT,
      })
    : null;
  if (!session) throw new AppError("not_found", NOT_FOUND);
  return session;
}

const intervalOf = (kind: string): LocalSessionView["interval"] =>
  kind === "monthly" ? "month" : kind === "annual" ? "year" : null;

export async function viewLocalSession(userId: string, id: string): Promise<LocalSessionView> {
  const session = await openSession(userId, id);
  return {
    id,
    name: session.name,
    amount: (session.amount / 100).toFixed(2),
    interval: intervalOf(session.kind),
    cancelUrl: session.cancelUrl,
  };
}

export async function cancelLocalSession(userId: string, id: string): Promise<CheckoutUrl> {
  const session = await openSession(userId, id);
  const { count } = await (await db()).testPayment.updateMany({
    where: { id, userId, status: "OPEN" },
    data: { status: "CANCELED", idempotencyKey: null },
  });
  if (count === 0) throw new AppError("not_found", NOT_FOUND); // paid or canceled by a click a moment earlier
  return { url: session.cancelUrl };
}

/**
 * Pays a local session once: the click that claims it sends the signed `checkout.session.completed` through the
 * real webhook handler; concurrent clicks wait until it is PAID and answer the same success URL.
 */
export async function payLocalSession(userId: string, id: string): Promise<CheckoutUrl> {
  if (!localPaymentsEnabled()) throw new AppError("not_found", NOT_FOUND);
  const prisma = await db();
  const deadline = Date.now() + CLAIM_WAIT_MS;
  for (;;) {
    const { count } = await prisma.testPayment.updateMany({
      where: { id, userId, status: "OPEN", expiresAt: { gt: new Date() } },
      data: { status: "PAYING", idempotencyKey: null },
    });
    if (count === 1) return pay(id);
    const row = await prisma.testPayment.findFirst({ where: { id, userId }, select: { status: true, successUrl: true } });
    if (row?.status === "PAID") return { url: row.successUrl };
    if (row?.status !== "PAYING" || Date.now() > deadline) throw new AppError("not_found", NOT_FOUND);
    await Bun.sleep(50); // another click is paying it
  }
}

async function pay(id: string): Promise<CheckoutUrl> {
  const prisma = await db();
  const session = await prisma.testPayment.findUniqueOrThrow({ where: { id }, select: SESSION_SELECT });
  try {
    const secret = webhookSecret();
    if (!secret) throw new AppError("not_found", NOT_FOUND);
    const payload = JSON.stringify(completedEvent(session));
    const header = await webhookVerifier.generateTestHeaderStringAsync({ payload, secret });
    await handleStripeWebhook(payload, header);
  } catch (e) {
    // Not paid: the session is open again for another try.
    await prisma.testPayment.updateMany({ where: { id, status: "PAYING" }, data: { status: "OPEN" } });
    throw e;
  }
  await prisma.testPayment.update({ where: { id }, data: { status: "PAID" } });
  return { url: session.successUrl };
}

function completedEvent(session: LocalSession) {
  const now = Math.floor(Date.now() / 1000);
  const kind = session.kind as PurchaseKind;
  const metadata = { userId: session.userId, resourceId: session.resourceId ?? "", kind };
  const days = kind === "annual" ? 365 : 30;
  const subscription =
    kind === "onetime"
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
  const checkout = {
    id: session.id,
    object: "checkout.session",
    mode: kind === "onetime" ? "payment" : "subscription",
    payment_status: "paid",
    status: "complete",
    amount_total: session.amount,
    currency: "usd",
    client_reference_id: session.userId,
    customer_details: { email: session.email },
    metadata,
    payment_intent: kind === "onetime" ? `pi_local_${hex(12)}` : null,
    invoice: kind === "onetime" ? null : `in_local_${hex(12)}`,
    subscription,
    success_url: session.successUrl,
    cancel_url: session.cancelUrl,
  };
  return {
    id: `evt_local_${hex(12)}`,
    object: "event",
    type: "checkout.session.completed",
    created: now,
    livemode: false,
    data: { object: checkout },
  };
}
