// Deliverables (decision 019): the ordered list of what a challenge asks its teams to hand in. This module owns the
// `deliverables` table; submissions read it. Plain functions; AppError on failure.
import { db } from "../../db/client";
import { AppError, notFound } from "../../lib/errors";
import type { Prisma } from "../../generated/prisma/client";
import {
  DELIVERABLE_DEFAULT_MAX_BYTES,
  DELIVERABLE_MESSAGES,
  DELIVERABLES_PER_CHALLENGE_MAX,
  FILE_KINDS,
  type Deliverable,
  type DeliverableInput,
  type DeliverableKind,
  type DeliverableUpdate,
  type FileKind,
} from "./schema";

type Tx = Prisma.TransactionClient;

const select = {
  id: true,
  challengeId: true,
  position: true,
  title: true,
  guidance: true,
  kind: true,
  required: true,
  dueAt: true,
  acceptedKinds: true,
  maxBytes: true,
  hidden: true,
} satisfies Prisma.DeliverableSelect;
type Row = Prisma.DeliverableGetPayload<{ select: typeof select }>;

const toDeliverable = (row: Row): Deliverable => ({
  ...row,
  dueAt: row.dueAt?.toISOString() ?? null,
  acceptedKinds: row.acceptedKinds.filter((k): k is FileKind => (FILE_KINDS as readonly string[]).includes(k)),
});

const blankToNull = (text: string | null | undefined) => (text?.trim() ? text.trim() : null);

/**
 * A challenge's deliverables in their order: those of a non-DRAFT challenge that are not hidden, unless the caller
 * (a holder of the `challenges` section) asks for drafts' or hidden ones too.
 */
export async function listDeliverables(
  challengeId: string,
  { includeDraft = false, includeHidden = false } = {},
): Promise<Deliverable[]> {
  const prisma = await db();
  const challenge = await prisma.challenge.findUnique({ where: { id: challengeId }, select: { status: true } });
  if (!challenge || (challenge.status === "DRAFT" && !includeDraft)) throw notFound("Challenge not found");
  const rows = await prisma.deliverable.findMany({
    where: { challengeId, ...(includeHidden ? {} : { hidden: false }) },
    orderBy: [{ position: "asc" }, { createdAt: "asc" }],
    select,
  });
  return rows.map(toDeliverable);
}

/**
 * The file settings a kind keeps: a FILE deliverable accepts some kinds of file up to a size (every kind and 25 MB
 * unless told); URL and TEXT keep none, and refuse being given any (a form that sends them has misread the kind).
 */
function fileSettings(
  kind: DeliverableKind,
  given: { acceptedKinds?: FileKind[]; maxBytes?: number },
  current?: { acceptedKinds: string[]; maxBytes: number | null },
): { acceptedKinds: string[]; maxBytes: number | null } {
  if (kind !== "FILE") {
    if (given.acceptedKinds?.length || given.maxBytes !== undefined)
      throw new AppError("invalid_data", DELIVERABLE_MESSAGES.fileOnly);
    return { acceptedKinds: [], maxBytes: null };
  }
  const acceptedKinds = given.acceptedKinds ?? (current?.acceptedKinds.length ? current.acceptedKinds : [...FILE_KINDS]);
  if (acceptedKinds.length === 0) throw new AppError("invalid_data", DELIVERABLE_MESSAGES.noKinds);
  // Kept in the contract's order, whatever order the form sent them in.
  const ordered = FILE_KINDS.filter((k) => acceptedKinds.includes(k));
  return { acceptedKinds: ordered, maxBytes: given.maxBytes ?? current?.maxBytes ?? DELIVERABLE_DEFAULT_MAX_BYTES };
}

/** The challenge's row, locked: deliverables of one challenge are numbered one writer at a time. */
async function lockChallenge(tx: Tx, challengeId: string) {
  const [row] = await tx.$queryRaw<{ endDate: Date | null }[]>`
    SELECT "endDate" FROM "challenges" WHERE id = ${challengeId} FOR UPDATE`;
  if (!row) throw notFound("Challenge not found");
  return row;
}

export async function createDeliverable(challengeId: string, input: DeliverableInput): Promise<Deliverable> {
  const files = fileSettings(input.kind, input);
  return (await db()).$transaction(async (tx) => {
    const challenge = await lockChallenge(tx, challengeId);
    const count = await tx.deliverable.count({ where: { challengeId } });
    if (count >= DELIVERABLES_PER_CHALLENGE_MAX) throw new AppError("conflict", DELIVERABLE_MESSAGES.tooMany);
    const row = await tx.deliverable.create({
      data: {
        challengeId,
        position: count + 1,
        title: input.title.trim(),
        guidance: blankToNull(input.guidance),
        kind: input.kind,
        required: input.required,
        // Absent: due when the challenge ends (no end date: open until it is COMPLETED); null: open until then.
        dueAt: input.dueAt === undefined ? challenge.endDate : input.dueAt === null ? null : new Date(input.dueAt),
        ...files,
      },
      select,
    });
    return toDeliverable(row);
  });
}

export async function updateDeliverable(challengeId: string, id: string, input: DeliverableUpdate): Promise<Deliverable> {
  return (await db()).$transaction(async (tx) => {
    await lockChallenge(tx, challengeId);
    const current = await tx.deliverable.findFirst({ where: { id, challengeId }, select });
    if (!current) throw notFound(DELIVERABLE_MESSAGES.notFound);
    const kind = input.kind ?? current.kind;
    if (kind !== current.kind && (await tx.submissionItem.count({ where: { deliverableId: id } })) > 0) {
      throw new AppError("conflict", DELIVERABLE_MESSAGES.kindWithEntries);
    }
    const data: Prisma.DeliverableUpdateInput = {
      ...(input.title !== undefined && { title: input.title.trim() }),
      ...(input.guidance !== undefined && { guidance: blankToNull(input.guidance) }),
      ...(input.required !== undefined && { required: input.required }),
      ...(input.dueAt !== undefined && { dueAt: input.dueAt === null ? null : new Date(input.dueAt) }),
      ...(input.hidden !== undefined && { hidden: input.hidden }),
      kind,
      ...fileSettings(kind, input, kind === current.kind ? current : undefined),
    };
    if (input.position !== undefined && input.position !== current.position) await move(tx, current, input.position);
    return toDeliverable(await tx.deliverable.update({ where: { id }, data, select }));
  });
}

/** Moves one deliverable to `position` (past the end: last) and renumbers the rest 1, 2, 3… around it. */
async function move(tx: Tx, moving: Row, position: number) {
  const others = await tx.deliverable.findMany({
    where: { challengeId: moving.challengeId, id: { not: moving.id } },
    orderBy: [{ position: "asc" }, { createdAt: "asc" }],
    select: { id: true },
  });
  const order = others.map((o) => o.id);
  order.splice(Math.min(position, order.length + 1) - 1, 0, moving.id);
  await renumber(tx, order);
}

async function renumber(tx: Tx, ids: string[]) {
  for (const [index, id] of ids.entries()) await tx.deliverable.update({ where: { id }, data: { position: index + 1 } });
}

export async function deleteDeliverable(challengeId: string, id: string): Promise<void> {
  await (await db()).$transaction(async (tx) => {
    await lockChallenge(tx, challengeId);
    const found = await tx.deliverable.findFirst({ where: { id, challengeId }, select: { id: true } });
    if (!found) throw notFound(DELIVERABLE_MESSAGES.notFound);
    // A team's work is never deleted with the deliverable that asked for it (the foreign key restricts it too).
    if ((await tx.submissionItem.count({ where: { deliverableId: id } })) > 0) {
      throw new AppError("conflict", DELIVERABLE_MESSAGES.holdsEntries);
    }
    await tx.deliverable.delete({ where: { id } });
    const rest = await tx.deliverable.findMany({
      where: { challengeId },
      orderBy: [{ position: "asc" }, { createdAt: "asc" }],
      select: { id: true },
    });
    await renumber(
      tx,
      rest.map((r) => r.id),
    );
  });
}
