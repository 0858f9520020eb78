// A member's billing (/subscriptions, issue 9 item 7): their plans (status, renewal or end date) with cancel at
// period end and resume, and their one-time purchases. Always scoped to the caller's id. A Stripe plan changes at
// Stripe first (`cancel_at_period_end`, with an idempotency key) and our row follows the answer — the webhook that
// follows brings the same state. A local test plan (development without keys) changes only here. Whether a plan is
// current (may be canceled, shows its renewal date) is the download rule's answer (entitlements: subscriptionCurrent).
import { db } from "../../db/client";
import { AppError } from "../../lib/errors";
import { subscriptionCurrent } from "../entitlements";
import { idempotencyKey } from "./purchase";
import { BILLING_MESSAGES, type Billing, type BillingSubscription } from "./schema";
import { stripe } from "./stripe";

const SUBSCRIPTION_SELECT = {
  id: true,
  plan: true,
  status: true,
  startDate: true,
  endDate: true,
  cancelAtPeriodEnd: true,
  stripeSubscriptionId: true,
  resource: { select: { id: true, title: true } },
} as const;

type SubscriptionRow = {
  id: string;
  plan: BillingSubscription["plan"];
  status: BillingSubscription["status"];
  startDate: Date;
  endDate: Date;
  cancelAtPeriodEnd: boolean;
  resource: { id: string; title: string } | null;
};
const view = (s: SubscriptionRow, now = new Date()): BillingSubscription => ({
  id: s.id,
  plan: s.plan,
  status: s.status,
  current: subscriptionCurrent(s, now),
  resource: s.resource,
  startDate: s.startDate.toISOString(),
  endDate: s.endDate.toISOString(),
  cancelAtPeriodEnd: s.cancelAtPeriodEnd,
});

export async function myBilling(userId: string): Promise<Billing> {
  const prisma = await db();
  const [subscriptions, orders] = await Promise.all([
    prisma.subscription.findMany({ where: { userId }, orderBy: { endDate: "desc" }, select: SUBSCRIPTION_SELECT }),
    prisma.order.findMany({
      where: { userId, orderType: "RESOURCE_ONETIME" },
      orderBy: { createdAt: "desc" },
      select: {
        id: true,
        orderType: true,
        amount: true,
        status: true,
        createdAt: true,
        resource: { select: { id: true, title: true } },
      },
    }),
  ]);
  return {
    subscriptions: subscriptions.map((s) => view(s)),
    purchases: orders.map((o) => ({
      id: o.id,
      orderType: o.orderType,
      resource: o.resource,
      amount: o.amount.toFixed(2),
      status: o.status,
      createdAt: o.createdAt.toISOString(),
    })),
  };
}

/** Cancel at period end (`cancel: true`) or resume (`cancel: false`) one of the caller's plans. */
export async function setCancelAtPeriodEnd(userId: string, id: string, cancel: boolean): Promise<BillingSubscription> {
  const prisma = await db();
  const row = await prisma.subscription.findFirst({ where: { id, userId }, select: SUBSCRIPTION_SELECT });
  if (!row) throw new AppError("not_found", BILLING_MESSAGES.notFound);
  if (!subscriptionCurrent(row, new Date())) throw new AppError("conflict", BILLING_MESSAGES.notCancelable);
  if (!cancel && !row.cancelAtPeriodEnd) throw new AppError("conflict", BILLING_MESSAGES.notResumable);
  const client = stripe();
  let cancelAtPeriodEnd = cancel;
  if (client && row.stripeSubscriptionId && !row.stripeSubscriptionId.startsWith("sub_local_")) {
    const updated = await client.subscriptions.update(
      row.stripeSubscriptionId,
      { cancel_at_period_end: cancel },
      { idempotencyKey: idempotencyKey(["cancel-at-period-end", row.stripeSubscriptionId, String(cancel)]) },
    );
    cancelAtPeriodEnd = updated.cancel_at_period_end;
  }
  const saved = await prisma.subscription.update({
    where: { id: row.id },
    data: { cancelAtPeriodEnd },
    select: SUBSCRIPTION_SELECT,
  });
  return view(saved);
}
