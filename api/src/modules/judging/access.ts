// The one gate of a judge's reads and writes (decision 021): an assignment is theirs to see ONLY while they are still a
// judge of the challenge, it is theirs, it is not recused, they have no conflict with the entry and its round is OPEN.
// Anything else is 404 — the same answer as an id that does not exist, so a removed or conflicted judge learns nothing
// about the entry. One exception, asked for by the score sheet: a judge who passes every other check on a round that
// has closed gets 409 "This round is closed." (their late write lost the race with the close; they knew the entry).
import { db } from "../../db/client";
import type { Prisma } from "../../generated/prisma/client";
import { AppError, notFound } from "../../lib/errors";
import { conflictReason } from "./conflicts";
import { PANEL_MESSAGES as M, ROUND_MESSAGES } from "./schema";

type Tx = Prisma.TransactionClient;

export type JudgeAssignmentRef = { id: string; roundId: string; submissionId: string; challengeId: string; judgeId: string };

export type JudgeAssignmentOptions = {
  /** "conflict": a closed or published round answers 409 instead of 404 (for the judge who may otherwise see it). */
  closed?: "not-found" | "conflict";
};

export async function judgeAssignment(
  userId: string,
  assignmentId: string,
  tx?: Tx,
  options: JudgeAssignmentOptions = {},
): Promise<JudgeAssignmentRef> {
  const client = tx ?? (await db());
  const row = await client.judgeAssignment.findFirst({
    where: {
      id: assignmentId,
      judgeId: userId,
      recusedAt: null,
      round: { method: "RUBRIC", challenge: { judges: { some: { userId } } } },
    },
    select: {
      id: true,
      roundId: true,
      submissionId: true,
      judgeId: true,
      round: { select: { challengeId: true, state: true } },
    },
  });
  if (!row) throw notFound(M.assignmentNotFound);
  // A conflict that arose after the assignment (a new affiliation, a late team change) closes the entry too.
  if (await conflictReason(row.round.challengeId, row.submissionId, userId, tx)) throw notFound(M.assignmentNotFound);
  if (row.round.state !== "OPEN") {
    const closed = row.round.state === "CLOSED" || row.round.state === "PUBLISHED";
    if (closed && options.closed === "conflict") throw new AppError("conflict", ROUND_MESSAGES.closed);
    throw notFound(M.assignmentNotFound);
  }
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
