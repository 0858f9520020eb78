// The member's billing routes (/subscriptions): their plans with cancel at period end and resume, their one-time
// purchases and their merchandise orders with tracking, each a keyset-paged list (the next cursor in headers).
import { Elysia, t } from "elysia";
import { errorResponses, IdParams } from "../../lib/http-schema";
import { withNextLink } from "../../lib/keyset";
import { PageQuery } from "../../lib/page-params";
import { authPlugin } from "../auth/guard";
import { BILLING_LIST_MAX, BillingPurchaseSchema, BillingStoreOrderSchema, BillingSubscriptionSchema } from "./schema";
import { myPlans, myPurchases, myStoreOrders, setCancelAtPeriodEnd } from "./service";

export const billingModule = new Elysia({ name: "billing", tags: ["billing"], prefix: "/my-billing" })
  .use(authPlugin)
  .get(
    "/subscriptions",
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
    "/purchases",
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
    "/store-orders",
    async ({ query, user, set }) =>
      withNextLink(await myStoreOrders(user.id, query), "/api/my-billing/store-orders", query, set.headers),
    {
      auth: true,
      query: PageQuery(BILLING_LIST_MAX),
      response: { 200: t.Array(BillingStoreOrderSchema), ...errorResponses(400, 401) },
      detail: { summary: "The caller's merchandise orders with their tracking, newest first; keyset pages (/subscriptions)" },
    },
  )
  .post("/subscriptions/:id/cancel", ({ params, user }) => setCancelAtPeriodEnd(user.id, params.id, true), {
    auth: true,
    params: IdParams,
    response: { 200: BillingSubscriptionSchema, ...errorResponses(400, 401, 404, 409, 503) },
    detail: { summary: "Cancel one of the caller's plans at the end of its paid period" },
  })
  .post("/subscriptions/:id/resume", ({ params, user }) => setCancelAtPeriodEnd(user.id, params.id, false), {
    auth: true,
    params: IdParams,
    response: { 200: BillingSubscriptionSchema, ...errorResponses(400, 401, 404, 409, 503) },
    detail: { summary: "Resume a plan set to cancel at period end" },
  });
