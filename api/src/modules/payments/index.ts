// Payment routes (SPEC §7, docs/decisions/010-payments.md): the two checkout calls, Stripe's webhook (raw body,
// signature checked, no Origin — it comes from Stripe, not a browser), the member's billing and, in development
// without Stripe keys only, the local test payment calls behind the site's /payments/test/{id} page. Admin routes
// (invoices) are in admin.ts.
import { Elysia, t } from "elysia";
import { errorResponses, IdParams } from "../../lib/http-schema";
import { acceptRawJson } from "../../plugins/security";
import { authPlugin } from "../auth/guard";
import { paymentsAdminModule } from "./admin";
import { myBilling, setCancelAtPeriodEnd } from "./billing";
import { handleStripeWebhook } from "./fulfilment";
import { cancelLocalSession, localPaymentsEnabled, payLocalSession, viewLocalSession } from "./local";
import {
  BillingSchema,
  BillingSubscriptionSchema,
  CheckoutInputSchema,
  CheckoutUrlSchema,
  LocalSessionParamsSchema,
  LocalSessionSchema,
  PaymentsStatusSchema,
  WebhookReceiptSchema,
} from "./schema";
import { createAnnualSubscription, createCheckoutSession } from "./service";
import { stripe } from "./stripe";

const STRIPE_WEBHOOK_PATH = "/api/webhooks/stripe";
/** Stripe's events are a few KB; a checkout session with expanded objects stays far below this. */
acceptRawJson(STRIPE_WEBHOOK_PATH, 512 * 1024);

const errors = errorResponses(400, 401, 404, 503);

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
  .get("/payments/test/:id", ({ params, user }) => viewLocalSession(user.id, params.id), {
    auth: true,
    params: LocalSessionParamsSchema,
    response: { 200: LocalSessionSchema, ...errors },
    detail: { summary: "Development without Stripe keys: a local test payment (404 otherwise)" },
  })
  .post("/payments/test/:id/pay", ({ params, user }) => payLocalSession(user.id, params.id), {
    auth: true,
    params: LocalSessionParamsSchema,
    response: { 200: CheckoutUrlSchema, ...errors },
    detail: { summary: "Development without Stripe keys: pay a local test payment (once) through the webhook handler" },
  })
  .post("/payments/test/:id/cancel", ({ params, user }) => cancelLocalSession(user.id, params.id), {
    auth: true,
    params: LocalSessionParamsSchema,
    response: { 200: CheckoutUrlSchema, ...errors },
    detail: { summary: "Development without Stripe keys: cancel a local test payment" },
  })
  .get("/my-billing", ({ user }) => myBilling(user.id), {
    auth: true,
    response: { 200: BillingSchema, ...errorResponses(401) },
    detail: { summary: "The caller's plans (each with whether it is current) and one-time purchases (/subscriptions)" },
  })
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
