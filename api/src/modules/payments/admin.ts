// Admin payment routes (/admin/invoices, section order_management): every resource and plan payment, filtered and
// searched, as JSON and as CSV (invoices.ts).
import { Elysia, t } from "elysia";
import { csvHeaders } from "../../lib/csv";
import { errorResponses } from "../../lib/http-schema";
import { CURSOR_MAX_LENGTH, withNextLink } from "../../lib/keyset";
import { authPlugin } from "../auth/guard";
import { invoicesCsv, listInvoices } from "./invoices";
import { INVOICE_LIST_MAX, InvoiceQuerySchema, InvoiceSchema } from "./schema";

// Query strings need Elysia's `t` (it coerces "3" to 3).
const InvoiceListQuery = t.Composite([
  InvoiceQuerySchema,
  t.Object({
    limit: t.Optional(
      t.Integer({ minimum: 1, maximum: INVOICE_LIST_MAX, error: `limit must be between 1 and ${INVOICE_LIST_MAX}` }),
    ),
    cursor: t.Optional(t.String({ maxLength: CURSOR_MAX_LENGTH, error: "Invalid page cursor" })),
  }),
]);

const errors = errorResponses(400, 401, 403);

export const paymentsAdminModule = new Elysia({ name: "payments-admin", tags: ["payments"] })
  .use(authPlugin)
  .get("/invoices", async ({ query, set }) => withNextLink(await listInvoices(query), "/api/invoices", query, set.headers), {
    section: "order_management",
    query: InvoiceListQuery,
    response: { 200: t.Array(InvoiceSchema), ...errors },
    detail: {
      summary:
        "Resource and plan payments, newest first, keyset pages (next cursor in headers); filter by status, search by e-mail",
    },
  })
  .get("/invoices/export.csv", ({ query }) => new Response(invoicesCsv(query), { headers: csvHeaders("invoices.csv") }), {
    section: "order_management",
    query: InvoiceQuerySchema,
    response: { 200: t.String({ description: "text/csv" }), ...errors },
    detail: { summary: "Every payment matching the filter as CSV (all pages)" },
  });
