// Sending an e-mail from a job, at most once per idempotency key where we can tell (decision 011). A job runs at
// least once; this makes a second run of the same job harmless: the key is checked before sending and recorded
// after the relay accepted the message. What remains is the moment between the two — the process dies after the
// relay said yes and before the key is committed — where the retry sends a second copy; it carries the same
// Message-ID, which mail providers use to drop duplicates. Nothing is lost: a failed send throws, the job is retried.
import { createHash } from "node:crypto";
import { db } from "../db/client";
import { env } from "../env";
import { type Mail, mailer } from "../lib/mailer";

/** Sends `mail` unless a mail with `key` went out before; answers whether it sent. Throws when the relay fails. */
export async function sendMailOnce(key: string, mail: Mail): Promise<boolean> {
  const prisma = await db();
  if (await prisma.mailDelivery.findUnique({ where: { key }, select: { key: true } })) return false;
  await mailer().send({ ...mail, messageId: mail.messageId ?? messageIdFor(key) });
  await prisma.mailDelivery.createMany({ data: [{ key }], skipDuplicates: true });
  return true;
}

/** A Message-ID fixed by the key, on the site's host. */
export function messageIdFor(key: string) {
  const hash = createHash("sha256").update(key).digest("hex").slice(0, 32);
  return `<${hash}@${new URL(env.SITE_URL).hostname}>`;
}
