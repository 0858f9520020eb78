// "Add to calendar": one challenge as an iCalendar (RFC 5545) all-day event spanning its dates. Built by hand:
// the format is small, and the escaping and line folding below are the only parts that are easy to get wrong.
import type { Challenge } from "./schema";

/** TEXT values escape backslash, semicolon, comma and newlines (RFC 5545 §3.3.11). */
function escapeText(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
}

/** Content lines longer than 75 octets are folded: CRLF then one space (§3.1), never inside a UTF-8 sequence. */
function fold(line: string): string {
  const out: string[] = [];
  let current = "";
  let bytes = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    if (bytes + size > (out.length ? 74 : 75)) {
      out.push(current);
      current = "";
      bytes = 0;
    }
    current += char;
    bytes += size;
  }
  out.push(current);
  return out.join("\r\n ");
}

const day = (iso: string) => iso.slice(0, 10).replaceAll("-", "");
const stamp = (date: Date) => `${date.toISOString().replace(/[-:]/g, "").slice(0, 15)}Z`;

/** All-day dates: DTEND is exclusive, so the event ends the day after the end date (or lasts one day). */
function endExclusive(challenge: Challenge): string {
  const last = new Date(challenge.endDate ?? challenge.startDate);
  last.setUTCDate(last.getUTCDate() + 1);
  return day(last.toISOString());
}

export function challengeCalendar(challenge: Challenge, siteUrl: string, now = new Date()): string {
  const url = new URL(`/challenges/${challenge.id}`, siteUrl).toString();
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Innovation Platform//Challenges//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:challenge-${challenge.id}@${new URL(siteUrl).hostname}`,
    `DTSTAMP:${stamp(now)}`,
    `DTSTART;VALUE=DATE:${day(challenge.startDate)}`,
    `DTEND;VALUE=DATE:${endExclusive(challenge)}`,
    `SUMMARY:${escapeText(challenge.title)}`,
    `DESCRIPTION:${escapeText(`${challenge.description}\n\n${url}`)}`,
    `URL:${url}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(fold).join("\r\n")}\r\n`;
}

/** A safe download name from the title: letters, digits and dashes only. */
export function calendarFileName(challenge: Challenge): string {
  const slug = challenge.title
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60);
  return `${slug || "challenge"}.ics`;
}
