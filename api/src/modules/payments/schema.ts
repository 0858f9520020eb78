// Payment contracts shared by everything that takes a payment (SPEC §7): the `{ url }` a checkout answers (Stripe's
// page, or the local test payment's), the countries a parcel may go to, what a checkout sells (the metadata Stripe
// signs back) and the webhook's answer. TypeBox only: the site imports it.
// Builders by name (not `Type`, one object holding them all): an island bundles only those it calls (lib/typebox.ts).
import * as T from "@sinclair/typebox/type";
import type { Static } from "@sinclair/typebox/type";

export const CheckoutUrlSchema = T.Object({ url: T.String() });
export type CheckoutUrl = Static<typeof CheckoutUrlSchema>;

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

/** What a checkout buys: set by the server in the session's (and subscription's) metadata, read back by webhooks. */
export type PurchaseKind = "onetime" | "monthly" | "annual";

/** Stripe's webhook answer: `duplicate` when the event id was handled before. */
export const WebhookReceiptSchema = T.Object({ received: T.Literal(true), duplicate: T.Boolean() });
