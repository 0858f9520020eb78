// The admin Submissions view (decision 019): one challenge's submissions for the `challenges` section — a keyset
// list filtered by state and its CSV, "Download all" as one ZIP streamed from storage, disqualify with a reason and
// grant an extension (each mails the team through the job queue, enqueued in the write's transaction). Plain
// functions: the route checks the section; every submission is reached through its challenge.
import { randomBytes } from "node:crypto";
import { db } from "../../db/client";
import { Prisma } from "../../generated/prisma/client";
import { enqueue } from "../../jobs/jobs";
import { csvStream } from "../../lib/csv";
import { AppError, notFound } from "../../lib/errors";
import { defineKeyset, eachPage, inPageOrder, type Page, type PageInput } from "../../lib/keyset";
import { storage } from "../../lib/storage";
import { type ZipEntry, zipStream } from "../../lib/zip";
import { uploadedFileUrl } from "../uploads/names";
import { person, toPerson } from "./teams";
import { DISQUALIFIED_MAIL_JOB, type DisqualifiedMailJob, EXTENSION_MAIL_JOB, type ExtensionMailJob } from "./admin-emails";
import {
  ADMIN_SUBMISSION_MESSAGES as A,
  type AdminSubmission,
  SUBMISSIONS_PAGE_SIZE,
  type SubmissionStatus,
  type VersionEntry,
} from "./schema";

type Tx = Prisma.TransactionClient;

/** Newest first on submissions(challengeId, status, createdAt, id) — (challengeId, createdAt, id) unfiltered. */
const submissionKeyset = defineKeyset({ table: "submissions", column: "createdAt", kind: "timestamp", direction: "desc" });

const adminSelect = {
  id: true,
  status: true,
  version: true,
  createdAt: true,
  submittedAt: true,
  extendedUntil: true,
  disqualifiedReason: true,
  members: { select: { role: true, user: person }, orderBy: [{ joinedAt: "asc" }, { userId: "asc" }] },
  _count: { select: { items: true } },
} satisfies Prisma.SubmissionSelect;
type AdminRow = Prisma.SubmissionGetPayload<{ select: typeof adminSelect }>;

function toAdminSubmission(row: AdminRow): AdminSubmission {
  const owner = row.members.find((m) => m.role === "OWNER");
  return {
    id: row.id,
    status: row.status,
    version: row.version,
    owner: owner ? toPerson(owner.user) : null,
    members: row.members.filter((m) => m !== owner).map((m) => toPerson(m.user)),
    items: row._count.items,
    createdAt: row.createdAt.toISOString(),
    submittedAt: row.submittedAt?.toISOString() ?? null,
    extendedUntil: row.extendedUntil?.toISOString() ?? null,
    disqualifiedReason: row.disqualifiedReason,
  };
}

async function challengeExists(challengeId: string) {
  const row = await (await db()).challenge.findUnique({ where: { id: challengeId }, select: { id: true, status: true } });
  if (!row) throw notFound("Challenge not found");
  return row;
}

export type SubmissionFilter = { status?: SubmissionStatus };

/** One challenge's submissions, newest first, a keyset page at a time; one state's only with `status`. */
export async function listSubmissions(
  challengeId: string,
  { status, limit, cursor }: SubmissionFilter & PageInput = {},
): Promise<Page<AdminSubmission>> {
  await challengeExists(challengeId);
  return submissionsPage(challengeId, { status, limit, cursor });
}

async function submissionsPage(
  challengeId: string,
  { status, limit, cursor }: SubmissionFilter & PageInput,
): Promise<Page<AdminSubmission>> {
  const prisma = await db();
  const { ids, nextCursor } = await submissionKeyset.page(prisma, {
    where: [Prisma.sql`"challengeId" = ${challengeId}`, ...(status ? [Prisma.sql`status = ${status}::"SubmissionStatus"`] : [])],
    cursor,
    limit: limit ?? SUBMISSIONS_PAGE_SIZE,
  });
  if (ids.length === 0) return { items: [], nextCursor };
  const rows = await prisma.submission.findMany({ where: { id: { in: ids } }, select: adminSelect });
  return { items: inPageOrder(ids, rows).map(toAdminSubmission), nextCursor };
}

const EXPORT_PAGE_SIZE = 500;

/** The same list as CSV (formula-safe cells), read a page at a time. */
export async function submissionsCsv(challengeId: string, filter: SubmissionFilter): Promise<ReadableStream<Uint8Array>> {
  await challengeExists(challengeId);
  const pages = eachPage((cursor) => submissionsPage(challengeId, { ...filter, cursor, limit: EXPORT_PAGE_SIZE }));
  return csvStream(
    [
      "Submission",
      "Owner",
      "Owner username",
      "Members",
      "State",
      "Version",
      "Entries",
      "Started at",
      "Submitted at",
      "Extended until",
      "Disqualified because",
    ],
    pages,
    (s) => [
      s.id,
      s.owner?.name,
      s.owner?.username,
      s.members.map((m) => m.name).join("; "),
      s.status,
      String(s.version),
      String(s.items),
      s.createdAt,
      s.submittedAt,
      s.extendedUntil,
      s.disqualifiedReason,
    ],
  );
}

/** The submission of this challenge, locked for an admin's change (404: none, or another challenge's). */
async function lockSubmission(tx: Tx, challengeId: string, submissionId: string) {
  const [row] = await tx.$queryRaw<{ id: string; status: string; extendedUntil: Date | null }[]>`
    SELECT id, status::text AS status, "extendedUntil" FROM submissions
    WHERE id = ${submissionId} AND "challengeId" = ${challengeId} FOR UPDATE`;
  if (!row) throw notFound(A.notFound);
  return row;
}

async function readAdmin(tx: Tx, submissionId: string) {
  return toAdminSubmission(await tx.submission.findUniqueOrThrow({ where: { id: submissionId }, select: adminSelect }));
}

/**
 * Disqualifies a submission with a reason the team sees (on its submission and by e-mail): it leaves judging and
 * takes no more changes (entries.ts refuses them). Repeating it changes nothing and mails nobody again.
 */
export async function disqualify(challengeId: string, submissionId: string, reason: string): Promise<AdminSubmission> {
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    const row = await lockSubmission(tx, challengeId, submissionId);
    if (row.status !== "DISQUALIFIED") {
      await tx.submission.update({
        where: { id: submissionId },
        data: { status: "DISQUALIFIED", disqualifiedReason: reason.trim() },
      });
      await enqueue<DisqualifiedMailJob>(tx, DISQUALIFIED_MAIL_JOB, { submissionId }, { key: submissionId });
    }
    return readAdmin(tx, submissionId);
  });
}

/**
 * Grants the submission more time: until `until` its deliverables' due times do not apply (entries.ts's isOpen), as
 * long as the challenge is ACTIVE. Granting the same end again changes nothing and mails nobody; a new end replaces
 * the old one and is mailed. A disqualified submission takes none (409).
 */
export async function grantExtension(
  challengeId: string,
  submissionId: string,
  untilText: string,
  now = new Date(),
): Promise<AdminSubmission> {
  const until = new Date(untilText);
  if (Number.isNaN(until.getTime())) throw new AppError("invalid_data", A.until);
  if (until <= now) throw new AppError("invalid_data", A.untilPast);
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    const row = await lockSubmission(tx, challengeId, submissionId);
    if (row.status === "DISQUALIFIED") throw new AppError("conflict", A.disqualified);
    if (row.extendedUntil?.getTime() !== until.getTime()) {
      await tx.submission.update({ where: { id: submissionId }, data: { extendedUntil: until } });
      const job: ExtensionMailJob = { submissionId, until: until.toISOString() };
      await enqueue<ExtensionMailJob>(tx, EXTENSION_MAIL_JOB, job, { key: `${submissionId}:${job.until}` });
    }
    return readAdmin(tx, submissionId);
  });
}

// ── Download all ────────────────────────────────────────────────────────────────────────────────────────────────

/** A name safe in any unzip tool: letters, digits, dot, dash and underscore; never empty, never a dot-only name. */
export function safeName(text: string, max = 60): string {
  const name = text
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/^[-.]+|[-.]+$/g, "")
    .slice(0, max);
  return name || "untitled";
}

const pad = (n: number) => String(n).padStart(2, "0");

type ManifestFile = { path: string; deliverable: string; kind: string; name?: string; bytes: number; sha256: string };
type ManifestTeam = {
  submissionId: string;
  folder: string;
  owner: string | null;
  members: string[];
  version: number;
  submittedAt: string | null;
  files: (ManifestFile & { missing?: true })[];
};

/** A version's entry as stored: its file keeps the storage key the API never shows. */
type StoredEntry = VersionEntry & { file?: NonNullable<VersionEntry["file"]> & { key?: string } };

const sha256Of = (text: string) => new Bun.CryptoHasher("sha256").update(text).digest("hex");

/** The ZIP's entries for one version: its files from storage as they stream, its links and texts as small files. */
async function* versionEntries(
  folder: string,
  items: StoredEntry[],
  team: ManifestTeam,
  modified: Date,
): AsyncGenerator<ZipEntry> {
  for (const [index, item] of items.entries()) {
    const stem = `${pad(index + 1)}-${safeName(item.title, 40)}`;
    if (item.file) {
      const path = `${folder}/${stem}-${safeName(item.file.name, 80)}`;
      const record: ManifestFile = {
        path,
        deliverable: item.title,
        kind: item.kind,
        name: item.file.name,
        bytes: item.file.bytes,
        sha256: item.file.sha256,
      };
      const stored = item.file.key ? await storage().get(item.file.key) : null;
      if (!stored) {
        // A file gone from storage is named in the manifest, not left out silently.
        team.files.push({ ...record, missing: true });
        continue;
      }
      team.files.push(record);
      yield { name: path, body: stored.body, modified };
    }
    for (const [value, extension] of [
      [item.url, "url.txt"],
      [item.text, "md"],
    ] as const) {
      if (value === undefined) continue;
      const body = extension === "url.txt" ? `${value}\n` : value;
      const path = `${folder}/${stem}.${extension}`;
      team.files.push({
        path,
        deliverable: item.title,
        kind: item.kind,
        bytes: Buffer.byteLength(body),
        sha256: sha256Of(body),
      });
      yield { name: path, body, modified };
    }
  }
}

const ZIP_PAGE_SIZE = 100;

/**
 * "Download all": every SUBMITTED submission's latest version (the ones in judging) as one ZIP — a folder per team
 * (its owner's username and the submission's id), each file streamed from storage as the download reads it, links
 * and texts as small files, and manifest.json last (teams, versions, paths, sizes, SHA-256). Memory stays flat
 * whatever the files' sizes: one chunk of one file at a time plus the ZIP's directory.
 */
export async function submissionsZip(challengeId: string): Promise<{ body: ReadableStream<Uint8Array>; filename: string }> {
  const challenge = await (await db()).challenge.findUnique({ where: { id: challengeId }, select: { id: true, title: true } });
  if (!challenge) throw notFound("Challenge not found");

  async function* entries(): AsyncGenerator<ZipEntry> {
    const prisma = await db();
    const teams: ManifestTeam[] = [];
    let cursor: string | undefined;
    do {
      const { ids, nextCursor } = await submissionKeyset.page(prisma, {
        where: [Prisma.sql`"challengeId" = ${challengeId}`, Prisma.sql`status = 'SUBMITTED'::"SubmissionStatus"`],
        cursor,
        limit: ZIP_PAGE_SIZE,
      });
      cursor = nextCursor ?? undefined;
      const rows = await prisma.submission.findMany({
        where: { id: { in: ids } },
        select: { ...adminSelect, versions: { select: { number: true, items: true }, orderBy: { number: "desc" }, take: 1 } },
      });
      for (const row of inPageOrder(ids, rows)) {
        const version = row.versions[0];
        if (!version) continue;
        const summary = toAdminSubmission(row);
        const folder = `${safeName(summary.owner?.username ?? "team", 40)}-${row.id.slice(0, 8)}`;
        const team: ManifestTeam = {
          submissionId: row.id,
          folder,
          owner: summary.owner?.username ?? null,
          members: summary.members.map((m) => m.username),
          version: version.number,
          submittedAt: summary.submittedAt,
          files: [],
        };
        teams.push(team);
        yield* versionEntries(folder, version.items as StoredEntry[], team, row.submittedAt ?? new Date());
      }
    } while (cursor);
    const manifest = {
      challenge: { id: challenge!.id, title: challenge!.title },
      generatedAt: new Date().toISOString(),
      teams,
    };
    yield { name: "manifest.json", body: `${JSON.stringify(manifest, null, 2)}\n` };
  }

  return { body: zipStream(entries()), filename: `submissions-${safeName(challenge.title, 60)}.zip` };
}

// ── Archive seeding ─────────────────────────────────────────────────────────────────────────────────────────────

/** What a chosen submission gives the project its challenge is archived into; `discard` undoes the file copy. */
export type ProjectSeed = {
  problem?: string;
  solution?: string;
  whitePaperUrl?: string;
  discard: () => Promise<void>;
};

/**
 * The project's content from one submission of the challenge (decision 019): its latest submitted version's first
 * PDF file becomes the white paper — copied, streaming, to a public upload of its own as POST /api/upload?type=pdf
 * stores one, so the team's private file stays theirs and the project owns its copy — and its TEXT entries the
 * problem and solution (a deliverable titled with "problem" or "solution" goes there; the others fill what is left, in
 * order). Read before the archive's transaction; the caller discards the copy when the archive fails.
 */
export async function projectSeed(challengeId: string, submissionId: string): Promise<ProjectSeed> {
  const prisma = await db();
  const submission = await prisma.submission.findFirst({
    where: { id: submissionId, challengeId },
    select: { status: true, versions: { select: { items: true }, orderBy: { number: "desc" }, take: 1 } },
  });
  if (!submission) throw notFound(A.notFound);
  const version = submission.versions[0];
  if (!version || submission.status === "DISQUALIFIED") throw new AppError("conflict", A.notSeedable);
  const items = version.items as StoredEntry[];

  const texts = items.filter((i) => i.text !== undefined);
  const problem = texts.find((i) => i.title.toLowerCase().includes("problem"));
  const solution = texts.find((i) => i !== problem && i.title.toLowerCase().includes("solution"));
  const rest = texts.filter((i) => i !== problem && i !== solution);
  const seed: ProjectSeed = {
    problem: (problem ?? rest.shift())?.text,
    solution: (solution ?? rest.shift())?.text,
    discard: async () => {},
  };

  const pdf = items.find((i) => i.file?.key && i.file.type === "application/pdf");
  const stored = pdf?.file?.key ? await storage().get(pdf.file.key) : null;
  if (stored) {
    const name = `${randomBytes(16).toString("hex")}.pdf`;
    await storage().put(`public/${name}`, stored.body, "application/pdf");
    seed.whitePaperUrl = uploadedFileUrl(name);
    seed.discard = () => storage().delete(`public/${name}`);
  }
  return seed;
}
