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

/**
 * What a checkout that could not start says (SPEC §8): the server's message when it is one of ours, else the
 * purchase's own fallback ('Failed to create subscription' for the annual plan, the checkout one otherwise). The
 * endpoint resolves it before the redirect, so the page never has to guess which purchase failed.
 */
export function checkoutFailureMessage(serverMessage: string | undefined, fallback: string): string {
  return serverMessage !== undefined && KNOWN_ERRORS.has(serverMessage) ? serverMessage : fallback;
}

/** The message to show for a `payment_error` parameter, or null when there is none. */
export function paymentErrorMessage(param: string | null): string | null {
  if (param === null) return null;
  return KNOWN_ERRORS.has(param) ? param : CHECKOUT_FAILED;
}
