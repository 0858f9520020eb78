// Back from checkout (SPEC §2, §8): ?success=true / ?canceled=true show SPEC's toast once, then leave the URL so a
// reload or a shared link does not repeat it. The toast is only a message: access comes from the verified webhook.
// A checkout that could not start comes back with ?payment_error=<message>: SPEC's 'Error' toast with the server's
// message — only one of our own messages, so a crafted link cannot put its text on the page.
import { PAYMENT_MESSAGES } from "@api/modules/payments/schema";
import { toast } from "../../stores/toast";

export const PAYMENT_TOASTS = {
  success: { title: "Payment Successful!", description: "You now have access to this resource." },
  canceled: { title: "Payment Canceled", description: "Your payment was not completed." },
} as const;
export const CHECKOUT_FAILED = "Failed to create checkout session";
export const SUBSCRIPTION_FAILED = "Failed to create subscription";
const KNOWN_ERRORS: ReadonlySet<string> = new Set([...Object.values(PAYMENT_MESSAGES), CHECKOUT_FAILED, SUBSCRIPTION_FAILED]);

const RETURN_PARAMS = ["success", "canceled", "payment_error"];

export function showPaymentReturnToast(
  location: Pick<Location, "search" | "pathname" | "hash"> = window.location,
  history: Pick<History, "state" | "replaceState"> = window.history,
) {
  const params = new URLSearchParams(location.search);
  if (!RETURN_PARAMS.some((name) => params.has(name))) return;
  const error = params.get("payment_error");
  if (params.get("success") === "true") toast(PAYMENT_TOASTS.success);
  else if (params.get("canceled") === "true") toast(PAYMENT_TOASTS.canceled);
  else if (error !== null) {
    toast({ title: "Error", description: KNOWN_ERRORS.has(error) ? error : CHECKOUT_FAILED, variant: "destructive" });
  }
  for (const name of RETURN_PARAMS) params.delete(name);
  const query = params.toString();
  history.replaceState(history.state, "", `${location.pathname}${query ? `?${query}` : ""}${location.hash}`);
}
