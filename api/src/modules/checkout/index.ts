// Checkout routes (SPEC §7): a premium resource (one-time or monthly), the annual plan, and merchandise — guests too
// (their local test payments are found by the browser cookie instead of a session). Each answers the URL to go to:
// Stripe's Checkout page, or without Stripe keys in development the local test payment page (api/src/dev/).
import { Elysia } from "elysia";
import { clientIpOf } from "../../lib/client-ip";
import { errorResponses } from "../../lib/http-schema";
import { BROWSER_COOKIE, browserCookieOptions } from "../../dev/browser-cookie";
import { localPaymentsEnabled } from "../../dev/local-payments";
import { authPlugin, optionalUser } from "../auth/guard";
import { CheckoutUrlSchema } from "../payments/schema";
import { stripe } from "../../lib/stripe";
import { createMerchandiseCheckout } from "./merchandise";
import { CheckoutInputSchema, MerchandiseCheckoutInputSchema, PaymentsStatusSchema } from "./schema";
import { createAnnualSubscription, createCheckoutSession } from "./service";

export const checkoutModule = new Elysia({ name: "checkout", tags: ["checkout"] })
  .use(authPlugin)
  .get(
    "/payments/status",
    () => ({ available: stripe() !== null || localPaymentsEnabled(), testMode: stripe() === null && localPaymentsEnabled() }),
    {
      response: { 200: PaymentsStatusSchema },
      detail: { summary: "Whether purchases can start (Stripe configured, or local test payments in development)" },
    },
  )
  .post("/create-checkout-session", ({ body, user }) => createCheckoutSession(user, body), {
    auth: true,
    body: CheckoutInputSchema,
    response: { 200: CheckoutUrlSchema, ...errorResponses(400, 401, 404, 429, 503) },
    detail: { summary: "Start a Checkout Session for a premium resource (one-time or monthly); answers the URL to go to" },
  })
  .post("/create-annual-subscription", ({ user }) => createAnnualSubscription(user), {
    auth: true,
    response: { 200: CheckoutUrlSchema, ...errorResponses(400, 401, 404, 429, 503) },
    detail: { summary: "Start a Checkout Session for the annual subscription (the persisted annual price)" },
  })
  .post(
    "/create-merchandise-checkout",
    async ({ body, request, cookie }) => {
      const buyer = await optionalUser(request, cookie);
      const { newBrowserToken, url } = await createMerchandiseCheckout(
        { buyer, ip: clientIpOf(request), browserToken: cookie[BROWSER_COOKIE]?.value as string | undefined },
        body,
      );
      if (newBrowserToken) cookie[BROWSER_COOKIE]!.set({ value: newBrowserToken, ...browserCookieOptions() });
      return { url };
    },
    {
      body: MerchandiseCheckoutInputSchema,
      response: { 200: CheckoutUrlSchema, ...errorResponses(400, 401, 404, 409, 429, 503) },
      detail: {
        summary:
          "Start a Checkout Session for one merchandise variant (guests too; the price from the stored variant; Stripe collects e-mail and shipping address); answers the URL to go to",
      },
    },
  );
