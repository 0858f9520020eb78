// The one mail adapter (nothing else imports nodemailer). SMTP when SMTP_URL is set; otherwise every message is
// written to MAIL_OUTBOX_DIR as an .eml file and, outside production, its link is logged, so a local setup can still
// verify and reset.
// Mail is sent by jobs (jobs/mail-once.ts, decision 011), never from a request after its response.
import { mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { Transporter } from "nodemailer";
import { env } from "../env";
import { writeFileDurably } from "./durable-file";
import { log } from "./logger";

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The action link inside, logged in outbox mode so a developer can follow it. */
  link?: string;
  /** A fixed Message-ID (`<…@…>`): a copy sent again by a retried job is the same message to mail providers. */
  messageId?: string;
};

interface Mailer {
  send(mail: Mail): Promise<void>;
}

type MailerConfig = {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  /**
   * Log each outbox message's link (a developer follows it from the console). Not in production: a verification or
   * reset link is as good as a password, and logs travel further than the outbox.
   */
  logLinks?: boolean;
};

/**
 * nodemailer, loaded by the first message a process sends, not by every server at start (decision 003,
 * "Loaded when used"): mail goes out from jobs, and a process may run for hours without one. `require` keeps
 * createMailer synchronous.
 */
const nodemailer = () => require("nodemailer") as typeof import("nodemailer");

export function createMailer({ smtpUrl, from, outboxDir, logLinks = env.NODE_ENV !== "production" }: MailerConfig): Mailer {
  if (smtpUrl) {
    const transport: Transporter = nodemailer().createTransport(smtpUrl);
    return {
      async send(mail) {
        const info = await transport.sendMail({ from, ...message(mail) });
        log.info("mail sent", { to: mail.to, subject: mail.subject, messageId: info.messageId });
      },
    };
  }
  const builder = nodemailer().createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const dir = resolve(outboxDir);
  return {
    async send(mail) {
      const info = await builder.sendMail({ from, ...message(mail) });
      await mkdir(dir, { recursive: true });
      const file = join(dir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${crypto.randomUUID().slice(0, 8)}.eml`);
      // Whole or not at all: a reader of the outbox never finds half a message (durable-file.ts).
      await writeFileDurably(file, info.message as Buffer);
      log.info("mail written to outbox", { to: mail.to, subject: mail.subject, file, ...(logLinks && { link: mail.link }) });
    },
  };
}

const message = ({ to, subject, text, html, messageId }: Mail) => ({ to, subject, text, html, messageId });

let shared: Mailer | undefined;

/** The process's mailer, built from env on first use. */
export function mailer(): Mailer {
  shared ??= createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir: env.MAIL_OUTBOX_DIR });
  return shared;
}
