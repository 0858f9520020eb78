import { expect, test } from "bun:test";
import { createChallenge, createUser } from "../../../test/factories";
import { db } from "../../db/client";
import { recompute } from "./crowd-bt";
import { pairwiseStandings, rebuildPairwiseState } from "./pairwise";

test("the cache rebuilt after an undo equals replaying the remaining decisions", async () => {
  const client = await db();
  const challenge = await createChallenge();
  const round = await client.judgingRound.create({
    data: { challengeId: challenge.id, position: 1, name: "Shortlist", method: "PAIRWISE", state: "OPEN" },
  });
  const ids: string[] = [];
  for (let i = 0; i < 3; i++) {
    const s = await client.submission.create({ data: { challengeId: challenge.id, status: "SUBMITTED", version: 1 } });
    await client.roundEntry.create({ data: { roundId: round.id, submissionId: s.id } });
    ids.push(s.id);
  }
  const [a, b, c] = ids as [string, string, string];
  const [j1, j2] = [(await createUser()).id, (await createUser()).id];
  const t0 = Date.parse("2026-11-01T10:00:00Z");
  const plan = [
    { judgeId: j1, winnerId: a, loserId: b },
    { judgeId: j1, winnerId: a, loserId: c },
    { judgeId: j2, winnerId: c, loserId: b },
  ];
  const rows = [];
  for (const [i, d] of plan.entries())
    rows.push(await client.pairwiseDecision.create({ data: { roundId: round.id, ...d, createdAt: new Date(t0 + i * 1000) } }));
  await client.pairwiseDecision.update({ where: { id: rows[1]?.id }, data: { undoneAt: new Date(t0 + 5000) } });
  await client.$transaction((tx) => rebuildPairwiseState(tx, round.id));
  const expected = recompute([plan[0], plan[2]] as typeof plan, ids);
  const standings = await pairwiseStandings(round.id);
  for (const row of standings) {
    const item = expected.items.get(row.submissionId);
    expect(row.mu).toBeCloseTo(item?.mu ?? Number.NaN, 12);
    expect(row.sigma).toBeCloseTo(Math.sqrt(item?.sigmaSq ?? Number.NaN), 12);
  }
  expect(standings.map((s) => s.comparisons).sort()).toEqual([1, 1, 2]);
  const j1State = await client.pairwiseJudgeState.findUniqueOrThrow({
    where: { roundId_judgeId: { roundId: round.id, judgeId: j1 } },
  });
  expect(j1State.alpha).toBeCloseTo(expected.judges.get(j1)?.alpha ?? Number.NaN, 12);
});
