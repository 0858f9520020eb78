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
/** The extensions a stored file can have (chosen from its first bytes), with the Content-Type each is served as. */
export const CONTENT_TYPES = {
  jpg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
  pdf: "application/pdf",
} as const;
export type StoredExtension = keyof typeof CONTENT_TYPES;
/** The image types a form offers before uploading (the server decides again from the bytes). */
const IMAGE_MIME_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp"] as const;
export const PDF_MIME_TYPE = "application/pdf";
/** For the file picker's `accept` attribute: a hint only — the server decides from the bytes. */
export const IMAGE_ACCEPT = IMAGE_MIME_TYPES.join(",");
export const PDF_ACCEPT = PDF_MIME_TYPE;
/** Whether a picked file is declared as one of the image types (a browser-side pre-check, never the decision). */
export const isImageType = (type: string) => (IMAGE_MIME_TYPES as readonly string[]).includes(type);

// ---- Uploaded files' names and URLs: the one definition (issue 14 item 17) ---------------------------------------
// Pure string rules, no I/O: the API (routes, services, the seed) and the site import them from here.

/** The extensions a stored name may end with: those of the detected types. */
const IMAGE_EXTENSIONS_SOURCE = "jpg|png|gif|webp";
const ANY_EXTENSION_SOURCE = `${IMAGE_EXTENSIONS_SOURCE}|pdf`;
/** A generated name (32 random hex digits, then the extension of the detected type), unanchored. */
const nameSource = (extensions: string) => `[0-9a-f]{32}\\.(?:${extensions})`;

/** Where uploads are served (GET /api/files/:name). */
export const UPLOADED_FILES_PATH = "/api/files/";
/** Where a record's private copy is named (reached only through signed links: GET /api/files/private/:name?…). */
const PRIVATE_FILES_PATH = "/api/files/private/";
/** A stored file's generated name: 32 random hex digits and the extension of its detected type. */
const UPLOADED_FILE_NAME_PATTERN = `^${nameSource(ANY_EXTENSION_SOURCE)}$`;
/** An uploaded image's URL without anchors, for patterns that accept it among other forms (challenge imageUrl). */
export const UPLOADED_IMAGE_URL_SOURCE = `${UPLOADED_FILES_PATH}${nameSource(IMAGE_EXTENSIONS_SOURCE)}`;
/** An uploaded image's URL, as POST /api/upload returns it. */
export const UPLOADED_IMAGE_URL_PATTERN = `^${UPLOADED_IMAGE_URL_SOURCE}$`;
/** An uploaded white paper's URL (POST /api/upload?type=pdf). */
export const UPLOADED_PDF_URL_PATTERN = `^${UPLOADED_FILES_PATH}${nameSource("pdf")}$`;
/** Any upload's URL, as POST /api/upload returns it. */
export const UPLOADED_FILE_URL_PATTERN = `^${UPLOADED_FILES_PATH}${nameSource(ANY_EXTENSION_SOURCE)}$`;

const UPLOADED_URL = new RegExp(`^${UPLOADED_FILES_PATH}(private/)?(${nameSource(ANY_EXTENSION_SOURCE)})$`);

/** Whether `name` is a generated upload name (anything else is never looked up in storage). */
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
  markup: "The file contains HTML or script markup and cannot be uploaded",
  tooMany: "Too many uploads. Please try again later.",
} as const;
