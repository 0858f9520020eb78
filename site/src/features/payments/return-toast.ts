// Back from a resource or plan checkout (SPEC §2, §8): SPEC's payment toasts, through the one return handler
// (checkout-return.ts). A checkout that could not start comes back with ?payment_error=<message>: the page resolves the
// message on the server (payment-error.ts) and hands it over in `data-payment-error`.
import { CHECKOUT_FAILED, checkoutReturn } from "./checkout-return";

export const PAYMENT_TOASTS = {
  success: { title: "Payment Successful!", description: "You now have access to this resource." },
  canceled: { title: "Payment Canceled", description: "Your payment was not completed." },
} as const;
export { CHECKOUT_FAILED };
export const SUBSCRIPTION_FAILED = "Failed to create subscription";

export const showPaymentReturnToast = checkoutReturn(PAYMENT_TOASTS);
