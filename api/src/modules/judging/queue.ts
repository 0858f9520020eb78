// The judge's side (decision 021): the queue of their open assignments with progress per round, one assignment's
// entry and rubric with the judge's OWN scores only, and recusal (which ends the assignment and finds the entry
// another unconflicted judge when there is one). Every read goes through access.ts.
import { db } from "../../db/client";
import { AppError, notFound } from "../../lib/errors";
import { entryFileResponse } from "../submissions/files";
import { person, toPerson } from "../submissions/teams";
import { judgeAssignment } from "./access";
import { listCriteria } from "./rounds";
import { assignRound } from "./assignment";
import { conflictReason } from "./conflicts";
import { lockRoundOpen } from "./rounds";
import { type JudgeAssignmentDetail, type JudgeQueue, type JudgingOverview, PANEL_MESSAGES as M } from "./schema";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

type VersionItem = {
  deliverableId?: unknown;
  file?: { key?: string; name: string; type: string; bytes: number; sha256: string };
};

/** Where the judge downloads a file item of their assignment's entry (the API streams it; see assignmentFile). */
export const assignmentFileUrl = (assignmentId: string, deliverableId: string) =>
  `/api/judging/assignments/${encodeURIComponent(assignmentId)}/items/${encodeURIComponent(deliverableId)}/file`;

/** A version's items as a judge sees them: the storage key stays on the server; a file item gets its `fileUrl`. */
function judgeItems(assignmentId: string, items: unknown): unknown[] {
  if (!Array.isArray(items)) return [];
  return (items as VersionItem[]).map(({ file, ...item }) =>
    file && typeof item.deliverableId === "string"
      ? {
          ...item,
          file: { name: file.name, type: file.type, bytes: file.bytes, sha256: file.sha256 },
          fileUrl: assignmentFileUrl(assignmentId, item.deliverableId),
        }
      : item,
  );
}

export async function myQueue(userId: string): Promise<JudgeQueue> {
  const prisma = await db();
  const rows = await prisma.judgeAssignment.findMany({
    where: {
      judgeId: userId,
      recusedAt: null,
      round: { state: "OPEN", method: "RUBRIC", challenge: { judges: { some: { userId } } } },
    },
    orderBy: [{ round: { closesAt: "asc" } }, { createdAt: "asc" }, { id: "asc" }],
    select: {
      id: true,
      submissionId: true,
      round: {
        select: {
          id: true,
          name: true,
          method: true,
          closesAt: true,
          challengeId: true,
          challenge: { select: { id: true, title: true } },
          _count: { select: { criteria: true } },
        },
      },
      submission: { select: { members: { select: { user: person }, orderBy: [{ joinedAt: "asc" }, { userId: "asc" }] } } },
      _count: { select: { scores: true } },
    },
  });
  const visible = [];
  for (const r of rows) {
    if (!(await conflictReason(r.round.challengeId, r.submissionId, userId, prisma))) visible.push(r);
  }
  const progress = new Map<string, { roundId: string; scored: number; total: number }>();
  const assignments = visible.map((r) => {
    const complete = r.round._count.criteria > 0 && r._count.scores >= r.round._count.criteria;
    const p = progress.get(r.round.id) ?? { roundId: r.round.id, scored: 0, total: 0 };
    p.total += 1;
    if (complete) p.scored += 1;
    progress.set(r.round.id, p);
    return {
      assignmentId: r.id,
      round: { id: r.round.id, name: r.round.name, method: r.round.method, closesAt: iso(r.round.closesAt) },
      challenge: r.round.challenge,
      entry: { submissionId: r.submissionId, team: r.submission.members.map((m) => toPerson(m.user)) },
      complete,
    };
  });
  return { assignments, progress: [...progress.values()] };
}

/**
 * The challenges the caller judges with their OPEN rounds and the caller's progress in each: a RUBRIC round counts the
 * same assignments as the queue (not recused, no conflict); a PAIRWISE round the caller's decisions not undone.
 */
export async function myOverview(userId: string): Promise<JudgingOverview> {
  const prisma = await db();
  const judgeOf = await prisma.judge.findMany({
    where: { userId },
    orderBy: [{ createdAt: "asc" }, { challengeId: "asc" }],
    select: {
      challenge: {
        select: {
          id: true,
          title: true,
          rounds: {
            where: { state: "OPEN", method: { in: ["RUBRIC", "PAIRWISE"] } },
            orderBy: { position: "asc" },
            select: { id: true, name: true, method: true, state: true, closesAt: true },
          },
        },
      },
    },
  });
  if (judgeOf.length === 0) return { challenges: [] };
  const pairwiseIds = judgeOf.flatMap((j) => j.challenge.rounds.filter((r) => r.method === "PAIRWISE").map((r) => r.id));
  const [queue, decisions] = await Promise.all([
    judgeOf.some((j) => j.challenge.rounds.some((r) => r.method === "RUBRIC")) ? myQueue(userId) : null,
    pairwiseIds.length === 0
      ? []
      : prisma.pairwiseDecision.groupBy({
          by: ["roundId"],
          where: { judgeId: userId, undoneAt: null, roundId: { in: pairwiseIds } },
          _count: { _all: true },
        }),
  ]);
  const rubric = new Map((queue?.progress ?? []).map((p) => [p.roundId, p]));
  const decided = new Map(decisions.map((d) => [d.roundId, d._count._all]));
  return {
    challenges: judgeOf.map(({ challenge }) => ({
      id: challenge.id,
      title: challenge.title,
      rounds: challenge.rounds.map((r) => ({
        id: r.id,
        name: r.name,
        method: r.method,
        state: r.state,
        closesAt: iso(r.closesAt),
        scored: r.method === "RUBRIC" ? (rubric.get(r.id)?.scored ?? 0) : (decided.get(r.id) ?? 0),
        total: r.method === "RUBRIC" ? (rubric.get(r.id)?.total ?? 0) : null,
      })),
    })),
  };
}

export async function assignmentDetail(userId: string, assignmentId: string): Promise<JudgeAssignmentDetail> {
  const a = await judgeAssignment(userId, assignmentId);
  const prisma = await db();
  const [round, submission, criteria, scores] = await Promise.all([
    prisma.judgingRound.findUniqueOrThrow({
      where: { id: a.roundId },
      select: { id: true, name: true, method: true, closesAt: true, challenge: { select: { id: true, title: true } } },
    }),
    prisma.submission.findUniqueOrThrow({
      where: { id: a.submissionId },
      select: {
        members: { select: { user: person }, orderBy: [{ joinedAt: "asc" }, { userId: "asc" }] },
        versions: { orderBy: { number: "desc" }, take: 1, select: { number: true, items: true } },
      },
    }),
    listCriteria(a.roundId),
    // Only this assignment's scores: other judges' scores never reach a judge.
    prisma.judgeScore.findMany({ where: { assignmentId: a.id }, select: { criterionId: true, value: true, comment: true } }),
  ]);
  const latest = submission.versions[0];
  return {
    assignmentId: a.id,
    round: { id: round.id, name: round.name, method: round.method, closesAt: iso(round.closesAt) },
    challenge: round.challenge,
    entry: {
      submissionId: a.submissionId,
      team: submission.members.map((m) => toPerson(m.user)),
      version: latest?.number ?? 0,
      items: judgeItems(a.id, latest?.items),
    },
    criteria,
    scores,
  };
}

/** A file item of the assignment's entry in its latest submitted version, streamed (404 for anything else). */
export async function assignmentFile(userId: string, assignmentId: string, itemId: string): Promise<Response> {
  const a = await judgeAssignment(userId, assignmentId);
  const latest = await (await db()).submissionVersion.findFirst({
    where: { submissionId: a.submissionId },
    orderBy: { number: "desc" },
    select: { number: true },
  });
  if (!latest) throw notFound(M.fileNotFound);
  return entryFileResponse(a.submissionId, itemId, latest.number);
}

/** Ends the caller's assignment with their reason and gives the entry another judge who may judge it, if any. */
export async function recuse(userId: string, assignmentId: string, reason: string): Promise<void> {
  const why = reason.trim();
  if (!why) throw new AppError("invalid_data", M.recusalReason);
  const prisma = await db();
  await prisma.$transaction(async (tx) => {
    const a = await judgeAssignment(userId, assignmentId, tx);
    await lockRoundOpen(tx, a.roundId);
    const { count } = await tx.judgeAssignment.updateMany({
      where: { id: a.id, recusedAt: null },
      data: { recusedAt: new Date(), recusalReason: why },
    });
    if (count === 0) return;
    await assignRound(tx, a.roundId, a.submissionId);
  });
}
