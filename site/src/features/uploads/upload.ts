// The one upload call (SPEC §7 POST /api/upload) every admin form uses: an image, or with kind "pdf" a PDF. The
// server decides the type from the bytes and answers the stored file's URL.
import { IMAGE_MAX_BYTES, isImageType } from "@api/modules/uploads/schema";
import { api, unwrap } from "../../lib/api";

export type UploadKind = "image" | "pdf";

export async function uploadFile(file: File, kind: UploadKind = "image"): Promise<string> {
  const call = kind === "pdf" ? api.upload.post({ file }, { query: { type: "pdf" } }) : api.upload.post({ file });
  return (await unwrap(call)).url;
}

/** SPEC §5 and §9, as the forms state it next to an image picker. */
export const IMAGE_HINT = "JPEG, PNG, GIF or WebP, max 5MB";

/** A picked image's problem before uploading (JPEG, PNG, GIF or WebP, at most 5 MB), or null. */
export function checkImage(file: File): string | null {
  if (!isImageType(file.type)) return "Please choose a JPEG, PNG, GIF or WebP image";
  if (file.size > IMAGE_MAX_BYTES) return "Image must be 5MB or smaller";
  return null;
}
