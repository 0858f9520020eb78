// The one upload call (SPEC §7 POST /api/upload) every admin form uses, and the checks a picked file passes before
// it is sent, with the uploads contract's limits (api/src/modules/uploads/schema.ts). The server decides the type
// from the bytes and answers the stored file's URL; these checks only spare the user a doomed upload.
import {
  IMAGE_ACCEPT,
  IMAGE_MAX_BYTES,
  isImageType,
  PDF_ACCEPT,
  PDF_MAX_BYTES,
  UPLOAD_MESSAGES,
  type UploadKind,
} from "@api/modules/uploads/schema";
import { api, unwrap } from "../../lib/api";

export type { UploadKind };
export type UploadFn = (file: File, kind: UploadKind) => Promise<string>;

export async function uploadFile(file: File, kind: UploadKind = "image"): Promise<string> {
  const call = kind === "pdf" ? api.upload.post({ file }, { query: { type: "pdf" } }) : api.upload.post({ file });
  return (await unwrap(call)).url;
}

/** SPEC §5 and §9, as the forms state it next to an image picker. */
const IMAGE_HINT = "JPEG, PNG, GIF or WebP, max 5MB";

/**
 * A picked image's problem before uploading (JPEG, PNG, GIF or WebP, at most 5 MB), or null: in the words the server
 * would answer the same file with (the uploads contract's messages).
 */
export function checkImage(file: File): string | null {
  if (!isImageType(file.type)) return UPLOAD_MESSAGES.notAnImage;
  if (file.size > IMAGE_MAX_BYTES) return UPLOAD_MESSAGES.imageTooLarge;
  return null;
}

/**
 * What a picker takes: an image, a PDF (a white paper), or a file that may be either (a resource's download, sent as
 * an image when it is declared as one, else as a PDF).
 */
export type PickKind = UploadKind | "file";

/** A problem as the picker reports it: a toast's title and the text shown under the picker. */
export type UploadProblem = { title: string; description: string };

/** SPEC §8's failure titles, per picker kind. */
export const UPLOAD_FAILED: Record<PickKind, string> = {
  image: "Failed to upload image",
  pdf: "Failed to upload white paper",
  file: "Failed to upload file",
};

export const PICK_ACCEPT: Record<PickKind, string> = {
  image: IMAGE_ACCEPT,
  pdf: `${PDF_ACCEPT},.pdf`,
  file: `${PDF_ACCEPT},.pdf,${IMAGE_ACCEPT}`,
};

export const PICK_HINT: Record<PickKind, string> = {
  image: IMAGE_HINT,
  pdf: "PDF only, less than 10MB",
  file: "PDF (max 10MB) or image (max 5MB)",
};

/** The upload a picked file becomes. */
export const uploadKindOf = (file: File, kind: PickKind): UploadKind =>
  kind === "file" ? (isImageType(file.type) ? "image" : "pdf") : kind;

/** A picked file's problem before uploading, under the uploads contract's limits, or null. */
export function uploadProblem(file: File, kind: PickKind): UploadProblem | null {
  const problem = (description: string | null) => (description ? { title: UPLOAD_FAILED[kind], description } : null);
  if (file.size === 0) return problem(UPLOAD_MESSAGES.emptyFile);
  if (kind === "image") return problem(checkImage(file));
  const isPdf = file.type === PDF_ACCEPT || (!file.type && /\.pdf$/i.test(file.name));
  if (kind === "pdf" && !isPdf) return problem(UPLOAD_MESSAGES.notAPdf);
  if (uploadKindOf(file, kind) === "image") return problem(file.size > IMAGE_MAX_BYTES ? UPLOAD_MESSAGES.imageTooLarge : null);
  return problem(file.size > PDF_MAX_BYTES ? UPLOAD_MESSAGES.pdfTooLarge : null);
}
