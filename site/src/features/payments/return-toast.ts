// Back from checkout (SPEC §2, §8): ?success=true / ?canceled=true show SPEC's toast once, then leave the URL so a
// reload or a shared link does not repeat it. The toast is only a message: access comes from the verified webhook.
// A checkout that could not start comes back with ?payment_error=<message>: SPEC's 'Error' toast with the server's
// message — only one of our own messages, so a crafted link cannot put its text on the page. The page resolves the
// message on the server (payment-error.ts) and hands it over in `data-payment-error`: this script runs on visitor
// pages, which must not carry TypeBox (the contracts) to the browser.
import { toast } from "../../stores/toast";

export const PAYMENT_TOASTS = {
  success: { title: "Payment Successful!", description: "You now have access to this resource." },
  canceled: { title: "Payment Canceled", description: "Your payment was not completed." },
} as const;
export const CHECKOUT_FAILED = "Failed to create checkout session";
export const SUBSCRIPTION_FAILED = "Failed to create subscription";
/** The element a page renders with the resolved checkout error, when there is one. */
const PAYMENT_ERROR_ATTRIBUTE = "data-payment-error";
const renderedError = () => document.querySelector(`[${PAYMENT_ERROR_ATTRIBUTE}]`)?.getAttribute(PAYMENT_ERROR_ATTRIBUTE) ?? null;

const RETURN_PARAMS = ["success", "canceled", "payment_error"];

export function showPaymentReturnToast(
  location: Pick<Location, "search" | "pathname" | "hash"> = window.location,
  history: Pick<History, "state" | "replaceState"> = window.history,
  /** The page's own, already checked, message for ?payment_error. */
  errorMessage: string | null = renderedError(),
) {
  const params = new URLSearchParams(location.search);
  if (!RETURN_PARAMS.some((name) => params.has(name))) return;
  const error = params.get("payment_error");
  if (params.get("success") === "true") toast(PAYMENT_TOASTS.success);
  else if (params.get("canceled") === "true") toast(PAYMENT_TOASTS.canceled);
  else if (error !== null) {
    toast({ title: "Error", description: errorMessage || CHECKOUT_FAILED, variant: "destructive" });
  }
  for (const name of RETURN_PARAMS) params.delete(name);
  const query = params.toString();
  history.replaceState(history.state, "", `${location.pathname}${query ? `?${query}` : ""}${location.hash}`);
}
