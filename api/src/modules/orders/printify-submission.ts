// A paid merchandise order reaches the printer (docs/decisions/012-order-fulfilment.md): the job
// `printify-submit-order`, enqueued in the Stripe event's transaction (payments/merchandise.ts) and again by an
// admin's "retry by hand". The queue is at-least-once and Printify has no idempotency key, so the job makes itself
// idempotent: it looks our order up at Printify by external_id (= our order id) before creating it, adopts what an
// earlier attempt created, and records the Printify order id before anything else happens to it.
import { db, getDatabase } from "../../db/client";
import { env } from "../../env";
import type { Prisma } from "../../generated/prisma/client";
import { type JobRun, work } from "../../jobs/jobs";
import { log } from "../../lib/logger";
import { PROCESS_ID } from "../../lib/process-id";
import { PrintifyError, type PrintifyClient, printify } from "../printify/client";
import type { PrintifyAddress } from "../printify/shapes";
import { DEMO_PRINTIFY_STATUS } from "./schema";

export const SUBMIT_JOB = "printify-submit-order";
export type SubmitJob = { orderId: string };
/** Retries after the first failure: 30 s, 1 min, 2 min … capped at an hour, about 4 hours in all. */
export const SUBMIT_RETRY_LIMIT = 8;
/** Printify's standard shipping. */
const SHIPPING_METHOD = 1;
/** The external_id scan stops at Printify orders created this long before ours (clocks differ a little). */
const LOOKUP_SLACK_MS = 10 * 60_000;
/** Printify statuses from which send_to_production is still to be done. */
const BEFORE_PRODUCTION = new Set(["pending", "on-hold"]);

const orderSelect = {
  id: true,
  orderType: true,
  createdAt: true,
  status: true,
  printifyOrderId: true,
  printifyShopId: true,
  printifyVariantId: true,
  printifyStatus: true,
  quantity: true,
  addressTo: true,
  submissionAttempts: true,
  merchandise: { select: { printifyId: true, printifyShopId: true } },
} satisfies Prisma.OrderSelect;
type OrderRow = Prisma.OrderGetPayload<{ select: typeof orderSelect }>;

/** A failure no retry can fix (our data, or Printify's 4xx): recorded, and the job ends without retrying. */
class PermanentFailure extends Error {}

/**
 * The job. Throws (pg-boss retries with backoff) on anything a later attempt may fix; records every failure on the
 * order (submissionAttempts, submissionError, a SUBMISSION_FAILED event) so the admin sees Printify's reason.
 */
export async function submitOrder({ orderId }: SubmitJob, job: JobRun = { id: "direct", retryCount: 0 }): Promise<void> {
  const prisma = await db();
  const order = await prisma.order.findUnique({ where: { id: orderId }, select: orderSelect });
  if (order?.orderType !== "MERCHANDISE") return;
  const client = printify();
  if (!client) {
    // No token: the demo store sells from the demo catalogue and has no printer. Nothing is sent and nothing failed;
    // the order is marked once so the admin can tell it apart, and stays for the admin to handle by hand.
    if (!order.printifyOrderId && order.printifyStatus === null) {
      await prisma.order.updateMany({
        where: { id: orderId, printifyStatus: null },
        data: { printifyStatus: DEMO_PRINTIFY_STATUS },
      });
    }
    return;
  }
  // One run per order at a time, across processes (the Stripe job and a hand retry could overlap): a lease on the row,
  // taken atomically and released at the end; one left by a crashed run expires. A run that finds it taken ends
  // with a retryable error and pg-boss tries again later, when the first run's work is recorded.
  const lease = await takeLease(orderId);
  if (!lease) throw new SubmissionBusy(orderId);
  try {
    // Read again under the lease: a run that held it before may have recorded the Printify order meanwhile.
    await submit(client, await prisma.order.findUniqueOrThrow({ where: { id: orderId }, select: orderSelect }), job);
  } finally {
    // Only our own lease (one that expired and was taken by another run is theirs).
    await prisma.order.updateMany({
      where: { id: orderId, submissionLockedUntil: lease, submissionLockedBy: PROCESS_ID },
      data: { submissionLockedUntil: null, submissionLockedBy: null },
    });
  }
}

/** The lease outlives any run: the job's own expiry (5 minutes) makes pg-boss run a stuck job again after it. */
const LEASE_MS = 5 * 60_000;

/**
 * The lease's expiry when taken, null when another run holds it. On the embedded database this process is the
 * only one (decision 003): a lease another process holds is a dead predecessor's (killed mid-run, then restarted),
 * so it is taken over at once instead of blocking the resumed job for LEASE_MS. On PostgreSQL a live process may
 * hold it: only its expiry frees it.
 */
async function takeLease(orderId: string): Promise<Date | null> {
  const now = new Date();
  const until = new Date(now.getTime() + LEASE_MS);
  const database = await getDatabase();
  const deadHolder =
    database.kind === "pglite" ? [{ submissionLockedBy: null }, { submissionLockedBy: { not: PROCESS_ID } }] : [];
  const { count } = await database.prisma.order.updateMany({
    where: {
      id: orderId,
      OR: [{ submissionLockedUntil: null }, { submissionLockedUntil: { lt: now } }, ...deadHolder],
    },
    data: { submissionLockedUntil: until, submissionLockedBy: PROCESS_ID },
  });
  return count === 1 ? until : null;
}

/** Another run holds the order's lease: not a failure of Printify, so nothing is recorded; the job retries. */
export class SubmissionBusy extends Error {
  constructor(orderId: string) {
    super(`Order ${orderId} is being submitted by another run`);
  }
}

async function submit(client: PrintifyClient, order: OrderRow, job: JobRun): Promise<void> {
  const prisma = await db();
  const orderId = order.id;
  try {
    const shopId = order.printifyShopId ?? order.merchandise?.printifyShopId ?? null;
    if (!shopId) throw new PermanentFailure("The order has no Printify shop");
    let printifyOrderId = order.printifyOrderId;
    let printifyStatus = order.printifyStatus;
    if (!printifyOrderId) {
      const submitted = await createOnce(client, shopId, order);
      printifyOrderId = submitted.id;
      printifyStatus = submitted.status;
    }
    if (env.PRINTIFY_SEND_TO_PRODUCTION && (printifyStatus === null || BEFORE_PRODUCTION.has(printifyStatus))) {
      await sendOnce(client, shopId, orderId, printifyOrderId);
    }
  } catch (err) {
    const permanent = err instanceof PermanentFailure || (err instanceof PrintifyError && !err.retryable);
    // Still `pending` at Printify is no failure: the job simply tries again shortly.
    if (err instanceof PrintifyError && err.kind === "order_pending") throw err;
    const reason = err instanceof PrintifyError ? err.reason : err instanceof Error ? err.message : String(err);
    const last = permanent || job.retryCount >= SUBMIT_RETRY_LIMIT;
    const next = last ? "not retried: fix it, then Retry" : "will retry";
    await prisma.$transaction([
      prisma.order.update({
        where: { id: orderId },
        data: { submissionAttempts: { increment: 1 }, submissionError: reason },
      }),
      prisma.orderEvent.create({
        data: { orderId, kind: "SUBMISSION_FAILED", message: `${reason} (attempt ${order.submissionAttempts + 1}; ${next})` },
      }),
    ]);
    log.warn("printify submission failed", { orderId, reason, permanent });
    if (!permanent) throw err;
  }
}

/** Finds the order an earlier attempt created (adopted), or creates it; either way it is recorded before returning. */
async function createOnce(
  client: PrintifyClient,
  shopId: string,
  order: OrderRow,
): Promise<{ id: string; status: string | null }> {
  const since = new Date(order.createdAt.getTime() - LOOKUP_SLACK_MS);
  const found = await client.findOrderByExternalId(shopId, order.id, { since });
  if (found) {
    await recordSubmitted(order, found.id, found.status ?? null, "Found at Printify (created by an earlier attempt)");
    return { id: found.id, status: found.status ?? null };
  }
  const productId = order.merchandise?.printifyId;
  const variantId = Number(order.printifyVariantId);
  if (!productId) throw new PermanentFailure("The order's product is no longer in the catalogue");
  if (!Number.isInteger(variantId) || variantId <= 0) throw new PermanentFailure("The order has no Printify variant");
  if (!order.addressTo || typeof order.addressTo !== "object") throw new PermanentFailure("The order has no shipping address");
  const created = await client.createOrder(shopId, {
    external_id: order.id,
    line_items: [{ product_id: productId, variant_id: variantId, quantity: order.quantity }],
    address_to: order.addressTo as PrintifyAddress,
    shipping_method: SHIPPING_METHOD,
    send_shipping_notification: false,
  });
  await recordSubmitted(order, created.id, "pending", "Submitted to Printify");
  return { id: created.id, status: "pending" };
}

/** One transaction: the Printify id, the time, PROCESSING (from PENDING only: an admin's status stays) and SUBMITTED. */
async function recordSubmitted(order: OrderRow, printifyOrderId: string, printifyStatus: string | null, what: string) {
  const prisma = await db();
  await prisma.$transaction(async (tx) => {
    // Only the first recording counts: a concurrent run that got here first already wrote the event.
    const { count } = await tx.order.updateMany({
      where: { id: order.id, printifyOrderId: null },
      data: { printifyOrderId, printifyStatus, submittedAt: new Date(), submissionError: null },
    });
    if (count === 0) return;
    await tx.order.updateMany({ where: { id: order.id, status: "PENDING" }, data: { status: "PROCESSING" } });
    await tx.orderEvent.create({
      data: { orderId: order.id, kind: "SUBMITTED", message: `${what} as order ${printifyOrderId}` },
    });
  });
}

/**
 * Releases the order to production, once: Printify's current status decides (on-hold → send; pending → throw the
 * retryable "order_pending"; anything else → it already went, e.g. an attempt whose answer was lost).
 */
async function sendOnce(client: PrintifyClient, shopId: string, orderId: string, printifyOrderId: string) {
  const current = await client.getOrder(shopId, printifyOrderId);
  if (current.status === "pending") {
    throw new PrintifyError("order_pending", 400, "Printify is still calculating the order", {
      method: "GET",
      path: `orders/${printifyOrderId}`,
    });
  }
  if (current.status === "on-hold") await client.sendToProduction(shopId, printifyOrderId);
  const status = current.status === "on-hold" ? "sending-to-production" : (current.status ?? null);
  await (await db()).order.update({ where: { id: orderId }, data: { printifyStatus: status, submissionError: null } });
}

// Every process submits orders. Printify down is retried for about four hours (30 s, 1 min, … capped at an hour);
// then the order stays visible with Printify's reason and an admin retries it by hand.
void work(SUBMIT_JOB, submitOrder, { retryLimit: SUBMIT_RETRY_LIMIT, retryDelay: 30, retryBackoff: true, retryDelayMax: 3600 });
