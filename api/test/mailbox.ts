// A real SMTP server inside the test process (smtp-server); the app sends to it through nodemailer, exactly as it
// would to a production relay. Tests read what arrived.
import { SMTPServer } from "smtp-server";

export type ReceivedMail = { to: string[]; raw: string; subject: string; text: string; links: string[] };

export const received: ReceivedMail[] = [];

function decodeQuotedPrintable(text: string) {
  return text.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
}

export async function startMailbox(): Promise<{ url: string; stop: () => Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = chunks.toString() && Buffer.concat(chunks).toString("utf8");
        const decoded = decodeQuotedPrintable(raw);
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject: /^Subject: (.*)$/m.exec(raw)?.[1] ?? "",
          text: decoded,
          links: [...new Set(decoded.match(/https?:\/\/[^\s"<>]+/g) ?? [])],
        });
        callback();
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
