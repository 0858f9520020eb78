// Rounds (decision 021 "Judging: rounds, panel, results"): per challenge, ordered rounds, each RUBRIC, PAIRWISE or
// PUBLIC_VOTE, moving DRAFT → OPEN → CLOSED → PUBLISHED and never back. Each step is ONE conditional UPDATE
// (`WHERE state = '<from>'`), so two admins, an admin and the close job, or two processes' jobs race harmlessly: one
// UPDATE changes the row, the other finds it moved on. A score or vote write takes the round row FOR SHARE in its
// transaction (lockRoundOpen), so a close waits for writes in flight and every write after it sees CLOSED (409).
// Opening fixes the round's entries in the same transaction: round one takes every SUBMITTED submission that passed
// the eligibility screen; a later round the previous round's top K, or the admin's pick.
import { db } from "../../db/client";
import { isUniqueViolation } from "../../db/constraint-errors";
import type { Prisma, PrismaClient } from "../../generated/prisma/client";
import { enqueue } from "../../jobs/jobs";
import { AppError, notFound } from "../../lib/errors";
import { person, toPerson } from "../submissions/teams";
import { assignRound } from "./assignment";
import { buildSnapshot, rankedEntries } from "./results";
import {
  type CreateRoundBody,
  type CriterionInput,
  type CriterionRow,
  type PatchRoundBody,
  type PublishedRound,
  type Round,
  ROUND_MESSAGES as M,
  type RoundEntryRow,
  type RoundMethod,
  type RoundState,
} from "./schema";
import { validateCriteria } from "./scoring";

type Tx = Prisma.TransactionClient;

/** The close job: one per round (its id is the key), due at the round's closesAt. */
export const ROUND_CLOSE_JOB = "judging-round-close";

const conflict = (message: string) => new AppError("conflict", message);
const invalid = (message: string) => new AppError("invalid_data", message);

const roundSelect = {
  id: true,
  challengeId: true,
  position: true,
  name: true,
  method: true,
  state: true,
  judgesPerEntry: true,
  carryForward: true,
  voteLimit: true,
  rankBy: true,
  opensAt: true,
  closesAt: true,
  openedAt: true,
  closedAt: true,
  publishedAt: true,
  _count: { select: { entries: true, criteria: true } },
} satisfies Prisma.JudgingRoundSelect;
type RoundRow = Prisma.JudgingRoundGetPayload<{ select: typeof roundSelect }>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
function toRound(r: RoundRow): Round {
  const { _count, opensAt, closesAt, openedAt, closedAt, publishedAt, ...rest } = r;
  return {
    ...rest,
    opensAt: iso(opensAt),
    closesAt: iso(closesAt),
    openedAt: iso(openedAt),
    closedAt: iso(closedAt),
    publishedAt: iso(publishedAt),
    entries: _count.entries,
    criteria: _count.criteria,
  };
}

/** The round, or 404. */
export async function getRound(roundId: string, client?: Tx): Promise<Round> {
  const row = await (client ?? (await db())).judgingRound.findUnique({ where: { id: roundId }, select: roundSelect });
  if (!row) throw notFound(M.notFound);
  return toRound(row);
}

type LockedRound = { id: string; challengeId: string; method: RoundMethod; state: RoundState; voteLimit: number };

/**
 * In a score or vote write's transaction: takes the round row FOR SHARE and answers it when OPEN, else 409 "This
 * round is closed." A close (an UPDATE of the row) waits for the writes holding the lock and every later write sees it.
 */
export async function lockRoundOpen(tx: Tx, roundId: string): Promise<LockedRound> {
  const [row] = await tx.$queryRaw<LockedRound[]>`
    SELECT id, "challengeId", method::text AS method, state::text AS state, "voteLimit"
    FROM judging_rounds WHERE id = ${roundId} FOR SHARE`;
  if (!row) throw notFound(M.notFound);
  if (row.state !== "OPEN") throw conflict(M.closed);
  return row;
}

/** The round's entries with their teams (fixed when it opened; the admin's pick while a later round is a draft). */
export async function roundEntries(roundId: string): Promise<RoundEntryRow[]> {
  const prisma = await db();
  await getRound(roundId);
  const rows = await prisma.roundEntry.findMany({
    where: { roundId },
    orderBy: { submissionId: "asc" },
    select: {
      submissionId: true,
      submission: { select: { members: { select: { user: person }, orderBy: [{ joinedAt: "asc" }, { userId: "asc" }] } } },
    },
  });
  return rows.map((r) => ({ submissionId: r.submissionId, members: r.submission.members.map((m) => toPerson(m.user)) }));
}

async function requireChallenge(client: Tx, challengeId: string) {
  const found = await client.challenge.findUnique({ where: { id: challengeId }, select: { id: true } });
  if (!found) throw notFound(M.challengeNotFound);
}

function times(opensAt: string | null | undefined, closesAt: string | null | undefined) {
  const o = opensAt ? new Date(opensAt) : opensAt;
  const c = closesAt ? new Date(closesAt) : closesAt;
  if (o && c && c <= o) throw invalid(M.closesBeforeOpens);
  return { opensAt: o, closesAt: c };
}

/** Creates the next round of the challenge (position = last + 1); two creations at once each get their own place. */
export async function createRound(challengeId: string, body: CreateRoundBody): Promise<Round> {
  const prisma = await db();
  const { opensAt, closesAt } = times(body.opensAt, body.closesAt);
  for (let attempt = 0; ; attempt++) {
    try {
      return await prisma.$transaction(async (tx) => {
        await requireChallenge(tx, challengeId);
        const last = await tx.judgingRound.aggregate({ where: { challengeId }, _max: { position: true } });
        const row = await tx.judgingRound.create({
          data: {
            challengeId,
            position: (last._max.position ?? 0) + 1,
            name: body.name.trim(),
            method: body.method,
            judgesPerEntry: body.judgesPerEntry ?? 3,
            carryForward: body.carryForward ?? null,
            voteLimit: body.voteLimit ?? 3,
            opensAt: opensAt ?? null,
            closesAt: closesAt ?? null,
          },
          select: roundSelect,
        });
        return toRound(row);
      });
    } catch (err) {
      // Another creation took the same position first: the next attempt reads the new last one.
      if (attempt < 4 && isUniqueViolation(err)) continue;
      throw err;
    }
  }
}

export async function listRounds(challengeId: string): Promise<Round[]> {
  const prisma = await db();
  await requireChallenge(prisma, challengeId);
  const rows = await prisma.judgingRound.findMany({ where: { challengeId }, orderBy: { position: "asc" }, select: roundSelect });
  return rows.map(toRound);
}

/** Locks the round row for a settings change in `tx`, answering its state (404 when gone). */
async function lockRound(tx: Tx, roundId: string) {
  const [row] = await tx.$queryRaw<
    {
      id: string;
      challengeId: string;
      position: number;
      method: RoundMethod;
      state: RoundState;
      opensAt: Date | null;
      closesAt: Date | null;
    }[]
  >`SELECT id, "challengeId", position, method::text AS method, state::text AS state, "opensAt", "closesAt"
    FROM judging_rounds WHERE id = ${roundId} FOR UPDATE`;
  if (!row) throw notFound(M.notFound);
  return row;
}

/** Settings change while DRAFT; the ranking (rankBy) until the results are published. */
export async function updateRound(roundId: string, body: PatchRoundBody): Promise<Round> {
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    const row = await lockRound(tx, roundId);
    const { rankBy, ...settings } = body;
    const changesSettings = Object.values(settings).some((v) => v !== undefined);
    if (changesSettings && row.state !== "DRAFT") throw conflict(M.onlyDraftChanges);
    if (rankBy !== undefined && row.state === "PUBLISHED") throw conflict(M.rankByPublished);
    const opensAt = body.opensAt === undefined ? row.opensAt?.toISOString() : body.opensAt;
    const closesAt = body.closesAt === undefined ? row.closesAt?.toISOString() : body.closesAt;
    times(opensAt, closesAt);
    await tx.judgingRound.update({
      where: { id: roundId },
      data: {
        ...(body.name === undefined ? {} : { name: body.name.trim() }),
        ...(body.judgesPerEntry === undefined ? {} : { judgesPerEntry: body.judgesPerEntry }),
        ...(body.carryForward === undefined ? {} : { carryForward: body.carryForward }),
        ...(body.voteLimit === undefined ? {} : { voteLimit: body.voteLimit }),
        ...(body.opensAt === undefined ? {} : { opensAt: body.opensAt ? new Date(body.opensAt) : null }),
        ...(body.closesAt === undefined ? {} : { closesAt: body.closesAt ? new Date(body.closesAt) : null }),
        ...(rankBy === undefined ? {} : { rankBy }),
      },
    });
    return getRound(roundId, tx);
  });
}

/** Deletes the challenge's last round while it is a draft (earlier rounds would leave a gap in the order). */
export async function deleteRound(roundId: string): Promise<void> {
  const prisma = await db();
  await prisma.$transaction(async (tx) => {
    const row = await lockRound(tx, roundId);
    const later = await tx.judgingRound.count({ where: { challengeId: row.challengeId, position: { gt: row.position } } });
    if (row.state !== "DRAFT" || later > 0) throw conflict(M.deleteOnlyLastDraft);
    await tx.judgingRound.delete({ where: { id: roundId } });
  });
}

// ── criteria ───────────────────────────────────────────────────────────────────────────────────────────────────

const criterionSelect = {
  id: true,
  position: true,
  label: true,
  guidance: true,
  min: true,
  max: true,
  weight: true,
  visibility: true,
} satisfies Prisma.JudgingCriterionSelect;

export async function listCriteria(roundId: string, client?: Tx): Promise<CriterionRow[]> {
  const c = client ?? (await db());
  await getRound(roundId, client);
  return c.judgingCriterion.findMany({ where: { roundId }, orderBy: { position: "asc" }, select: criterionSelect });
}

/** Replaces the rubric of a DRAFT rubric round with `list` (in its order), answering the saved rows with their ids. */
export async function replaceCriteria(roundId: string, list: CriterionInput[]): Promise<CriterionRow[]> {
  try {
    validateCriteria(list.map((c, i) => ({ id: String(i), min: c.min, max: c.max, weight: c.weight })));
  } catch {
    throw invalid(M.criteriaInvalid);
  }
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    // FOR UPDATE: an open waits for this replacement, so it never sees half a rubric.
    const row = await lockRound(tx, roundId);
    if (row.method !== "RUBRIC") throw conflict(M.criteriaOnlyRubric);
    if (row.state !== "DRAFT") throw conflict(M.criteriaOnlyDraft);
    await tx.judgingCriterion.deleteMany({ where: { roundId } });
    await tx.judgingCriterion.createMany({
      data: list.map((c, i) => ({
        roundId,
        position: i + 1,
        label: c.label.trim(),
        guidance: c.guidance?.trim() || null,
        min: c.min,
        max: c.max,
        weight: c.weight,
        visibility: c.visibility,
      })),
    });
    return tx.judgingCriterion.findMany({ where: { roundId }, orderBy: { position: "asc" }, select: criterionSelect });
  });
}

// ── entries of a later round (the admin's pick) ────────────────────────────────────────────────────────────────

export async function pickEntries(roundId: string, submissionIds: string[]): Promise<RoundEntryRow[]> {
  const ids = [...new Set(submissionIds)];
  const prisma = await db();
  await prisma.$transaction(async (tx) => {
    const row = await lockRound(tx, roundId);
    if (row.state !== "DRAFT") throw conflict(M.entriesOnlyDraft);
    if (row.position === 1) throw conflict(M.entriesRoundOne);
    const round = await tx.judgingRound.findUniqueOrThrow({ where: { id: roundId }, select: { carryForward: true } });
    if (round.carryForward !== null) throw conflict(M.entriesCarryForward);
    const previous = await tx.judgingRound.findUniqueOrThrow({
      where: { challengeId_position: { challengeId: row.challengeId, position: row.position - 1 } },
      select: { id: true },
    });
    const inPrevious = await tx.roundEntry.count({ where: { roundId: previous.id, submissionId: { in: ids } } });
    if (inPrevious !== ids.length) throw invalid(M.entriesNotInPrevious);
    await tx.roundEntry.deleteMany({ where: { roundId } });
    await tx.roundEntry.createMany({ data: ids.map((submissionId) => ({ roundId, submissionId })) });
  });
  return roundEntries(roundId);
}

// ── the state machine ──────────────────────────────────────────────────────────────────────────────────────────

/** The ranking's rows as ids, whether results.ts answers ids or rows carrying `submissionId`. */
const submissionIdOf = (entry: string | { submissionId: string }) => (typeof entry === "string" ? entry : entry.submissionId);

/** One conditional UPDATE from `from` to `to`, stamping the step's time; answers whether this call made the step. */
async function step(client: Tx, roundId: string, from: RoundState, to: RoundState, extra = ""): Promise<boolean> {
  const stamp = { OPEN: "openedAt", CLOSED: "closedAt", PUBLISHED: "publishedAt", DRAFT: "updatedAt" }[to];
  const changed = await client.$executeRawUnsafe(
    `UPDATE judging_rounds SET state = '${to}', "${stamp}" = now(), "updatedAt" = now()
     WHERE id = $1 AND state = '${from}'${extra}`,
    roundId,
  );
  return changed === 1;
}

/** 404 when the round is gone, else 409 with `message` (the round is in another state than the step needs). */
async function refuse(client: Tx, roundId: string, message: string): Promise<never> {
  await getRound(roundId, client);
  throw conflict(message);
}

/**
 * DRAFT → OPEN. Earlier rounds must be CLOSED or PUBLISHED; a rubric round needs valid criteria. Fixes the round's
 * entries, assigns a rubric round's judges, and enqueues the close at closesAt — all in the one transaction.
 */
export async function openRound(roundId: string): Promise<Round> {
  const prisma = await db();
  const round = await getRound(roundId);
  if (round.state !== "DRAFT") throw conflict(M.openNeedsDraft);
  // The previous round is CLOSED or PUBLISHED (checked again in the transaction), so its ranking no longer changes:
  // read before the transaction, where on PGlite no query may go around the transaction's one connection.
  const previous =
    round.position > 1
      ? await prisma.judgingRound.findUnique({
          where: { challengeId_position: { challengeId: round.challengeId, position: round.position - 1 } },
          select: { id: true, state: true },
        })
      : null;
  const carried =
    previous && round.carryForward !== null && (previous.state === "CLOSED" || previous.state === "PUBLISHED")
      ? (await rankedEntries(previous.id)).slice(0, round.carryForward).map(submissionIdOf)
      : null;
  await prisma.$transaction(async (tx) => {
    if (!(await step(tx, roundId, "DRAFT", "OPEN"))) await refuse(tx, roundId, M.openNeedsDraft);
    const row = await tx.judgingRound.findUniqueOrThrow({
      where: { id: roundId },
      select: { challengeId: true, position: true, method: true, carryForward: true, closesAt: true },
    });
    const unfinished = await tx.judgingRound.count({
      where: { challengeId: row.challengeId, position: { lt: row.position }, state: { notIn: ["CLOSED", "PUBLISHED"] } },
    });
    if (unfinished > 0) throw conflict(M.openNeedsEarlierClosed);
    if (row.closesAt && row.closesAt <= new Date()) throw conflict(M.openAfterClose);
    if (row.method === "RUBRIC") {
      const criteria = await tx.judgingCriterion.findMany({
        where: { roundId },
        select: { id: true, min: true, max: true, weight: true },
      });
      try {
        validateCriteria(criteria);
      } catch {
        throw conflict(M.openNeedsCriteria);
      }
    }
    if (row.position === 1) {
      await tx.roundEntry.deleteMany({ where: { roundId } });
      await tx.$executeRaw`
        INSERT INTO round_entries ("roundId", "submissionId")
        SELECT ${roundId}, s.id FROM submissions s
        JOIN eligibility_checks e ON e."submissionId" = s.id AND e.verdict = 'PASS'
        WHERE s."challengeId" = ${row.challengeId} AND s.status = 'SUBMITTED'`;
    } else {
      if (carried) {
        await tx.roundEntry.deleteMany({ where: { roundId } });
        await tx.roundEntry.createMany({ data: carried.map((submissionId) => ({ roundId, submissionId })) });
      }
      // Withdrawn or disqualified since the previous round: out (the admin's pick or the top K alike).
      await tx.roundEntry.deleteMany({ where: { roundId, submission: { status: { not: "SUBMITTED" } } } });
    }
    if ((await tx.roundEntry.count({ where: { roundId } })) === 0) throw conflict(M.openNeedsEntries);
    if (row.method === "RUBRIC") await assignRound(tx, roundId);
    if (row.closesAt) await enqueue(tx, ROUND_CLOSE_JOB, { roundId }, { key: roundId, startAfter: row.closesAt });
  });
  return getRound(roundId);
}

/** OPEN → CLOSED by an admin. */
export async function closeRound(roundId: string): Promise<Round> {
  const prisma = await db();
  await prisma.$transaction(async (tx) => {
    if (!(await step(tx, roundId, "OPEN", "CLOSED"))) await refuse(tx, roundId, M.closeNeedsOpen);
  });
  return getRound(roundId);
}

/**
 * Closes the round at its time (the close job, the sweep): the same conditional UPDATE, only once closesAt has
 * come. Answers whether this call closed it — across every process and job, exactly one call answers true.
 */
export async function closeIfDue(roundId: string): Promise<boolean> {
  return step(await db(), roundId, "OPEN", "CLOSED", ` AND "closesAt" IS NOT NULL AND "closesAt" <= now()`);
}

/** The safety net behind the close jobs: every OPEN round whose closesAt has come. Answers how many this call closed. */
export async function closeDueRounds(): Promise<number> {
  const prisma = await db();
  const due = await prisma.judgingRound.findMany({
    where: { state: "OPEN", closesAt: { lte: new Date() } },
    select: { id: true },
    take: 500,
  });
  let closed = 0;
  for (const { id } of due) if (await closeIfDue(id)) closed++;
  return closed;
}

async function publishedResult(client: Tx, roundId: string): Promise<PublishedRound | null> {
  const result = await client.roundResult.findUnique({
    where: { roundId },
    select: { roundId: true, snapshot: true, sha256: true, publishedAt: true, round: { select: { method: true } } },
  });
  return result
    ? {
        roundId: result.roundId,
        method: result.round.method,
        publishedAt: result.publishedAt.toISOString(),
        snapshot: result.snapshot,
        sha256: result.sha256,
      }
    : null;
}

/**
 * CLOSED → PUBLISHED: freezes the results (scores' buildSnapshot, built before the transaction: the round is closed,
 * its scores no longer change) in round_results with the UPDATE that wins. A second publish — at once or later —
 * answers the result already stored, never a second snapshot.
 */
export async function publishRound(roundId: string, userId: string, client?: PrismaClient): Promise<PublishedRound> {
  // `client`: another database than the process's (the demo seed runs while the process's database opens).
  const prisma = client ?? (await db());
  const round = await getRound(roundId, prisma);
  const already = await publishedResult(prisma, roundId);
  if (already) return already;
  if (round.state !== "CLOSED") throw conflict(M.publishNeedsClosed);
  const built = await buildSnapshot(roundId, prisma);
  return prisma.$transaction(async (tx) => {
    if (await step(tx, roundId, "CLOSED", "PUBLISHED")) {
      await tx.roundResult.create({
        data: { roundId, challengeId: round.challengeId, snapshot: built.canonical, sha256: built.sha256, publishedById: userId },
      });
    }
    const stored = await publishedResult(tx, roundId);
    if (stored) return stored;
    return refuse(tx, roundId, M.publishNeedsClosed);
  });
}
