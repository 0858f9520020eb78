// Uploaded files' names and URLs: the one definition (docs/decisions/007 and 016). Pure string rules with no I/O and no
// import but the content-type table: the API (routes, services, clean-up, the seed) and the site (pages and islands,
// which must not bundle TypeBox for an image) use them; schema.ts re-exports them with the rest of the contract.

import { CONTENT_TYPES } from "../../lib/content-types";

/** The extensions a stored file can have (the table, with each one's Content-Type, is lib/content-types.ts). */
export { CONTENT_TYPES };
export type StoredExtension = keyof typeof CONTENT_TYPES;
/** What only a submission's entry file is stored as (decision 019): private, reached through signed links alone. */
export type EntryOnlyExtension = "zip" | "pptx" | "odp" | "key" | "mp4";
/** What an upload's first bytes may name: every stored extension but AVIF, which only the server writes. */
export type UploadedExtension = Exclude<StoredExtension, "avif" | EntryOnlyExtension>;

/**
 * The widths of the WebP and AVIF copies made of a processed image: a grid card (≈360 CSS px, 1× and 2× screens), a
 * detail column, a full-width hero. Part of the name format: pages derive srcsets and clean-up derives the files to
 * delete from a name and this list, so changing it needs a new name form, not an edit.
 */
const IMAGE_VARIANT_WIDTHS = [480, 960, 1600] as const;
/** The copies' formats, in the order a page offers them (smallest first; the browser takes the first it decodes). */
export const IMAGE_VARIANT_FORMATS = ["avif", "webp"] as const;
export type ImageVariantFormat = (typeof IMAGE_VARIANT_FORMATS)[number];

/**
 * The widths of a processed image's copies: each standard width narrower than it, and its own width (up to the
 * widest standard one) — never wider than the image, so nothing is upscaled.
 */
function imageVariantWidths(width: number): number[] {
  const own = Math.min(width, IMAGE_VARIANT_WIDTHS.at(-1)!);
  return [...IMAGE_VARIANT_WIDTHS.filter((w) => w < own), own];
}

// ---- Names and URLs -----------------------------------------------------------------------------------------------
// Three forms (docs/decisions/016):
// - `<32 hex>.<ext>` — a file stored as uploaded: a PDF, a GIF, an animated WebP, any upload made before images were
//   processed;
// - `<32 hex>_<w>x<h>.<jpg|png|webp>` — a processed image, `w`×`h` its stored size (so a page sets width and height
//   without asking anyone), which always comes with its copies;
// - `<32 hex>_<w>x<h>-<width>w.<avif|webp>` — one copy (variant). Served like any upload, but never a record's own
//   URL: only the processed image's name is ever saved, claimed or released, and its copies follow it.

// The pieces of the patterns below, unanchored. Plain constants, not built by functions: a bundle keeps only those
// it uses.
const STEM = "[0-9a-f]{32}";
const SIZE = "_([1-9][0-9]{0,4})x([1-9][0-9]{0,4})";
/** A name as uploaded: the stem and the extension of the detected type. */
const PLAIN_IMAGE_NAME = `${STEM}\\.(?:jpg|png|gif|webp)`;
const PDF_NAME = `${STEM}\\.pdf`;
/** A processed image's name; its two groups are the stored width and height. */
const PROCESSED_IMAGE_NAME = `${STEM}${SIZE}\\.(?:jpg|png|webp)`;
/** Any name a record may hold (never a copy's). */
const IMAGE_NAME = `(?:${PLAIN_IMAGE_NAME}|${PROCESSED_IMAGE_NAME})`;
const FILE_NAME = `(?:${PLAIN_IMAGE_NAME}|${PROCESSED_IMAGE_NAME}|${PDF_NAME})`;
/** A copy of a processed image. */
const VARIANT_NAME = `${STEM}${SIZE}-[1-9][0-9]{0,3}w\\.(?:avif|webp)`;

/** Where uploads are served (GET /api/files/:name). */
export const UPLOADED_FILES_PATH = "/api/files/";
/** Where a record's private copy is named (reached only through signed links: GET /api/files/private/:name?…). */
const PRIVATE_FILES_PATH = "/api/files/private/";
/** A stored file's generated name, its copies' included: what GET /api/files/:name may look up. */
const UPLOADED_FILE_NAME_PATTERN = `^(?:${FILE_NAME}|${VARIANT_NAME})$`;
/** An uploaded image's URL without anchors, for patterns that accept it among other forms (challenge imageUrl). */
export const UPLOADED_IMAGE_URL_SOURCE = `${UPLOADED_FILES_PATH}${IMAGE_NAME}`;
/** An uploaded image's URL, as POST /api/upload returns it. */
export const UPLOADED_IMAGE_URL_PATTERN = `^${UPLOADED_IMAGE_URL_SOURCE}$`;
/** An uploaded white paper's URL (POST /api/upload?type=pdf). */
export const UPLOADED_PDF_URL_PATTERN = `^${UPLOADED_FILES_PATH}${PDF_NAME}$`;
/** Any upload's URL, as POST /api/upload returns it. */
export const UPLOADED_FILE_URL_PATTERN = `^${UPLOADED_FILES_PATH}${FILE_NAME}$`;

const UPLOADED_URL_PATTERN = `^${UPLOADED_FILES_PATH}(private/)?(${FILE_NAME})$`;

/**
 * A copy's URL (public or private), unanchored: for URL patterns that take other same-site paths (a project's
 * imageUrl) and must still refuse a copy as a record's own file.
 */
export const UPLOADED_VARIANT_URL_SOURCE = `${UPLOADED_FILES_PATH}(?:private/)?${VARIANT_NAME}`;

/** A submission entry's stored name (decision 019): only ever under private/, read through signed links. */
const ENTRY_FILE_NAME_PATTERN = `^${STEM}\\.(?:pdf|png|jpg|gif|webp|zip|pptx|odp|key|mp4)$`;
export const isEntryFileName = (name: string) => new RegExp(ENTRY_FILE_NAME_PATTERN).test(name);

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
  const match = url ? new RegExp(UPLOADED_URL_PATTERN).exec(url) : null;
  if (!match) return null;
  const scope: "public" | "private" = match[1] ? "private" : "public";
  const name = match[2]!;
  return { name, scope, key: `${scope}/${name}`, extension: name.slice(name.lastIndexOf(".") + 1) as StoredExtension };
}

const PROCESSED_NAME = /* @__PURE__ */ new RegExp(`^${PROCESSED_IMAGE_NAME}$`);

/** A processed image's copy: its width, format and stored name. */
type ImageVariant = { width: number; format: ImageVariantFormat; name: string };

/**
 * A processed image's stored size and its copies, from its name alone; null for any other name (as uploaded, a
 * PDF, a copy). What pages build srcsets from and what clean-up deletes with the image.
 */
export function processedImageOf(name: string): { width: number; height: number; variants: ImageVariant[] } | null {
  const match = PROCESSED_NAME.exec(name);
  if (!match) return null;
  const width = Number(match[1]);
  const base = name.slice(0, name.lastIndexOf("."));
  const variants = imageVariantWidths(width).flatMap((w) =>
    IMAGE_VARIANT_FORMATS.map((format) => ({ width: w, format, name: `${base}-${w}w.${format}` })),
  );
  return { width, height: Number(match[2]), variants };
}
