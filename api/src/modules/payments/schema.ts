// Payment contracts (SPEC §7): the checkout calls answer `{ url }` to send the browser to.
import { type Static, Type as T } from "@sinclair/typebox";
import { literalUnion } from "../../lib/typebox";
import { ID_MAX_LENGTH } from "../resources/schema";

export const PAYMENT_TYPES = ["onetime", "monthly"] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

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
} as const;

/** What a checkout buys: set by the server in the session's (and subscription's) metadata, read back by webhooks. */
export type PurchaseKind = "onetime" | "monthly" | "annual";

/** Order statuses the admin invoices filter offers (/admin/invoices). */
export const INVOICE_STATUSES = ["PENDING", "PROCESSING", "SHIPPED", "COMPLETED", "CANCELLED"] as const;
