// The receipt a member gets when a purchase completes (decision 010): plain text and HTML, the link built from
// SITE_URL. The webhook enqueues a `payments-receipt` job in the transaction that records the order (decision 011); the
// job builds the receipt from the order and sends it once per order (jobs/mail-once.ts).
import { db } from "../../db/client";
import { env } from "../../env";
import { escapeHtml, SITE_NAME } from "../../lib/html";
import { work } from "../../jobs/jobs";
import { sendMailOnce } from "../../jobs/mail-once";
import type { Mail } from "../../lib/mailer";
import type { PurchaseKind } from "./schema";
import { dollars } from "../../lib/money";

export const RECEIPT_JOB = "payments-receipt";
export type ReceiptJob = { orderId: string };

const KIND_OF_ORDER = { RESOURCE_ONETIME: "onetime", RESOURCE_MONTHLY: "monthly", ANNUAL_SUBSCRIPTION: "annual" } as const;

/**
 * The receipt job, for every kind of order (a resource, a plan, merchandise): built from the order as stored, and
 * idempotent — a second run for the same order finds its mail sent and sends nothing.
 */
export async function sendReceipt({ orderId }: ReceiptJob) {
  const order = await (await db()).order.findUnique({
    where: { id: orderId },
    select: {
      orderType: true,
      customerEmail: true,
      customerName: true,
      amount: true,
      variantTitle: true,
      shippingAddress: true,
      resource: { select: { id: true, title: true } },
      merchandise: { select: { title: true } },
    },
  });
  if (!order?.customerEmail) return; // gone, or nobody to write to
  const common = { to: order.customerEmail, name: order.customerName, amount: dollars(order.amount) };
  const receipt: Receipt =
    order.orderType === "MERCHANDISE"
      ? {
          ...common,
          kind: "merchandise",
          product: order.merchandise?.title ?? "Your order",
          variantTitle: order.variantTitle,
          address: order.shippingAddress,
          orderId,
        }
      : { ...common, kind: KIND_OF_ORDER[order.orderType], resource: order.resource };
  await sendMailOnce(`receipt:${orderId}`, receiptEmail(receipt));
}

// Every process sends receipts. A relay that is down is retried for about a day (10 s, 20 s, … capped at an hour).
void work(RECEIPT_JOB, sendReceipt, { retryLimit: 30, retryDelay: 10, retryBackoff: true, retryDelayMax: 3600 });

type Receipt = ResourceReceipt | MerchandiseReceipt;

type ResourceReceipt = {
  to: string;
  name: string | null;
  kind: PurchaseKind;
  /** Dollars with 2 decimals. */
  amount: string;
  resource: { id: string; title: string } | null;
};

/** A merchandise order's confirmation and receipt (SPEC §8 'Purchase Successful!' promises it). */
type MerchandiseReceipt = {
  kind: "merchandise";
  to: string;
  name: string | null;
  /** Dollars with 2 decimals. */
  amount: string;
  product: string;
  variantTitle: string | null;
  /** The shipping address as one line. */
  address: string | null;
  orderId: string;
};

function receiptEmail(receipt: Receipt): Mail {
  if (receipt.kind === "merchandise") return merchandiseReceiptEmail(receipt);
  const what =
    receipt.kind === "annual"
      ? "the annual subscription (every premium resource)"
      : receipt.kind === "monthly"
        ? `a monthly subscription to "${receipt.resource?.title ?? "a resource"}"`
        : `"${receipt.resource?.title ?? "a resource"}" (lifetime access)`;
  const link = receipt.resource ? `${env.SITE_URL}/resources/${receipt.resource.id}` : `${env.SITE_URL}/resources`;
  const subject = `Your ${SITE_NAME} receipt: $${receipt.amount}`;
  const greeting = `Hi ${receipt.name ?? "there"},`;
  const lines = [`Thank you for your purchase of ${what}.`, `Amount paid: $${receipt.amount} (USD).`];
  const text = [greeting, "", ...lines, "", `Open it here: ${link}`, "", `— ${SITE_NAME}`].join("\n");
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937">
<p>${escapeHtml(greeting)}</p>
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("\n")}
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#7c3aed;color:#fff;border-radius:6px;text-decoration:none">Open</a></p>
<p>— ${SITE_NAME}</p></body></html>`;
  return { to: receipt.to, subject, text, html, link };
}

function merchandiseReceiptEmail(receipt: MerchandiseReceipt): Mail {
  const link = `${env.SITE_URL}/merchandise`;
  const subject = `Your ${SITE_NAME} order confirmation and receipt: $${receipt.amount}`;
  const greeting = `Hi ${receipt.name ?? "there"},`;
  const item = receipt.variantTitle ? `"${receipt.product}" (${receipt.variantTitle})` : `"${receipt.product}"`;
  const lines = [
    `Thank you for your order of ${item}.`,
    `Order #${receipt.orderId.slice(0, 8)}. Amount paid: $${receipt.amount} (USD).`,
    ...(receipt.address ? [`Shipping to: ${receipt.address}.`] : []),
    "Your item is printed on demand. We will e-mail you the tracking link when it ships.",
  ];
  const text = [greeting, "", ...lines, "", `Visit the store: ${link}`, "", `— ${SITE_NAME}`].join("\n");
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937">
<p>${escapeHtml(greeting)}</p>
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("\n")}
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#7c3aed;color:#fff;border-radius:6px;text-decoration:none">Visit the store</a></p>
<p>— ${SITE_NAME}</p></body></html>`;
  return { to: receipt.to, subject, text, html, link };
}
