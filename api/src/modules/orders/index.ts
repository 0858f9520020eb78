// Order routes (SPEC §7 GET /api/orders, PATCH /api/orders/{id}), all for the order_management section: the one list
// behind /admin/orders and /admin/invoices (status, type and e-mail filters, keyset pages with the next cursor in
// headers), its CSV export, one order's timeline, the admin's update and the retry by hand of a failed submission to
// Printify.
import { Elysia, t } from "elysia";
import { csvHeaders } from "../../lib/csv";
import { errorResponses, GUARDED_ERRORS, IdParams } from "../../lib/http-schema";
import { withNextLink } from "../../lib/keyset";
import { pageParams } from "../../lib/page-params";
import { rawJsonBody, securityPlugin } from "../../plugins/security";
import { authPlugin } from "../auth/guard";
import { ORDER_LIST_MAX, OrderListQuerySchema, OrderSchema, OrderTimelineSchema, OrderUpdateSchema } from "./schema";
import { markAlertHandled, refundOrder } from "./refunds";
import { listOrders, orderTimeline, ordersCsv, retrySubmission, updateOrder } from "./service";
import { handlePrintifyWebhook } from "./tracking";

/** Printify's order events are a few KB. */
const PRINTIFY_EVENT_MAX_BYTES = 256 * 1024;

const listErrors = errorResponses(400, 401, 403);

// The filters are the contract's own (one rule for each); the page parameters come from the list kit.
const filterQuery = OrderListQuerySchema.properties;
const listQuery = t.Object({ ...filterQuery, ...pageParams(ORDER_LIST_MAX) });

export const ordersModule = new Elysia({ name: "orders", tags: ["orders"], prefix: "/orders" })
  .use(authPlugin)
  .get("/", async ({ query, set }) => withNextLink(await listOrders(query), "/api/orders", query, set.headers), {
    section: "order_management",
    query: listQuery,
    response: { 200: t.Array(OrderSchema), ...listErrors },
    detail: {
      summary:
        "Orders and payments, newest first: status and type filters, e-mail search, the Stripe link; keyset pages (next cursor in headers)",
    },
  })
  .get("/export.csv", async ({ query }) => new Response(ordersCsv(query), { headers: csvHeaders("orders.csv") }), {
    section: "order_management",
    query: t.Object(filterQuery),
    response: { 200: t.String({ description: "text/csv" }), ...listErrors },
    detail: { summary: "The orders matching the filters as CSV (formula-safe cells)" },
  })
  .get("/:id/timeline", ({ params }) => orderTimeline(params.id), {
    section: "order_management",
    params: IdParams,
    response: { 200: OrderTimelineSchema, ...GUARDED_ERRORS },
    detail: { summary: "One order's events, oldest first, and its shipments" },
  })
  .patch("/:id", ({ params, body, user }) => updateOrder(params.id, body, user), {
    section: "order_management",
    params: IdParams,
    body: OrderUpdateSchema,
    response: { 200: OrderSchema, ...GUARDED_ERRORS },
    detail: { summary: "Set an order's status and optionally its tracking number (recorded in its timeline)" },
  })
  .post("/:id/retry-submission", ({ params, user }) => retrySubmission(params.id, user), {
    section: "order_management",
    params: IdParams,
    response: { 200: OrderSchema, ...GUARDED_ERRORS, ...errorResponses(409) },
    detail: { summary: "Submit a merchandise order to Printify again (after a failure); 409 once it is there" },
  })
  .post("/:id/refund", ({ params, user }) => refundOrder(params.id, user), {
    section: "order_management",
    params: IdParams,
    response: { 200: OrderSchema, ...GUARDED_ERRORS, ...errorResponses(409, 503) },
    detail: {
      summary:
        "Refund an order Printify cancelled, through Stripe's Refund API (one refund per order, however often asked); 409 when no refund is due",
    },
  })
  .post("/:id/alert-handled", ({ params, user }) => markAlertHandled(params.id, user), {
    section: "order_management",
    params: IdParams,
    response: { 200: OrderSchema, ...GUARDED_ERRORS },
    detail: { summary: "Mark Printify's problem with an order (had-issues, payment-not-received) as handled" },
  });

/** Printify's webhook (decision 012): raw body, X-Pfy-Signature checked, each event id applied once (tracking.ts). */
export const printifyWebhookModule = new Elysia({ name: "printify-webhook", tags: ["orders"] })
  .use(securityPlugin)
  .post("/webhooks/printify", ({ body, request }) => handlePrintifyWebhook(body, request.headers.get("x-pfy-signature")), {
    accepts: rawJsonBody(PRINTIFY_EVENT_MAX_BYTES),
    body: t.String({ description: "The event exactly as Printify sent it (application/json)" }),
    response: {
      200: t.Object({ received: t.Literal(true), duplicate: t.Boolean() }),
      ...errorResponses(400, 503),
    },
    detail: { summary: "Printify webhook: verifies the signature, records the event once, follows the order to the door" },
  });
