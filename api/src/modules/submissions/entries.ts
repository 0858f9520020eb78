// Entries, Submit, Withdraw and versions (decision 019). Any member of the team writes an entry for a deliverable
// (a link or a text here; files through the uploads pipeline); Submit needs every required deliverable filled and
// makes version 1; after that every change makes the next version, and older versions stay readable. Deadlines are
// the server's clock against the deliverable's due time (or the challenge's completion), unless an admin extended
// this submission. Edits of one submission run one at a time (its row is locked), and a write names the revision it
// read: a stale one gets 409 with the entry as it is, so nothing anyone saved is overwritten unseen.
import { db } from "../../db/client";
import { AppError, notFound } from "../../lib/errors";
import type { Prisma } from "../../generated/prisma/client";
import { enqueueReceiptMail } from "./emails";
import { type EntryRow, entrySelect, toEntry } from "./entry-shape";
import {
  ENTRY_MESSAGES as E,
  SUBMISSION_MESSAGES as M,
  type Entry,
  type EntryBody,
  type Submission,
  type VersionEntry,
} from "./schema";
import { mySubmissionId, read } from "./teams";

export type Tx = Prisma.TransactionClient;

/** The caller's team's submission, locked for the change, with what the deadline rules read. */
export async function lockMySubmission(tx: Tx, challengeId: string, userId: string) {
  const submissionId = await mySubmissionId(tx, challengeId, userId);
  const [row] = await tx.$queryRaw<
    { id: string; status: string; version: number; extendedUntil: Date | null; challengeStatus: string }[]
  >`
    SELECT s.id, s.status::text AS status, s.version, s."extendedUntil", c.status::text AS "challengeStatus"
    FROM submissions s JOIN challenges c ON c.id = s."challengeId"
    WHERE s.id = ${submissionId} FOR UPDATE OF s`;
  if (!row) throw notFound(M.noSubmission);
  if (row.status === "DISQUALIFIED") throw new AppError("conflict", E.disqualified);
  return row;
}

/**
 * Whether a deliverable still takes changes at `now`: an admin's extension of this submission wins; else its due
 * time, or (none) until the challenge is COMPLETED. The server's clock decides, never the browser's.
 */
export function isOpen(
  dueAt: Date | null,
  submission: { extendedUntil: Date | null; challengeStatus: string },
  now = new Date(),
): boolean {
  if (submission.challengeStatus !== "ACTIVE") return false;
  if (submission.extendedUntil && now < submission.extendedUntil) return true;
  return dueAt === null || now < dueAt;
}

/** A link's own checks beyond its pattern: the URL parser must read it as http(s) with a host. */
function checkedUrl(text: string): string {
  const value = text.trim();
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new AppError("invalid_data", E.url);
  }
  if ((parsed.protocol !== "http:" && parsed.protocol !== "https:") || !parsed.hostname)
    throw new AppError("invalid_data", E.url);
  return parsed.href;
}

async function snapshot(tx: Tx, submissionId: string): Promise<VersionEntry[]> {
  const items = await tx.submissionItem.findMany({
    where: { submissionId },
    select: {
      deliverableId: true,
      url: true,
      text: true,
      fileKey: true,
      fileName: true,
      fileType: true,
      fileBytes: true,
      sha256: true,
      deliverable: { select: { title: true, kind: true, position: true } },
    },
    orderBy: { deliverable: { position: "asc" } },
  });
  return items.map((i) => ({
    deliverableId: i.deliverableId,
    title: i.deliverable.title,
    kind: i.deliverable.kind,
    ...(i.url !== null && { url: i.url }),
    ...(i.text !== null && { text: i.text }),
    ...(i.fileKey && i.fileName && i.fileType && i.fileBytes !== null && i.sha256
      ? { file: { key: i.fileKey, name: i.fileName, type: i.fileType, bytes: i.fileBytes, sha256: i.sha256 } }
      : {}),
  }));
}

/** Records the submission as it now is as its next version. */
export async function addVersion(tx: Tx, submission: { id: string; version: number }, userId: string) {
  const number = submission.version + 1;
  await tx.submissionVersion.create({
    data: {
      submissionId: submission.id,
      number,
      createdById: userId,
      items: (await snapshot(tx, submission.id)) as Prisma.InputJsonValue,
    },
  });
  return number;
}

export type PutResult = { entry: Entry } | { stale: Entry | null };

/** Writes the caller's team's entry for a deliverable (a link or a text). */
export async function putEntry(challengeId: string, userId: string, deliverableId: string, body: EntryBody): Promise<PutResult> {
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    const submission = await lockMySubmission(tx, challengeId, userId);
    const deliverable = await tx.deliverable.findFirst({
      where: { id: deliverableId, challengeId },
      select: { kind: true, dueAt: true, hidden: true },
    });
    if (!deliverable) throw notFound(E.deliverableUnknown);
    if ((body.url === undefined) === (body.text === undefined)) throw new AppError("invalid_data", E.oneOf);
    const value = body.url !== undefined ? { url: checkedUrl(body.url), text: null } : { url: null, text: body.text ?? null };
    const sentKind = body.url !== undefined ? "URL" : "TEXT";
    if (deliverable.kind !== sentKind) {
      throw new AppError("invalid_data", deliverable.kind === "FILE" ? E.fileLater : E.wrongKind(deliverable.kind));
    }
    if (deliverable.hidden) throw new AppError("conflict", E.hidden);
    if (!isOpen(deliverable.dueAt, submission)) throw new AppError("conflict", E.deadline);

    const { result } = await writeEntry(
      tx,
      submission,
      deliverableId,
      userId,
      body.revision,
      value,
      (current) => current.url === value.url && current.text === value.text,
    );
    return result;
  });
}

type EntryRowWithKey = EntryRow & { fileKey: string | null };
/** What an entry holds: a link, a text, or a stored file's key, name, type, size and hash. */
type EntryValue = Partial<
  Pick<Prisma.SubmissionItemUncheckedCreateInput, "url" | "text" | "fileKey" | "fileName" | "fileType" | "fileBytes" | "sha256">
>;
type LockedSubmission = Awaited<ReturnType<typeof lockMySubmission>>;

/**
 * The one write of an entry (a link, a text or a file), once the deliverable's own rules passed, in the transaction
 * that holds the submission's row: the revision the writer read must be the current one, else the answer is the entry
 * as it is (409; a repeat of the very write that went in — a double click, a retried request — is answered as done);
 * after a Submit the change is the next version. `written` says whether a row changed, `replacedFile` the file the
 * entry held before.
 */
export async function writeEntry(
  tx: Tx,
  submission: LockedSubmission,
  deliverableId: string,
  userId: string,
  revision: number,
  value: EntryValue,
  isSame: (current: EntryRowWithKey) => boolean,
): Promise<{ result: PutResult; written: boolean; replacedFile: string | null }> {
  const where = { submissionId_deliverableId: { submissionId: submission.id, deliverableId } };
  const current = await tx.submissionItem.findUnique({ where, select: { ...entrySelect, fileKey: true } });
  const same = current !== null && isSame(current);
  if ((current?.revision ?? 0) !== revision || same) {
    const result = same ? { entry: toEntry(current) } : { stale: current ? toEntry(current) : null };
    return { result, written: false, replacedFile: null };
  }
  const written = current
    ? await tx.submissionItem.update({
        where,
        data: { ...value, revision: { increment: 1 }, updatedById: userId },
        select: entrySelect,
      })
    : await tx.submissionItem.create({
        data: { submissionId: submission.id, deliverableId, ...value, updatedById: userId },
        select: entrySelect,
      });
  // After a Submit, every change is a new version: what was handed in before stays as it was.
  if (submission.status === "SUBMITTED") {
    const number = await addVersion(tx, submission, userId);
    await tx.submission.update({ where: { id: submission.id }, data: { version: number } });
  }
  return { result: { entry: toEntry(written) }, written: true, replacedFile: current?.fileKey ?? null };
}

/**
 * Submit: every required deliverable (not hidden) holds an entry, and the challenge still takes work. The first makes
 * version 1; repeating it while nothing changed answers the same submission.
 */
export async function submit(challengeId: string, userId: string): Promise<Submission> {
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    const submission = await lockMySubmission(tx, challengeId, userId);
    if (submission.status === "SUBMITTED") return read(tx, submission.id);
    const deliverables = await tx.deliverable.findMany({
      where: { challengeId, hidden: false },
      select: { id: true, required: true, dueAt: true },
    });
    if (!deliverables.some((d) => isOpen(d.dueAt, submission))) throw new AppError("conflict", E.challengeDeadline);
    const filled = new Set(
      (await tx.submissionItem.findMany({ where: { submissionId: submission.id }, select: { deliverableId: true } })).map(
        (i) => i.deliverableId,
      ),
    );
    if (deliverables.some((d) => d.required && !filled.has(d.id))) throw new AppError("conflict", E.incomplete);
    const number = await addVersion(tx, submission, userId);
    await tx.submission.update({
      where: { id: submission.id },
      data: { status: "SUBMITTED", version: number, submittedAt: new Date() },
    });
    await enqueueReceiptMail(tx, submission.id, number);
    return read(tx, submission.id);
  });
}

/** Withdraw: out of judging; the team may submit again while the deadlines allow. */
export async function withdraw(challengeId: string, userId: string): Promise<Submission> {
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    const submission = await lockMySubmission(tx, challengeId, userId);
    if (submission.status !== "WITHDRAWN")
      await tx.submission.update({ where: { id: submission.id }, data: { status: "WITHDRAWN" } });
    return read(tx, submission.id);
  });
}

const versionSelect = { number: true, createdAt: true, createdBy: { select: { username: true } }, items: true } as const;
type VersionRow = { number: number; createdAt: Date; createdBy: { username: string } | null; items: unknown };
const versionSummary = (r: VersionRow) => ({
  number: r.number,
  createdAt: r.createdAt.toISOString(),
  createdBy: r.createdBy?.username ?? null,
  entries: (r.items as VersionEntry[]).length,
});

const withoutKeys = (items: VersionEntry[]) =>
  items.map(({ file, ...item }) => ({
    ...item,
    // The storage key stays on the server (files are read through signed links).
    ...(file && { file: { name: file.name, type: file.type, bytes: file.bytes, sha256: file.sha256 } }),
  }));

/** The team's versions, newest first. */
export async function listVersions(challengeId: string, userId: string) {
  const prisma = await db();
  const submissionId = await mySubmissionId(prisma, challengeId, userId);
  const rows = await prisma.submissionVersion.findMany({
    where: { submissionId },
    select: versionSelect,
    orderBy: { number: "desc" },
  });
  return rows.map(versionSummary);
}

export async function getVersion(challengeId: string, userId: string, number: number) {
  const prisma = await db();
  const submissionId = await mySubmissionId(prisma, challengeId, userId);
  const row = await prisma.submissionVersion.findUnique({
    where: { submissionId_number: { submissionId, number } },
    select: versionSelect,
  });
  if (!row) throw notFound("Version not found");
  return { ...versionSummary(row), items: withoutKeys(row.items as VersionEntry[]) };
}
