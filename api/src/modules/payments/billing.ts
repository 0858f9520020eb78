// A member's billing (/subscriptions, issue 9 item 7): their plans (status, renewal or end date) with cancel at
// period end and resume, and their one-time purchases. Always scoped to the caller's id. A Stripe plan changes at
// Stripe first (`cancel_at_period_end`, with an idempotency key) and our row follows the answer — the webhook that
// follows brings the same state. A local test plan (development without keys) changes only here.
import { type Static, Type as T } from "@sinclair/typebox";
import { db } from "../../db/client";
import { AppError } from "../../lib/errors";
import { idempotencyKey } from "./service";
import { stripe } from "./stripe";

export const BillingSubscriptionSchema = T.Object({
  id: T.String(),
  plan: T.Union([T.Literal("MONTHLY"), T.Literal("ANNUAL")]),
  status: T.Union([T.Literal("ACTIVE"), T.Literal("PAST_DUE"), T.Literal("CANCELED"), T.Literal("EXPIRED")]),
  resource: T.Union([T.Object({ id: T.String(), title: T.String() }), T.Null()]),
  startDate: T.String({ format: "date-time" }),
  endDate: T.String({ format: "date-time" }),
  cancelAtPeriodEnd: T.Boolean(),
});
export const BillingPurchaseSchema = T.Object({
  id: T.String(),
  orderType: T.String(),
  resource: T.Union([T.Object({ id: T.String(), title: T.String() }), T.Null()]),
  amount: T.String(),
  status: T.String(),
  createdAt: T.String({ format: "date-time" }),
});
export const BillingSchema = T.Object({
  subscriptions: T.Array(BillingSubscriptionSchema),
  purchases: T.Array(BillingPurchaseSchema),
});
export type Billing = Static<typeof BillingSchema>;
export type BillingSubscription = Static<typeof BillingSubscriptionSchema>;

export const BILLING_MESSAGES = {
  notFound: "Subscription not found",
  notCancelable: "This subscription has already ended",
  notResumable: "This subscription is not set to cancel",
} as const;

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
const view = (s: SubscriptionRow): BillingSubscription => ({
  id: s.id,
  plan: s.plan,
  status: s.status,
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
    subscriptions: subscriptions.map(view),
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
  if (row.status === "CANCELED" || row.status === "EXPIRED" || row.endDate <= new Date()) {
    throw new AppError("conflict", BILLING_MESSAGES.notCancelable);
  }
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
