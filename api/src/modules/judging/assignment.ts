// Who judges what in a rubric round (decision 021). The automatic assignment gives each entry round.judgesPerEntry
// judges: the entry with the fewest judges first, then the judge with the fewest assignments in the round; never a
// conflicted judge (conflicts.ts), never one who recused from that entry; an admin's manual placements are kept.
// Every run and every manual placement takes the round row FOR UPDATE, so two runs at once do not double up.
import { db } from "../../db/client";
import type { Prisma } from "../../generated/prisma/client";
import { AppError, notFound } from "../../lib/errors";
import { person, toPerson } from "../submissions/teams";
import { conflictReason, conflictsFor } from "./conflicts";
import { type EntryAssignments, PANEL_MESSAGES as M } from "./schema";

type Tx = Prisma.TransactionClient;
const conflict = (message: string) => new AppError("conflict", message);

async function lockRoundRow(tx: Tx, roundId: string) {
  const [row] = await tx.$queryRaw<{ id: string; challengeId: string; method: string; state: string; judgesPerEntry: number }[]>`
    SELECT id, "challengeId", method::text AS method, state::text AS state, "judgesPerEntry"
    FROM judging_rounds WHERE id = ${roundId} FOR UPDATE`;
  if (!row) throw notFound(M.roundNotFound);
  return row;
}

/** One (entry, judge) pair as a set key. */
const pair = (submissionId: string, judgeId: string) => `${submissionId}\u0000${judgeId}`;

/**
 * Fills the round's entries (or only `onlySubmissionId`) up to judgesPerEntry judges inside `tx`. Unscored automatic
 * assignments whose judge was removed or is now conflicted are dropped first, so the entry gets a judge who may judge it.
 */
export async function assignRound(tx: Tx, roundId: string, onlySubmissionId?: string): Promise<void> {
  const round = await tx.judgingRound.findUnique({
    where: { id: roundId },
    select: { challengeId: true, judgesPerEntry: true, method: true },
  });
  if (round?.method !== "RUBRIC") return;
  const [entries, judges, conflicts, rows] = await Promise.all([
    tx.roundEntry.findMany({ where: { roundId }, select: { submissionId: true }, orderBy: { submissionId: "asc" } }),
    tx.judge.findMany({ where: { challengeId: round.challengeId }, select: { userId: true }, orderBy: { userId: "asc" } }),
    conflictsFor(round.challengeId, tx),
    tx.judgeAssignment.findMany({
      where: { roundId },
      select: {
        id: true,
        submissionId: true,
        judgeId: true,
        manual: true,
        recusedAt: true,
        _count: { select: { scores: true } },
      },
    }),
  ]);
  const judgeIds = new Set(judges.map((j) => j.userId));
  const conflicted = new Set(conflicts.map((c) => pair(c.submissionId, c.judgeId)));
  const stale = rows.filter(
    (r) =>
      !r.manual &&
      !r.recusedAt &&
      r._count.scores === 0 &&
      (!judgeIds.has(r.judgeId) || conflicted.has(pair(r.submissionId, r.judgeId))),
  );
  if (stale.length > 0) await tx.judgeAssignment.deleteMany({ where: { id: { in: stale.map((r) => r.id) } } });
  const staleIds = new Set(stale.map((r) => r.id));
  const live = rows.filter((r) => !staleIds.has(r.id));
  const taken = new Set(live.map((r) => pair(r.submissionId, r.judgeId))); // a recusal also keeps the judge off
  const perEntry = new Map(entries.map((e) => [e.submissionId, 0]));
  const perJudge = new Map(judges.map((j) => [j.userId, 0]));
  for (const r of live) {
    if (r.recusedAt || !judgeIds.has(r.judgeId)) continue;
    if (perEntry.has(r.submissionId)) perEntry.set(r.submissionId, (perEntry.get(r.submissionId) ?? 0) + 1);
    perJudge.set(r.judgeId, (perJudge.get(r.judgeId) ?? 0) + 1);
  }
  const open = new Set(entries.map((e) => e.submissionId).filter((id) => !onlySubmissionId || id === onlySubmissionId));
  // Judges each entry may still get. Among entries with equally few judges the most constrained goes first: served
  // last, an entry with conflicts can find its only free judges already at the panel's highest load, and the balance
  // then depends on the order the entries happened to come in.
  const free = new Map<string, number>();
  for (const id of open)
    free.set(id, judges.filter((j) => !taken.has(pair(id, j.userId)) && !conflicted.has(pair(id, j.userId))).length);
  const created: { roundId: string; submissionId: string; judgeId: string }[] = [];
  while (open.size > 0) {
    let entry: string | undefined;
    for (const id of open) {
      const [n, chosen] = [perEntry.get(id) ?? 0, entry === undefined ? Number.POSITIVE_INFINITY : (perEntry.get(entry) ?? 0)];
      if (entry === undefined || n < chosen || (n === chosen && (free.get(id) ?? 0) < (free.get(entry) ?? 0))) entry = id;
    }
    if (entry === undefined) break;
    if ((perEntry.get(entry) ?? 0) >= round.judgesPerEntry) {
      open.delete(entry);
      continue;
    }
    let best: string | undefined;
    for (const j of judges) {
      if (taken.has(pair(entry, j.userId)) || conflicted.has(pair(entry, j.userId))) continue;
      if (best === undefined || (perJudge.get(j.userId) ?? 0) < (perJudge.get(best) ?? 0)) best = j.userId;
    }
    if (best === undefined) {
      open.delete(entry); // no judge left who may judge it: the admin sees the gap
      continue;
    }
    created.push({ roundId, submissionId: entry, judgeId: best });
    taken.add(pair(entry, best));
    free.set(entry, (free.get(entry) ?? 1) - 1);
    perEntry.set(entry, (perEntry.get(entry) ?? 0) + 1);
    perJudge.set(best, (perJudge.get(best) ?? 0) + 1);
  }
  rebalance(created, judges, perJudge, taken, conflicted);
  if (created.length > 0) await tx.judgeAssignment.createMany({ data: created, skipDuplicates: true });
}

/**
 * The greedy fill above can still end unbalanced (loads 1/2/3 where 2/2/2 was possible) when conflicts leave an entry
 * only busy judges late in the fill. Moves this run's new assignments from the busiest judge to the least busy one
 * who may take that entry, until no move narrows the gap; existing and hand-placed rows are never moved.
 */
function rebalance(
  created: { submissionId: string; judgeId: string }[],
  judges: { userId: string }[],
  perJudge: Map<string, number>,
  taken: Set<string>,
  conflicted: Set<string>,
) {
  const load = (id: string) => perJudge.get(id) ?? 0;
  for (let moves = 0; moves < created.length * judges.length; moves++) {
    const byLoad = [...judges].sort((a, b) => load(b.userId) - load(a.userId));
    let moved = false;
    for (const heavy of byLoad) {
      for (const light of [...byLoad].reverse()) {
        if (load(heavy.userId) - load(light.userId) < 2) break;
        const row = created.find(
          (c) =>
            c.judgeId === heavy.userId &&
            !taken.has(pair(c.submissionId, light.userId)) &&
            !conflicted.has(pair(c.submissionId, light.userId)),
        );
        if (!row) continue;
        taken.delete(pair(row.submissionId, heavy.userId));
        taken.add(pair(row.submissionId, light.userId));
        row.judgeId = light.userId;
        perJudge.set(heavy.userId, load(heavy.userId) - 1);
        perJudge.set(light.userId, load(light.userId) + 1);
        moved = true;
        break;
      }
      if (moved) break;
    }
    if (!moved) return;
  }
}

/** The admin's "assign again": an OPEN rubric round only. */
export async function reassignRound(roundId: string): Promise<EntryAssignments[]> {
  const prisma = await db();
  await prisma.$transaction(async (tx) => {
    const round = await lockRoundRow(tx, roundId);
    if (round.method !== "RUBRIC") throw conflict(M.onlyRubric);
    if (round.state !== "OPEN") throw conflict(M.assignNeedsOpen);
    await assignRound(tx, roundId);
  });
  return roundAssignments(roundId);
}

/** An admin places a judge on an entry (201); 409 with the conflict's reason when the judge may not judge it. */
export async function assignByHand(roundId: string, submissionId: string, judgeId: string): Promise<EntryAssignments> {
  const prisma = await db();
  await prisma.$transaction(async (tx) => {
    const round = await lockRoundRow(tx, roundId);
    if (round.method !== "RUBRIC") throw conflict(M.onlyRubric);
    if (round.state !== "DRAFT" && round.state !== "OPEN") throw conflict(M.closedRound);
    const entry = await tx.roundEntry.findUnique({ where: { roundId_submissionId: { roundId, submissionId } } });
    if (!entry) throw notFound(M.entryNotInRound);
    const judge = await tx.judge.findUnique({
      where: { challengeId_userId: { challengeId: round.challengeId, userId: judgeId } },
    });
    if (!judge) throw notFound(M.notAJudge);
    const reason = await conflictReason(round.challengeId, submissionId, judgeId, tx);
    if (reason) throw conflict(`That judge may not judge this entry: ${reason}`);
    const before = await tx.judgeAssignment.findUnique({
      where: { roundId_submissionId_judgeId: { roundId, submissionId, judgeId } },
      select: { recusedAt: true },
    });
    if (before) throw conflict(before.recusedAt ? M.judgeRecused : M.alreadyAssigned);
    await tx.judgeAssignment.create({ data: { roundId, submissionId, judgeId, manual: true } });
  });
  const row = (await roundAssignments(roundId)).find((e) => e.submissionId === submissionId);
  if (!row) throw notFound(M.entryNotInRound);
  return row;
}

/**
 * An admin takes a judge off an entry: the assignment and its scores go (204). Only while the round is a draft or open
 * (409 after the close: a closed round's sheets are its record); 404 for another round's assignment.
 */
export async function removeAssignment(roundId: string, assignmentId: string): Promise<void> {
  const prisma = await db();
  await prisma.$transaction(async (tx) => {
    const round = await lockRoundRow(tx, roundId);
    const found = await tx.judgeAssignment.findFirst({ where: { id: assignmentId, roundId }, select: { id: true } });
    if (!found) throw notFound(M.assignmentNotFound);
    if (round.state !== "DRAFT" && round.state !== "OPEN") throw conflict(M.closedRound);
    await tx.judgeAssignment.delete({ where: { id: assignmentId } }); // its scores go with it (ON DELETE CASCADE)
  });
}

/** Per entry: its team, its judges (complete: every criterion scored), recusals, and the judges excluded and why. */
export async function roundAssignments(roundId: string): Promise<EntryAssignments[]> {
  const prisma = await db();
  const round = await prisma.judgingRound.findUnique({
    where: { id: roundId },
    select: { challengeId: true, _count: { select: { criteria: true } } },
  });
  if (!round) throw notFound(M.roundNotFound);
  const [entries, assignments, conflicts, judges] = await Promise.all([
    prisma.roundEntry.findMany({
      where: { roundId },
      orderBy: { submissionId: "asc" },
      select: {
        submissionId: true,
        submission: { select: { members: { select: { user: person }, orderBy: [{ joinedAt: "asc" }, { userId: "asc" }] } } },
      },
    }),
    prisma.judgeAssignment.findMany({
      where: { roundId },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: {
        id: true,
        submissionId: true,
        manual: true,
        recusedAt: true,
        recusalReason: true,
        judge: person,
        _count: { select: { scores: true } },
      },
    }),
    conflictsFor(round.challengeId),
    prisma.judge.findMany({ where: { challengeId: round.challengeId }, select: { user: person } }),
  ]);
  const judgeById = new Map(judges.map((j) => [j.user.id, toPerson(j.user)]));
  const criteria = round._count.criteria;
  return entries.map((e) => {
    const mine = assignments.filter((a) => a.submissionId === e.submissionId);
    return {
      submissionId: e.submissionId,
      team: e.submission.members.map((m) => toPerson(m.user)),
      judges: mine
        .filter((a) => !a.recusedAt && judgeById.has(a.judge.id))
        .map((a) => ({
          assignmentId: a.id,
          judge: toPerson(a.judge),
          manual: a.manual,
          complete: criteria > 0 && a._count.scores >= criteria,
        })),
      recusals: mine
        .filter((a) => a.recusedAt)
        .map((a) => ({
          assignmentId: a.id,
          judge: toPerson(a.judge),
          reason: a.recusalReason ?? "",
          recusedAt: (a.recusedAt as Date).toISOString(),
        })),
      exclusions: conflicts
        .filter((c) => c.submissionId === e.submissionId && judgeById.has(c.judgeId))
        .map((c) => ({ judge: judgeById.get(c.judgeId) as ReturnType<typeof toPerson>, reason: c.reason })),
    };
  });
}
