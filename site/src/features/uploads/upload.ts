// The one upload call (SPEC §7 POST /api/upload) every admin form uses: an image, or with kind "pdf" a PDF. The
// server decides the type from the bytes and answers the stored file's URL.
import { api, unwrap } from "../../lib/api";

export type UploadKind = "image" | "pdf";

export async function uploadFile(file: File, kind: UploadKind = "image"): Promise<string> {
  const call = kind === "pdf" ? api.upload.post({ file }, { query: { type: "pdf" } }) : api.upload.post({ file });
  return (await unwrap(call)).url;
}
