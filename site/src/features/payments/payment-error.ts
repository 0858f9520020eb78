// Server side of the checkout error toast: ?payment_error=<text> becomes a message only when it is one of ours, so a
// crafted link cannot put its own words on the page. Imported by pages' frontmatter only (never shipped).
import { MERCH_CHECKOUT_MESSAGES, PAYMENT_MESSAGES } from "@api/modules/checkout/schema";
import { CHECKOUT_FAILED, SUBSCRIPTION_FAILED } from "./return-toast";

const KNOWN_ERRORS: ReadonlySet<string> = new Set([
  ...Object.values(PAYMENT_MESSAGES),
  ...Object.values(MERCH_CHECKOUT_MESSAGES),
  CHECKOUT_FAILED,
  SUBSCRIPTION_FAILED,
]);

/** The message to show for a `payment_error` parameter, or null when there is none. */
export function paymentErrorMessage(param: string | null): string | null {
  if (param === null) return null;
  return KNOWN_ERRORS.has(param) ? param : CHECKOUT_FAILED;
}
