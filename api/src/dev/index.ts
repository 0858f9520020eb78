// The local test payment's routes (development without Stripe keys only; docs/decisions/010-payments.md), behind the
// site's /payments/test/{id} page: view, pay (once, through Stripe's own webhook handler) and cancel. A guest's
// session is found by the browser cookie instead of a session. In production or with Stripe configured every call
// answers 404 (local-payments.ts).
import { Elysia, t } from "elysia";
import { errorResponses } from "../lib/http-schema";
import { optionalUser } from "../modules/auth/guard";
import { CheckoutUrlSchema } from "../modules/payments/schema";
import { BROWSER_COOKIE, browserHashOf } from "./browser-cookie";
import { cancelLocalSession, type LocalCaller, payLocalSession, viewLocalSession } from "./local-payments";
import { LocalPayInputSchema, LocalSessionParamsSchema, LocalSessionSchema } from "./schema";

const errors = errorResponses(400, 401, 404, 503);

type Cookies = Record<string, { value?: unknown } | undefined>;
/** A local test payment's caller: the signed-in member and/or the guest browser's cookie. */
async function localCaller(request: Request, cookie: Cookies): Promise<LocalCaller> {
  const user = await optionalUser(request, cookie);
  return { userId: user?.id ?? null, browserHash: browserHashOf(cookie[BROWSER_COOKIE]?.value) };
}

export const localPaymentsModule = new Elysia({ name: "local-payments", tags: ["payments"], prefix: "/payments/test" })
  .get("/:id", async ({ params, request, cookie }) => viewLocalSession(await localCaller(request, cookie), params.id), {
    params: LocalSessionParamsSchema,
    response: { 200: LocalSessionSchema, ...errors },
    detail: { summary: "Development without Stripe keys: a local test payment of the caller or their browser (404 otherwise)" },
  })
  .post(
    "/:id/pay",
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
  .post("/:id/cancel", async ({ params, request, cookie }) => cancelLocalSession(await localCaller(request, cookie), params.id), {
    params: LocalSessionParamsSchema,
    response: { 200: CheckoutUrlSchema, ...errors },
    detail: { summary: "Development without Stripe keys: cancel a local test payment" },
  });
