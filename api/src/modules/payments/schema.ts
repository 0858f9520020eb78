// Payment contracts (SPEC §7): the checkout calls answer `{ url }` to send the browser to; the local test payment,
// the member's billing (/subscriptions) and the admin invoices (/admin/invoices). TypeBox only: the site imports it.
import { type Static, Type as T } from "@sinclair/typebox";
import { ID_MAX_LENGTH, literalUnion } from "../../lib/typebox";

const PAYMENT_TYPES = ["onetime", "monthly"] as const;

export const CheckoutInputSchema = T.Object({
  resourceId: T.String({ minLength: 1, maxLength: ID_MAX_LENGTH }),
  paymentType: literalUnion(PAYMENT_TYPES, { error: "paymentType must be onetime or monthly" }),
});
export type CheckoutInput = Static<typeof CheckoutInputSchema>;

export const CheckoutUrlSchema = T.Object({ url: T.String() });
export type CheckoutUrl = Static<typeof CheckoutUrlSchema>;

export const PAYMENT_MESSAGES = {
  notConfigured: "Payments are not configured",
  free: "This resource is free: there is nothing to pay",
  noPrice: "This payment option is not available for this resource",
  annualFree: "The annual subscription is not available",
  notFound: "Resource not found",
  tooMany: "Too many checkout attempts. Please try again later.",
} as const;

/** What a checkout buys: set by the server in the session's (and subscription's) metadata, read back by webhooks. */
export type PurchaseKind = "onetime" | "monthly" | "annual";

export const PaymentsStatusSchema = T.Object({ available: T.Boolean(), testMode: T.Boolean() });

/** A local test payment (development without Stripe keys): what the /payments/test/{id} page shows. */
export const LocalSessionParamsSchema = T.Object({ id: T.String({ pattern: "^cs_test_local_[0-9a-f]{24}$" }) });
export const LocalSessionSchema = T.Object({
  id: T.String(),
  name: T.String(),
  amount: T.String(),
  interval: T.Union([T.Literal("month"), T.Literal("year"), T.Null()]),
  cancelUrl: T.String(),
});
export type LocalSessionView = Static<typeof LocalSessionSchema>;

/** Stripe's webhook answer: `duplicate` when the event id was handled before. */
export const WebhookReceiptSchema = T.Object({ received: T.Literal(true), duplicate: T.Boolean() });

// ── Billing (/subscriptions) ───────────────────────────────────────────────────────────────────────────────────
/** A plan's statuses (Prisma's SubscriptionStatus: a new one there breaks billing.ts, then the site's map). */
export const SUBSCRIPTION_STATUSES = ["ACTIVE", "PAST_DUE", "CANCELED", "EXPIRED"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const BillingSubscriptionSchema = T.Object({
  id: T.String(),
  plan: T.Union([T.Literal("MONTHLY"), T.Literal("ANNUAL")]),
  status: literalUnion(SUBSCRIPTION_STATUSES),
  /** Whether the plan grants access now — the download rule's own answer (a PAST_DUE plan within its grace too). */
  current: T.Boolean(),
  resource: T.Union([T.Object({ id: T.String(), title: T.String() }), T.Null()]),
  startDate: T.String({ format: "date-time" }),
  endDate: T.String({ format: "date-time" }),
  cancelAtPeriodEnd: T.Boolean(),
});
const BillingPurchaseSchema = T.Object({
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

// ── Admin invoices (/admin/invoices) ───────────────────────────────────────────────────────────────────────────
/** Order statuses (Prisma's OrderStatus: a new one there breaks invoices.ts, then the site's map); the filter offers each. */
export const INVOICE_STATUSES = ["PENDING", "PROCESSING", "SHIPPED", "COMPLETED", "CANCELLED"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const InvoiceQuerySchema = T.Object({
  status: T.Optional(literalUnion(INVOICE_STATUSES, { error: "Unknown status" })),
  email: T.Optional(T.String({ maxLength: 254 })),
});
export type InvoiceFilter = Static<typeof InvoiceQuerySchema>;

export const InvoiceSchema = T.Object({
  id: T.String(),
  createdAt: T.String({ format: "date-time" }),
  customerEmail: T.String(),
  customerName: T.Union([T.String(), T.Null()]),
  what: T.String(),
  amount: T.String(),
  status: literalUnion(INVOICE_STATUSES),
  stripeUrl: T.Union([T.String(), T.Null()]),
});
export type Invoice = Static<typeof InvoiceSchema>;
