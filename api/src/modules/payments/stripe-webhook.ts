// Webhook fulfilment (docs/decisions/010-payments.md). Only a verified Stripe event grants anything: the signature is
// checked on the raw body, then the event goes through the webhook ledger (webhooks/ledger.ts): recorded in
// `stripe_events` with its payload, claimed in the SAME transaction as its effect — a repeated delivery, sequential or
// concurrent, or a replay from /admin/operations finds it processed and changes nothing — or marked FAILED with the
// error when handling throws (Stripe still gets its error and retries). Effects only write the rows
// the entitlement rule reads (a COMPLETED RESOURCE_ONETIME order — recorded by the orders module, which owns the
// table — and a subscriptions row); the rule never changes.
// Subscription state is re-read from Stripe (when a client is configured) so events are safe in any order: the row
// always ends up as Stripe says now, and CANCELED is terminal.
import type Stripe from "stripe";
import type { Prisma, SubscriptionStatus } from "../../generated/prisma/client";
import { AppError } from "../../lib/errors";
import { storableText } from "../../lib/input-guard";
import { log } from "../../lib/logger";
import { enqueue } from "../../jobs/jobs";
import { type Effect, handleEvent } from "../../webhooks/ledger";
import { RECEIPT_JOB, type ReceiptJob } from "./emails";
import { recordFailedRefund, recordStripeRefund } from "../orders/refunds";
import { recordPaidOrder } from "../orders/service";
import { isMerchandiseSession, merchandiseEffect, paymentIdOf } from "./merchandise";
import type { PurchaseKind } from "./schema";
import { stripe, webhookSecret, webhookVerifier } from "../../lib/stripe";

type Tx = Prisma.TransactionClient;
type WebhookOutcome = { received: true; duplicate: boolean };

export const INVALID_SIGNATURE = "Invalid webhook signature";
/** How far the signed timestamp may be from now, either way (Stripe's default, 5 minutes). */
const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The `t=` of a Stripe-Signature header, read as the SDK reads it (the last one wins); NaN when absent. */
function signedAt(header: string): number {
  let timestamp = Number.NaN;
  for (const item of header.split(",")) {
    const [key, value] = item.split("=");
    if (key === "t") timestamp = Number.parseInt(value ?? "", 10);
  }
  return timestamp;
}

export async function handleStripeWebhook(payload: string, signature: string | null): Promise<WebhookOutcome> {
  const secret = webhookSecret();
  if (!secret || !signature) throw new AppError("invalid_data", INVALID_SIGNATURE);
  let event: Stripe.Event;
  try {
    // The SDK refuses a signed timestamp more than the tolerance in the past (a replayed old delivery) …
    event = await webhookVerifier().constructEventAsync(payload, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
  } catch {
    throw new AppError("invalid_data", INVALID_SIGNATURE);
  }
  // … but not one in the future (a delivery signed ahead to be replayable later): refused the same way.
  if (!(signedAt(signature) <= Date.now() / 1000 + WEBHOOK_TOLERANCE_SECONDS)) {
    throw new AppError("invalid_data", INVALID_SIGNATURE);
  }
  // Signed is not well-formed: an event without its object is refused like Printify's (400), not a 500 Stripe retries.
  const object: unknown = (event as { data?: { object?: unknown } }).data?.object;
  if (typeof event.id !== "string" || typeof event.type !== "string" || typeof object !== "object" || object === null) {
    throw new AppError("invalid_data", "Invalid event");
  }
  return processStripeEvent(event);
}

/**
 * A verified event, handled once: the webhook's second half, and the replay of a stored event (operations). Reads from
 * Stripe happen before the transaction (`prepare`), so no transaction waits on the network; the effect enqueues its
 * follow-ups (the receipt) through `tx`: they exist exactly when the event is processed.
 */
export async function processStripeEvent(signed: Stripe.Event): Promise<WebhookOutcome> {
  const event = storableText(signed);
  const payload = event as unknown as Prisma.InputJsonValue;
  const outcome = await handleEvent("stripe", { id: event.id, type: event.type, payload }, () => effectOf(event));
  if (outcome.duplicate) log.info("stripe event repeated: ignored", { id: event.id, type: event.type });
  return { received: true, duplicate: outcome.duplicate };
}

const PAID = new Set(["paid", "no_payment_required"]);
const KINDS = new Set<PurchaseKind>(["onetime", "monthly", "annual"]);

async function effectOf(event: Stripe.Event): Promise<Effect | null> {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = event.data.object;
      // A delayed payment method completes unpaid: access waits for async_payment_succeeded.
      if (!PAID.has(session.payment_status)) return null;
      if (isMerchandiseSession(session)) return merchandiseEffect(session); // merchandise.ts: the store's order
      const meta = purchaseMeta(session.metadata);
      if (!meta) return null;
      if (session.mode === "payment") return (tx) => fulfilOneTime(tx, session, meta);
      const subscription = await currentSubscription(session.subscription);
      if (!subscription) return null;
      return async (tx) => {
        await syncSubscription(tx, subscription, meta);
        return recordSubscriptionPayment(tx, session, meta);
      };
    }
    case "invoice.paid":
    case "invoice.payment_failed": {
      // The endpoint's API version decides the shape: since 2025-03-31 the subscription is under `parent`, before it
      // at the top level (an endpoint created earlier keeps sending that until it is upgraded).
      const invoice = event.data.object as Stripe.Invoice & { subscription?: string | Stripe.Subscription | null };
      const ref = invoice.parent?.subscription_details?.subscription ?? invoice.subscription ?? null;
      const subscription = await currentSubscription(ref);
      return subscription ? (tx) => syncSubscription(tx, subscription, null) : null;
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted": {
      const subscription = await currentSubscription(event.data.object);
      return subscription ? (tx) => syncSubscription(tx, subscription, null) : null;
    }
    case "charge.refunded": {
      // A store order refunded in full, here (the admin's Refund) or in Stripe's dashboard: recorded once.
      const charge = event.data.object;
      // Read as the contract says, not trusted to be it: a field of another type is recorded and ignored (no 500).
      const intent: unknown = charge.payment_intent;
      const paymentIntent = typeof intent === "string" ? intent : (intent as { id?: unknown } | null)?.id;
      if (charge.refunded !== true || typeof paymentIntent !== "string" || !paymentIntent) return null;
      if (typeof charge.amount_refunded !== "number") return null;
      // `refunds` is in the payload only on API versions before 2022-11-15; the charge names the payment either way.
      const refund = { id: charge.refunds?.data?.[0]?.id ?? charge.id, amount: charge.amount_refunded };
      return (tx) => recordStripeRefund(tx, paymentIntent, refund);
    }
    case "refund.updated": {
      // A refund that failed after it was made (the card was closed, say): the store order's refund is due again.
      const refund = event.data.object;
      if (refund.status !== "failed" && refund.status !== "canceled") return null;
      if (typeof refund.id !== "string") return null;
      const reason: unknown = refund.failure_reason;
      return (tx) => recordFailedRefund(tx, refund.id, typeof reason === "string" ? reason : null);
    }
    default:
      return null; // recorded, nothing to do
  }
}

type PurchaseMeta = { userId: string; resourceId: string | null; kind: PurchaseKind };

function purchaseMeta(metadata: Stripe.Metadata | null | undefined): PurchaseMeta | null {
  const kind = metadata?.kind as PurchaseKind | undefined;
  if (!metadata?.userId || !kind || !KINDS.has(kind)) return null;
  return { userId: metadata.userId, resourceId: metadata.resourceId || null, kind };
}

/** The subscription as Stripe says it is now: re-read when a client is configured, else the object at hand. */
async function currentSubscription(ref: string | Stripe.Subscription | null): Promise<Stripe.Subscription | null> {
  if (!ref) return null;
  const client = stripe();
  if (client) return client.subscriptions.retrieve(typeof ref === "string" ? ref : ref.id);
  return typeof ref === "string" ? null : ref;
}

const STATUS: Record<Stripe.Subscription.Status, SubscriptionStatus> = {
  active: "ACTIVE",
  trialing: "ACTIVE",
  past_due: "PAST_DUE",
  canceled: "CANCELED",
  unpaid: "EXPIRED",
  incomplete: "EXPIRED",
  incomplete_expired: "EXPIRED",
  paused: "EXPIRED",
};

function periodEnd(subscription: Stripe.Subscription): Date {
  const ends = subscription.items.data.map((item) => item.current_period_end);
  const seconds = ends.length ? Math.max(...ends) : (subscription.ended_at ?? Math.floor(Date.now() / 1000));
  return new Date(seconds * 1000);
}

/**
 * Brings our row in line with Stripe's subscription; creates it when the metadata says whose it is. Several events
 * for a new subscription arrive together (checkout completed, subscription created and updated, invoice paid), so
 * there is no read-then-create: update the row if there is one; else insert it with ON CONFLICT DO NOTHING (which
 * waits for a concurrent insert of the same subscription and yields to it) and, if another event's insert won,
 * update that row instead. Whichever commits last leaves Stripe's state as it read it.
 */
async function syncSubscription(tx: Tx, subscription: Stripe.Subscription, fallback: PurchaseMeta | null) {
  const state = {
    status: STATUS[subscription.status] ?? "EXPIRED",
    endDate: periodEnd(subscription),
    cancelAtPeriodEnd: subscription.cancel_at_period_end ?? false,
  };
  // CANCELED is terminal: a late or replayed "active" never revives a subscription Stripe has ended.
  const update = () =>
    tx.subscription.updateMany({ where: { stripeSubscriptionId: subscription.id, status: { not: "CANCELED" } }, data: state });
  if ((await update()).count > 0) return;
  const meta = purchaseMeta(subscription.metadata) ?? fallback;
  if (!meta || meta.kind === "onetime") return; // not ours (or ours and CANCELED): recorded and ignored
  const user = await tx.user.findUnique({ where: { id: meta.userId }, select: { id: true } });
  if (!user) return;
  const { count } = await tx.subscription.createMany({
    data: [
      {
        userId: user.id,
        plan: meta.kind === "annual" ? "ANNUAL" : "MONTHLY",
        resourceId: meta.kind === "monthly" ? await existingResourceId(tx, meta.resourceId) : null,
        stripeSubscriptionId: subscription.id,
        startDate: new Date(subscription.start_date * 1000),
        ...state,
      },
    ],
    skipDuplicates: true,
  });
  if (count === 0) await update();
}

async function existingResourceId(tx: Tx, id: string | null) {
  if (!id) return null;
  return (await tx.resource.findUnique({ where: { id }, select: { id: true } }))?.id ?? null;
}

async function fulfilOneTime(tx: Tx, session: Stripe.Checkout.Session, meta: PurchaseMeta) {
  return recordPayment(tx, session, meta, "RESOURCE_ONETIME", paymentIdOf(session));
}

/** The first payment of a plan, as an order (billing history, the receipt). Access itself is the subscription row. */
async function recordSubscriptionPayment(tx: Tx, session: Stripe.Checkout.Session, meta: PurchaseMeta) {
  const invoice = typeof session.invoice === "string" ? session.invoice : session.invoice?.id;
  return recordPayment(
    tx,
    session,
    meta,
    meta.kind === "annual" ? "ANNUAL_SUBSCRIPTION" : "RESOURCE_MONTHLY",
    invoice ?? session.id,
  );
}

/** A resource or plan payment, recorded by the orders module; the receipt goes out for a new order only. */
async function recordPayment(
  tx: Tx,
  session: Stripe.Checkout.Session,
  meta: PurchaseMeta,
  orderType: "RESOURCE_ONETIME" | "RESOURCE_MONTHLY" | "ANNUAL_SUBSCRIPTION",
  stripePaymentId: string,
): Promise<void> {
  const user = await tx.user.findUnique({
    where: { id: meta.userId },
    select: { id: true, email: true, firstName: true, lastName: true },
  });
  const customerEmail = user?.email ?? session.customer_details?.email ?? "";
  const orderId = await recordPaidOrder(tx, {
    orderType,
    stripePaymentId,
    stripeCheckoutSessionId: session.id,
    amountCents: session.amount_total ?? 0,
    userId: user?.id ?? null,
    resourceId: await existingResourceId(tx, meta.resourceId),
    customerEmail,
    customerName: user ? [user.firstName, user.lastName].filter(Boolean).join(" ") || null : null,
  });
  // The receipt goes out from a job enqueued in this transaction (keyed by the order: one job per order).
  if (orderId && customerEmail) await enqueue<ReceiptJob>(tx, RECEIPT_JOB, { orderId }, { key: orderId });
}
