// The receipt a member gets when a purchase completes (issue 9 item 7): plain text and HTML, the link built from
// SITE_URL. Sent by the webhook after the transaction that recorded the purchase has committed.
import { env } from "../../env";
import { escapeHtml, SITE_NAME } from "../../lib/html";
import type { Mail } from "../../lib/mailer";
import type { PurchaseKind } from "./schema";

export type Receipt = ResourceReceipt | MerchandiseReceipt;

export type ResourceReceipt = {
  to: string;
  name: string | null;
  kind: PurchaseKind;
  /** Dollars with 2 decimals. */
  amount: string;
  resource: { id: string; title: string } | null;
};

/** A merchandise order's confirmation and receipt (issue 15 item 6; SPEC §8 'Purchase Successful!' promises it). */
export type MerchandiseReceipt = {
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

export function receiptEmail(receipt: Receipt): Mail {
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
