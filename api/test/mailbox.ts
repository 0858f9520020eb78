// A real SMTP server inside the test process (smtp-server); the app sends to it through nodemailer, exactly as it
// would to a production relay. Tests read what arrived, parsed with mailparser.
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

type ReceivedMail = {
  to: string[];
  /** The message as it arrived (MIME source). */
  raw: string;
  subject: string;
  /** The plain-text part, decoded. */
  text: string;
  /** The HTML part, decoded ("" when there is none). */
  html: string;
  /** Every http(s) link in the text and HTML parts (HTML entities decoded), without duplicates. */
  links: string[];
};

export const received: ReceivedMail[] = [];

const linksIn = (...parts: string[]) => [...new Set(parts.flatMap((part) => part.match(/https?:\/\/[^\s"'<>]+/g) ?? []))];

export async function startMailbox(): Promise<{ url: string; stop: () => Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", async () => {
        try {
          const raw = Buffer.concat(chunks).toString("utf8");
          const mail = await simpleParser(raw);
          const text = mail.text ?? "";
          const html = typeof mail.html === "string" ? mail.html : "";
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
            subject: mail.subject ?? "",
            text,
            html,
            links: linksIn(text, html.replace(/&amp;/g, "&")),
          });
          callback();
        } catch (error) {
          callback(error as Error);
        }
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as { port: number };
  return { url: `smtp://127.0.0.1:${port}`, stop: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Waits for the next mail to `to` whose subject matches (mail is sent in the background). */
export async function waitForMail(to: string, subject: RegExp, timeoutMs = 5000): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mail = received.findLast((m) => m.to.includes(to) && subject.test(m.subject));
    if (mail) return mail;
    await Bun.sleep(20);
  }
  throw new Error(`No mail to ${to} matching ${subject} within ${timeoutMs} ms`);
}

export function mailsTo(to: string) {
  return received.filter((m) => m.to.includes(to));
}
