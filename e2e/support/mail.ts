// Reads the app's mail outbox (MAIL_OUTBOX_DIR, one .eml file per message; see playwright.config.ts) so journeys can
// follow the links in verification and password-reset e-mails. MIME is read with mailparser.
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { simpleParser } from "mailparser";

type CapturedMail = {
  to: string;
  subject: string;
  /** The plain-text part, decoded. */
  text: string;
  /** Every http(s) link in the text and HTML parts, decoded, in order, without duplicates. */
  links: string[];
  file: string;
};

const POLL_MS = 100;
const DEFAULT_TIMEOUT_MS = 10_000;

function outboxDir(): string {
  const dir = process.env.E2E_OUTBOX_DIR;
  if (!dir) throw new Error("E2E_OUTBOX_DIR is not set: run the journeys through playwright.config.ts");
  return dir;
}

/** Every http(s) link in the text and HTML parts (HTML entities decoded), in order, without duplicates. */
function linksIn(...parts: string[]): string[] {
  const links: string[] = [];
  for (const part of parts) {
    for (const match of part.matchAll(/https?:\/\/[^\s"'<>]+/g)) {
      if (!links.includes(match[0])) links.push(match[0]);
    }
  }
  return links;
}

/**
 * The parsed message; null when it is not a whole one (no subject, or a multipart not closed) — the app renames only
 * finished files into place, so this guards against anything else writing to the directory.
 */
async function parseMail(source: string, file: string): Promise<CapturedMail | null> {
  const mail = await simpleParser(source);
  const type = mail.headers.get("content-type") as { value?: string; params?: { boundary?: string } } | undefined;
  const boundary = type?.value?.startsWith("multipart/") ? type.params?.boundary : undefined;
  if (!mail.subject || (boundary && !source.includes(`--${boundary}--`))) return null;
  const text = mail.text ?? "";
  const html = typeof mail.html === "string" ? mail.html.replace(/&amp;/g, "&") : "";
  return {
    to: mail.to
      ? [mail.to]
          .flat()
          .map((a) => a.text)
          .join(", ")
      : "",
    subject: mail.subject,
    text,
    links: linksIn(text, html),
    file,
  };
}

async function readOutbox(): Promise<CapturedMail[]> {
  const dir = outboxDir();
  let names: string[];
  try {
    // Finished messages only: the app writes each under a hidden temporary name, then renames it (durable-file.ts).
    names = (await readdir(dir)).filter((n) => n.endsWith(".eml") && !n.startsWith("."));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw e;
  }
  const mails: CapturedMail[] = [];
  // File names start with an ISO timestamp: sorted names are oldest first.
  for (const name of names.sort()) {
    const mail = await parseMail(await readFile(join(dir, name), "utf8"), name);
    if (mail) mails.push(mail);
  }
  return mails;
}

const addressesIn = (header: string) => (header.match(/[^\s<>,"]+@[^\s<>,"]+/g) ?? []).map((a) => a.toLowerCase());

/**
 * Waits (up to 10 s by default) for a message to `to` whose subject matches, and returns the newest such message.
 * Addresses compare case-insensitively (the app stores e-mails lower-cased).
 */
export async function waitForMail(to: string, subject: RegExp, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<CapturedMail> {
  const wanted = to.trim().toLowerCase();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await readOutbox()).filter((m) => addressesIn(m.to).includes(wanted) && subject.test(m.subject));
    if (found.length > 0) return found[found.length - 1]!;
    if (Date.now() > deadline) {
      const seen = (await readOutbox()).map((m) => `${m.to}: ${m.subject}`);
      throw new Error(`No mail to ${to} matching ${subject} within ${timeoutMs} ms. Outbox: ${JSON.stringify(seen)}`);
    }
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/** The one link in `mail` that points at `pathPrefix` on the site (e.g. "/verify-email/"), as a path for page.goto. */
export function linkIn(mail: CapturedMail, pathPrefix: string): string {
  const matches = [...new Set(mail.links.filter((l) => new URL(l).pathname.startsWith(pathPrefix)))];
  if (matches.length !== 1)
    throw new Error(`Expected one ${pathPrefix} link in "${mail.subject}", found ${JSON.stringify(mail.links)}`);
  return matches[0]!;
}
