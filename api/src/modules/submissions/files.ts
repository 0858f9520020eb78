// File entries (decision 019; SPEC "Deliverables and submissions"): a team member hands in a file for a FILE
// deliverable as multipart/form-data. Before a byte is read, the caller must be on the team and the deliverable must
// still take a file; the file then streams to a spool file in an upload slot — its first bytes must name a kind the
// deliverable accepts, its size stays under the deliverable's limit, its SHA-256 is computed on the way — and only a
// file that passed is stored, under a private key no one outside the server ever sees. The entry's revision and
// deadline rules are putEntry's. A replaced file stays stored while a version names it (versions stay readable).
// Files are read through short-lived signed links only, by those mayReadSubmissionFiles lets in; anyone else gets 404.
import { randomBytes } from "node:crypto";
import { db } from "../../db/client";
import { contentDisposition } from "../../lib/content-disposition";
import { CONTENT_TYPES } from "../../lib/content-types";
import { AppError, notFound } from "../../lib/errors";
import { storage, type StoredFile } from "../../lib/storage";
import { ID_MAX_LENGTH } from "../../lib/typebox";
import { multipartBody } from "../../plugins/security";
import { authorizeUser } from "../auth/guard";
import { canAccessSection } from "../auth/permissions";
import { DELIVERABLE_DEFAULT_MAX_BYTES, DELIVERABLE_MAX_BYTES, FILE_KIND_LABELS, type FileKind } from "../deliverables/schema";
import { classifyZip, detectEntryHead, ENTRY_HEAD_BYTES, type EntryFormat } from "../uploads/file-kind";
import { MULTIPART_OVERHEAD_BYTES, UPLOAD_MESSAGES } from "../uploads/schema";
import { type CheckedFile, countUpload, receiveCheckedFile } from "../uploads/service";
import { isOpen, lockMySubmission, type Tx, writeEntry } from "./entries";
import { ENTRY_MESSAGES as E, type Entry, FILE_ENTRY_MESSAGES as F } from "./schema";
import { mySubmissionId } from "./teams";

/** How long a link to a file entry opens it: long enough to start a download, too short to pass around. */
export const FILE_LINK_TTL_SECONDS = 300;

/** The kind of file (a deliverable's accepted kinds) each stored format belongs to. */
const KIND_OF: Record<EntryFormat, FileKind> = {
  pdf: "pdf",
  png: "image",
  jpg: "image",
  gif: "image",
  webp: "image",
  zip: "zip",
  pptx: "presentation",
  odp: "presentation",
  key: "presentation",
  mp4: "video",
};

/** Whether a deliverable accepting `kinds` takes `format`. A presentation is a ZIP archive too, and is taken as one. */
function accepts(kinds: readonly string[], format: EntryFormat) {
  const kind = KIND_OF[format];
  return kinds.includes(kind) || (kind === "presentation" && kinds.includes("zip"));
}

const wrongKind = (kinds: readonly string[]) =>
  new AppError("invalid_data", F.wrongKind(kinds.map((k) => FILE_KIND_LABELS[k as FileKind] ?? k)));

type FileRules = { challengeId: string; deliverableId: string; acceptedKinds: string[]; maxBytes: number };
/** What the body's `authorize` found for a request, and then the file its `read` received. */
const pending = new WeakMap<Request, { rules: FileRules; file?: CheckedFile }>();

const ITEM_PATH = /\/challenges\/([^/]+)\/submission\/items\/([^/]+)\/?$/;

/**
 * Before the body is read: a signed-in caller (401) on the team (404), a FILE deliverable of this challenge (404,
 * 400) that still takes changes (409), and the caller's upload allowance (429). Whoever fails never makes the
 * server read a byte of their file; what passed is checked again when the entry is written.
 */
async function authorizeFile(request: Request) {
  const user = await authorizeUser(request);
  const match = ITEM_PATH.exec(new URL(request.url).pathname);
  const [challengeId, deliverableId] = [match?.[1] ?? "", match?.[2] ?? ""].map((part) => decodeURIComponent(part));
  if (!challengeId || !deliverableId || challengeId.length > ID_MAX_LENGTH || deliverableId.length > ID_MAX_LENGTH)
    throw notFound(E.deliverableUnknown);
  const prisma = await db();
  const submissionId = await mySubmissionId(prisma, challengeId, user.id);
  const [deliverable, submission] = await Promise.all([
    prisma.deliverable.findFirst({
      where: { id: deliverableId, challengeId },
      select: { kind: true, dueAt: true, hidden: true, acceptedKinds: true, maxBytes: true },
    }),
    prisma.submission.findUniqueOrThrow({
      where: { id: submissionId },
      select: { status: true, extendedUntil: true, challenge: { select: { status: true } } },
    }),
  ]);
  if (!deliverable) throw notFound(E.deliverableUnknown);
  if (deliverable.kind !== "FILE") throw new AppError("invalid_data", F.notAFileDeliverable(deliverable.kind));
  if (submission.status === "DISQUALIFIED") throw new AppError("conflict", E.disqualified);
  if (deliverable.hidden) throw new AppError("conflict", E.hidden);
  const state = { extendedUntil: submission.extendedUntil, challengeStatus: submission.challenge.status };
  if (!isOpen(deliverable.dueAt, state)) throw new AppError("conflict", E.deadline);
  await countUpload(user.id);
  pending.set(request, {
    rules: {
      challengeId,
      deliverableId,
      acceptedKinds: deliverable.acceptedKinds as string[],
      // A deliverable without a limit of its own takes the default (SPEC: 25 MB), as the workspace shows.
      maxBytes: deliverable.maxBytes ?? DELIVERABLE_DEFAULT_MAX_BYTES,
    },
  });
}

/** Reads the multipart body under the deliverable's rules; the route's schema sees `{ revision }`. */
async function readFileBody(request: Request, maxBytes: number) {
  const state = pending.get(request);
  if (!state) throw new AppError("invalid_data", UPLOAD_MESSAGES.noFile); // a multipart request without a body
  const { rules } = state;
  const { fields, file } = await receiveCheckedFile(request, maxBytes, {
    maxFileBytes: rules.maxBytes,
    tooLarge: () => new AppError("invalid_data", F.tooLarge(rules.maxBytes), 413),
    headBytes: ENTRY_HEAD_BYTES,
    checkHead: (head) => {
      const format = detectEntryHead(head);
      // A ZIP archive may still turn out a presentation: its entries are read once it is all here.
      const maybe = format === "zip" ? rules.acceptedKinds.some((k) => k === "zip" || k === "presentation") : false;
      return format && (maybe || accepts(rules.acceptedKinds, format)) ? null : wrongKind(rules.acceptedKinds);
    },
  });
  if (!file) throw new AppError("invalid_data", UPLOAD_MESSAGES.noFile);
  if (file.size === 0) throw new AppError("invalid_data", UPLOAD_MESSAGES.emptyFile);
  const revision = fields.revision ?? "";
  if (!/^\d{1,9}$/.test(revision)) throw new AppError("invalid_data", E.revision);
  state.file = file;
  return { revision: Number(revision) };
}

/**
 * The file body of PUT …/submission/items/:deliverableId (beside its JSON body): the largest a deliverable may take,
 * and its framing. Each deliverable's own limit holds on the file part while it streams in.
 */
export const ENTRY_FILE_BODY = multipartBody({
  maxBytes: DELIVERABLE_MAX_BYTES + MULTIPART_OVERHEAD_BYTES,
  authorize: authorizeFile,
  read: readFileBody,
});

/** The file this request's multipart body carried (received and checked), or null for a JSON body. */
export function receivedEntryFile(request: Request): { file: CheckedFile; rules: FileRules } | null {
  const state = pending.get(request);
  return state?.file ? { file: state.file, rules: state.rules } : null;
}

/** The name a file downloads as: what the team called it, without control characters, ending in its real kind. */
function downloadName(sent: string, format: EntryFormat): string {
  const base =
    [...sent]
      .filter((c) => c.charCodeAt(0) > 0x1f && c !== "\u007f" && c !== "/" && c !== "\\")
      .join("")
      .trim()
      .slice(0, 200) || "file";
  return base.toLowerCase().endsWith(`.${format}`) ? base : `${base}.${format}`;
}

/** The format of a received file, from its bytes (a ZIP archive's from its entries), if the deliverable takes it. */
async function formatOf(file: Blob, acceptedKinds: readonly string[]): Promise<EntryFormat> {
  const head = detectEntryHead(new Uint8Array(await file.slice(0, ENTRY_HEAD_BYTES).arrayBuffer()));
  const format = head === "zip" || head === "odp" ? await classifyZip(file, head) : head;
  if (!format || !accepts(acceptedKinds, format)) throw wrongKind(acceptedKinds);
  return format;
}

export type FilePutResult = { entry: Entry } | { stale: Entry | null };

/**
 * Writes the caller's team's file entry: the received file is stored under a new private key, then the entry points
 * at it under putEntry's rules (lock, deadline, revision). A refused write removes what it stored; a replaced file is
 * removed once no version names it.
 */
export async function putFileEntry(
  challengeId: string,
  userId: string,
  deliverableId: string,
  revision: number,
  received: { file: CheckedFile; rules: FileRules },
): Promise<FilePutResult> {
  const { file, rules } = received;
  if (rules.challengeId !== challengeId || rules.deliverableId !== deliverableId) throw notFound(E.deliverableUnknown);
  const format = await formatOf(file.file, rules.acceptedKinds);
  const key = `private/${randomBytes(16).toString("hex")}.${format}`;
  const value = {
    url: null,
    text: null,
    fileKey: key,
    fileName: downloadName(file.name, format),
    fileType: CONTENT_TYPES[format],
    fileBytes: file.size,
    sha256: file.sha256,
  };
  await storage().put(key, file.file, value.fileType);
  let keep = false;
  let replaced: string | null = null;
  try {
    const prisma = await db();
    const result = await prisma.$transaction(async (tx): Promise<FilePutResult> => {
      const submission = await lockMySubmission(tx, challengeId, userId);
      const deliverable = await tx.deliverable.findFirst({
        where: { id: deliverableId, challengeId },
        select: { kind: true, dueAt: true, hidden: true },
      });
      if (!deliverable) throw notFound(E.deliverableUnknown);
      if (deliverable.kind !== "FILE") throw new AppError("invalid_data", F.notAFileDeliverable(deliverable.kind));
      if (deliverable.hidden) throw new AppError("conflict", E.hidden);
      if (!isOpen(deliverable.dueAt, submission)) throw new AppError("conflict", E.deadline);

      // The same bytes under the same name: a retried request, or a second click.
      const outcome = await writeEntry(
        tx,
        submission,
        deliverableId,
        userId,
        revision,
        value,
        (current) => current.sha256 === value.sha256 && current.fileName === value.fileName,
      );
      keep = outcome.written;
      replaced = outcome.replacedFile;
      return outcome.result;
    });
    if (replaced) await releaseEntryFile(replaced);
    return result;
  } finally {
    if (!keep) await storage().delete(key);
  }
}

/** Whether any version still names `key` (its snapshot holds `file.key`). */
async function versionNames(client: Tx, key: string): Promise<boolean> {
  const probe = JSON.stringify([{ file: { key } }]);
  const rows = await client.$queryRaw<unknown[]>`
    SELECT 1 FROM submission_versions WHERE items @> ${probe}::jsonb LIMIT 1`;
  return rows.length > 0;
}

/**
 * Removes a replaced entry file unless something still names it: a version (the team's older hand-ins stay
 * readable) or an entry. Removing it is best effort: a failure leaves a file, never a dangling reference.
 */
export async function releaseEntryFile(key: string): Promise<void> {
  const prisma = await db();
  if (await versionNames(prisma, key)) return;
  if ((await prisma.submissionItem.count({ where: { fileKey: key } })) > 0) return;
  await storage()
    .delete(key)
    .catch(() => {});
}

// ---- Reading ------------------------------------------------------------------------------------------------------

type Reader = { id: string; role: string; toolAccess: readonly string[] };

/**
 * Who may read a submission's files: its team's current members, admins and holders of the `challenges` section.
 * The one rule for every way a file is reached (the judging work extends it with assigned judges).
 */
export async function mayReadSubmissionFiles(user: Reader, submission: { id: string }): Promise<boolean> {
  if (canAccessSection(user, "challenges")) return true;
  const prisma = await db();
  return (await prisma.teamMember.count({ where: { submissionId: submission.id, userId: user.id } })) > 0;
}

const noFile = () => notFound(F.noFile);

/** The stored key and download name of a file entry, now or in version `version`; 404 when there is none. */
async function entryFileOf(submissionId: string, deliverableId: string, version?: number) {
  const prisma = await db();
  if (version === undefined) {
    const item = await prisma.submissionItem.findUnique({
      where: { submissionId_deliverableId: { submissionId, deliverableId } },
      select: { fileKey: true, fileName: true },
    });
    if (!item?.fileKey || !item.fileName) throw noFile();
    return { key: item.fileKey, name: item.fileName };
  }
  const row = await prisma.submissionVersion.findUnique({
    where: { submissionId_number: { submissionId, number: version } },
    select: { items: true },
  });
  const items = (row?.items ?? []) as { deliverableId: string; file?: { key: string; name: string } }[];
  const file = items.find((i) => i.deliverableId === deliverableId)?.file;
  if (!file) throw noFile();
  return file;
}

/** A short-lived signed link to a file entry (now, or in a version), for one who may read the submission's files. */
export async function entryFileLink(
  user: Reader,
  submissionId: string,
  deliverableId: string,
  version?: number,
): Promise<string> {
  // Not allowed and not there answer alike: a 404 never confirms a submission exists.
  if (!(await mayReadSubmissionFiles(user, { id: submissionId }))) throw noFile();
  const { key, name } = await entryFileOf(submissionId, deliverableId, version);
  return storage().signedUrl(key, FILE_LINK_TTL_SECONDS, name);
}

/** The caller's team's file entry link (the workspace's download): the submission is the caller's own, or 404. */
export async function myEntryFileLink(
  user: Reader,
  challengeId: string,
  deliverableId: string,
  version?: number,
): Promise<string> {
  const submissionId = await mySubmissionId(await db(), challengeId, user.id);
  return entryFileLink(user, submissionId, deliverableId, version);
}

/**
 * A file entry's bytes by its stored key (from an entry or a version's snapshot), for server-side readers such as
 * the admin's ZIP of all submissions: a stream, never the whole file in memory. null when it is gone.
 */
export async function openEntryFile(key: string): Promise<StoredFile | null> {
  return storage().get(key);
}

/**
 * A file entry of version `version`, streamed by the server itself with the headers of the signed download (its own
 * type, no sniffing, an attachment under its name, sandboxed, never cached): for readers who must never hold the
 * storage key or a link to it, such as an assigned judge. The caller checks access first; 404 when there is no file.
 */
export async function entryFileResponse(submissionId: string, deliverableId: string, version: number): Promise<Response> {
  const { key, name } = await entryFileOf(submissionId, deliverableId, version);
  const file = await openEntryFile(key);
  if (!file) throw noFile();
  return new Response(file.body, {
    headers: {
      "content-type": file.contentType,
      "content-length": String(file.size),
      "x-content-type-options": "nosniff",
      "content-disposition": contentDisposition("attachment", name),
      "content-security-policy": "default-src 'none'; sandbox",
      "cross-origin-resource-policy": "same-origin",
      "cache-control": "private, no-store",
      "referrer-policy": "no-referrer",
    },
  });
}
