// The account e-mails: plain-text and HTML parts, links built from SITE_URL (never from the request's Host) — and the
// jobs that send them (decision 011). The write that needs a mail (a token stored, an address changed) enqueues its
// job in the same transaction (service.ts); the job reads what it needs back from the database, sends through
// sendMailOnce, and so runs again after a crash without sending twice.
import { db } from "../../db/client";
import { env } from "../../env";
import { work } from "../../jobs/jobs";
import { MAIL_JOB_SETTINGS, sendMailOnce } from "../../jobs/mail-once";
import { escapeHtml, SITE_NAME } from "../../lib/html";
import { log } from "../../lib/logger";
import type { Mail } from "../../lib/mailer";
import { displayName } from "./accounts";
import { type LinkPurpose, linkToken } from "./link-tokens";
import { hashToken } from "./sessions";

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

function verificationEmail(to: string, name: string, token: string): Mail {
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

function passwordResetEmail(to: string, name: string, token: string): Mail {
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
function emailChangedNotice(to: string, name: string, newEmail: string): Mail {
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

// ---- The jobs ----------------------------------------------------------------------------------------------------

export const VERIFICATION_MAIL_JOB = "account-verification-mail";
export const PASSWORD_RESET_MAIL_JOB = "account-password-reset-mail";
export const EMAIL_CHANGED_MAIL_JOB = "account-email-changed-mail";

/** A link's mail: whose, and the nonce its token is rebuilt from (link-tokens.ts) — never the token itself. */
export type LinkMailJob = { userId: string; nonce: string };
/** The idempotency key of a link's mail job and of its delivery: one mail per issued token. */
export const linkMailKey = (userId: string, tokenHash: string) => `${userId}:${tokenHash}`;

/**
 * Sends a link's mail if its token is still the account's live one. Nothing worth sending, and the job ends quietly,
 * when a newer link replaced it, the reset was used (its token is cleared), the address is verified already, or the
 * link expired while the relay was down.
 */
async function sendLinkMail(purpose: LinkPurpose, { userId, nonce }: LinkMailJob) {
  const token = linkToken(purpose, userId, nonce);
  const tokenHash = hashToken(token);
  const user = await (await db()).user.findUnique({
    where: { id: userId },
    select: {
      email: true,
      firstName: true,
      username: true,
      emailVerified: true,
      verificationToken: true,
      verificationExpires: true,
      resetPasswordToken: true,
      resetPasswordExpires: true,
    },
  });
  if (!user) return;
  const verify = purpose === "verify-email";
  const [stored, expires] = verify
    ? [user.verificationToken, user.verificationExpires]
    : [user.resetPasswordToken, user.resetPasswordExpires];
  if (stored !== tokenHash || (verify && user.emailVerified)) return;
  if (!expires || expires.getTime() <= Date.now()) {
    log.warn("an account link expired before its mail could go out", { purpose, userId });
    return;
  }
  const mail = (verify ? verificationEmail : passwordResetEmail)(user.email, displayName(user), token);
  await sendMailOnce(`${purpose}:${linkMailKey(userId, tokenHash)}`, mail);
}

export type EmailChangedMailJob = { userId: string; changeId: string; oldEmail: string; newEmail: string };

/** Tells the old address about the change (once per change: `changeId`), if the account still exists. */
async function sendEmailChangedMail({ userId, changeId, oldEmail, newEmail }: EmailChangedMailJob) {
  const user = await (await db()).user.findUnique({ where: { id: userId }, select: { firstName: true, username: true } });
  if (!user) return;
  await sendMailOnce(`email-changed:${userId}:${changeId}`, emailChangedNotice(oldEmail, displayName(user), newEmail));
}

// Every process sends them; a relay that is down is retried for about a day (links that expire meanwhile are dropped).
// Retention: pg-boss's defaults — a job is deleted 7 days after it completed or finally failed (the operations screen
// shows failures that long). pg-boss 12 has a per-queue `deleteAfterSeconds`; a short one for the link mails was
// weighed and not taken: their data holds a nonce, not the token (link-tokens.ts), so nothing secret waits in the
// table; pg-boss sweeps a queue at most once per maintenance interval (a day by default), so "short" would still mean
// a day; and a failed link mail would vanish from the operations screen before anyone saw it.
void work<LinkMailJob>(VERIFICATION_MAIL_JOB, (job) => sendLinkMail("verify-email", job), MAIL_JOB_SETTINGS);
void work<LinkMailJob>(PASSWORD_RESET_MAIL_JOB, (job) => sendLinkMail("reset-password", job), MAIL_JOB_SETTINGS);
void work<EmailChangedMailJob>(EMAIL_CHANGED_MAIL_JOB, sendEmailChangedMail, MAIL_JOB_SETTINGS);
