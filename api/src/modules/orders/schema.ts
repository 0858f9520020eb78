// The orders contract (SPEC §2 Order Management, §4 order status, §5 order update, §7 GET /api/orders and PATCH
// /api/orders/{id}): the one list of orders (status, type and e-mail filters, keyset pages) behind /admin/orders and
// /admin/invoices, the update, an order's timeline. TypeBox only: the site imports it.
// Builders by name (not `Type`, one object holding them all): an island bundles only those it calls (lib/typebox.ts).
import * as T from "@sinclair/typebox/type";
import type { Static } from "@sinclair/typebox/type";
import { literalUnion } from "../../lib/typebox";

/** SPEC §4: the admin may set any of these freely. */
export const ORDER_STATUSES = ["PENDING", "PROCESSING", "SHIPPED", "COMPLETED", "CANCELLED"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_TYPES = ["MERCHANDISE", "RESOURCE_ONETIME", "RESOURCE_MONTHLY", "ANNUAL_SUBSCRIPTION"] as const;
export type OrderType = (typeof ORDER_TYPES)[number];
/** What an order's timeline records (paid → submitted → in production → shipped → delivered, and what went wrong). */
export const ORDER_EVENT_KINDS = [
  "PAID",
  "SUBMITTED",
  "SUBMISSION_FAILED",
  "RETRY_REQUESTED",
  "IN_PRODUCTION",
  "SHIPPED",
  "DELIVERED",
  "STATUS_CHANGED",
  "CANCELLED",
  "REFUNDED",
  "REFUND_FAILED",
  "ALERT_RAISED",
  "ALERT_HANDLED",
] as const;
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number];

export const OrderStatusSchema = literalUnion(ORDER_STATUSES, { error: "Unknown order status" });
export const OrderTypeSchema = literalUnion(ORDER_TYPES, { error: "Unknown order type" });

/** Orders a page of the admin list holds unless asked otherwise, and the most one page may hold. */
export const ORDER_PAGE_SIZE = 20;
export const ORDER_LIST_MAX = 100;
/** Carriers' tracking numbers are ~10-40 characters; anything past this is not one. */
const TRACKING_MAX_LENGTH = 100;
/** printifyStatus of a store order taken while no Printify token is set: the demo store has no printer. */
export const DEMO_PRINTIFY_STATUS = "demo";

/** SPEC §9: an order is shown as 'Order #' plus the first 8 characters of its id. */
export const ORDER_ID_SHOWN = 8;

export const OrderSchema = T.Object({
  id: T.String(),
  customerName: T.Union([T.String(), T.Null()]),
  customerEmail: T.String(),
  orderType: OrderTypeSchema,
  /** Dollars with 2 decimals (SPEC §9). */
  amount: T.String(),
  status: OrderStatusSchema,
  trackingNumber: T.Union([T.String(), T.Null()]),
  shippingAddress: T.Union([T.String(), T.Null()]),
  variantTitle: T.Union([T.String(), T.Null()]),
  createdAt: T.String({ format: "date-time" }),
  /** Merchandise: the order at Printify once submitted, and Printify's reason for the last failed submission. */
  printifyOrderId: T.Union([T.String(), T.Null()]),
  submissionError: T.Union([T.String(), T.Null()]),
  /** Printify's own word for the order (`in-production`…), or DEMO_PRINTIFY_STATUS: no printer will take it. */
  printifyStatus: T.Union([T.String(), T.Null()]),
  /** What was bought: the resource's or the product's title while it exists (the variant is `variantTitle`). */
  itemTitle: T.Union([T.String(), T.Null()]),
  /** The payment in Stripe's dashboard; null for local test payments and orders without a Stripe payment. */
  stripeUrl: T.Union([T.String(), T.Null()]),
  /** Cancelled at Printify after payment: the buyer is owed a refund until an admin makes it (then `refundedAt`). */
  refundDue: T.Boolean(),
  refundedAt: T.Union([T.String({ format: "date-time" }), T.Null()]),
  /** Printify's problem status (PRINTIFY_ALERTS) until an admin marks it handled. */
  printifyAlert: T.Union([T.String(), T.Null()]),
});
export type Order = Static<typeof OrderSchema>;

/** An e-mail search is a substring of the customer's address, case-insensitive (SPEC: an address is at most 254). */
export const ORDER_EMAIL_SEARCH_MAX_LENGTH = 254;

export const OrderListQuerySchema = T.Object({
  status: T.Optional(OrderStatusSchema),
  type: T.Optional(OrderTypeSchema),
  email: T.Optional(T.String({ maxLength: ORDER_EMAIL_SEARCH_MAX_LENGTH, error: "The e-mail search is too long" })),
});
export type OrderFilter = Static<typeof OrderListQuerySchema>;

/** SPEC §5: status required; tracking number optional (the form omits it when empty). */
export const OrderUpdateSchema = T.Object(
  {
    status: OrderStatusSchema,
    trackingNumber: T.Optional(
      T.String({ maxLength: TRACKING_MAX_LENGTH, error: `Tracking number must be at most ${TRACKING_MAX_LENGTH} characters` }),
    ),
  },
  { additionalProperties: false },
);
export type OrderUpdate = Static<typeof OrderUpdateSchema>;

const OrderEventSchema = T.Object({
  id: T.String(),
  kind: literalUnion(ORDER_EVENT_KINDS),
  message: T.Union([T.String(), T.Null()]),
  createdAt: T.String({ format: "date-time" }),
});
export type OrderEvent = Static<typeof OrderEventSchema>;

/**
 * A tracking link from outside (Printify, an admin) as a web address (http/https), or null: it ends up in e-mails
 * and pages as a link, so never a `javascript:` one. The one rule for the API and the site.
 */
export function webUrl(value: unknown): string | null {
  if (typeof value !== "string" || !value) return null;
  try {
    const parsed = new URL(value);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.href : null;
  } catch {
    return null;
  }
}

/** One parcel as Printify reported it (orders/shipments.ts reads them; tracking.ts merges them). */
export const ShipmentSchema = T.Object({
  carrier: T.String(),
  number: T.String(),
  url: T.Union([T.String(), T.Null()]),
  deliveredAt: T.Union([T.String(), T.Null()]),
});
export type Shipment = Static<typeof ShipmentSchema>;

/** One order's history, oldest first, and its shipments as Printify reported them. */
export const OrderTimelineSchema = T.Object({
  events: T.Array(OrderEventSchema),
  shipments: T.Array(ShipmentSchema),
  submissionAttempts: T.Integer({ minimum: 0 }),
});
export type OrderTimeline = Static<typeof OrderTimelineSchema>;

export const ORDER_MESSAGES = {
  notFound: "Order not found",
  retryNotMerchandise: "Only merchandise orders are submitted to Printify",
  retryAlreadySubmitted: "This order has already been submitted to Printify",
  retryPending: "A submission of this order is already queued or running",
  retried: "Submission retried",
  noRefundDue: "This order has no refund due",
  refundFailed: "Stripe could not refund this order",
} as const;

/** Printify's order statuses that wait for the merchant (its documented spellings): an alert until handled. */
export const PRINTIFY_ALERTS = ["had-issues", "payment-not-received"] as const;
