// What an admin does about an order Printify cancelled or has a problem with (decision 012,
// "Cancellations and problems"). The orders module owns the table, so the refund and the alert are recorded here.
//
// The refund goes to Stripe's Refund API (lib/stripe.ts) under an idempotency key derived from the order —
// `refund-order-<id>`, with `-<n>` after n failed attempts, because Stripe answers a key's first outcome again, a
// failure included — so a double click or a repeated request is one refund. No transaction waits on Stripe: the
// refund is recorded afterwards, once (`refundedAt` set only while null), with its timeline event and the buyer's
// mail enqueued in that same transaction. A test payment (no Stripe keys, or a local or demo payment id) is refunded
// here only, the way it was paid here only (lib/local-payment-ids.ts): Stripe is never called for it.
import { createHash } from "node:crypto";
import { db } from "../../db/client";
import { env } from "../../env";
import type { Prisma } from "../../generated/prisma/client";
import { enqueue, work } from "../../jobs/jobs";
import { sendMailOnce } from "../../jobs/mail-once";
import { AppError, notFound, shortMessage } from "../../lib/errors";
import { escapeHtml, SITE_NAME } from "../../lib/html";
import { localStripeId, notIssuedByStripe } from "../../lib/local-payment-ids";
import { log } from "../../lib/logger";
import type { Mail } from "../../lib/mailer";
import { dollars, fromCents } from "../../lib/money";
import { refundPayment, type StripeRefund, stripe, succeededRefundOf } from "../../lib/stripe";
import { ORDER_ID_SHOWN, ORDER_MESSAGES, type Order } from "./schema";
import { ORDER_SELECT, toOrder } from "./service";

type Tx = Prisma.TransactionClient;
type Admin = { username: string };

export const REFUND_MAIL_JOB = "order-refunded-mail";
type RefundMailJob = { orderId: string };

/** The Stripe idempotency key of an order's refund, after `failures` failed attempts. */
export const refundKey = (orderId: string, failures: number) => `refund-order-${orderId}${failures ? `-${failures}` : ""}`;

/**
 * Refunds a cancelled order's payment (409 unless a refund is due; an order already refunded is answered as it is).
 * Stripe's failure is recorded in the timeline and answered 503; the refund stays due.
 */
export async function refundOrder(id: string, by: Admin): Promise<Order> {
  const prisma = await db();
  const order = await prisma.order.findUnique({ where: { id }, select: { ...ORDER_SELECT, refundDue: true } });
  if (!order) throw notFound(ORDER_MESSAGES.notFound);
  if (order.refundedAt) return toOrder(order); // refunded before: a repeat changes nothing
  if (!order.refundDue || !order.stripePaymentId) throw new AppError("conflict", ORDER_MESSAGES.noRefundDue);

  const client = stripe();
  let refund: StripeRefund;
  if (!client || notIssuedByStripe(order.stripePaymentId)) {
    // Paid on the local test page (or seeded): refunded the same way, never at Stripe. One id per order.
    const digest = createHash("sha256").update(order.id).digest("hex").slice(0, 24);
    refund = { id: localStripeId("re", digest), amount: Math.round(Number(order.amount) * 100) };
  } else {
    const failures = await prisma.orderEvent.count({ where: { orderId: id, kind: "REFUND_FAILED" } });
    try {
      refund = await refundPayment(client, order.stripePaymentId, refundKey(id, failures), { orderId: id });
    } catch (err) {
      // Refunded already at Stripe (its dashboard, or an attempt whose answer was lost): record that refund.
      const already = (err as { code?: string }).code === "charge_already_refunded";
      const found = already ? await succeededRefundOf(client, order.stripePaymentId).catch(() => null) : null;
      if (!found) {
        const reason = shortMessage(err);
        log.warn("stripe refund failed", { orderId: id, err });
        await prisma.orderEvent.create({
          data: { orderId: id, kind: "REFUND_FAILED", message: `${reason} (by ${by.username})` },
        });
        throw new AppError("unavailable", `${ORDER_MESSAGES.refundFailed}: ${reason}`);
      }
      refund = found;
    }
  }
  return prisma.$transaction(async (tx) => {
    await recordRefund(tx, id, refund, `by ${by.username}`);
    return toOrder(await tx.order.findUniqueOrThrow({ where: { id }, select: ORDER_SELECT }));
  });
}

/**
 * A store order's payment refunded in full at Stripe (`charge.refunded`, in the Stripe event's transaction): a refund
 * made in Stripe's dashboard is recorded like one made here; the event of a refund made here finds it recorded.
 */
export async function recordStripeRefund(tx: Tx, stripePaymentId: string, refund: StripeRefund) {
  const order = await tx.order.findFirst({ where: { stripePaymentId, orderType: "MERCHANDISE" }, select: { id: true } });
  if (order) await recordRefund(tx, order.id, refund, "at Stripe");
}

/**
 * A refund Stripe could not complete after all (`refund.updated` with status failed or canceled: the card was closed,
 * say): the money is the buyer's again to be given, so the refund is due again, with the reason in the timeline. The
 * next Refund is a new attempt (a new idempotency key: the REFUND_FAILED event counts).
 */
export async function recordFailedRefund(tx: Tx, refundId: string, reason: string | null) {
  // Rare (a failed card refund), so no index on stripeRefundId: one scan of the orders.
  const order = await tx.order.findFirst({ where: { stripeRefundId: refundId }, select: { id: true } });
  if (!order) return;
  const { count } = await tx.order.updateMany({
    where: { id: order.id, stripeRefundId: refundId },
    data: { refundedAt: null, stripeRefundId: null, refundDue: true },
  });
  if (count === 0) return;
  await tx.orderEvent.create({
    data: {
      orderId: order.id,
      kind: "REFUND_FAILED",
      message: `Stripe could not complete ${refundId}${reason ? ` (${reason})` : ""}`,
    },
  });
}

/** The refund on the order, its REFUNDED event and the buyer's mail: once, however many requests got this far. */
async function recordRefund(tx: Tx, orderId: string, refund: StripeRefund, how: string) {
  const { count } = await tx.order.updateMany({
    where: { id: orderId, refundedAt: null },
    data: { refundedAt: new Date(), stripeRefundId: refund.id, refundDue: false },
  });
  if (count === 0) return;
  await tx.orderEvent.create({
    data: { orderId, kind: "REFUNDED", message: `Refunded $${fromCents(refund.amount)} (${refund.id}) ${how}` },
  });
  await enqueue<RefundMailJob>(tx, REFUND_MAIL_JOB, { orderId }, { key: `refund:${orderId}` });
}

/** An admin has dealt with Printify's problem: the alert goes (once; a repeat answers the order as it is). */
export async function markAlertHandled(id: string, by: Admin): Promise<Order> {
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    const before = await tx.order.findUnique({ where: { id }, select: { printifyAlert: true } });
    if (!before) throw notFound(ORDER_MESSAGES.notFound);
    const { count } = await tx.order.updateMany({ where: { id, printifyAlert: { not: null } }, data: { printifyAlert: null } });
    if (count > 0) {
      await tx.orderEvent.create({
        data: { orderId: id, kind: "ALERT_HANDLED", message: `Printify: ${before.printifyAlert} handled by ${by.username}` },
      });
    }
    return toOrder(await tx.order.findUniqueOrThrow({ where: { id }, select: ORDER_SELECT }));
  });
}

// ---- The buyer's mail --------------------------------------------------------------------------------------------

async function sendRefundMail({ orderId }: RefundMailJob) {
  const order = await (await db()).order.findUnique({
    where: { id: orderId },
    select: { customerEmail: true, customerName: true, amount: true, refundedAt: true, merchandise: { select: { title: true } } },
  });
  if (!order?.customerEmail || !order.refundedAt) return;
  await sendMailOnce(
    `refunded:${orderId}`,
    refundEmail(
      order.customerEmail,
      order.customerName,
      order.merchandise?.title ?? "Your order",
      orderId,
      dollars(order.amount),
    ),
  );
}

function refundEmail(to: string, name: string | null, product: string, orderId: string, amount: string): Mail {
  const link = `${env.SITE_URL}/merchandise`;
  const subject = `Your ${SITE_NAME} order was cancelled and refunded`;
  const greeting = `Hi ${name ?? "there"},`;
  const lines = [
    `"${product}" (order #${orderId.slice(0, ORDER_ID_SHOWN)}) could not be made and was cancelled.`,
    `We have refunded $${amount} to your card. Depending on your bank it shows on your statement within 5-10 days.`,
  ];
  const text = [greeting, "", ...lines, "", `The store: ${link}`, "", `— ${SITE_NAME}`].join("\n");
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937">
<p>${escapeHtml(greeting)}</p>
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("\n")}
<p><a href="${escapeHtml(link)}">The store</a></p>
<p>— ${SITE_NAME}</p></body></html>`;
  return { to, subject, text, html, link };
}

// A relay that is down is retried for about a day, like the receipt.
void work(REFUND_MAIL_JOB, sendRefundMail, { retryLimit: 30, retryDelay: 10, retryBackoff: true, retryDelayMax: 3600 });
