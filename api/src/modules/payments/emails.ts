// The receipt a member gets when a purchase completes (issue 9 item 7): plain text and HTML, the link built from
// SITE_URL. Sent by the webhook after the transaction that recorded the purchase has committed.
import { env } from "../../env";
import { escapeHtml, SITE_NAME } from "../../lib/html";
import type { Mail } from "../../lib/mailer";
import type { PurchaseKind } from "./schema";

export type Receipt = {
  to: string;
  name: string | null;
  kind: PurchaseKind;
  /** Dollars with 2 decimals. */
  amount: string;
  resource: { id: string; title: string } | null;
};

export function receiptEmail(receipt: Receipt): Mail {
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
