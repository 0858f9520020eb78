// Decides what a file is from its bytes alone — never from its name or the type the browser declared
// (docs/decisions/007). Pure functions, unit-tested in uploads.test.ts.
import type { StoredExtension } from "./schema";

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  bytes.length >= at + prefix.length && prefix.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PNG_IEND = [0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82];
const JPEG = [0xff, 0xd8, 0xff];
const GIF87 = ascii("GIF87a");
const GIF89 = ascii("GIF89a");
const RIFF = ascii("RIFF");
const WEBP = ascii("WEBP");
const PDF = ascii("%PDF-");

/** The stored extension of the format the magic number names, or null for anything else (SVG, HTML, text…). */
export function detectFormat(bytes: Uint8Array): StoredExtension | null {
  if (startsWith(bytes, PNG)) return "png";
  if (startsWith(bytes, JPEG)) return "jpg";
  if (startsWith(bytes, GIF87) || startsWith(bytes, GIF89)) return "gif";
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return "webp";
  if (startsWith(bytes, PDF)) return "pdf";
  return null;
}

const indexOf = (bytes: Uint8Array, needle: readonly number[], from = 0) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).indexOf(Buffer.from(needle), from);

/**
 * Whether the file ends the way its format ends — a cut-off upload is refused rather than stored half. PNG: the
 * IEND chunk closes it; GIF: the 0x3B trailer; WebP: the RIFF size covers the file; JPEG: an end-of-image marker
 * after the header (cameras may append data after it); PDF: `%%EOF` in the last KiB (incremental saves append).
 */
export function looksComplete(format: StoredExtension, bytes: Uint8Array): boolean {
  switch (format) {
    case "png":
      return bytes.length >= 8 + 25 + 12 && indexOf(bytes, PNG_IEND, bytes.length - 12) === bytes.length - 8;
    case "gif": {
      // Some writers pad after the trailer with a few NUL or newline bytes.
      let end = bytes.length - 1;
      while (end > 13 && bytes.length - end < 16 && [0x00, 0x0a, 0x0d].includes(bytes[end]!)) end--;
      return end > 13 && bytes[end] === 0x3b;
    }
    case "webp": {
      if (bytes.length < 20) return false;
      const riffSize = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(4, true);
      // The RIFF size counts everything after its first 8 bytes; one pad byte may follow an odd-sized last chunk.
      return riffSize + 8 <= bytes.length && riffSize + 8 >= bytes.length - 1;
    }
    case "jpg":
      return bytes.length > 4 && indexOf(bytes, [0xff, 0xd9], 3) !== -1;
    case "pdf":
      return indexOf(bytes, ascii("%%EOF"), Math.max(0, bytes.length - 1024)) !== -1;
  }
}

// Markup a browser would act on if it ever rendered the file as HTML or SVG (an old browser sniffing, a download
// opened from disk, a proxy dropping our headers). Two lists, so honest files are not refused by chance:
// - anywhere in the file, tokens of 6+ bytes — a given one turns up by chance in compressed data about once in
//   10^13 bytes, and an HTML parser runs a <script> wherever it sits;
// - in the first 1445 bytes (the "resource header" browsers sniff, WHATWG MIME Sniffing §7), shorter tags too.
// XMP metadata (<x:xmpmeta>, <rdf:…>, <?xpacket) is on neither list.
const ANYWHERE = [
  "<script",
  "<iframe",
  "<frameset",
  "<!doctype",
  "<object",
  "<embed",
  "<?xml-stylesheet",
  "javascript:",
  "onerror=",
  "onload=",
].map(ascii);
const SNIFF_WINDOW_BYTES = 1445;
const IN_SNIFF_WINDOW = [
  "<html",
  "<head",
  "<body",
  "<svg",
  "<div",
  "<font",
  "<table",
  "<style",
  "<title",
  "<meta",
  "<form",
  "<base",
  "<!--",
].map(ascii);

/**
 * The first active-markup token found (case-insensitive), or null. This is how polyglots — a valid GIF header
 * followed by `<script>` — are refused: the magic number says image, this says "also HTML".
 */
export function findMarkup(bytes: Uint8Array): string | null {
  // Lower-case the ASCII capitals in a copy (other bytes stay as they are), then look for each token.
  const lower = Buffer.from(bytes);
  for (let i = 0; i < lower.length; i++) {
    const b = lower[i]!;
    if (b >= 0x41 && b <= 0x5a) lower[i] = b | 0x20;
  }
  for (const token of ANYWHERE) {
    if (lower.indexOf(Buffer.from(token)) !== -1) return String.fromCharCode(...token);
  }
  const head = lower.subarray(0, SNIFF_WINDOW_BYTES);
  for (const token of IN_SNIFF_WINDOW) {
    if (head.indexOf(Buffer.from(token)) !== -1) return String.fromCharCode(...token);
  }
  return null;
}
