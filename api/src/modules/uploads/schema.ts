// The upload contract (SPEC §7 "POST /api/upload", §9 limits): what may be uploaded, how large, and the URL an
// uploaded file gets — the pattern admin forms' imageUrl / whitePaperUrl fields accept. docs/decisions/007.
// Builders by name (not `Type`, one object holding them all): an island bundles only those it calls (lib/typebox.ts).
import * as T from "@sinclair/typebox/type";
import { isOneOf } from "../../lib/enums";
import { UPLOADED_FILE_URL_PATTERN } from "./names";

// Uploaded files' names and URLs, and what a name's extension is served as, live in names.ts (no TypeBox, so an
// island that only shows images does not bundle it); re-exported here with the rest of the contract.
export * from "./names";

/** SPEC §9: image upload max 5MB. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** SPEC §9: white paper PDF max 10MB. */
export const PDF_MAX_BYTES = 10 * 1024 * 1024;
/** Room for the multipart framing around the file (boundaries, part headers, the file name) in the body limit. */
export const MULTIPART_OVERHEAD_BYTES = 16 * 1024;

/** What `type` asks for: nothing (an image) or `pdf` (a white paper). */
export type UploadKind = "image" | "pdf";
/** The image types a form offers before uploading (the server decides again from the bytes). */
const IMAGE_MIME_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp"] as const;
export const PDF_MIME_TYPE = "application/pdf";
/** For the file picker's `accept` attribute: a hint only — the server decides from the bytes. */
export const IMAGE_ACCEPT = IMAGE_MIME_TYPES.join(",");
export const PDF_ACCEPT = PDF_MIME_TYPE;
/** Whether a picked file is declared as one of the image types (a browser-side pre-check, never the decision). */
export const isImageType = (type: string) => isOneOf(IMAGE_MIME_TYPES, type);

// ---- Processed images (docs/decisions/016) -----------------------------------------------------------------------

/**
 * The most pixels an uploaded image may have (all frames of an animation together), read from its header before any
 * decoding: a 24 MP camera photo fits; a small file claiming 20 000 × 20 000 pixels (a decompression bomb) does not.
 */
export const IMAGE_MAX_PIXELS = 40_000_000;
/** A processed image is stored at most this many pixels on its longer side: more than any page shows. */
export const IMAGE_STORED_MAX_SIDE = 2560;

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
  tooManyPixels: `Images may have at most ${IMAGE_MAX_PIXELS / 1_000_000} megapixels`,
  markup: "The file contains HTML or script markup and cannot be uploaded",
  tooMany: "Too many uploads. Please try again later.",
} as const;
