// POST /payments/checkout: the purchase buttons on /resources, /resources/{id} and the store's Buy Now are plain forms
// (no JavaScript on visitor pages). Resources: visitors go to /login; members get a Checkout Session. Merchandise
// (`kind=merchandise` with merchandiseId, variantId, variantTitle): guests may buy too (decision 010). Prices come
// from the database, never from this form; the browser is sent to the session — Stripe's page, or the local test
// payment page in development (a guest's browser cookie from the API passed on). Astro refuses cross-site POSTs here
// (security.checkOrigin).
import type { APIRoute } from "astro";
import { forwardCookies, serverApi } from "../../lib/api.server";
import { readFormFields } from "../../lib/form-post.server";
import { checkoutFailureMessage } from "../../features/payments/payment-error";
import { CHECKOUT_FAILED, SUBSCRIPTION_FAILED } from "../../features/payments/return-toast";

const redirect = (location: string, from?: Response) => {
  const headers = new Headers({ location, "cache-control": "no-store" });
  forwardCookies(from, headers);
  return new Response(null, { status: 303, headers });
};

const FIELDS = ["kind", "resourceId", "paymentType", "merchandiseId", "variantId", "variantTitle", "checkoutNonce"] as const;

/** SPEC §8: 'Error' with the server's message, else the purchase's own (the page's script shows it as a toast). */
const failure = (back: string, error: unknown, fallback: string) => {
  const message = checkoutFailureMessage(
    (error as { value?: { message?: string } } | null | undefined)?.value?.message,
    fallback,
  );
  return redirect(`${back}?payment_error=${encodeURIComponent(message)}`);
};

export const POST: APIRoute = async (context) => {
  const form = await readFormFields(context.request, FIELDS);
  if (!form.ok) return new Response(form.message, { status: form.status });
  const { kind, resourceId, paymentType, merchandiseId, variantId, variantTitle, checkoutNonce } = form.fields;
  const api = serverApi(context);
  if (kind === "merchandise") {
    const back = merchandiseId ? `/merchandise/${encodeURIComponent(merchandiseId)}` : "/merchandise";
    // The page view's nonce (set by the island once hydrated): a guest's double click is then one Checkout Session.
    const nonce = checkoutNonce ? { checkoutNonce } : {};
    const res = await api["create-merchandise-checkout"].post({ merchandiseId, variantId, variantTitle, ...nonce });
    if (!res.data) return failure(back, res.error, CHECKOUT_FAILED);
    return redirect(res.data.url, res.response);
  }
  if (!context.locals.user) return redirect("/login");
  const back = resourceId ? `/resources/${encodeURIComponent(resourceId)}` : "/resources";
  const res =
    paymentType === "annual"
      ? await api["create-annual-subscription"].post()
      : paymentType === "onetime" || paymentType === "monthly"
        ? await api["create-checkout-session"].post({ resourceId, paymentType })
        : null;
  if (res?.status === 401) return redirect("/login");
  if (!res?.data) return failure(back, res?.error, paymentType === "annual" ? SUBSCRIPTION_FAILED : CHECKOUT_FAILED);
  return redirect(res.data.url);
};
