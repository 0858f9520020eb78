// Decides what a file is from its bytes alone — never from its name or the type the browser declared
// (docs/decisions/007). Pure functions, unit-tested in uploads.test.ts.
import type { UploadedExtension } from "./schema";

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

/** The most of a file's start detectFormat reads (WebP: `RIFF`, 4 size bytes, `WEBP`). */
export const SIGNATURE_BYTES = 12;

/** The stored extension of the format the magic number names, or null for anything else (SVG, HTML, text…). */
export function detectFormat(bytes: Uint8Array): UploadedExtension | null {
  if (startsWith(bytes, PNG)) return "png";
  if (startsWith(bytes, JPEG)) return "jpg";
  if (startsWith(bytes, GIF87) || startsWith(bytes, GIF89)) return "gif";
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return "webp";
  if (startsWith(bytes, PDF)) return "pdf";
  return null;
}

const indexOf = (bytes: Uint8Array, needle: readonly number[], from = 0) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).indexOf(Buffer.from(needle), from);

/** What completeness is judged from: the first and last bytes, the size, and whether a JPEG end marker was seen. */
type Ends = { head: Uint8Array; tail: Uint8Array; size: number; jpegEnd: boolean };
/** The most of a file's end any format's rule looks at (PDF: `%%EOF` in the last KiB). */
const TAIL_BYTES = 1024;
const JPEG_END = [0xff, 0xd9];

/**
 * Whether the file ends the way its format ends — a cut-off upload is refused rather than stored half. PNG: the
 * IEND chunk closes it; GIF: the 0x3B trailer; WebP: the RIFF size covers the file; JPEG: an end-of-image marker
 * after the header (cameras may append data after it); PDF: `%%EOF` in the last KiB (incremental saves append).
 */
export function looksComplete(format: UploadedExtension, bytes: Uint8Array): boolean {
  return endsComplete(format, {
    head: bytes.subarray(0, 16),
    tail: bytes.subarray(Math.max(0, bytes.length - TAIL_BYTES)),
    size: bytes.length,
    jpegEnd: indexOf(bytes, JPEG_END, 3) !== -1,
  });
}

function endsComplete(format: UploadedExtension, { head, tail, size, jpegEnd }: Ends): boolean {
  const tailStart = size - tail.length;
  const at = (i: number) => tail[i - tailStart];
  switch (format) {
    case "png":
      return size >= 8 + 25 + 12 && PNG_IEND.every((b, i) => at(size - 8 + i) === b);
    case "gif": {
      // Some writers pad after the trailer with a few NUL or newline bytes.
      let end = size - 1;
      while (end > 13 && size - end < 16 && [0x00, 0x0a, 0x0d].includes(at(end)!)) end--;
      return end > 13 && at(end) === 0x3b;
    }
    case "webp": {
      if (size < 20 || head.length < 8) return false;
      const riffSize = new DataView(head.buffer, head.byteOffset, head.byteLength).getUint32(4, true);
      // The RIFF size counts everything after its first 8 bytes; one pad byte may follow an odd-sized last chunk.
      return riffSize + 8 <= size && riffSize + 8 >= size - 1;
    }
    case "jpg":
      return size > 4 && jpegEnd;
    case "pdf":
      return indexOf(tail, ascii("%%EOF")) !== -1;
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
].map((token) => Buffer.from(token, "latin1"));
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
].map((token) => Buffer.from(token, "latin1"));

/** ASCII capitals lowered, in place. */
function lowerAscii(bytes: Uint8Array) {
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b >= 0x41 && b <= 0x5a) bytes[i] = b | 0x20;
  }
}

/** The first of `tokens` in already lower-cased bytes, or null. */
function findLowerToken(lower: Buffer, tokens: readonly Buffer[]): string | null {
  for (const token of tokens) if (lower.indexOf(token) !== -1) return token.toString("latin1");
  return null;
}

/** The first of `tokens` in `bytes`, compared case-insensitively (lowered in a copy), or null. */
function findToken(bytes: Uint8Array, tokens: readonly Buffer[]): string | null {
  const lower = Buffer.from(bytes);
  lowerAscii(lower);
  return findLowerToken(lower, tokens);
}

/**
 * The first active-markup token found (case-insensitive), or null. This is how polyglots — a valid GIF header
 * followed by `<script>` — are refused: the magic number says image, this says "also HTML".
 */
export function findMarkup(bytes: Uint8Array): string | null {
  return findToken(bytes, ANYWHERE) ?? findToken(bytes.subarray(0, SNIFF_WINDOW_BYTES), IN_SNIFF_WINDOW);
}

/** A token split across two chunks is found: this many bytes of one chunk are searched again with the next. */
const CARRY_BYTES = Math.max(...ANYWHERE.map((t) => t.length), JPEG_END.length) - 1;

type Inspection = { format: UploadedExtension | null; complete: boolean; markup: string | null };

/**
 * detectFormat, looksComplete and findMarkup for a file read in chunks (an upload spooled to disk): the same answers,
 * without ever holding the whole file in memory (decision 007, "Bounded and streamed").
 */
export async function inspectFile(file: Blob): Promise<Inspection> {
  const size = file.size;
  const head = await file.slice(0, SNIFF_WINDOW_BYTES).bytes();
  const format = detectFormat(head);
  if (!format) return { format, complete: false, markup: null };
  const tail = await file.slice(Math.max(0, size - TAIL_BYTES)).bytes();
  let markup = findToken(head, IN_SNIFF_WINDOW);
  let jpegEnd = false;
  // One scratch buffer per file: the bytes carried over, then the chunk, lowered in place (no allocation per chunk).
  let scratch = Buffer.allocUnsafe(0);
  let carried = 0;
  let offset = 0; // where the carried bytes start in the file
  for await (const chunk of file.stream()) {
    if (scratch.length < carried + chunk.length) {
      const grown = Buffer.allocUnsafe(carried + chunk.length);
      scratch.copy(grown, 0, 0, carried);
      scratch = grown;
    }
    scratch.set(chunk, carried);
    const joined = scratch.subarray(0, carried + chunk.length);
    if (format === "jpg" && !jpegEnd) jpegEnd = indexOf(joined, JPEG_END, Math.max(0, 3 - offset)) !== -1;
    lowerAscii(joined.subarray(carried));
    markup ??= findLowerToken(joined, ANYWHERE);
    const keep = Math.min(joined.length, CARRY_BYTES);
    offset += joined.length - keep;
    joined.copy(scratch, 0, joined.length - keep);
    carried = keep;
  }
  return { format, complete: endsComplete(format, { head, tail, size, jpegEnd }), markup };
}

// ---- Submission entry files (decision 019) -----------------------------------------------------------------------
// A team's file entry may be a PDF, an image, a ZIP archive, a presentation (PowerPoint, Keynote, OpenDocument — all
// three are ZIP archives inside) or an MP4 video. The first bytes name the family; for a ZIP archive its list of
// entries (the central directory at its end) tells a presentation from any other archive.

/** What an entry file is stored as; its extension and Content-Type follow (lib/content-types.ts). */
export type EntryFormat = "pdf" | "png" | "jpg" | "gif" | "webp" | "zip" | "pptx" | "odp" | "key" | "mp4";
/** How many first bytes detectEntryHead reads: an ODP's `mimetype` entry fits in them. */
export const ENTRY_HEAD_BYTES = 128;

const ZIP_LOCAL = [0x50, 0x4b, 0x03, 0x04];
const ZIP_EMPTY = [0x50, 0x4b, 0x05, 0x06];
const FTYP = ascii("ftyp");
/** ISO base media brands that are not an MP4 video: HEIF/AVIF images, QuickTime, audio-only MPEG-4. */
const NOT_VIDEO_BRANDS = new Set([
  "heic",
  "heix",
  "heim",
  "heis",
  "hevc",
  "hevx",
  "mif1",
  "msf1",
  "avif",
  "avis",
  "qt  ",
  "M4A ",
  "M4B ",
  "M4P ",
]);
const ODP_MIMETYPE = Buffer.from("mimetypeapplication/vnd.oasis.opendocument.presentation", "latin1");

/**
 * The format a file's first bytes name (at least ENTRY_HEAD_BYTES of them, or the whole file when shorter), or null.
 * Any ZIP archive but an ODP (whose first entry says so) is "zip" here: classifyZip reads its entries once stored.
 */
export function detectEntryHead(head: Uint8Array): EntryFormat | null {
  const known = detectFormat(head);
  if (known) return known;
  if (startsWith(head, ZIP_LOCAL)) {
    // OpenDocument: the first entry is `mimetype`, stored uncompressed, holding the document's type.
    return startsWith(head, [...ODP_MIMETYPE], 30) ? "odp" : "zip";
  }
  if (startsWith(head, ZIP_EMPTY)) return "zip";
  if (startsWith(head, FTYP, 4) && head.length >= 12) {
    const brand = Buffer.from(head.subarray(8, 12)).toString("latin1");
    return NOT_VIDEO_BRANDS.has(brand) ? null : "mp4";
  }
  return null;
}

/** The end-of-central-directory record is in the last 22 bytes plus a comment of at most 65,535. */
const EOCD_SEARCH_BYTES = 22 + 65_535;
/** A central directory larger than this is not read: the archive stays a plain ZIP. */
const CENTRAL_DIRECTORY_MAX_BYTES = 8 * 1024 * 1024;

/** The names a ZIP archive lists in its central directory (empty when it has none we can read). */
export async function zipEntryNames(file: Blob): Promise<string[]> {
  const tail = Buffer.from(await file.slice(Math.max(0, file.size - EOCD_SEARCH_BYTES)).arrayBuffer());
  let eocd = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd === -1) return [];
  const size = tail.readUInt32LE(eocd + 12);
  const offset = tail.readUInt32LE(eocd + 16);
  if (size > CENTRAL_DIRECTORY_MAX_BYTES || offset + size > file.size) return [];
  const directory = Buffer.from(await file.slice(offset, offset + size).arrayBuffer());
  const names: string[] = [];
  for (let at = 0; at + 46 <= directory.length && directory.readUInt32LE(at) === 0x02014b50; ) {
    const nameLength = directory.readUInt16LE(at + 28);
    const rest = nameLength + directory.readUInt16LE(at + 30) + directory.readUInt16LE(at + 32);
    names.push(directory.toString("utf8", at + 46, at + 46 + nameLength));
    at += 46 + rest;
  }
  return names;
}

/** A ZIP archive's own format from its entries: PowerPoint, Keynote, OpenDocument presentation, or a plain ZIP. */
export async function classifyZip(file: Blob, headFormat: "zip" | "odp"): Promise<"zip" | "pptx" | "key" | "odp"> {
  if (headFormat === "odp") return "odp";
  const names = new Set(await zipEntryNames(file));
  if (names.has("[Content_Types].xml") && names.has("ppt/presentation.xml")) return "pptx";
  if (names.has("Index/Document.iwa") || names.has("index.apxl") || names.has("index.apxl.gz")) return "key";
  return "zip";
}
