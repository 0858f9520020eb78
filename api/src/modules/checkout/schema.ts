// Checkout contracts (SPEC §7 POST /api/create-checkout-session, /api/create-annual-subscription,
// /api/create-merchandise-checkout): what a member or a guest asks to buy, the messages, and whether purchases can
// start. Each call answers `{ url }` (payments/schema.ts: CheckoutUrlSchema). TypeBox only: the site imports it.
// Builders by name (not `Type`, one object holding them all): an island bundles only those it calls (lib/typebox.ts).
import * as T from "@sinclair/typebox/type";
import type { Static } from "@sinclair/typebox/type";
import { ID_MAX_LENGTH, literalUnion } from "../../lib/typebox";

const PAYMENT_TYPES = ["onetime", "monthly"] as const;

export const CheckoutInputSchema = T.Object({
  resourceId: T.String({ minLength: 1, maxLength: ID_MAX_LENGTH }),
  paymentType: literalUnion(PAYMENT_TYPES, { error: "paymentType must be onetime or monthly" }),
});
export type CheckoutInput = Static<typeof CheckoutInputSchema>;

export const PAYMENT_MESSAGES = {
  notConfigured: "Payments are not configured",
  free: "This resource is free: there is nothing to pay",
  noPrice: "This payment option is not available for this resource",
  annualFree: "The annual subscription is not available",
  notFound: "Resource not found",
  tooMany: "Too many checkout attempts. Please try again later.",
} as const;

// ── Merchandise checkout (SPEC §7 POST /api/create-merchandise-checkout) ──────────────────────────────────────
/** Printify variant ids are numbers; stored and sent as text. */
const PROVIDER_VARIANT_ID_MAX_LENGTH = 32;
/** Option titles joined with ' / ' (at most 3 options): generous, but bounded. */
const VARIANT_TITLE_MAX_LENGTH = 300;

/** A checkout nonce: 16–64 URL-safe characters (the island sends a UUID). */
export const CHECKOUT_NONCE_PATTERN = "^[A-Za-z0-9_-]{16,64}$";

export const MerchandiseCheckoutInputSchema = T.Object({
  merchandiseId: T.String({ minLength: 1, maxLength: ID_MAX_LENGTH }),
  variantId: T.String({ minLength: 1, maxLength: PROVIDER_VARIANT_ID_MAX_LENGTH }),
  // Only checked against the stored variant (the stored title is what is sold and recorded), never trusted.
  variantTitle: T.String({ maxLength: VARIANT_TITLE_MAX_LENGTH }),
  // The product page's random id for this view (the island makes one), so a guest's double click is one Checkout
  // Session and two guests behind one address are two (decision 010). Optional: a form sent before hydration
  // has none, and the checkout cookie then stands for the browser.
  checkoutNonce: T.Optional(T.String({ pattern: CHECKOUT_NONCE_PATTERN, error: "Invalid checkout nonce" })),
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

export const PaymentsStatusSchema = T.Object({ available: T.Boolean(), testMode: T.Boolean() });
