// The upload contract (SPEC §7 "POST /api/upload", §9 limits): what may be uploaded, how large, and the URL an
// uploaded file gets — the pattern admin forms' imageUrl / whitePaperUrl fields accept. docs/decisions/007.
// Builders by name (not `Type`, one object holding them all): an island bundles only those it calls (lib/typebox.ts).
import * as T from "@sinclair/typebox/type";

/** SPEC §9: image upload max 5MB. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** SPEC §9: white paper PDF max 10MB. */
export const PDF_MAX_BYTES = 10 * 1024 * 1024;
/** Room for the multipart framing around the file (boundaries, part headers, the file name) in the body limit. */
export const MULTIPART_OVERHEAD_BYTES = 16 * 1024;

/** What `type` asks for: nothing (an image) or `pdf` (a white paper). */
export type UploadKind = "image" | "pdf";
/**
 * The extensions a stored file can have, with the Content-Type each is served as: an upload's is chosen from its first
 * bytes; AVIF only ever names a copy the server made of an uploaded image (docs/decisions/016).
 */
export const CONTENT_TYPES = {
  jpg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
  avif: "image/avif",
  pdf: "application/pdf",
} as const;
export type StoredExtension = keyof typeof CONTENT_TYPES;
/** What an upload's first bytes may name: every stored extension but AVIF, which only the server writes. */
export type UploadedExtension = Exclude<StoredExtension, "avif">;
/** The image types a form offers before uploading (the server decides again from the bytes). */
const IMAGE_MIME_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp"] as const;
export const PDF_MIME_TYPE = "application/pdf";
/** For the file picker's `accept` attribute: a hint only — the server decides from the bytes. */
export const IMAGE_ACCEPT = IMAGE_MIME_TYPES.join(",");
export const PDF_ACCEPT = PDF_MIME_TYPE;
/** Whether a picked file is declared as one of the image types (a browser-side pre-check, never the decision). */
export const isImageType = (type: string) => (IMAGE_MIME_TYPES as readonly string[]).includes(type);

// ---- Processed images (issue 17 item 6; docs/decisions/016) ------------------------------------------------------

/**
 * The most pixels an uploaded image may have (all frames of an animation together), read from its header before any
 * decoding: a 24 MP camera photo fits; a small file claiming 20 000 × 20 000 pixels (a decompression bomb) does not.
 */
export const IMAGE_MAX_PIXELS = 40_000_000;
/** The longest side an uploaded image may have (WebP's own limit, so every accepted image can be re-encoded). */
export const IMAGE_MAX_SIDE = 16_383;
/** A processed image is stored at most this many pixels on its longer side: more than any page shows. */
export const IMAGE_STORED_MAX_SIDE = 2560;
/**
 * The widths of the WebP and AVIF copies made of a processed image: a grid card (≈360 CSS px, 1× and 2× screens), a
 * detail column, a full-width hero. Part of the name format: pages derive srcsets and clean-up derives the files to
 * delete from a name and this list, so changing it needs a new name form, not an edit.
 */
export const IMAGE_VARIANT_WIDTHS = [480, 960, 1600] as const;
/** The copies' formats, in the order a page offers them (smallest first; the browser takes the first it decodes). */
export const IMAGE_VARIANT_FORMATS = ["avif", "webp"] as const;
export type ImageVariantFormat = (typeof IMAGE_VARIANT_FORMATS)[number];

/**
 * The widths of a processed image's copies: each standard width narrower than it, and its own width (up to the
 * widest standard one) — never wider than the image, so nothing is upscaled.
 */
export function imageVariantWidths(width: number): number[] {
  const widest = IMAGE_VARIANT_WIDTHS[IMAGE_VARIANT_WIDTHS.length - 1]!;
  return [...IMAGE_VARIANT_WIDTHS.filter((w) => w < Math.min(width, widest)), Math.min(width, widest)];
}

// ---- Uploaded files' names and URLs: the one definition (issue 14 item 17) ---------------------------------------
// Pure string rules, no I/O: the API (routes, services, the seed) and the site import them from here.
//
// Three forms (docs/decisions/016):
// - `<32 hex>.<ext>` — a file stored as uploaded: a PDF, a GIF, an animated WebP, any upload made before images were
//   processed;
// - `<32 hex>_<w>x<h>.<jpg|png|webp>` — a processed image, `w`×`h` its stored size (so a page sets width and height
//   without asking anyone), which always comes with its copies;
// - `<32 hex>_<w>x<h>-<width>w.<avif|webp>` — one copy (variant). Served like any upload, but never a record's own
//   URL: only the processed image's name is ever saved, claimed or released, and its copies follow it.

/** The extensions a stored name may end with: those of the detected types. */
const IMAGE_EXTENSIONS_SOURCE = "jpg|png|gif|webp";
const PROCESSED_EXTENSIONS_SOURCE = "jpg|png|webp";
const ANY_EXTENSION_SOURCE = `${IMAGE_EXTENSIONS_SOURCE}|pdf`;
const STEM_SOURCE = "[0-9a-f]{32}";
const SIZE_SOURCE = "_[1-9][0-9]{0,4}x[1-9][0-9]{0,4}";
/** A generated name as uploaded (32 random hex digits, then the extension of the detected type), unanchored. */
const plainNameSource = (extensions: string) => `${STEM_SOURCE}\\.(?:${extensions})`;
/** A name a record may hold, unanchored: as uploaded (any of `extensions`), or a processed image's (`processed`). */
const nameSource = (extensions: string, processed = true) =>
  processed
    ? `(?:${plainNameSource(extensions)}|${STEM_SOURCE}${SIZE_SOURCE}\\.(?:${PROCESSED_EXTENSIONS_SOURCE}))`
    : plainNameSource(extensions);
/** A copy of a processed image, unanchored. */
const VARIANT_NAME_SOURCE = `${STEM_SOURCE}${SIZE_SOURCE}-[1-9][0-9]{0,3}w\\.(?:${IMAGE_VARIANT_FORMATS.join("|")})`;

/** Where uploads are served (GET /api/files/:name). */
export const UPLOADED_FILES_PATH = "/api/files/";
/** Where a record's private copy is named (reached only through signed links: GET /api/files/private/:name?…). */
const PRIVATE_FILES_PATH = "/api/files/private/";
/** A stored file's generated name, its copies' included: what GET /api/files/:name may look up. */
const UPLOADED_FILE_NAME_PATTERN = `^(?:${nameSource(ANY_EXTENSION_SOURCE)}|${VARIANT_NAME_SOURCE})$`;
/** An uploaded image's URL without anchors, for patterns that accept it among other forms (challenge imageUrl). */
export const UPLOADED_IMAGE_URL_SOURCE = `${UPLOADED_FILES_PATH}${nameSource(IMAGE_EXTENSIONS_SOURCE)}`;
/** An uploaded image's URL, as POST /api/upload returns it. */
export const UPLOADED_IMAGE_URL_PATTERN = `^${UPLOADED_IMAGE_URL_SOURCE}$`;
/** An uploaded white paper's URL (POST /api/upload?type=pdf). */
export const UPLOADED_PDF_URL_PATTERN = `^${UPLOADED_FILES_PATH}${nameSource("pdf", false)}$`;
/** Any upload's URL, as POST /api/upload returns it. */
export const UPLOADED_FILE_URL_PATTERN = `^${UPLOADED_FILES_PATH}${nameSource(ANY_EXTENSION_SOURCE)}$`;

const UPLOADED_URL = new RegExp(`^${UPLOADED_FILES_PATH}(private/)?(${nameSource(ANY_EXTENSION_SOURCE)})$`);

/**
 * A copy's URL (public or private), unanchored: for URL patterns that take other same-site paths (a project's
 * imageUrl) and must still refuse a copy as a record's own file.
 */
export const UPLOADED_VARIANT_URL_SOURCE = `${UPLOADED_FILES_PATH}(?:private/)?${VARIANT_NAME_SOURCE}`;

/** Whether `name` is a generated upload name or a copy's (anything else is never looked up in storage). */
export const isUploadedFileName = (name: string) => new RegExp(UPLOADED_FILE_NAME_PATTERN).test(name);

/** An uploaded file's URL: the public one POST /api/upload answers, or the private one a record keeps. */
export const uploadedFileUrl = (name: string, scope: "public" | "private" = "public") =>
  `${scope === "private" ? PRIVATE_FILES_PATH : UPLOADED_FILES_PATH}${name}`;

/**
 * The stored file an URL names — its generated name, its scope and its storage key — or null for any other URL
 * (the site's static /files, http(s) links, anything malformed).
 */
export function uploadedFileOf(url: string | null | undefined) {
  const match = url ? UPLOADED_URL.exec(url) : null;
  if (!match) return null;
  const scope: "public" | "private" = match[1] ? "private" : "public";
  const name = match[2]!;
  return { name, scope, key: `${scope}/${name}`, extension: name.slice(name.lastIndexOf(".") + 1) as StoredExtension };
}

const PROCESSED_NAME = new RegExp(`^${STEM_SOURCE}_([1-9][0-9]{0,4})x([1-9][0-9]{0,4})\\.(?:${PROCESSED_EXTENSIONS_SOURCE})$`);

/** A processed image's copy: its width, format and stored name. */
export type ImageVariant = { width: number; format: ImageVariantFormat; name: string };

/**
 * A processed image's stored size and its copies, from its name alone; null for any other name (as uploaded, a
 * PDF, a copy). What pages build srcsets from and what clean-up deletes with the image.
 */
export function processedImageOf(name: string): { width: number; height: number; variants: ImageVariant[] } | null {
  const match = PROCESSED_NAME.exec(name);
  if (!match) return null;
  const [width, height] = [Number(match[1]), Number(match[2])];
  const base = name.slice(0, name.lastIndexOf("."));
  const variants = imageVariantWidths(width).flatMap((w) =>
    IMAGE_VARIANT_FORMATS.map((format) => ({ width: w, format, name: `${base}-${w}w.${format}` })),
  );
  return { width, height, variants };
}

export const UploadQuerySchema = T.Object({
  type: T.Optional(T.Literal("pdf", { error: "type must be pdf (for a white paper) or left out (for an image)" })),
});

export const UploadResultSchema = T.Object({
  /** Same-origin path of the stored file, e.g. /api/files/3f2a…c1.png — what the admin form saves as imageUrl. */
  url: T.String({ pattern: UPLOADED_FILE_URL_PATTERN }),
});

export const FileNameParamsSchema = T.Object({ name: T.String({ maxLength: 64 }) });

// Messages (SPEC §8 shows 'Failed to upload image' / 'Failed to upload white paper' as the toast; the server's
// message says why).
export const UPLOAD_MESSAGES = {
  noFile: 'Choose a file to upload (form field "file")',
  emptyFile: "The file is empty",
  imageTooLarge: "Images must be 5 MB or smaller",
  pdfTooLarge: "PDF files must be 10 MB or smaller",
  notAnImage: "Only JPEG, PNG, GIF or WebP images can be uploaded",
  notAPdf: "Only PDF files can be uploaded as a white paper",
  incomplete: "The file is incomplete or damaged",
  tooManyPixels: `Images may have at most ${IMAGE_MAX_PIXELS / 1_000_000} megapixels and ${IMAGE_MAX_SIDE} pixels on a side`,
  markup: "The file contains HTML or script markup and cannot be uploaded",
  tooMany: "Too many uploads. Please try again later.",
} as const;
