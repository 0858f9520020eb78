// Payment routes (SPEC §7, docs/decisions/010-payments.md): the two checkout calls, Stripe's webhook (raw body,
// signature checked, no Origin — it comes from Stripe, not a browser) and, in development without Stripe keys only,
// the local test payment calls behind the site's /payments/test/{id} page.
import { Elysia, t } from "elysia";
import { ErrorBodySchema } from "../../lib/http-schema";
import { acceptRawJson } from "../../plugins/security";
import { authPlugin } from "../auth/guard";
import { BillingSchema, BillingSubscriptionSchema, myBilling, setCancelAtPeriodEnd } from "./billing";
import { handleStripeWebhook } from "./fulfilment";
import { INVOICE_STATUSES, type InvoiceFilter, InvoiceSchema, invoicesCsv, listInvoices } from "./invoices";
import { cancelLocalSession, localPaymentsEnabled, payLocalSession, viewLocalSession } from "./local";
import { CheckoutInputSchema, CheckoutUrlSchema } from "./schema";
import { createAnnualSubscription, createCheckoutSession } from "./service";
import { stripe } from "./stripe";

export const STRIPE_WEBHOOK_PATH = "/api/webhooks/stripe";
/** Stripe's events are a few KB; a checkout session with expanded objects stays far below this. */
acceptRawJson(STRIPE_WEBHOOK_PATH, 512 * 1024);

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema, 503: ErrorBodySchema };
const InvoiceQuery = t.Object({
  status: t.Optional(t.String({ pattern: `^(${INVOICE_STATUSES.join("|")})$`, error: "Unknown status" })),
  email: t.Optional(t.String({ maxLength: 254 })),
});
const SubscriptionParams = t.Object({ id: t.String({ maxLength: 64 }) });
const IdParams = t.Object({ id: t.String({ pattern: "^cs_test_local_[0-9a-f]{24}$" }) });
const LocalSessionSchema = t.Object({
  id: t.String(),
  name: t.String(),
  amount: t.String(),
  interval: t.Union([t.Literal("month"), t.Literal("year"), t.Null()]),
  cancelUrl: t.String(),
});

export const paymentsModule = new Elysia({ name: "payments" })
  .use(authPlugin)
  .get(
    "/payments/status",
    () => ({ available: stripe() !== null || localPaymentsEnabled(), testMode: stripe() === null && localPaymentsEnabled() }),
    {
      response: { 200: t.Object({ available: t.Boolean(), testMode: t.Boolean() }) },
      detail: { summary: "Whether purchases can start (Stripe configured, or local test payments in development)" },
    },
  )
  .post("/create-checkout-session", ({ body, user }) => createCheckoutSession(user, body), {
    auth: true,
    body: CheckoutInputSchema,
    response: { 200: CheckoutUrlSchema, ...errors },
    detail: { summary: "Start a Checkout Session for a premium resource (one-time or monthly); answers the URL to go to" },
  })
  .post("/create-annual-subscription", ({ user }) => createAnnualSubscription(user), {
    auth: true,
    response: { 200: CheckoutUrlSchema, ...errors },
    detail: { summary: "Start a Checkout Session for the annual subscription (the persisted annual price)" },
  })
  .post("/webhooks/stripe", ({ body, request }) => handleStripeWebhook(body, request.headers.get("stripe-signature")), {
    body: t.String({ description: "The event exactly as Stripe sent it (application/json)" }),
    response: { 200: t.Object({ received: t.Literal(true), duplicate: t.Boolean() }), 400: ErrorBodySchema },
    detail: { summary: "Stripe webhook: verifies the signature, records the event once, fulfils purchases" },
  })
  .get("/payments/test/:id", ({ params, user }) => viewLocalSession(user.id, params.id), {
    auth: true,
    params: IdParams,
    response: { 200: LocalSessionSchema, ...errors },
    detail: { summary: "Development without Stripe keys: a local test payment (404 otherwise)" },
  })
  .post("/payments/test/:id/pay", ({ params, user }) => payLocalSession(user.id, params.id), {
    auth: true,
    params: IdParams,
    response: { 200: CheckoutUrlSchema, ...errors },
    detail: { summary: "Development without Stripe keys: pay a local test payment through the webhook handler" },
  })
  .post("/payments/test/:id/cancel", ({ params, user }) => cancelLocalSession(user.id, params.id), {
    auth: true,
    params: IdParams,
    response: { 200: CheckoutUrlSchema, ...errors },
    detail: { summary: "Development without Stripe keys: cancel a local test payment" },
  })
  .get("/my-billing", ({ user }) => myBilling(user.id), {
    auth: true,
    response: { 200: BillingSchema, 401: ErrorBodySchema },
    detail: { summary: "The caller's plans and one-time purchases (/subscriptions)" },
  })
  .post("/my-billing/subscriptions/:id/cancel", ({ params, user }) => setCancelAtPeriodEnd(user.id, params.id, true), {
    auth: true,
    params: SubscriptionParams,
    response: { 200: BillingSubscriptionSchema, 409: ErrorBodySchema, ...errors },
    detail: { summary: "Cancel one of the caller's plans at the end of its paid period" },
  })
  .post("/my-billing/subscriptions/:id/resume", ({ params, user }) => setCancelAtPeriodEnd(user.id, params.id, false), {
    auth: true,
    params: SubscriptionParams,
    response: { 200: BillingSubscriptionSchema, 409: ErrorBodySchema, ...errors },
    detail: { summary: "Resume a plan set to cancel at period end" },
  })
  .get("/invoices", ({ query }) => listInvoices(query as InvoiceFilter), {
    section: "order_management",
    query: InvoiceQuery,
    response: { 200: t.Array(InvoiceSchema), 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
    detail: { summary: "Resource and plan payments, newest first (at most 500); filter by status, search by e-mail" },
  })
  .get(
    "/invoices/export.csv",
    async ({ query }) =>
      new Response(invoicesCsv(await listInvoices(query as InvoiceFilter)), {
        headers: {
          "content-type": "text/csv; charset=utf-8",
          "content-disposition": 'attachment; filename="invoices.csv"',
          "cache-control": "private, no-store",
        },
      }),
    {
      section: "order_management",
      query: InvoiceQuery,
      response: { 200: t.String({ description: "text/csv" }), 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      detail: { summary: "The same payments as CSV" },
    },
  );
