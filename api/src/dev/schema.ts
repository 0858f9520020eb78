// The local test payment's contract (development without Stripe keys, docs/decisions/010-payments.md): the
// /payments/test/{id} page's session, and what Pay sends — the shipping address (and a guest's e-mail) as Stripe
// Checkout would collect them. TypeBox only: the site's page imports it.
// Builders by name (not `Type`, one object holding them all): an island bundles only those it calls (lib/typebox.ts).
import * as T from "@sinclair/typebox/type";
import type { Static } from "@sinclair/typebox/type";
import { literalUnion, messages } from "../lib/typebox";
import { emailField, MESSAGES as AUTH_MESSAGES } from "../modules/auth/schema";
import { SHIPPING_COUNTRIES } from "../modules/payments/schema";

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
