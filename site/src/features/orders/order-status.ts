// How orders read on screen, the one vocabulary every screen that shows an order uses — /admin/orders, /admin/invoices,
// the dashboard, /subscriptions (SPEC §2 Order Management, §4 badge colours): status labels and badge tones, order type
// words, timeline stage labels, and the buyer's steps to the door with safe tracking links. The API sends codes only.
// Each map covers its whole union from the contract (`satisfies Record<…>`), so a status, type or event kind added to
// the API breaks tsc here until it has its words.
import type { OrderEventKind, OrderStatus, OrderType, PRINTIFY_ALERTS } from "@api/modules/orders/schema";
import { ORDER_ID_SHOWN, webUrl } from "@api/modules/orders/schema";
import type { BadgeTone } from "../../components/ui/Badge";

type Shown = { label: string; tone: BadgeTone };
type PrintifyAlert = (typeof PRINTIFY_ALERTS)[number];

// SPEC §4: completed green, pending yellow, processing blue, shipped purple (the themes' violet primary), cancelled
// red, anything else grey.
const STATUS = {
  PENDING: { label: "Pending", tone: "warning" },
  PROCESSING: { label: "Processing", tone: "info" },
  SHIPPED: { label: "Shipped", tone: "primary" },
  COMPLETED: { label: "Completed", tone: "success" },
  CANCELLED: { label: "Cancelled", tone: "error" },
} satisfies Record<OrderStatus, Shown>;

export const orderStatus = (status: OrderStatus): Shown => STATUS[status];

/** What was bought, in the resource page's own words for its purchase options (SPEC §2 resource detail). */
export const ORDER_TYPE_LABELS = {
  MERCHANDISE: "Merchandise",
  RESOURCE_ONETIME: "One-time purchase",
  RESOURCE_MONTHLY: "Monthly subscription",
  ANNUAL_SUBSCRIPTION: "Annual subscription",
} satisfies Record<OrderType, string>;

/** "One-time purchase: Impact Kit": the type, and the resource's or product's title when it still exists. */
export const orderWhat = (order: { orderType: OrderType; itemTitle: string | null }) =>
  `${ORDER_TYPE_LABELS[order.orderType]}${order.itemTitle ? `: ${order.itemTitle}` : ""}`;

/** Timeline stages: paid → submitted → in production → shipped → delivered, and what went wrong on the way. */
export const EVENT_LABELS = {
  PAID: "Paid",
  SUBMITTED: "Submitted to Printify",
  SUBMISSION_FAILED: "Submission failed",
  RETRY_REQUESTED: "Retry requested",
  IN_PRODUCTION: "In production",
  SHIPPED: "Shipped",
  DELIVERED: "Delivered",
  STATUS_CHANGED: "Updated by an admin",
  CANCELLED: "Cancelled",
  REFUNDED: "Refunded",
  REFUND_FAILED: "Refund failed",
  ALERT_RAISED: "Problem at Printify",
  ALERT_HANDLED: "Problem handled",
} satisfies Record<OrderEventKind, string>;

/**
 * Printify's problems that wait for the merchant, in words an admin acts on (Printify's own definitions:
 * docs/PRINTIFY-Documentation.md, "Order properties" → status). An unknown one still shows, by its code.
 */
const PRINTIFY_ALERT_TEXT: Record<PrintifyAlert, string> = {
  "had-issues": "Printify reports a problem with this order (for instance an invalid shipping address). Check it at Printify.",
  "payment-not-received":
    "Printify could not charge for this order. It waits until the payment method at Printify is fixed and the order retried.",
};
export const printifyAlertText = (alert: string) =>
  PRINTIFY_ALERT_TEXT[alert as PrintifyAlert] ?? `Printify reports "${alert}" for this order.`;

/** SPEC §2/§9: 'Order #' plus the first 8 characters of the id. */
export const orderTitle = (id: string) => `Order #${id.slice(0, ORDER_ID_SHOWN)}`;

/** The buyer's way to the door (/subscriptions): what each status means to them, in order. */
export const ORDER_STEPS = ["Paid", "In production", "Shipped", "Delivered"] as const;

// Paid and waiting for the printer, at the printer, shipped, every shipment delivered (orders/tracking.ts moves the
// status along that path). A cancelled order has left the path: no step.
const STEP = { PENDING: 0, PROCESSING: 1, SHIPPED: 2, COMPLETED: 3, CANCELLED: null } satisfies Record<
  OrderStatus,
  number | null
>;

/** The step of ORDER_STEPS an order stands at; null when cancelled. */
export const orderStep = (status: OrderStatus): number | null => STEP[status];

/** A tracking URL as a link only when it is a web address (http or https): never a `javascript:` one from outside. */
export const trackingHref = (url: string | null): string | null => webUrl(url);
