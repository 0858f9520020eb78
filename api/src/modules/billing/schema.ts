// The member's billing contract (/subscriptions: GET /api/my-billing/*): their plans with cancel and resume, their
// one-time purchases and their merchandise orders with tracking. TypeBox only: the site imports it.
// Builders by name (not `Type`, one object holding them all): an island bundles only those it calls (lib/typebox.ts).
import * as T from "@sinclair/typebox/type";
import type { Static } from "@sinclair/typebox/type";
import { literalUnion } from "../../lib/typebox";
import { OrderStatusSchema, OrderTypeSchema, ShipmentSchema } from "../orders/schema";

/** The plans a member can hold (Prisma's SubscriptionPlan; lib/enums.test.ts holds them equal). */
export const SUBSCRIPTION_PLANS = ["MONTHLY", "ANNUAL"] as const;

/** A plan's statuses (Prisma's SubscriptionStatus: a new one there breaks billing.ts, then the site's map). */
export const SUBSCRIPTION_STATUSES = ["ACTIVE", "PAST_DUE", "CANCELED", "EXPIRED"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const BillingSubscriptionSchema = T.Object({
  id: T.String(),
  plan: literalUnion(SUBSCRIPTION_PLANS),
  status: literalUnion(SUBSCRIPTION_STATUSES),
  /** Whether the plan grants access now — the download rule's own answer (a PAST_DUE plan within its grace too). */
  current: T.Boolean(),
  resource: T.Union([T.Object({ id: T.String(), title: T.String() }), T.Null()]),
  startDate: T.String({ format: "date-time" }),
  endDate: T.String({ format: "date-time" }),
  cancelAtPeriodEnd: T.Boolean(),
});
export const BillingPurchaseSchema = T.Object({
  id: T.String(),
  orderType: OrderTypeSchema,
  resource: T.Union([T.Object({ id: T.String(), title: T.String() }), T.Null()]),
  amount: T.String(),
  status: OrderStatusSchema,
  createdAt: T.String({ format: "date-time" }),
});
/**
 * One of the member's merchandise orders, followed to the door (decision 012): what they bought, where it is and how to
 * track it. Only what the buyer needs — no shipping address, no Printify ids or errors, no Stripe id.
 */
export const BillingStoreOrderSchema = T.Object({
  id: T.String(),
  /** The product while it is in the catalogue (an unavailable one still has its page); null once deleted. */
  product: T.Union([T.Object({ id: T.String(), title: T.String() }), T.Null()]),
  variantTitle: T.Union([T.String(), T.Null()]),
  quantity: T.Integer({ minimum: 1 }),
  /** Dollars with 2 decimals (SPEC §9). */
  amount: T.String(),
  status: OrderStatusSchema,
  createdAt: T.String({ format: "date-time" }),
  /** The shipments as merged on the order (oldest first); `deliveredAt` as ISO 8601 when Printify's time parses. */
  shipments: T.Array(ShipmentSchema),
  /** The order's tracking: the latest shipment's, or one an admin typed with no shipment from Printify. */
  trackingNumber: T.Union([T.String(), T.Null()]),
  trackingUrl: T.Union([T.String(), T.Null()]),
});
export type BillingPurchase = Static<typeof BillingPurchaseSchema>;
export type BillingSubscription = Static<typeof BillingSubscriptionSchema>;
export type BillingStoreOrder = Static<typeof BillingStoreOrderSchema>;

/**
 * /subscriptions' three lists (plans, purchases, store orders) page by keyset each (decision 008): this many per page
 * unless the caller asks for another size, at most BILLING_LIST_MAX.
 */
export const BILLING_PAGE_SIZE = 20;
export const BILLING_LIST_MAX = 100;

export const BILLING_MESSAGES = {
  notFound: "Subscription not found",
  notCancelable: "This subscription has already ended",
  notResumable: "This subscription is not set to cancel",
} as const;
