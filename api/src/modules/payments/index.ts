// Stripe's webhook (SPEC §7, docs/decisions/010-payments.md): the raw body, its signature checked, no Origin — it
// comes from Stripe, not a browser. Every grant of access and every paid order starts here (stripe-webhook.ts). The
// checkout calls are in checkout/, the member's billing in billing/, the local stand-in for Stripe in api/src/dev/.
import { Elysia, t } from "elysia";
import { errorResponses } from "../../lib/http-schema";
import { rawJsonBody, securityPlugin } from "../../plugins/security";
import { WebhookReceiptSchema } from "./schema";
import { handleStripeWebhook } from "./stripe-webhook";

/** Stripe's events are a few KB; a checkout session with expanded objects stays far below this. */
const STRIPE_EVENT_MAX_BYTES = 512 * 1024;

export const paymentsModule = new Elysia({ name: "payments", tags: ["payments"] })
  .use(securityPlugin)
  .post("/webhooks/stripe", ({ body, request }) => handleStripeWebhook(body, request.headers.get("stripe-signature")), {
    accepts: rawJsonBody(STRIPE_EVENT_MAX_BYTES),
    body: t.String({ description: "The event exactly as Stripe sent it (application/json)" }),
    response: { 200: WebhookReceiptSchema, ...errorResponses(400) },
    detail: { summary: "Stripe webhook: verifies the signature, records the event once, fulfils purchases" },
  });
