// A member's billing (/subscriptions): their plans (status, renewal or end date) with cancel at period end and
// resume, their one-time purchases, and their merchandise orders with tracking (read through the orders module's one
// list: orders owns that table). Always
// scoped to the caller's id — never to their e-mail: an address not yet verified must not claim a guest's orders. A
// Stripe plan changes at Stripe first (`cancel_at_period_end`, with an idempotency key) and our row follows the
// answer — the webhook that follows brings the same state. A local test plan (development without keys) changes only
// here. Whether a plan is current (may be canceled, shows its renewal date) is the download rule's answer
// (entitlements: subscriptionCurrent).
import { db } from "../../db/client";
import { Prisma } from "../../generated/prisma/client";
import { AppError } from "../../lib/errors";
import { defineKeyset, inPageOrder, type Page, type PageInput } from "../../lib/keyset";
import { notIssuedByStripe } from "../../lib/local-payment-ids";
import { dollars } from "../../lib/money";
import { subscriptionCurrent } from "../entitlements";
import type { Shipment } from "../orders/schema";
import { orderRows } from "../orders/service";
import { readShipments } from "../orders/shipments";
import { idempotencyKey } from "../payments/purchase";
import { stripe } from "../../lib/stripe";
import { printifyTime } from "../printify/client";
import {
  BILLING_MESSAGES,
  BILLING_PAGE_SIZE,
  type BillingPurchase,
  type BillingStoreOrder,
  type BillingSubscription,
} from "./schema";

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

/** Printify's "2026-11-02 14:05:00+00:00" as ISO 8601, for the page's dates; a time that does not parse is kept. */
const isoTime = (value: string | null) => {
  if (!value) return null;
  const time = printifyTime(value);
  return Number.isFinite(time) ? new Date(time).toISOString() : value;
};
const shipmentView = (s: Shipment): Shipment => ({ ...s, deliveredAt: isoTime(s.deliveredAt) });

/** A member's plans, latest end first (subscriptions(userId, endDate)); ties by id. */
const planKeyset = defineKeyset({ table: "subscriptions", column: "endDate", kind: "timestamp", direction: "desc" });

/** The caller's plans, a keyset page at a time. */
export async function myPlans(userId: string, { limit, cursor }: PageInput = {}): Promise<Page<BillingSubscription>> {
  const prisma = await db();
  const { ids, nextCursor } = await planKeyset.page(prisma, {
    where: [Prisma.sql`"userId" = ${userId}`],
    cursor,
    limit: limit ?? BILLING_PAGE_SIZE,
  });
  const rows = await prisma.subscription.findMany({ where: { id: { in: ids } }, select: SUBSCRIPTION_SELECT });
  const now = new Date();
  return { items: inPageOrder(ids, rows).map((s) => view(s, now)), nextCursor };
}

/** The caller's one-time resource purchases, a keyset page at a time. */
export async function myPurchases(userId: string, page: PageInput = {}): Promise<Page<BillingPurchase>> {
  const { items, nextCursor } = await orderRows(
    { userId, types: ["RESOURCE_ONETIME"] },
    { limit: page.limit ?? BILLING_PAGE_SIZE, cursor: page.cursor },
  );
  return {
    items: items.map((o) => ({
      id: o.id,
      orderType: o.orderType,
      resource: o.resource,
      amount: dollars(o.amount),
      status: o.status,
      createdAt: o.createdAt.toISOString(),
    })),
    nextCursor,
  };
}

/**
 * The caller's merchandise orders with their tracking, a keyset page at a time: what the buyer needs, no shipping
 * address, Printify ids or errors, nor the Stripe id (picked field by field from the orders module's row).
 */
export async function myStoreOrders(userId: string, page: PageInput = {}): Promise<Page<BillingStoreOrder>> {
  const { items, nextCursor } = await orderRows(
    { userId, types: ["MERCHANDISE"] },
    { limit: page.limit ?? BILLING_PAGE_SIZE, cursor: page.cursor },
  );
  return {
    items: items.map(
      (o): BillingStoreOrder => ({
        id: o.id,
        product: o.merchandise,
        variantTitle: o.variantTitle,
        quantity: o.quantity,
        amount: dollars(o.amount),
        status: o.status,
        createdAt: o.createdAt.toISOString(),
        shipments: readShipments(o.shipments).map(shipmentView),
        trackingNumber: o.trackingNumber,
        trackingUrl: o.trackingUrl,
      }),
    ),
    nextCursor,
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
  if (client && row.stripeSubscriptionId && !notIssuedByStripe(row.stripeSubscriptionId)) {
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
