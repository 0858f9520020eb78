// Payment contracts (SPEC §7): the checkout calls answer `{ url }` to send the browser to; the local test payment,
// the member's billing (/subscriptions: plans, purchases, store orders) and the admin invoices (/admin/invoices).
// TypeBox only (and the orders contract, itself TypeBox only): the site imports it.
// Builders by name (not `Type`, one object holding them all): an island bundles only those it calls (lib/typebox.ts).
import * as T from "@sinclair/typebox/type";
import type { Static } from "@sinclair/typebox/type";
import { ID_MAX_LENGTH, literalUnion, messages } from "../../lib/typebox";
import { emailField, MESSAGES as AUTH_MESSAGES } from "../auth/schema";
import { OrderStatusSchema, ShipmentSchema } from "../orders/schema";

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

// ── Merchandise checkout (SPEC §7 POST /api/create-merchandise-checkout; issue 15 item 6) ───────────────────────
/** Printify variant ids are numbers; stored and sent as text. */
export const PROVIDER_VARIANT_ID_MAX_LENGTH = 32;
/** Option titles joined with ' / ' (at most 3 options): generous, but bounded. */
export const VARIANT_TITLE_MAX_LENGTH = 300;

export const MerchandiseCheckoutInputSchema = T.Object({
  merchandiseId: T.String({ minLength: 1, maxLength: ID_MAX_LENGTH }),
  variantId: T.String({ minLength: 1, maxLength: PROVIDER_VARIANT_ID_MAX_LENGTH }),
  // Only checked against the stored variant (the stored title is what is sold and recorded), never trusted.
  variantTitle: T.String({ maxLength: VARIANT_TITLE_MAX_LENGTH }),
});
export type MerchandiseCheckoutInput = Static<typeof MerchandiseCheckoutInputSchema>;

export const MERCH_CHECKOUT_MESSAGES = {
  notFound: "Product not found",
  unavailable: "This product is no longer available",
  variantNotFound: "This variant of the product does not exist",
  variantDisabled: "This variant is not offered",
  outOfStock: "This variant is out of stock",
  noPrice: "This product cannot be bought at the moment",
} as const;

/**
 * Countries Stripe Checkout lets a buyer ship to (ISO 3166-1 alpha-2). Printify's print providers ship worldwide, but
 * cost and delivery are only predictable where its providers have regular routes: North America, the UK and the EU/EEA
 * plus Switzerland, Australia, New Zealand and Japan. A country added here must be one Stripe lists too.
 */
export const SHIPPING_COUNTRIES = [
  "US",
  "CA",
  "GB",
  "IE",
  "AU",
  "NZ",
  "JP",
  "AT",
  "BE",
  "BG",
  "HR",
  "CY",
  "CZ",
  "DK",
  "EE",
  "FI",
  "FR",
  "DE",
  "GR",
  "HU",
  "IT",
  "LV",
  "LT",
  "LU",
  "MT",
  "NL",
  "PL",
  "PT",
  "RO",
  "SK",
  "SI",
  "ES",
  "SE",
  "NO",
  "IS",
  "CH",
] as const;
export type ShippingCountry = (typeof SHIPPING_COUNTRIES)[number];

export const SHIPPING_MESSAGES = {
  name: "Please enter the recipient's name",
  line1: "Please enter the street address",
  line2: "Address line 2 is too long",
  city: "Please enter the city",
  region: "The state or region is too long",
  postalCode: "Please enter the postal code",
  country: "Please choose a country we ship to",
  oneLine: "Please use one line of text, without line breaks or control characters",
} as const;

/**
 * Every address field is one line, as on Stripe Checkout: no control characters (line breaks, tabs, escapes) nor
 * Unicode line or paragraph separators, which would reach the receipt, the admin's order card and the printer.
 * Both callers (the API and the page) trim first, so a blank value is "" and fails `minLength`.
 */
const ONE_LINE = "^[^\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029]*$";
const required = (max: number, message: string) =>
  T.String({
    minLength: 1,
    maxLength: max,
    pattern: ONE_LINE,
    ...messages({ empty: message, type: message, minLength: message, maxLength: message, pattern: SHIPPING_MESSAGES.oneLine }),
  });
const optional = (max: number, message: string) =>
  T.Optional(
    T.String({
      maxLength: max,
      pattern: ONE_LINE,
      ...messages({ type: message, maxLength: message, pattern: SHIPPING_MESSAGES.oneLine }),
    }),
  );

/** The shipping address the local test payment page asks for, as Stripe Checkout collects it. */
export const ShippingAddressSchema = T.Object({
  name: required(100, SHIPPING_MESSAGES.name),
  line1: required(200, SHIPPING_MESSAGES.line1),
  line2: optional(200, SHIPPING_MESSAGES.line2),
  city: required(100, SHIPPING_MESSAGES.city),
  region: optional(100, SHIPPING_MESSAGES.region),
  postalCode: required(20, SHIPPING_MESSAGES.postalCode),
  country: literalUnion(SHIPPING_COUNTRIES, { error: SHIPPING_MESSAGES.country }),
});
export type ShippingAddress = Static<typeof ShippingAddressSchema>;

/** A guest's e-mail on the local test payment page. */
export const GuestEmailSchema = T.Object({ email: emailField(AUTH_MESSAGES.invalidEmail) });

/** A guest's whole form: e-mail and address. */
export const GuestAddressSchema = T.Composite([GuestEmailSchema, ShippingAddressSchema]);

/** Pay on a local test payment: nothing for a resource; the address (and a guest's e-mail) for merchandise. */
export const LocalPayInputSchema = T.Partial(GuestAddressSchema);
export type LocalPayInput = Static<typeof LocalPayInputSchema>;

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
  /** Merchandise: the page asks for a shipping address, as Stripe Checkout does with shipping_address_collection. */
  shipping: T.Boolean(),
  /** A guest's session: the page asks for the e-mail (a member's is known). */
  askEmail: T.Boolean(),
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
export const BillingPurchaseSchema = T.Object({
  id: T.String(),
  orderType: T.String(),
  resource: T.Union([T.Object({ id: T.String(), title: T.String() }), T.Null()]),
  amount: T.String(),
  status: T.String(),
  createdAt: T.String({ format: "date-time" }),
});
/**
 * One of the member's merchandise orders, followed to the door (issue 15): what they bought, where it is and how to
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
 * /subscriptions' three lists (plans, purchases, store orders) page by keyset each (issue 16 item 6): this many per
 * page unless the caller asks for another size, at most BILLING_LIST_MAX.
 */
export const BILLING_PAGE_SIZE = 20;
export const BILLING_LIST_MAX = 100;

export const BILLING_MESSAGES = {
  notFound: "Subscription not found",
  notCancelable: "This subscription has already ended",
  notResumable: "This subscription is not set to cancel",
} as const;

// ── Admin invoices (/admin/invoices) ───────────────────────────────────────────────────────────────────────────
/** Order statuses (Prisma's OrderStatus: a new one there breaks invoices.ts, then the site's map); the filter offers each. */
export const INVOICE_STATUSES = ["PENDING", "PROCESSING", "SHIPPED", "COMPLETED", "CANCELLED"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** The largest page of invoices a client may ask for. */
export const INVOICE_LIST_MAX = 100;

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
