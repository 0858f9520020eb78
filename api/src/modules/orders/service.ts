// Order management (SPEC §2 Order Management, §4, §5; issue 15 item 8): the admin list (filters, keyset pages, newest
// first), an admin's update (one STATUS_CHANGED event per real change, none for a repeat), an order's timeline and
// the CSV export. Plain functions: no Elysia context in, plain data out, AppError on failure.
import { db } from "../../db/client";
import { Prisma, type OrderStatus as DbOrderStatus, type OrderType as DbOrderType } from "../../generated/prisma/client";
import { csvStream } from "../../lib/csv";
import { AppError, notFound } from "../../lib/errors";
import { enqueue } from "../../jobs/jobs";
import { defineKeyset, eachPage, inPageOrder } from "../../lib/keyset";
import { SUBMIT_JOB, type SubmitJob } from "./fulfilment";
import {
  ORDER_MESSAGES,
  ORDER_PAGE_SIZE,
  type Order,
  type OrderFilter,
  type OrderStatus,
  type OrderType,
  type OrderTimeline,
  type OrderUpdate,
  type Shipment,
} from "./schema";

// The contract's unions and the database enums are the same sets: a value added on either side breaks tsc here.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const CONTRACT_MATCHES_DATABASE: [Same<OrderStatus, DbOrderStatus>, Same<OrderType, DbOrderType>] = [true, true];

/** Newest first, on the orders(createdAt) and orders(orderType, createdAt) indexes; ties broken by id. */
const orderKeyset = defineKeyset({ table: "orders", column: "createdAt", kind: "timestamp", direction: "desc" });

const orderSelect = {
  id: true,
  customerName: true,
  customerEmail: true,
  orderType: true,
  amount: true,
  status: true,
  trackingNumber: true,
  shippingAddress: true,
  variantTitle: true,
  createdAt: true,
  printifyOrderId: true,
  submissionError: true,
} satisfies Prisma.OrderSelect;
type OrderRow = Prisma.OrderGetPayload<{ select: typeof orderSelect }>;

const toOrder = ({ amount, createdAt, ...row }: OrderRow): Order => ({
  ...row,
  amount: amount.toFixed(2),
  createdAt: createdAt.toISOString(),
});

/** The filter as keyset conditions (enum values cast one by one: the PGlite and pg adapters encode arrays differently). */
function filterSql({ status, type }: OrderFilter): Prisma.Sql[] {
  return [
    ...(status ? [Prisma.sql`"status" = ${status}::"OrderStatus"`] : []),
    ...(type ? [Prisma.sql`"orderType" = ${type}::"OrderType"`] : []),
  ];
}

/** Rows per read of an export: large enough to be few queries, small enough to hold. */
const EXPORT_PAGE_SIZE = 500;

export type OrderPage = { items: Order[]; nextCursor: string | null };

export async function listOrders(filter: OrderFilter & { limit?: number; cursor?: string }): Promise<OrderPage> {
  const prisma = await db();
  const { ids, nextCursor } = await orderKeyset.page(prisma, {
    where: filterSql(filter),
    cursor: filter.cursor,
    limit: filter.limit ?? ORDER_PAGE_SIZE,
  });
  const rows = await prisma.order.findMany({ where: { id: { in: ids } }, select: orderSelect });
  return { items: inPageOrder(ids, rows).map(toOrder), nextCursor };
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
    const before = await tx.order.findUniqueOrThrow({ where: { id }, select: orderSelect });
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
      select: orderSelect,
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
 * first, so a retry never sends it twice. 409 once it is at Printify; 400 for other kinds of order.
 */
export async function retrySubmission(id: string, by: { username: string }): Promise<Order> {
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM orders WHERE id = ${id} FOR UPDATE`;
    if (locked.length === 0) throw notFound(ORDER_MESSAGES.notFound);
    const order = await tx.order.findUniqueOrThrow({ where: { id }, select: { ...orderSelect } });
    if (order.orderType !== "MERCHANDISE") throw new AppError("invalid_data", ORDER_MESSAGES.retryNotMerchandise);
    if (order.printifyOrderId) throw new AppError("conflict", ORDER_MESSAGES.retryAlreadySubmitted);
    await enqueue<SubmitJob>(tx, SUBMIT_JOB, { orderId: id }, { key: `${id}:retry:${Date.now()}` });
    await tx.orderEvent.create({ data: { orderId: id, kind: "RETRY_REQUESTED", message: `Retry requested by ${by.username}` } });
    return toOrder(order);
  });
}

const text = (value: unknown) => (typeof value === "string" && value ? value : null);

/**
 * Shipments as stored (merged from Printify's events): only the fields the contract names, whatever else is there.
 * Also the buyer's view (payments/billing.ts: /subscriptions).
 */
export function toShipments(value: Prisma.JsonValue): Shipment[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    if (!item || typeof item !== "object" || Array.isArray(item)) return [];
    const s = item as Record<string, unknown>;
    return [
      { carrier: text(s.carrier), number: text(s.number), url: text(s.url), deliveredAt: text(s.deliveredAt ?? s.delivered_at) },
    ];
  });
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
    shipments: toShipments(order.shipments),
    submissionAttempts: order.submissionAttempts,
  };
}

/** Every order matching the filter, newest first, as CSV safe to open in a spreadsheet; read a page at a time. */
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
  ];
  const pages = eachPage((cursor) => listOrders({ ...filter, cursor, limit: EXPORT_PAGE_SIZE }));
  return csvStream(header, pages, (o) => [
    o.id,
    o.createdAt,
    o.customerName,
    o.customerEmail,
    o.orderType,
    o.variantTitle,
    o.amount,
    o.status,
    o.trackingNumber,
    o.shippingAddress,
    o.printifyOrderId,
  ]);
}
