// Back from checkout (SPEC §2, §8): ?success=true / ?canceled=true show SPEC's toast once, then leave the URL so a
// reload or a shared link does not repeat it. The toast is only a message: access comes from the verified webhook.
import { toast } from "../../stores/toast";

export const PAYMENT_TOASTS = {
  success: { title: "Payment Successful!", description: "You now have access to this resource." },
  canceled: { title: "Payment Canceled", description: "Your payment was not completed." },
} as const;

export function showPaymentReturnToast(location: Location = window.location, history: History = window.history) {
  const params = new URLSearchParams(location.search);
  if (!params.has("success") && !params.has("canceled")) return;
  if (params.get("success") === "true") toast(PAYMENT_TOASTS.success);
  else if (params.get("canceled") === "true") toast(PAYMENT_TOASTS.canceled);
  params.delete("success");
  params.delete("canceled");
  const query = params.toString();
  history.replaceState(history.state, "", `${location.pathname}${query ? `?${query}` : ""}${location.hash}`);
}
