// Uploads as plain use cases (docs/decisions/007): check what a file is from its bytes, store it under a generated
// name, and open stored files for serving. Never sees Elysia's context; throws AppError.
import { createHash, randomBytes } from "node:crypto";
import { mkdir, open, readdir, rm, stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import { env } from "../../env";
import { AppError, notFound } from "../../lib/errors";
import { RateLimiter } from "../../db/rate-limit";
import { Semaphore } from "../../lib/semaphore";
import { storage, verifyLocalLink, type StoredFile } from "../../lib/storage";
import { detectFormat, inspectFile, SIGNATURE_BYTES } from "./file-kind";
import { processImage, type ImageFile } from "./images";
import { boundaryOf, type FileSink, malformed, receiveMultipart } from "./multipart";
import {
  CONTENT_TYPES,
  IMAGE_MAX_BYTES,
  PDF_MAX_BYTES,
  UPLOAD_MESSAGES,
  isEntryFileName,
  isUploadedFileName,
  uploadedFileUrl,
  type StoredExtension,
  type UploadedExtension,
  type UploadKind,
} from "./schema";

const IMAGE_EXTENSIONS = new Set<UploadedExtension>(["jpg", "png", "gif", "webp"]);

/** Uploads one member may make in UPLOAD_WINDOW_MS (an admin filling forms makes a few). */
export const UPLOADS_PER_MEMBER = 30;
const UPLOAD_WINDOW_MS = 10 * 60_000;
/** Uploads handled at once, and how many more may wait for a slot; past that, 503 with Retry-After. */
export const UPLOAD_CONCURRENCY = 4;
export const UPLOAD_QUEUE = 8;

export const uploadLimits = {
  perMember: new RateLimiter("uploads-member", UPLOADS_PER_MEMBER, UPLOAD_WINDOW_MS),
};

/** Counts one upload for this member: 429 with Retry-After past the limit — asked before the body is read. */
export const countUpload = (userId: string) => uploadLimits.perMember.consume(userId, UPLOAD_MESSAGES.tooMany);

// ---- Receiving: bounded, streamed to disk -------------------------------------------------------------------------
// At most UPLOAD_CONCURRENCY uploads are received and stored at once (UPLOAD_QUEUE more wait; the rest get 503). A
// slot is taken before the body is read and given back when the request ends, whichever way it ends. The file
// part is written to a spool file as it arrives (memory stays flat); checks read it back, storage streams it.

const slots = new Semaphore(UPLOAD_CONCURRENCY, UPLOAD_QUEUE);
/** Beside the stored files (not /tmp, which may be memory); `.incoming` can never be a storage key. */
const SPOOL_DIR = resolve(env.STORAGE_DIR, ".incoming");
type Lease = { release: () => void; spool: string | null };
const leases = new WeakMap<Request, Lease>();

/** Spool files a crash left behind (a request ends by removing its own), swept once per process on first use. */
let spoolSwept = false;
const STALE_SPOOL_MS = 60 * 60_000;
async function sweepSpool() {
  if (spoolSwept) return;
  spoolSwept = true;
  for (const name of await readdir(SPOOL_DIR).catch(() => [] as string[])) {
    const path = join(SPOOL_DIR, name);
    const info = await stat(path).catch(() => null);
    if (info && Date.now() - info.mtimeMs > STALE_SPOOL_MS) await rm(path, { force: true });
  }
}

/** A spool file written chunk by chunk; each write waits for the disk, so nothing piles up in memory. */
async function spoolSink(path: string): Promise<FileSink> {
  const handle = await open(path, "wx", 0o600);
  return {
    write: async (chunk) => {
      await handle.write(chunk);
    },
    end: () => handle.close(),
  };
}

/**
 * The file part's sink: its first SIGNATURE_BYTES are held until they name a format the route takes (`kind`), and
 * only then does the spool file open. Bytes of another kind are refused on the spot, with the error storeUpload
 * would give — a 5 MB non-image is answered after its first chunk, not after it has been received and written.
 * A part shorter than a signature goes to the spool as it is; storeUpload's checks judge it.
 */
function formatCheckedSink(kind: UploadKind | null, open: () => Promise<FileSink>): FileSink {
  let head: Buffer[] | null = kind ? [] : null;
  let headBytes = 0;
  let spool: Promise<FileSink> | null = null;
  let refused = false;
  const toSpool = async (chunks: Uint8Array[]) => {
    spool ??= open();
    for (const chunk of chunks) await (await spool).write(chunk);
  };
  return {
    async write(chunk) {
      if (!head) return toSpool([chunk]);
      head.push(Buffer.from(chunk)); // a copy: the reader's buffer moves on
      headBytes += chunk.length;
      if (headBytes < SIGNATURE_BYTES) return;
      const refusal = formatRefusal(kind!, detectFormat(Buffer.concat(head)));
      if (refusal) {
        refused = true;
        throw refusal;
      }
      const held = head;
      head = null;
      await toSpool(held);
    },
    async end() {
      if (refused) return; // nothing of it is ever written
      const held = head ?? [];
      head = null;
      await toSpool(held); // opens the spool for an empty or short part too: the route sees the file
      await (await spool!).end();
    },
  };
}

/** What `?type=` asks for; null for anything else, which the route's query schema refuses after the body. */
function requestedKind(request: Request): UploadKind | null {
  const type = new URL(request.url).searchParams.get("type");
  return type === null ? "image" : type === "pdf" ? "pdf" : null;
}

/**
 * Takes an upload slot for the request (released, with its spool file, by finishUpload whichever way the request
 * ends) and names the spool file its file part will go to; a body that is not multipart is refused first.
 */
async function takeSlot(request: Request): Promise<{ boundary: string; lease: Lease; path: string }> {
  const boundary = boundaryOf(request.headers.get("content-type") ?? "");
  if (!boundary) throw malformed();
  const lease: Lease = { release: await slots.acquire(), spool: null };
  leases.set(request, lease);
  try {
    await mkdir(SPOOL_DIR, { recursive: true });
    await sweepSpool();
  } catch (error) {
    await finishUpload(request);
    throw error;
  }
  return { boundary, lease, path: join(SPOOL_DIR, `${randomBytes(16).toString("hex")}.part`) };
}

/**
 * POST /api/upload's body reader (the security plugin's `read`): takes an upload slot, then streams the multipart
 * body, the file part into a spool file once its first bytes passed the format check. Returns the form as the
 * route's schema sees it: `file` is the spooled file.
 */
export async function receiveUploadBody(request: Request, maxBytes: number): Promise<Record<string, unknown>> {
  if (!request.body || request.headers.get("content-length") === "0") return {};
  const { boundary, lease, path } = await takeSlot(request);
  try {
    const form = await receiveMultipart(request.body, boundary, maxBytes, "file", () =>
      formatCheckedSink(requestedKind(request), () => {
        lease.spool = path;
        return spoolSink(path);
      }),
    );
    return { ...form.fields, ...(form.file ? { file: Bun.file(path, { type: form.file.type }) } : {}) };
  } catch (error) {
    await finishUpload(request);
    throw error;
  }
}

/** A file part received under rules of its caller's own (a submission's entry): spooled, measured and hashed. */
export type CheckedFile = { file: Blob; name: string; size: number; sha256: string };
export type FileRules = {
  /** The most the file part itself may hold; past it, `tooLarge()` stops the reading (nothing is kept). */
  maxFileBytes: number;
  tooLarge: () => AppError;
  /** How many first bytes `checkHead` needs (fewer when the file is shorter). */
  headBytes: number;
  /** A refusal for what the first bytes name, or null: a file of the wrong kind is refused after its first chunk. */
  checkHead: (head: Uint8Array) => AppError | null;
};

/**
 * Reads a multipart body in an upload slot like receiveUploadBody, under the caller's rules for the file part: its
 * first bytes checked before anything is written, its size counted against its own limit while it arrives, its
 * SHA-256 computed on the way to the spool file. finishUpload(request) removes the spool file and frees the slot.
 */
export async function receiveCheckedFile(
  request: Request,
  maxBytes: number,
  rules: FileRules,
): Promise<{ fields: Record<string, string>; file: CheckedFile | null }> {
  if (!request.body || request.headers.get("content-length") === "0") return { fields: {}, file: null };
  const { boundary, lease, path } = await takeSlot(request);
  try {
    const hash = createHash("sha256");
    let size = 0;
    let head: Buffer[] | null = [];
    let headSize = 0;
    let spool: FileSink | null = null;
    const toSpool = async (chunk: Uint8Array) => {
      if (!spool) {
        lease.spool = path;
        spool = await spoolSink(path);
      }
      await spool.write(chunk);
    };
    const checkHead = async () => {
      const held = Buffer.concat(head!);
      head = null;
      const refusal = rules.checkHead(held);
      if (refusal) throw refusal;
      await toSpool(held);
    };
    const form = await receiveMultipart(request.body, boundary, maxBytes, "file", () => ({
      async write(chunk) {
        size += chunk.length;
        if (size > rules.maxFileBytes) throw rules.tooLarge();
        hash.update(chunk);
        if (!head) return toSpool(chunk);
        head.push(Buffer.from(chunk)); // a copy: the reader's buffer moves on
        headSize += chunk.length;
        if (headSize >= rules.headBytes) await checkHead();
      },
      async end() {
        if (head && size <= rules.maxFileBytes) await checkHead(); // a file shorter than the head (or empty)
        if (!spool) await toSpool(new Uint8Array());
        await spool!.end();
      },
    }));
    if (!form.file || !lease.spool) return { fields: form.fields, file: null };
    return {
      fields: form.fields,
      file: { file: Bun.file(path), name: form.file.name, size, sha256: hash.digest("hex") },
    };
  } catch (error) {
    await finishUpload(request);
    throw error;
  }
}

/** Ends an upload's request: its slot back, its spool file gone. Safe to call more than once. */
export async function finishUpload(request: Request): Promise<void> {
  const lease = leases.get(request);
  if (!lease) return;
  leases.delete(request);
  lease.release();
  if (lease.spool) await rm(lease.spool, { force: true });
}

/** The refusal when the format the magic number names is not what was asked for (`kind`), else null. */
function formatRefusal(kind: UploadKind, format: UploadedExtension | null): AppError | null {
  if (kind === "pdf" ? format === "pdf" : format !== null && IMAGE_EXTENSIONS.has(format)) return null;
  return new AppError("invalid_data", kind === "pdf" ? UPLOAD_MESSAGES.notAPdf : UPLOAD_MESSAGES.notAnImage);
}

export const maxBytesFor = (kind: UploadKind) => (kind === "pdf" ? PDF_MAX_BYTES : IMAGE_MAX_BYTES);

/**
 * Checks an uploaded file and, only when every check passes, stores it. The bytes decide: the magic number names the
 * format (the file name and declared type are ignored), the format must match what was asked for (`kind`), the file
 * must be complete, and it must not carry HTML or script markup (polyglots). An image must then decode within the
 * pixel limits, and is stored re-encoded with its copies (images.ts; docs/decisions/016). Returns its public URL.
 */
export async function storeUpload(file: Blob, kind: UploadKind): Promise<{ url: string }> {
  if (file.size > maxBytesFor(kind)) {
    throw new AppError("invalid_data", kind === "pdf" ? UPLOAD_MESSAGES.pdfTooLarge : UPLOAD_MESSAGES.imageTooLarge, 413);
  }
  if (file.size === 0) throw new AppError("invalid_data", UPLOAD_MESSAGES.emptyFile);
  // Read in chunks from the spooled file (never whole in memory) before anything decodes it.
  const { format, complete, markup } = await inspectFile(file);
  const refusal = formatRefusal(kind, format);
  if (refusal) throw refusal;
  if (!complete) throw new AppError("invalid_data", UPLOAD_MESSAGES.incomplete);
  if (markup) throw new AppError("invalid_data", UPLOAD_MESSAGES.markup);

  const stem = randomBytes(16).toString("hex");
  // A PDF streams from the spool file; an image is decoded whole anyway, so its ≤ 5 MB are read at once.
  const files: ImageFile[] =
    format === "pdf"
      ? [{ name: `${stem}.pdf`, bytes: null, contentType: CONTENT_TYPES.pdf }]
      : await processImage(new Uint8Array(await file.arrayBuffer()), format!, stem);
  await putAll(files, file);
  return { url: uploadedFileUrl(files[files.length - 1]!.name) };
}

/**
 * Writes an upload's files in their order (the one a record names last). When one write fails, those already made
 * are removed before the error goes on: a refused or failed upload leaves nothing that no record could ever release.
 */
async function putAll(files: ImageFile[], upload: Blob) {
  const store = storage();
  const written: string[] = [];
  try {
    for (const file of files) {
      const key = `public/${file.name}`;
      await store.put(key, file.bytes ?? upload, file.contentType);
      written.push(key);
    }
  } catch (error) {
    await Promise.allSettled(written.map((key) => store.delete(key)));
    throw error;
  }
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
    !(isUploadedFileName(name) || (scope === "private" && isEntryFileName(name))) ||
    !verifyLocalLink(key, expires, signature, undefined, undefined, downloadAs)
  )
    throw missing();
  const file = await storage().get(key);
  if (!file) throw missing();
  return { ...file, name, extension: name.slice(name.lastIndexOf(".") + 1) as StoredExtension, downloadAs };
}
