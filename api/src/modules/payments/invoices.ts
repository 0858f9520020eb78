// Admin payments and invoices (/admin/invoices, section order_management; issue 9 item 7): every resource and plan
// payment the webhook recorded — date, customer, what, amount, status, a link to it in Stripe's dashboard — filtered
// by status and searched by e-mail, newest first, and the same rows as CSV (cells that a spreadsheet would run as a
// formula are quoted with a leading apostrophe: lib/csv.ts).
import { type OrderStatus, Prisma } from "../../generated/prisma/client";
import { db } from "../../db/client";
import { env } from "../../env";
import { csvStream } from "../../lib/csv";
import { defineKeyset, eachPage, inPageOrder } from "../../lib/keyset";
import type { Invoice, InvoiceFilter } from "./schema";

/** One page of /admin/invoices when the caller does not ask for another size. */
const INVOICE_PAGE_SIZE = 50;

const KIND_LABEL = {
  RESOURCE_ONETIME: "One-time purchase",
  RESOURCE_MONTHLY: "Monthly subscription",
  ANNUAL_SUBSCRIPTION: "Annual subscription",
} as const;

/** The payment in Stripe's dashboard (test-mode path with a test key); none for local test payments. */
function stripeDashboardUrl(stripePaymentId: string | null): string | null {
  if (!stripePaymentId || stripePaymentId.includes("_local_")) return null;
  const base = `https://dashboard.stripe.com${env.STRIPE_SECRET_KEY?.startsWith("sk_live_") ? "" : "/test"}`;
  const kind = stripePaymentId.startsWith("pi_")
    ? "payments"
    : stripePaymentId.startsWith("in_")
      ? "invoices"
      : stripePaymentId.startsWith("cs_")
        ? "checkout/sessions"
        : null;
  return kind ? `${base}/${kind}/${encodeURIComponent(stripePaymentId)}` : null;
}

/** Newest first on orders(createdAt); ties broken by id. */
const invoiceKeyset = defineKeyset({ table: "orders", column: "createdAt", kind: "timestamp", direction: "desc" });
const KINDS = Object.keys(KIND_LABEL) as (keyof typeof KIND_LABEL)[];

/** The filter as keyset conditions (enum values cast one by one: the PGlite and pg adapters encode arrays differently). */
function filterSql({ status, email }: InvoiceFilter): Prisma.Sql[] {
  const search = email?.trim().toLowerCase();
  return [
    Prisma.sql`"orderType" IN (${Prisma.join(KINDS.map((k) => Prisma.sql`${k}::"OrderType"`))})`,
    ...(status ? [Prisma.sql`"status" = ${status satisfies OrderStatus}::"OrderStatus"`] : []),
    // A substring, case-insensitive; strpos takes it literally (no LIKE wildcards to escape).
    ...(search ? [Prisma.sql`strpos(lower("customerEmail"), ${search}) > 0`] : []),
  ];
}

export type InvoicePage = { items: Invoice[]; nextCursor: string | null };

export async function listInvoices(filter: InvoiceFilter & { limit?: number; cursor?: string }): Promise<InvoicePage> {
  const prisma = await db();
  const { ids, nextCursor } = await invoiceKeyset.page(prisma, {
    where: filterSql(filter),
    cursor: filter.cursor,
    limit: filter.limit ?? INVOICE_PAGE_SIZE,
  });
  const rows = await prisma.order.findMany({
    where: { id: { in: ids } },
    select: {
      id: true,
      createdAt: true,
      customerEmail: true,
      customerName: true,
      orderType: true,
      amount: true,
      status: true,
      stripePaymentId: true,
      resource: { select: { title: true } },
    },
  });
  const items = inPageOrder(ids, rows).map((o) => ({
    id: o.id,
    createdAt: o.createdAt.toISOString(),
    customerEmail: o.customerEmail,
    customerName: o.customerName,
    what: `${KIND_LABEL[o.orderType as keyof typeof KIND_LABEL]}${o.resource ? `: ${o.resource.title}` : ""}`,
    amount: o.amount.toFixed(2),
    status: o.status,
    stripeUrl: stripeDashboardUrl(o.stripePaymentId),
  }));
  return { items, nextCursor };
}

/** Every payment matching the filter as CSV, read a page at a time (no ceiling). */
export function invoicesCsv(filter: InvoiceFilter): ReadableStream<Uint8Array> {
  const header = ["Date", "Customer email", "Customer name", "What", "Amount (USD)", "Status", "Stripe link"];
  const pages = eachPage((cursor) => listInvoices({ ...filter, cursor, limit: 500 }));
  return csvStream(header, pages, (i) => [i.createdAt, i.customerEmail, i.customerName, i.what, i.amount, i.status, i.stripeUrl]);
}
