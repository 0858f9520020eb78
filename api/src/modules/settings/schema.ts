// The settings contract (SPEC §2 Subscription Settings dialog, §9 annual subscription): the annual price in dollars
// as a decimal string with 2 decimals. Imports nothing but TypeBox, so the admin island checks with it too.
// Builders by name (not `Type`, one object holding them all): an island bundles only those it calls (lib/typebox.ts).
import * as T from "@sinclair/typebox/type";
import type { Static } from "@sinclair/typebox/type";

/** SPEC §9: $99 per year until an admin saves another price. */
export const DEFAULT_ANNUAL_PRICE = "99.00";
/** Decimal(10,2): at most 8 digits before the point, 2 after. */
export const PRICE_PATTERN = "^\\d{1,8}(\\.\\d{1,2})?$";

const SETTINGS_MESSAGES = {
  annualPrice: "Annual price must be a number of 0 or more with at most 2 decimals",
} as const;

export const SubscriptionSettingsSchema = T.Object({
  /** Dollars, 2 decimals ("99.00"). */
  annualPrice: T.String({ pattern: "^\\d{1,8}\\.\\d{2}$" }),
});
export type SubscriptionSettings = Static<typeof SubscriptionSettingsSchema>;

export const SubscriptionSettingsInputSchema = T.Object({
  annualPrice: T.String({ minLength: 1, maxLength: 12, pattern: PRICE_PATTERN, error: SETTINGS_MESSAGES.annualPrice }),
});
export type SubscriptionSettingsInput = Static<typeof SubscriptionSettingsInputSchema>;
