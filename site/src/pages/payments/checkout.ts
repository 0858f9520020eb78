// POST /payments/checkout: the purchase buttons on /resources and /resources/{id} are plain forms (no JavaScript on
// visitor pages). Visitors go to /login; members get a Checkout Session from the API (prices from the database, never
// from this form) and are sent to it — Stripe's page, or the local test payment page in development. Astro refuses
// cross-site POSTs here (security.checkOrigin).
import type { APIRoute } from "astro";
import { serverApi } from "../../lib/api.server";
import { readFormFields } from "../../lib/form-post.server";
import { CHECKOUT_FAILED, SUBSCRIPTION_FAILED } from "../../features/payments/return-toast";

const redirect = (location: string) => new Response(null, { status: 303, headers: { location, "cache-control": "no-store" } });

export const POST: APIRoute = async (context) => {
  if (!context.locals.user) return redirect("/login");
  const form = await readFormFields(context.request, ["resourceId", "paymentType"] as const);
  if (!form.ok) return new Response(form.message, { status: form.status });
  const { resourceId, paymentType } = form.fields;
  const back = resourceId ? `/resources/${encodeURIComponent(resourceId)}` : "/resources";
  const api = serverApi(context);
  const res =
    paymentType === "annual"
      ? await api["create-annual-subscription"].post()
      : paymentType === "onetime" || paymentType === "monthly"
        ? await api["create-checkout-session"].post({ resourceId, paymentType })
        : null;
  if (res?.status === 401) return redirect("/login");
  if (!res?.data) {
    // SPEC §8: 'Error' with the server's message, else the generic one (the page's script shows it as a toast).
    const fallback = paymentType === "annual" ? SUBSCRIPTION_FAILED : CHECKOUT_FAILED;
    const message = (res?.error?.value as { message?: string } | undefined)?.message ?? fallback;
    return redirect(`${back}?payment_error=${encodeURIComponent(message)}`);
  }
  return redirect(res.data.url);
};
