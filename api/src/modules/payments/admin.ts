// Admin payment routes (/admin/invoices, section order_management): every resource and plan payment, filtered and
// searched, as JSON and as CSV (invoices.ts).
import { Elysia, t } from "elysia";
import { errorResponses } from "../../lib/http-schema";
import { authPlugin } from "../auth/guard";
import { invoicesCsv, listInvoices } from "./invoices";
import { InvoiceQuerySchema, InvoiceSchema } from "./schema";

const errors = errorResponses(400, 401, 403);

export const paymentsAdminModule = new Elysia({ name: "payments-admin", tags: ["payments"] })
  .use(authPlugin)
  .get("/invoices", ({ query }) => listInvoices(query), {
    section: "order_management",
    query: InvoiceQuerySchema,
    response: { 200: t.Array(InvoiceSchema), ...errors },
    detail: { summary: "Resource and plan payments, newest first (at most 500); filter by status, search by e-mail" },
  })
  .get(
    "/invoices/export.csv",
    async ({ query }) =>
      new Response(invoicesCsv(await listInvoices(query)), {
        headers: {
          "content-type": "text/csv; charset=utf-8",
          "content-disposition": 'attachment; filename="invoices.csv"',
          "cache-control": "private, no-store",
        },
      }),
    {
      section: "order_management",
      query: InvoiceQuerySchema,
      response: { 200: t.String({ description: "text/csv" }), ...errors },
      detail: { summary: "The same payments as CSV" },
    },
  );
