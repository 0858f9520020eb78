// A judge's score sheet (decisions 020 and 021): the caller's own assignment only (access.ts judgeAssignment, the one
// gate), written in ONE transaction that holds the round row FOR SHARE (lockRoundOpen) so a close and a write are
// ordered — the close wins, a late write 409 (the gate answers a closed round with 409 too, for that judge only).
// Values are checked against each criterion's own range here; scoring.ts refuses them again when results are computed.
import { db } from "../../db/client";
import type { Prisma } from "../../generated/prisma/client";
import { AppError } from "../../lib/errors";
import { judgeAssignment } from "./access";
import { lockRoundOpen } from "./rounds";
import { SCORE_MESSAGES as M, type ScoreSheet, type ScoresBody } from "./schema";

type Tx = Prisma.TransactionClient;

async function sheet(tx: Tx, assignment: { id: string; roundId: string; submissionId: string }): Promise<ScoreSheet> {
  const [criteria, scores] = await Promise.all([
    tx.judgingCriterion.findMany({ where: { roundId: assignment.roundId }, orderBy: [{ position: "asc" }, { id: "asc" }] }),
    tx.judgeScore.findMany({ where: { assignmentId: assignment.id }, select: { criterionId: true, value: true, comment: true } }),
  ]);
  const byCriterion = new Map(scores.map((s) => [s.criterionId, s]));
  const rows = criteria.map((c) => {
    const s = byCriterion.get(c.id);
    return {
      criterionId: c.id,
      label: c.label,
      guidance: c.guidance,
      min: c.min,
      max: c.max,
      weight: c.weight,
      visibility: c.visibility,
      value: s?.value ?? null,
      comment: s?.comment ?? null,
    };
  });
  const scored = rows.filter((r) => r.value !== null).length;
  return {
    assignmentId: assignment.id,
    roundId: assignment.roundId,
    submissionId: assignment.submissionId,
    complete: criteria.length > 0 && scored === criteria.length,
    scored,
    criteria: rows,
  };
}

/** The caller's sheet on their assignment (while the round is open). */
export async function readSheet(userId: string, assignmentId: string): Promise<ScoreSheet> {
  return (await db()).$transaction(async (tx) => {
    const a = await judgeAssignment(userId, assignmentId, tx, { closed: "conflict" });
    await lockRoundOpen(tx, a.roundId);
    return sheet(tx, a);
  });
}

/** Upserts the given criteria's scores on the caller's sheet; answers the whole sheet and whether it is complete. */
export async function writeScores(userId: string, assignmentId: string, body: ScoresBody): Promise<ScoreSheet> {
  return (await db()).$transaction(async (tx) => {
    const a = await judgeAssignment(userId, assignmentId, tx, { closed: "conflict" });
    const round = await lockRoundOpen(tx, a.roundId);
    if (round.method !== "RUBRIC") throw new AppError("invalid_data", M.notRubric);
    const criteria = await tx.judgingCriterion.findMany({
      where: { roundId: a.roundId },
      select: { id: true, label: true, min: true, max: true },
    });
    const byId = new Map(criteria.map((c) => [c.id, c]));
    const seen = new Set<string>();
    for (const s of body.scores) {
      const c = byId.get(s.criterionId);
      if (!c) throw new AppError("invalid_data", M.unknownCriterion);
      if (seen.has(c.id)) throw new AppError("invalid_data", M.duplicateCriterion);
      seen.add(c.id);
      if (!(Number.isFinite(s.value) && s.value >= c.min && s.value <= c.max)) {
        throw new AppError("invalid_data", M.outOfRange(c.label, c.min, c.max));
      }
    }
    for (const s of body.scores) {
      const comment = s.comment?.trim() ? s.comment : null;
      await tx.judgeScore.upsert({
        where: { assignmentId_criterionId: { assignmentId: a.id, criterionId: s.criterionId } },
        create: { assignmentId: a.id, criterionId: s.criterionId, value: s.value, comment },
        update: { value: s.value, comment },
      });
    }
    return sheet(tx, a);
  });
}
