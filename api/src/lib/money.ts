// Money, the one way (SPEC §9: dollars with 2 decimals). Amounts are stored as Decimal(10,2) dollars and travel as
// text ("24.00"); whole cents exist only at the providers' boundaries — Stripe's `unit_amount` / `amount_total` and
// Printify's prices — and are converted here, exactly: no float ever stands between a price and its cents.

/** A stored amount (Prisma's Decimal) or its text, e.g. "24.5" or "24.50". */
export type Amount = { toFixed(digits: number): string } | string;

const DOLLARS = /^(-)?(\d{1,13})(?:\.(\d{1,2}))?$/;

/** An amount as SPEC's text: "24.50". Decimal's own toFixed is exact; text is read digit by digit. */
export function dollars(amount: Amount): string {
  return typeof amount === "string" ? fromCents(toCents(amount)) : amount.toFixed(2);
}

/**
 * Whole cents of an amount of at most two decimals ("24.5" → 2450): what Stripe's `unit_amount` takes. Anything else
 * (three decimals, an exponent, not a number) is a bug upstream, not a price to round.
 */
export function toCents(amount: Amount): number {
  const text = typeof amount === "string" ? amount.trim() : amount.toFixed(2);
  const match = DOLLARS.exec(text);
  if (!match) throw new Error(`Not an amount of dollars and cents: ${JSON.stringify(text.slice(0, 40))}`);
  const [, minus, whole, fraction = ""] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return minus && cents !== 0 ? -cents : cents;
}

/** Whole cents as dollars text (2450 → "24.50"): Stripe's `amount_total`, Printify's prices (a fraction of a cent is dropped). */
export function fromCents(cents: number): string {
  const whole = Math.trunc(Math.abs(cents));
  return `${cents < 0 ? "-" : ""}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, "0")}`;
}
