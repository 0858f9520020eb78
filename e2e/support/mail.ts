// Reads the app's mail outbox (MAIL_OUTBOX_DIR, one .eml file per message; see playwright.config.ts) so journeys can
// follow the links in verification and password-reset e-mails.
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";

export type CapturedMail = {
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

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const raw = body.replace(/=\r?\n/g, ""); // soft line breaks
  for (let i = 0; i < raw.length; i++) {
    const hex = raw[i] === "=" ? raw.slice(i + 1, i + 3) : "";
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(raw[i]!, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** RFC 2047 encoded words in headers (=?utf-8?Q?...?= / =?utf-8?B?...?=). */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?[^?]+\?([QqBb])\?([^?]*)\?=/g, (_, kind: string, text: string) =>
      kind.toUpperCase() === "B" ? Buffer.from(text, "base64").toString("utf8") : decodeQuotedPrintable(text.replace(/_/g, " ")),
    );
}

type Part = { headers: Map<string, string>; body: string };

function splitPart(source: string): Part {
  const normalised = source.replace(/\r\n/g, "\n");
  const end = normalised.indexOf("\n\n");
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? "" : normalised.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, " ").split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** The leaf parts (content type + decoded body); null while the file is still being written. */
function leafParts(part: Part): { type: string; content: string }[] | null {
  const type = part.headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith("multipart/") && boundary) {
    const closing = `--${boundary}--`;
    if (!part.body.includes(closing)) return null;
    const chunks = part.body.split(closing)[0]!.split(`--${boundary}`).slice(1);
    const leaves: { type: string; content: string }[] = [];
    for (const chunk of chunks) {
      const inner = leafParts(splitPart(chunk.replace(/^\n/, "")));
      if (!inner) return null;
      leaves.push(...inner);
    }
    return leaves;
  }
  const encoding = (part.headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  const content =
    encoding === "quoted-printable"
      ? decodeQuotedPrintable(part.body)
      : encoding === "base64"
        ? Buffer.from(part.body.replace(/\s+/g, ""), "base64").toString("utf8")
        : part.body;
  return [{ type: type.split(";")[0]!.trim().toLowerCase(), content }];
}

function parseMail(source: string, file: string): CapturedMail | null {
  const message = splitPart(source);
  const leaves = leafParts(message);
  if (!leaves || !message.headers.has("subject")) return null;
  const text = leaves.find((l) => l.type === "text/plain")?.content ?? "";
  const links: string[] = [];
  for (const leaf of leaves) {
    const content = leaf.type === "text/html" ? leaf.content.replace(/&amp;/g, "&") : leaf.content;
    for (const match of content.matchAll(/https?:\/\/[^\s"'<>]+/g)) {
      if (!links.includes(match[0])) links.push(match[0]);
    }
  }
  return {
    to: decodeHeader(message.headers.get("to") ?? ""),
    subject: decodeHeader(message.headers.get("subject") ?? ""),
    text,
    links,
    file,
  };
}

async function readOutbox(): Promise<CapturedMail[]> {
  const dir = outboxDir();
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith(".eml"));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw e;
  }
  const mails: CapturedMail[] = [];
  // File names start with an ISO timestamp: sorted names are oldest first.
  for (const name of names.sort()) {
    const mail = parseMail(await readFile(join(dir, name), "utf8"), name);
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
  if (matches.length !== 1) throw new Error(`Expected one ${pathPrefix} link in "${mail.subject}", found ${JSON.stringify(mail.links)}`);
  return matches[0]!;
}
