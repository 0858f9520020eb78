// The account e-mails: plain-text and HTML parts, links built from SITE_URL (never from the request's Host).
import { env } from "../../env";
import { escapeHtml, SITE_NAME } from "../../lib/html";
import type { Mail } from "../../lib/mailer";

function layout(greeting: string, lines: string[], action: { label: string; href: string }, footer: string) {
  const text = [greeting, "", ...lines, "", `${action.label}: ${action.href}`, "", footer, "", `— ${SITE_NAME}`].join("\n");
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937">
<p>${escapeHtml(greeting)}</p>
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("\n")}
<p><a href="${escapeHtml(action.href)}" style="display:inline-block;padding:10px 18px;background:#7c3aed;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#6b7280">Or open this link: ${escapeHtml(action.href)}</p>
<p style="font-size:13px;color:#6b7280">${escapeHtml(footer)}</p>
<p>— ${SITE_NAME}</p></body></html>`;
  return { text, html };
}

const greet = (name: string) => `Hi ${name},`;

export function verificationEmail(to: string, name: string, token: string): Mail {
  const link = `${env.SITE_URL}/verify-email/${encodeURIComponent(token)}`;
  return {
    to,
    subject: `Verify your e-mail address for ${SITE_NAME}`,
    link,
    ...layout(
      greet(name),
      [`Welcome to ${SITE_NAME}! Please confirm that this is your e-mail address.`, "The link works for 24 hours."],
      { label: "Verify e-mail address", href: link },
      "If you did not create an account, you can ignore this message.",
    ),
  };
}

export function passwordResetEmail(to: string, name: string, token: string): Mail {
  const link = `${env.SITE_URL}/reset-password/${encodeURIComponent(token)}`;
  return {
    to,
    subject: `Reset your ${SITE_NAME} password`,
    link,
    ...layout(
      greet(name),
      ["Someone (hopefully you) asked to reset the password of your account.", "The link works for one hour and only once."],
      { label: "Choose a new password", href: link },
      "If you did not ask for this, ignore this message: your password stays as it is.",
    ),
  };
}

/** Sent to the old address when an account's e-mail changes: a stolen session cannot move an account silently. */
export function emailChangedNotice(to: string, name: string, newEmail: string): Mail {
  const link = `${env.SITE_URL}/forgot-password`;
  return {
    to,
    subject: `Your ${SITE_NAME} e-mail address was changed`,
    link,
    ...layout(
      greet(name),
      [
        `The e-mail address of your account was changed to ${newEmail}.`,
        "Messages about your account now go to the new address once it is verified.",
        "If you did not make this change, reset your password now and contact us.",
      ],
      { label: "Reset your password", href: link },
      "If you made this change, you do not need to do anything.",
    ),
  };
}
