// Back from a merchandise checkout (SPEC §2, §8): ?success=true / ?canceled=true — the page renders SPEC's banner on
// the server (purchaseOutcome) and this tiny script adds SPEC's toast once through the one return handler
// (payments/checkout-return.ts), which also clears the parameters and shows a ?payment_error. The order itself comes
// from the verified webhook, never from this URL.
import { checkoutReturn } from "../payments/checkout-return";

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
type PurchaseOutcome = keyof typeof PURCHASE_BANNERS;

/** Which banner a /merchandise URL asks for. */
export function purchaseOutcome(params: URLSearchParams): PurchaseOutcome | null {
  if (params.get("success") === "true") return "success";
  if (params.get("canceled") === "true") return "canceled";
  return null;
}

/** SPEC's purchase toast once, then the URL without the parameters (the one return handler: checkout-return.ts). */
export const showPurchaseReturn = checkoutReturn(PURCHASE_TOASTS);
