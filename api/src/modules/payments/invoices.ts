// Admin payments and invoices (/admin/invoices, section order_management; issue 9 item 7): every resource and plan
// payment the webhook recorded — date, customer, what, amount, status, a link to it in Stripe's dashboard — filtered
// by status and searched by e-mail, newest first, and the same rows as CSV (cells that a spreadsheet would run as a
// formula are quoted with a leading apostrophe: lib/csv.ts).
import type { OrderStatus } from "../../generated/prisma/client";
import { db } from "../../db/client";
import { env } from "../../env";
import { toCsv } from "../../lib/csv";
import type { Invoice, InvoiceFilter } from "./schema";

const INVOICE_LIMIT = 500;

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

export async function listInvoices({ status, email }: InvoiceFilter): Promise<Invoice[]> {
  const rows = await (await db()).order.findMany({
    where: {
      orderType: { in: Object.keys(KIND_LABEL) as (keyof typeof KIND_LABEL)[] },
      ...(status ? { status: status satisfies OrderStatus } : {}),
      ...(email?.trim() ? { customerEmail: { contains: email.trim(), mode: "insensitive" as const } } : {}),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: INVOICE_LIMIT,
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
  return rows.map((o) => ({
    id: o.id,
    createdAt: o.createdAt.toISOString(),
    customerEmail: o.customerEmail,
    customerName: o.customerName,
    what: `${KIND_LABEL[o.orderType as keyof typeof KIND_LABEL]}${o.resource ? `: ${o.resource.title}` : ""}`,
    amount: o.amount.toFixed(2),
    status: o.status,
    stripeUrl: stripeDashboardUrl(o.stripePaymentId),
  }));
}

export function invoicesCsv(invoices: readonly Invoice[]): string {
  const header = ["Date", "Customer email", "Customer name", "What", "Amount (USD)", "Status", "Stripe link"];
  return toCsv(
    header,
    invoices.map((i) => [i.createdAt, i.customerEmail, i.customerName, i.what, i.amount, i.status, i.stripeUrl]),
  );
}
