// Upload routes (SPEC §7 "POST /api/upload"; docs/decisions/007): admins and section delegates upload images (and PDFs
// with ?type=pdf); anyone reads public files from GET /api/files/:name.
import { Elysia, t } from "elysia";
import { errorResponses } from "../../lib/http-schema";
import { contentDisposition } from "../../lib/content-disposition";
import { multipartBody, securityPlugin } from "../../plugins/security";
import { authorizeSection, authPlugin } from "../auth/guard";
import {
  CONTENT_TYPES,
  FileNameParamsSchema,
  MULTIPART_OVERHEAD_BYTES,
  UPLOAD_MESSAGES,
  UploadQuerySchema,
  UploadResultSchema,
} from "./schema";
import {
  countUpload,
  finishUpload,
  maxBytesFor,
  openPublicFile,
  openSignedFile,
  receiveUploadBody,
  storeUpload,
  type ServedFile,
} from "./service";

// The body limit is the file limit plus the multipart framing, enforced while the body streams in (413). Before a
// byte is read: the caller (the `section: "any"` rule: 401 / 403) and their upload allowance (429). The body is
// then read by the uploads module itself, in one of a bounded number of slots, straight to disk.
const UPLOAD_BODY = multipartBody({
  maxBytes: (url) => maxBytesFor(url.searchParams.get("type") === "pdf" ? "pdf" : "image") + MULTIPART_OVERHEAD_BYTES,
  authorize: async (request) => {
    await countUpload((await authorizeSection(request, "any")).id);
  },
  read: receiveUploadBody,
});

/** A year: names are random and never reused, so a stored file never changes under its URL. */
const IMMUTABLE = "public, max-age=31536000, immutable";

/** Headers that keep a stored file a file: its own type, no sniffing, no script if it is ever opened as a page. */
function fileHeaders(
  file: Pick<ServedFile, "name" | "extension" | "size" | "downloadAs">,
  cacheControl: string,
): Record<string, string> {
  const isPdf = file.extension === "pdf";
  return {
    // From the name's extension, which the upload chose from the bytes — not from what the store says it holds.
    "content-type": CONTENT_TYPES[file.extension],
    "content-length": String(file.size),
    "x-content-type-options": "nosniff",
    // Images show inline (they are <img> sources); PDFs download, so no viewer runs them on the site's origin. A signed
    // download link names the file after its resource (decision 007).
    "content-disposition": file.downloadAs
      ? contentDisposition("attachment", file.downloadAs)
      : `${isPdf ? "attachment" : "inline"}; filename="${file.name}"`,
    "content-security-policy": "default-src 'none'; sandbox",
    "cross-origin-resource-policy": "same-origin",
    "cache-control": cacheControl,
  };
}

const sendFile = (file: ServedFile, cacheControl: string) =>
  new Response(file.body, { headers: fileHeaders(file, cacheControl) });

const signedRoute = {
  params: FileNameParamsSchema,
  query: t.Object({
    expires: t.Optional(t.String({ maxLength: 16 })),
    filename: t.Optional(t.String({ maxLength: 512 })),
    signature: t.Optional(t.String({ maxLength: 128 })),
  }),
  response: { 200: t.Unknown({ description: "The file's bytes" }), ...errorResponses(404) },
};
async function sendSigned(
  scope: "public" | "private",
  name: string,
  query: { expires?: string; filename?: string; signature?: string },
) {
  return sendFile(await openSignedFile(scope, name, query.expires, query.signature, query.filename), "private, no-store");
}

export const uploadsModule = new Elysia({ name: "uploads", tags: ["uploads"] })
  .use(authPlugin)
  .use(securityPlugin)
  // However the request ends (refused by its schema, a failed check, stored), its upload slot and spool file go.
  .onAfterResponse(({ request }) => finishUpload(request))
  .post(
    "/upload",
    async ({ body, query, set, request }) => {
      try {
        const result = await storeUpload(body.file, query.type === "pdf" ? "pdf" : "image");
        set.status = 201;
        return result;
      } finally {
        await finishUpload(request);
      }
    },
    {
      // Any admin section may upload (SPEC §6). For requests with a body the security plugin has already asked the
      // same (cached) question before reading it.
      section: "any",
      accepts: UPLOAD_BODY,
      query: UploadQuerySchema,
      body: t.Object({ file: t.File({ error: UPLOAD_MESSAGES.noFile }) }, { error: UPLOAD_MESSAGES.noFile }),
      response: { 201: UploadResultSchema, ...errorResponses(400, 401, 403, 413, 429, 503) },
      detail: { summary: "Upload an image (JPEG, PNG, GIF, WebP ≤ 5 MB) or, with type=pdf, a PDF (≤ 10 MB)" },
    },
  )
  .get("/files/:name", async ({ params }) => sendFile(await openPublicFile(params.name), IMMUTABLE), {
    params: FileNameParamsSchema,
    response: { 200: t.Unknown({ description: "The file's bytes" }), ...errorResponses(404) },
    detail: { summary: "A public uploaded file (images are shown inline, PDFs download)" },
  })
  // Signed, short-lived links (storage.signedUrl without a bucket): premium files. Never cached by shared caches.
  .get("/files/private/:name", ({ params, query }) => sendSigned("private", params.name, query), {
    ...signedRoute,
    detail: { summary: "A private file through a signed, short-lived link" },
  })
  .get("/files/public/:name", ({ params, query }) => sendSigned("public", params.name, query), {
    ...signedRoute,
    detail: { summary: "A public file through a signed, short-lived link" },
  });
