// Order management (SPEC §2 Order Management, §4, §5). This module owns the `orders` table: the one place a paid
// order is recorded (recordPaidOrder: Stripe's resource and plan payments and the store's merchandise), the one list
// over it (one keyset, one select, one set of filters) behind /admin/orders, /admin/invoices, the member's
// /subscriptions and the dashboard, the one CSV export, an admin's update (one STATUS_CHANGED event per real change,
// none for a repeat) and an order's timeline. Plain functions: no Elysia context in, plain data out, AppError on failure.
import { randomUUID } from "node:crypto";
import { db } from "../../db/client";
import { env } from "../../env";
import { Prisma } from "../../generated/prisma/client";
import { enqueue } from "../../jobs/jobs";
import { csvStream } from "../../lib/csv";
import { AppError, notFound } from "../../lib/errors";
import { defineKeyset, eachPage, inPageOrder, type Page, type PageInput } from "../../lib/keyset";
import { notIssuedByStripe } from "../../lib/local-payment-ids";
import { dollars, fromCents } from "../../lib/money";
import { normaliseEmail } from "../auth/schema";
import { SUBMIT_JOB, type SubmitJob } from "./printify-submission";
import {
  ORDER_MESSAGES,
  ORDER_PAGE_SIZE,
  type Order,
  type OrderFilter,
  type OrderTimeline,
  type OrderType,
  type OrderUpdate,
} from "./schema";
import { readShipments } from "./shipments";

type Tx = Prisma.TransactionClient;
/** Newest first, on the orders(createdAt), orders(orderType, createdAt) and orders(userId, createdAt) indexes; ties by id. */
const orderKeyset = defineKeyset({ table: "orders", column: "createdAt", kind: "timestamp", direction: "desc" });

/** Every column a view of an order shows; each view picks its own fields from the row (the buyer's sees no address). */
export const ORDER_SELECT = {
  id: true,
  userId: true,
  customerName: true,
  customerEmail: true,
  orderType: true,
  amount: true,
  status: true,
  quantity: true,
  trackingNumber: true,
  trackingUrl: true,
  shippingAddress: true,
  shipments: true,
  variantTitle: true,
  createdAt: true,
  printifyOrderId: true,
  printifyStatus: true,
  submissionError: true,
  stripePaymentId: true,
  refundDue: true,
  refundedAt: true,
  printifyAlert: true,
  resource: { select: { id: true, title: true } },
  merchandise: { select: { id: true, title: true } },
} satisfies Prisma.OrderSelect;
export type OrderRow = Prisma.OrderGetPayload<{ select: typeof ORDER_SELECT }>;

/** Who may see which orders: the admin lists (any filter of the contract) or one member's own, of some types. */
type OrderScope = OrderFilter & { userId?: string; types?: readonly OrderType[] };

/** The scope as keyset conditions (enum values cast one by one: the PGlite and pg adapters encode arrays differently). */
function scopeSql({ status, type, types, email, userId }: OrderScope): Prisma.Sql[] {
  const search = email === undefined ? undefined : normaliseEmail(email);
  return [
    ...(userId ? [Prisma.sql`"userId" = ${userId}`] : []),
    ...(status ? [Prisma.sql`"status" = ${status}::"OrderStatus"`] : []),
    ...(type ? [Prisma.sql`"orderType" = ${type}::"OrderType"`] : []),
    ...(types ? [Prisma.sql`"orderType" IN (${Prisma.join(types.map((k) => Prisma.sql`${k}::"OrderType"`))})`] : []),
    // A substring, case-insensitive; strpos takes it literally (no LIKE wildcards to escape).
    ...(search ? [Prisma.sql`strpos(lower("customerEmail"), ${search}) > 0`] : []),
  ];
}

/** One keyset page of orders in `scope`, as whole rows: every list of orders reads through here. */
export async function orderRows(scope: OrderScope, { limit, cursor }: PageInput = {}): Promise<Page<OrderRow>> {
  const prisma = await db();
  const { ids, nextCursor } = await orderKeyset.page(prisma, {
    where: scopeSql(scope),
    cursor,
    limit: limit ?? ORDER_PAGE_SIZE,
  });
  const rows = await prisma.order.findMany({ where: { id: { in: ids } }, select: ORDER_SELECT });
  return { items: inPageOrder(ids, rows), nextCursor };
}

/** The payment in Stripe's dashboard (test-mode path with a test key); none for local test payments. */
function stripeDashboardUrl(stripePaymentId: string | null): string | null {
  if (!stripePaymentId || notIssuedByStripe(stripePaymentId)) return null;
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

/** The admin's view of an order (/admin/orders, /admin/invoices, the CSV). */
export const toOrder = (row: OrderRow): Order => ({
  id: row.id,
  customerName: row.customerName,
  customerEmail: row.customerEmail,
  orderType: row.orderType,
  amount: dollars(row.amount),
  status: row.status,
  trackingNumber: row.trackingNumber,
  shippingAddress: row.shippingAddress,
  variantTitle: row.variantTitle,
  createdAt: row.createdAt.toISOString(),
  printifyOrderId: row.printifyOrderId,
  submissionError: row.submissionError,
  printifyStatus: row.printifyStatus,
  itemTitle: row.resource?.title ?? row.merchandise?.title ?? null,
  stripeUrl: stripeDashboardUrl(row.stripePaymentId),
  refundDue: row.refundDue,
  refundedAt: row.refundedAt?.toISOString() ?? null,
  printifyAlert: row.printifyAlert,
});

export async function listOrders({ status, type, email, ...page }: OrderFilter & PageInput): Promise<Page<Order>> {
  // The contract's filters only: a member's scope (userId, types) is never the admin list's to take from a query.
  const { items, nextCursor } = await orderRows({ status, type, email }, page);
  return { items: items.map(toOrder), nextCursor };
}

// ---- Recording a paid order ---------------------------------------------------------------------------------------

/** A payment Stripe confirmed, as the webhook read it (payments/stripe-webhook.ts); amounts in Stripe's cents. */
type PaidOrder = {
  orderType: OrderType;
  /** Unique per payment: the PaymentIntent, the plan's first invoice, or the Checkout Session. */
  stripePaymentId: string;
  /** Unique too: a session paid on a second try has another payment intent, and is still one order. */
  stripeCheckoutSessionId: string;
  amountCents: number;
  userId: string | null;
  customerEmail: string;
  customerName: string | null;
  resourceId?: string | null;
  /** Merchandise: what goes to Printify, the catalogue rows as they were at payment. */
  merchandise?: {
    merchandiseId: string | null;
    merchandiseVariantId: string | null;
    printifyVariantId: string | null;
    variantTitle: string | null;
    printifyShopId: string | null;
    addressTo: Prisma.InputJsonValue | undefined;
    shippingAddress: string | null;
  };
};

/**
 * Records a paid order in the Stripe event's transaction (the event is claimed in the same one): one order per
 * payment and per Checkout Session, decided by the unique stripePaymentId and stripeCheckoutSessionId — completed and
 * async_payment_succeeded (or any two events for it) may run at once, and the second insert waits for the first and
 * then does nothing; a replayed failed event of a session since paid on a second try (another payment intent) finds
 * the session fulfilled and does nothing either. A resource or plan payment is
 * COMPLETED at once; a merchandise order starts PENDING with its timeline's PAID event and its submission to Printify
 * (printify-submission.ts) enqueued with this `tx`, keyed by the order: they commit together or not at all.
 * Answers the new order's id, or null when the payment was recorded before (the caller sends no second receipt).
 */
export async function recordPaidOrder(tx: Tx, paid: PaidOrder): Promise<string | null> {
  const id = randomUUID();
  const amount = fromCents(paid.amountCents);
  const merchandise = paid.merchandise;
  const { count } = await tx.order.createMany({
    data: [
      {
        id,
        orderType: paid.orderType,
        status: merchandise ? "PENDING" : "COMPLETED",
        userId: paid.userId,
        resourceId: paid.resourceId ?? null,
        customerEmail: paid.customerEmail,
        customerName: paid.customerName,
        amount,
        stripePaymentId: paid.stripePaymentId,
        stripeCheckoutSessionId: paid.stripeCheckoutSessionId,
        ...(merchandise && { ...merchandise, quantity: 1 }),
      },
    ],
    skipDuplicates: true,
  });
  if (count === 0) {
    // Recorded before (completed, then async_payment_succeeded): a resource payment left waiting is completed now.
    if (!merchandise) {
      await tx.order.updateMany({
        where: { stripePaymentId: paid.stripePaymentId, status: { not: "COMPLETED" } },
        data: { status: "COMPLETED" },
      });
    }
    return null;
  }
  if (merchandise) {
    await tx.orderEvent.create({
      data: { orderId: id, kind: "PAID", message: `Paid $${amount} (${paid.stripePaymentId})` },
    });
    await enqueue<SubmitJob>(tx, SUBMIT_JOB, { orderId: id }, { key: id });
  }
  return id;
}

/**
 * An admin sets the status (any, SPEC §4) and optionally the tracking number (blank clears it). The row is locked
 * for the change, so two identical requests write one event: the second finds nothing to change and only answers
 * the order. The event says what changed and who changed it.
 */
export async function updateOrder(id: string, input: OrderUpdate, by: { username: string }): Promise<Order> {
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM orders WHERE id = ${id} FOR UPDATE`;
    if (locked.length === 0) throw notFound(ORDER_MESSAGES.notFound);
    const before = await tx.order.findUniqueOrThrow({ where: { id }, select: ORDER_SELECT });
    const tracking = input.trackingNumber === undefined ? before.trackingNumber : input.trackingNumber.trim() || null;
    const changes = [
      ...(before.status !== input.status ? [`status ${before.status} → ${input.status}`] : []),
      ...(before.trackingNumber !== tracking ? [tracking ? `tracking number ${tracking}` : "tracking number removed"] : []),
    ];
    if (changes.length === 0) return toOrder(before);
    const now = new Date();
    const after = await tx.order.update({
      where: { id },
      data: { status: input.status, trackingNumber: tracking },
      select: ORDER_SELECT,
    });
    await tx.orderEvent.create({
      data: { orderId: id, kind: "STATUS_CHANGED", message: `${changes.join("; ")} (by ${by.username})`, createdAt: now },
    });
    return toOrder(after);
  });
}

/**
 * An admin's "retry by hand" of a merchandise order's submission to Printify: a new job (a fresh key, so it is not
 * the finished one) and a RETRY_REQUESTED event, in one transaction. The job still looks the order up by external_id
 * first, so a retry never sends it twice. 409 once it is at Printify or while a submission is queued or running; 400
 * for other kinds of order.
 */
export async function retrySubmission(id: string, by: { username: string }): Promise<Order> {
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM orders WHERE id = ${id} FOR UPDATE`;
    if (locked.length === 0) throw notFound(ORDER_MESSAGES.notFound);
    const order = await tx.order.findUniqueOrThrow({ where: { id }, select: ORDER_SELECT });
    if (order.orderType !== "MERCHANDISE") throw new AppError("invalid_data", ORDER_MESSAGES.retryNotMerchandise);
    if (order.printifyOrderId) throw new AppError("conflict", ORDER_MESSAGES.retryAlreadySubmitted);
    // A submission still waiting in the queue, retrying after a failure, or running: a second one would only race it
    // (the lease makes it wait anyway) and log a retry that did nothing. pg-boss's table, in the same database.
    const pending = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM pgboss.job
      WHERE name = ${SUBMIT_JOB} AND data->>'orderId' = ${id} AND state IN ('created', 'retry', 'active')
      LIMIT 1`;
    if (pending.length > 0) throw new AppError("conflict", ORDER_MESSAGES.retryPending);
    await enqueue<SubmitJob>(tx, SUBMIT_JOB, { orderId: id }, { key: `${id}:retry:${Date.now()}` });
    await tx.orderEvent.create({ data: { orderId: id, kind: "RETRY_REQUESTED", message: `Retry requested by ${by.username}` } });
    return toOrder(order);
  });
}

/**
 * Orders an admin must act on, oldest first (the dashboard's notice): a problem at Printify not yet handled, or a
 * refund due after Printify cancelled. Few by nature; `limit` bounds the answer.
 */
export async function ordersNeedingAttention(limit: number) {
  const rows = await (await db()).order.findMany({
    where: { OR: [{ printifyAlert: { not: null } }, { refundDue: true }] },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: limit,
    select: { id: true, customerEmail: true, printifyAlert: true, refundDue: true },
  });
  return rows;
}

export async function orderTimeline(id: string): Promise<OrderTimeline> {
  const order = await (await db()).order.findUnique({
    where: { id },
    select: {
      shipments: true,
      submissionAttempts: true,
      events: {
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        select: { id: true, kind: true, message: true, createdAt: true },
      },
    },
  });
  if (!order) throw notFound(ORDER_MESSAGES.notFound);
  return {
    events: order.events.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })),
    shipments: readShipments(order.shipments),
    submissionAttempts: order.submissionAttempts,
  };
}

/** Rows per read of an export: large enough to be few queries, small enough to hold. */
const EXPORT_PAGE_SIZE = 500;

/**
 * Every order matching the filter, newest first, as CSV safe to open in a spreadsheet, read a page at a time: the one
 * export behind /admin/orders and /admin/invoices. Values as the API sends them (types and statuses as codes).
 */
export function ordersCsv(filter: OrderFilter): ReadableStream<Uint8Array> {
  const header = [
    "Order",
    "Date",
    "Customer name",
    "Customer email",
    "Type",
    "Item",
    "Amount (USD)",
    "Status",
    "Tracking number",
    "Shipping address",
    "Printify order",
    "Stripe link",
  ];
  const pages = eachPage((cursor) => listOrders({ ...filter, cursor, limit: EXPORT_PAGE_SIZE }));
  return csvStream(header, pages, (o) => [
    o.id,
    o.createdAt,
    o.customerName,
    o.customerEmail,
    o.orderType,
    [o.itemTitle, o.variantTitle].filter(Boolean).join(" — ") || null,
    o.amount,
    o.status,
    o.trackingNumber,
    o.shippingAddress,
    o.printifyOrderId,
    o.stripeUrl,
  ]);
}
