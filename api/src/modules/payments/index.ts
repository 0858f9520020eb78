// Payment routes (SPEC §7, docs/decisions/010-payments.md): the two checkout calls, Stripe's webhook (raw body,
// signature checked, no Origin — it comes from Stripe, not a browser), the member's billing and, in development
// without Stripe keys only, the local test payment calls behind the site's /payments/test/{id} page. Admin routes
// (invoices) are in admin.ts. Merchandise checkout is open to guests (issue 15 item 6): their local test payments are
// found by the browser cookie instead of a session.
import { Elysia, t } from "elysia";
import { clientIpOf } from "../../lib/client-ip";
import { errorResponses, IdParams } from "../../lib/http-schema";
import { withNextLink } from "../../lib/keyset";
import { PageQuery } from "../../lib/page-params";
import { acceptRawJson } from "../../plugins/security";
import { authPlugin, optionalUser } from "../auth/guard";
import { paymentsAdminModule } from "./admin";
import { myPlans, myPurchases, myStoreOrders, setCancelAtPeriodEnd } from "./billing";
import { BROWSER_COOKIE, browserCookieOptions, browserHashOf } from "./browser-cookie";
import { handleStripeWebhook } from "./fulfilment";
import { cancelLocalSession, type LocalCaller, localPaymentsEnabled, payLocalSession, viewLocalSession } from "./local";
import { createMerchandiseCheckout } from "./merchandise-checkout";
import {
  BILLING_LIST_MAX,
  BillingPurchaseSchema,
  BillingStoreOrderSchema,
  BillingSubscriptionSchema,
  CheckoutInputSchema,
  CheckoutUrlSchema,
  LocalPayInputSchema,
  LocalSessionParamsSchema,
  LocalSessionSchema,
  MerchandiseCheckoutInputSchema,
  PaymentsStatusSchema,
  WebhookReceiptSchema,
} from "./schema";
import { createAnnualSubscription, createCheckoutSession } from "./service";
import { stripe } from "./stripe";

const STRIPE_WEBHOOK_PATH = "/api/webhooks/stripe";
/** Stripe's events are a few KB; a checkout session with expanded objects stays far below this. */
acceptRawJson(STRIPE_WEBHOOK_PATH, 512 * 1024);

const errors = errorResponses(400, 401, 404, 503);

type Cookies = Record<string, { value?: unknown } | undefined>;
/** A local test payment's caller: the signed-in member and/or the guest browser's cookie. */
async function localCaller(request: Request, cookie: Cookies): Promise<LocalCaller> {
  const user = await optionalUser(request, cookie);
  return { userId: user?.id ?? null, browserHash: browserHashOf(cookie[BROWSER_COOKIE]?.value) };
}

export const paymentsModule = new Elysia({ name: "payments", tags: ["payments"] })
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
  .post("/webhooks/stripe", ({ body, request }) => handleStripeWebhook(body, request.headers.get("stripe-signature")), {
    body: t.String({ description: "The event exactly as Stripe sent it (application/json)" }),
    response: { 200: WebhookReceiptSchema, ...errorResponses(400) },
    detail: { summary: "Stripe webhook: verifies the signature, records the event once, fulfils purchases" },
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
  )
  .get(
    "/payments/test/:id",
    async ({ params, request, cookie }) => viewLocalSession(await localCaller(request, cookie), params.id),
    {
      params: LocalSessionParamsSchema,
      response: { 200: LocalSessionSchema, ...errors },
      detail: { summary: "Development without Stripe keys: a local test payment of the caller or their browser (404 otherwise)" },
    },
  )
  .post(
    "/payments/test/:id/pay",
    async ({ params, body, request, cookie }) => payLocalSession(await localCaller(request, cookie), params.id, body ?? {}),
    {
      params: LocalSessionParamsSchema,
      body: t.Optional(LocalPayInputSchema),
      response: { 200: CheckoutUrlSchema, ...errors },
      detail: {
        summary:
          "Development without Stripe keys: pay a local test payment (once) through the webhook handler; merchandise sends the shipping address (and a guest's e-mail)",
      },
    },
  )
  .post(
    "/payments/test/:id/cancel",
    async ({ params, request, cookie }) => cancelLocalSession(await localCaller(request, cookie), params.id),
    {
      params: LocalSessionParamsSchema,
      response: { 200: CheckoutUrlSchema, ...errors },
      detail: { summary: "Development without Stripe keys: cancel a local test payment" },
    },
  )
  .get(
    "/my-billing/subscriptions",
    async ({ query, user, set }) =>
      withNextLink(await myPlans(user.id, query), "/api/my-billing/subscriptions", query, set.headers),
    {
      auth: true,
      query: PageQuery(BILLING_LIST_MAX),
      response: { 200: t.Array(BillingSubscriptionSchema), ...errorResponses(400, 401) },
      detail: {
        summary: "The caller's plans, latest end first, each with whether it is current; keyset pages (/subscriptions)",
      },
    },
  )
  .get(
    "/my-billing/purchases",
    async ({ query, user, set }) =>
      withNextLink(await myPurchases(user.id, query), "/api/my-billing/purchases", query, set.headers),
    {
      auth: true,
      query: PageQuery(BILLING_LIST_MAX),
      response: { 200: t.Array(BillingPurchaseSchema), ...errorResponses(400, 401) },
      detail: { summary: "The caller's one-time resource purchases, newest first; keyset pages (/subscriptions)" },
    },
  )
  .get(
    "/my-billing/store-orders",
    async ({ query, user, set }) =>
      withNextLink(await myStoreOrders(user.id, query), "/api/my-billing/store-orders", query, set.headers),
    {
      auth: true,
      query: PageQuery(BILLING_LIST_MAX),
      response: { 200: t.Array(BillingStoreOrderSchema), ...errorResponses(400, 401) },
      detail: { summary: "The caller's merchandise orders with their tracking, newest first; keyset pages (/subscriptions)" },
    },
  )
  .post("/my-billing/subscriptions/:id/cancel", ({ params, user }) => setCancelAtPeriodEnd(user.id, params.id, true), {
    auth: true,
    params: IdParams,
    response: { 200: BillingSubscriptionSchema, ...errorResponses(400, 401, 404, 409, 503) },
    detail: { summary: "Cancel one of the caller's plans at the end of its paid period" },
  })
  .post("/my-billing/subscriptions/:id/resume", ({ params, user }) => setCancelAtPeriodEnd(user.id, params.id, false), {
    auth: true,
    params: IdParams,
    response: { 200: BillingSubscriptionSchema, ...errorResponses(400, 401, 404, 409, 503) },
    detail: { summary: "Resume a plan set to cancel at period end" },
  })
  .use(paymentsAdminModule);
