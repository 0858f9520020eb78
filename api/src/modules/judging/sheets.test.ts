// Score sheets (decisions 020, 021): a judge scores only their own assignment, within each criterion's range, while
// the round is open; two judges on one entry both land; a write after the close gets 409.
import { describe, expect, test } from "bun:test";
import { as } from "../../../test/client";
import { createUser } from "../../../test/factories";
import { openRubricRound } from "../../../test/judging-scores";
import { db } from "../../db/client";
import { SCORE_MESSAGES as M } from "./schema";

const message = (res: { error: { value: unknown } | null }) => (res.error?.value as { message?: string } | undefined)?.message;

describe("score sheets", () => {
  test("two judges scoring one entry both land; the sheet says when it is complete", async () => {
    const { impact, craft, judges } = await openRubricRound();
    const [a, b] = judges as [(typeof judges)[0], (typeof judges)[0]];
    const put = (j: typeof a, scores: { criterionId: string; value: number; comment?: string }[]) =>
      j.api.judging.assignments({ assignmentId: j.assignmentId }).scores.put({ scores });
    const [ra, rb] = await Promise.all([
      put(a, [{ criterionId: impact.id, value: 7, comment: "Clear benefit" }]),
      put(b, [
        { criterionId: impact.id, value: 3 },
        { criterionId: craft.id, value: 5 },
      ]),
    ]);
    expect(ra.status).toBe(200);
    expect(ra.data).toMatchObject({ complete: false, scored: 1 });
    expect(rb.data).toMatchObject({ complete: true, scored: 2 });
    const done = await put(a, [{ criterionId: craft.id, value: 2 }]);
    expect(done.data?.complete).toBe(true);
    expect(done.data?.criteria.map((c) => [c.label, c.value, c.comment])).toEqual([
      ["Impact", 7, "Clear benefit"],
      ["Craft", 2, null],
    ]);
    // A change replaces the value; the other judge's sheet is untouched.
    await put(a, [{ criterionId: impact.id, value: 8 }]);
    const rows = await (await db()).judgeScore.findMany({ where: { criterionId: impact.id }, orderBy: { value: "asc" } });
    expect(rows.map((r) => r.value)).toEqual([3, 8]);
  });

  test("values outside a criterion's range are refused naming it; criteria of another round too; at most 30 rows", async () => {
    const { impact, judges } = await openRubricRound();
    const other = await openRubricRound();
    const j = judges[0]!;
    const scores = j.api.judging.assignments({ assignmentId: j.assignmentId }).scores;
    const high = await scores.put({ scores: [{ criterionId: impact.id, value: 11 }] });
    expect(high.status).toBe(400);
    expect(message(high)).toBe(M.outOfRange("Impact", 0, 10));
    const foreign = await scores.put({ scores: [{ criterionId: other.impact.id, value: 1 }] });
    expect(foreign.status).toBe(400);
    expect(message(foreign)).toBe(M.unknownCriterion);
    const many = Array.from({ length: 31 }, () => ({ criterionId: impact.id, value: 1 }));
    expect((await scores.put({ scores: many })).status).toBe(400);
    expect((await scores.put({ scores: [{ criterionId: impact.id, value: 1, comment: "x".repeat(2001) }] })).status).toBe(400);
    expect(await (await db()).judgeScore.count({ where: { assignmentId: j.assignmentId } })).toBe(0);
  });

  test("another judge's assignment, a recused one, or one after leaving the panel answers 404", async () => {
    const { impact, judges, challenge } = await openRubricRound();
    const [a, b] = judges as [(typeof judges)[0], (typeof judges)[0]];
    const body = { scores: [{ criterionId: impact.id, value: 4 }] };
    const stolen = await a.api.judging.assignments({ assignmentId: b.assignmentId }).scores.put(body);
    expect(stolen.status).toBe(404);
    expect((await a.api.judging.assignments({ assignmentId: b.assignmentId }).scores.get()).status).toBe(404);
    const outsider = as(await createUser());
    expect((await outsider.judging.assignments({ assignmentId: a.assignmentId }).scores.put(body)).status).toBe(404);
    await (await db()).judgeAssignment.update({
      where: { id: b.assignmentId },
      data: { recusedAt: new Date(), recusalReason: "Friend" },
    });
    expect((await b.api.judging.assignments({ assignmentId: b.assignmentId }).scores.put(body)).status).toBe(404);
    await (await db()).judge.delete({ where: { challengeId_userId: { challengeId: challenge.id, userId: a.user.id } } });
    expect((await a.api.judging.assignments({ assignmentId: a.assignmentId }).scores.put(body)).status).toBe(404);
    expect(await (await db()).judgeScore.count({ where: { criterionId: impact.id } })).toBe(0);
  });

  test("a write after the round closes gets 409 and changes nothing", async () => {
    const { impact, judges, round } = await openRubricRound();
    const j = judges[0]!;
    const scores = j.api.judging.assignments({ assignmentId: j.assignmentId }).scores;
    expect((await scores.put({ scores: [{ criterionId: impact.id, value: 4 }] })).status).toBe(200);
    const admin = as(await createUser({ toolAccess: ["challenges"] }));
    expect((await admin.rounds({ roundId: round.id }).close.post()).status).toBe(200);
    const late = await scores.put({ scores: [{ criterionId: impact.id, value: 9 }] });
    expect(late.status).toBe(409);
    expect(message(late)).toBe("This round is closed.");
    const row = await (await db()).judgeScore.findFirstOrThrow({ where: { assignmentId: j.assignmentId } });
    expect(row.value).toBe(4);
  });
});
