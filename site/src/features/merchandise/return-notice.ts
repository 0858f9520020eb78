// Back from a merchandise checkout (SPEC §2, §8): ?success=true / ?canceled=true — the page renders SPEC's banner on
// the server (purchaseOutcome) and this tiny script adds SPEC's toast once, then clears the parameters so a reload or
// a shared link does not repeat either. A checkout that could not start comes back with ?payment_error: 'Error' with
// the message the page resolved on the server (only one of ours, never text from the link). The order itself comes
// from the verified webhook, never from this URL.
import { toast } from "../../stores/toast";

export const PURCHASE_BANNERS = {
  success: {
    title: "Purchase Successful",
    text: "Thank you for your order! A confirmation e-mail with your order details is on its way.",
  },
  canceled: { title: "Purchase Canceled", text: "Your payment was not completed and nothing was charged." },
} as const;
export const PURCHASE_TOASTS = {
  success: { title: "Purchase Successful!", description: "You will receive a confirmation e-mail shortly." },
  canceled: { title: "Purchase Canceled", description: "Your payment was not completed." },
} as const;
/** Mirrors features/payments/return-toast.ts (not imported: this page's script stays tiny). */
const CHECKOUT_FAILED = "Failed to create checkout session";
const ERROR_ATTRIBUTE = "data-payment-error";
const RETURN_PARAMS = ["success", "canceled", "payment_error"];

export type PurchaseOutcome = keyof typeof PURCHASE_BANNERS;

/** Which banner a /merchandise URL asks for. */
export function purchaseOutcome(params: URLSearchParams): PurchaseOutcome | null {
  if (params.get("success") === "true") return "success";
  if (params.get("canceled") === "true") return "canceled";
  return null;
}

export function showPurchaseReturn(
  location: Pick<Location, "search" | "pathname" | "hash"> = window.location,
  history: Pick<History, "state" | "replaceState"> = window.history,
  errorMessage: string | null = document.querySelector(`[${ERROR_ATTRIBUTE}]`)?.getAttribute(ERROR_ATTRIBUTE) ?? null,
) {
  const params = new URLSearchParams(location.search);
  if (!RETURN_PARAMS.some((name) => params.has(name))) return;
  const outcome = purchaseOutcome(params);
  if (outcome) toast(PURCHASE_TOASTS[outcome]);
  else if (params.has("payment_error"))
    toast({ title: "Error", description: errorMessage || CHECKOUT_FAILED, variant: "destructive" });
  for (const name of RETURN_PARAMS) params.delete(name);
  const query = params.toString();
  history.replaceState(history.state, "", `${location.pathname}${query ? `?${query}` : ""}${location.hash}`);
}
