// Sending an e-mail from a job, at most once per idempotency key where we can tell (decision 011). A job runs at
// least once; this makes a second run of the same job harmless: the key is checked before sending and recorded
// after the relay accepted the message. What remains is the moment between the two — the process dies after the
// relay said yes and before the key is committed — where the retry sends a second copy; it carries the same
// Message-ID, which mail providers use to drop duplicates. Nothing is lost: a failed send throws, the job is retried —
// unless the relay refused this message for good (a 5xx to its recipients or its content: an address it will never
// take), which ends the job failed at once, with the relay's answer, rather than after a day of retries.
import { createHash } from "node:crypto";
import { db } from "../db/client";
import { env } from "../env";
import { type Mail, mailer } from "../lib/mailer";
import { type JobSettings, PermanentJobError } from "./jobs";

/** Sends `mail` unless a mail with `key` went out before; answers whether it sent. Throws when the relay fails. */
export async function sendMailOnce(key: string, mail: Mail): Promise<boolean> {
  const prisma = await db();
  if (await prisma.mailDelivery.findUnique({ where: { key }, select: { key: true } })) return false;
  await mailer()
    .send({ ...mail, messageId: mail.messageId ?? messageIdFor(key) })
    .catch((err: unknown) => {
      throw refusedForGood(err) ? new PermanentJobError(`The mail relay refused: ${(err as Error).message}`) : err;
    });
  await prisma.mailDelivery.createMany({ data: [{ key }], skipDuplicates: true });
  return true;
}

/**
 * A permanent SMTP reply (5xx, RFC 5321 §4.2.1) to this message's envelope or content (nodemailer: EENVELOPE,
 * EMESSAGE) — no retry changes it. A 5xx to the login (EAUTH) or the connection is the relay's set-up, which an
 * operator fixes: those are retried like an outage.
 */
const refusedForGood = (err: unknown) => {
  const { code, responseCode } = (err ?? {}) as { code?: unknown; responseCode?: unknown };
  const permanent = typeof responseCode === "number" && responseCode >= 500 && responseCode < 600;
  return permanent && (code === "EENVELOPE" || code === "EMESSAGE");
};

/** A Message-ID fixed by the key, on the site's host. */
export function messageIdFor(key: string) {
  const hash = createHash("sha256").update(key).digest("hex").slice(0, 32);
  return `<${hash}@${new URL(env.SITE_URL).hostname}>`;
}

/**
 * For a queue of mail jobs: a relay that is down is retried for about a day (10 s, 20 s, … capped at 1 h). Fetched
 * ten at a time (sent side by side): pg-boss fetches again at once only after a full batch, so with one job a fetch
 * a backlog — a burst of sign-ups — would drain at one mail per poll (5 s).
 */
export const MAIL_JOB_SETTINGS = {
  retryLimit: 30,
  retryDelay: 10,
  retryBackoff: true,
  retryDelayMax: 3600,
  batchSize: 10,
} satisfies JobSettings;
