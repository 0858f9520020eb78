// The one gate of a judge's reads and writes (decision 021): an assignment is theirs to see ONLY while they are still a
// judge of the challenge, it is theirs, it is not recused and its round is OPEN. Anything else is 404 — the same answer
// as an id that does not exist, so a removed or conflicted judge learns nothing about the entry.
import { db } from "../../db/client";
import type { Prisma } from "../../generated/prisma/client";
import { notFound } from "../../lib/errors";
import { conflictReason } from "./conflicts";
import { PANEL_MESSAGES as M } from "./schema";

type Tx = Prisma.TransactionClient;

export type JudgeAssignmentRef = { id: string; roundId: string; submissionId: string; challengeId: string; judgeId: string };

export async function judgeAssignment(userId: string, assignmentId: string, tx?: Tx): Promise<JudgeAssignmentRef> {
  const client = tx ?? (await db());
  const row = await client.judgeAssignment.findFirst({
    where: {
      id: assignmentId,
      judgeId: userId,
      recusedAt: null,
      round: { state: "OPEN", method: "RUBRIC", challenge: { judges: { some: { userId } } } },
    },
    select: { id: true, roundId: true, submissionId: true, judgeId: true, round: { select: { challengeId: true } } },
  });
  if (!row) throw notFound(M.assignmentNotFound);
  // A conflict that arose after the assignment (a new affiliation, a late team change) closes the entry too.
  if (await conflictReason(row.round.challengeId, row.submissionId, userId, tx)) throw notFound(M.assignmentNotFound);
  return {
    id: row.id,
    roundId: row.roundId,
    submissionId: row.submissionId,
    judgeId: row.judgeId,
    challengeId: row.round.challengeId,
  };
}

export { isJudge } from "./judges";
export { conflictsFor } from "./conflicts";
