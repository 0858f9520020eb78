// Uploads as plain use cases (docs/decisions/007): check what a file is from its bytes, store it under a generated
// name, and open stored files for serving. Never sees Elysia's context; throws AppError.
import { randomBytes } from "node:crypto";
import { AppError, notFound } from "../../lib/errors";
import { storage, verifyLocalLink, type StoredFile } from "../../lib/storage";
import { detectFormat, findMarkup, looksComplete } from "./file-kind";
import {
  CONTENT_TYPES,
  IMAGE_MAX_BYTES,
  PDF_MAX_BYTES,
  UPLOAD_MESSAGES,
  isUploadedFileName,
  uploadedFileUrl,
  type StoredExtension,
  type UploadKind,
} from "./schema";

const IMAGE_EXTENSIONS = new Set<StoredExtension>(["jpg", "png", "gif", "webp"]);

export const maxBytesFor = (kind: UploadKind) => (kind === "pdf" ? PDF_MAX_BYTES : IMAGE_MAX_BYTES);

/**
 * Checks an uploaded file and, only when every check passes, stores it. The bytes decide: the magic number names the
 * format (the file name and declared type are ignored), the format must match what was asked for (`kind`), the file
 * must be complete, and it must not carry HTML or script markup (polyglots). Returns its public URL.
 */
export async function storeUpload(file: Blob, kind: UploadKind): Promise<{ url: string }> {
  if (file.size > maxBytesFor(kind)) {
    throw new AppError("invalid_data", kind === "pdf" ? UPLOAD_MESSAGES.pdfTooLarge : UPLOAD_MESSAGES.imageTooLarge, 413);
  }
  if (file.size === 0) throw new AppError("invalid_data", UPLOAD_MESSAGES.emptyFile);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const format = detectFormat(bytes);
  if (kind === "pdf" ? format !== "pdf" : !format || !IMAGE_EXTENSIONS.has(format)) {
    throw new AppError("invalid_data", kind === "pdf" ? UPLOAD_MESSAGES.notAPdf : UPLOAD_MESSAGES.notAnImage);
  }
  if (!looksComplete(format!, bytes)) throw new AppError("invalid_data", UPLOAD_MESSAGES.incomplete);
  if (findMarkup(bytes)) throw new AppError("invalid_data", UPLOAD_MESSAGES.markup);

  const name = `${randomBytes(16).toString("hex")}.${format}`;
  await storage().put(`public/${name}`, bytes, CONTENT_TYPES[format!]);
  return { url: uploadedFileUrl(name) };
}

/** A stored file to send: its generated name and extension, and the name it downloads as, when it has one. */
export type ServedFile = StoredFile & { name: string; extension: StoredExtension; downloadAs?: string };

const missing = () => notFound("File not found");

/** A public upload by its generated name; anything that is not such a name is a 404 before storage is asked. */
export async function openPublicFile(name: string): Promise<ServedFile> {
  if (!isUploadedFileName(name)) throw missing();
  const file = await storage().get(`public/${name}`);
  if (!file) throw missing();
  return { ...file, name, extension: name.slice(name.lastIndexOf(".") + 1) as StoredExtension };
}

/**
 * A file reached through a local signed link (`storage.signedUrl` without a bucket): the signature must be ours and
 * unexpired, else 404 — a wrong or stale link tells nothing about whether the file exists.
 */
export async function openSignedFile(
  scope: string,
  name: string,
  expires: string | undefined,
  signature: string | undefined,
  downloadAs?: string,
): Promise<ServedFile> {
  const key = `${scope}/${name}`;
  if (
    (scope !== "public" && scope !== "private") ||
    !isUploadedFileName(name) ||
    !verifyLocalLink(key, expires, signature, undefined, undefined, downloadAs)
  )
    throw missing();
  const file = await storage().get(key);
  if (!file) throw missing();
  return { ...file, name, extension: name.slice(name.lastIndexOf(".") + 1) as StoredExtension, downloadAs };
}
