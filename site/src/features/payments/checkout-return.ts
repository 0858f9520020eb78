// Back from a checkout (SPEC §2, §8), the one way for every page a checkout returns to (resources, merchandise):
// ?success=true / ?canceled=true show the page's own toast once, ?payment_error=… SPEC's 'Error' toast with the message
// the page resolved on the server (payment-error.ts: only one of our own messages, never text from the link), then the
// parameters leave the URL so a reload or a shared link does not repeat it. The toast is only a message: access and
// orders come from the verified webhook. No TypeBox here: this runs on visitor pages.
import { toast } from "../../stores/toast";

type ToastInput = Parameters<typeof toast>[0];

export const CHECKOUT_FAILED = "Failed to create checkout session";
/** The element a page renders with the resolved checkout error, when there is one. */
const PAYMENT_ERROR_ATTRIBUTE = "data-payment-error";
const RETURN_PARAMS = ["success", "canceled", "payment_error"];

const renderedPaymentError = () =>
  document.querySelector(`[${PAYMENT_ERROR_ATTRIBUTE}]`)?.getAttribute(PAYMENT_ERROR_ATTRIBUTE) ?? null;

/** The return handler of a page whose checkout ends with `toasts` (its own words for success and cancel). */
export const checkoutReturn =
  (toasts: { success: ToastInput; canceled: ToastInput }) =>
  (
    location: Pick<Location, "search" | "pathname" | "hash"> = window.location,
    history: Pick<History, "state" | "replaceState"> = window.history,
    /** The page's own, already checked, message for ?payment_error. */
    errorMessage: string | null = renderedPaymentError(),
  ) => {
    const params = new URLSearchParams(location.search);
    if (!RETURN_PARAMS.some((name) => params.has(name))) return;
    if (params.get("success") === "true") toast(toasts.success);
    else if (params.get("canceled") === "true") toast(toasts.canceled);
    else if (params.has("payment_error")) {
      toast({ title: "Error", description: errorMessage || CHECKOUT_FAILED, variant: "destructive" });
    }
    for (const name of RETURN_PARAMS) params.delete(name);
    const query = params.toString();
    history.replaceState(history.state, "", `${location.pathname}${query ? `?${query}` : ""}${location.hash}`);
  };
