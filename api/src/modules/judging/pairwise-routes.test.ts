// A judge's pairwise screen through the API (decisions 020, 021): the same pair until it is answered, a stale or
// repeated answer refused with the current pair, undo of the last answer within 60 seconds restoring the model
// exactly, never an entry the judge has a conflict with, 404 for anyone who is not (or no longer) a judge of an open
// pairwise round, and 409 once the round is closed.
import { describe, expect, test } from "bun:test";
import { as } from "../../../test/client";
import { createApplication, createChallenge, createUser } from "../../../test/factories";
import { db } from "../../db/client";
import { recompute } from "./crowd-bt";
import { PAIRWISE_MESSAGES as M } from "./schema";

type Api = ReturnType<typeof as>;
const message = (res: { error: { value: unknown } | null }) => (res.error?.value as { message?: string } | undefined)?.message;

/** A challenge with `n` SUBMITTED entries (entry 0's member applied for "Acme Corp"), `judges` judges, an OPEN pairwise round. */
async function pairwiseRound(n: number, judges = 2) {
  const prisma = await db();
  const challenge = await createChallenge();
  const admin = as(await createUser({ toolAccess: ["challenges"] }));
  const round = await prisma.judgingRound.create({
    data: { challengeId: challenge.id, position: 1, name: "Shortlist", method: "PAIRWISE", state: "OPEN", openedAt: new Date() },
  });
  const entries: string[] = [];
  for (let i = 0; i < n; i++) {
    const user = await createUser({ firstName: `Maker${i}` });
    if (i === 0) await createApplication(challenge.id, user.id, { company: "Acme Corp" });
    const s = await prisma.submission.create({
      data: {
        challengeId: challenge.id,
        status: "SUBMITTED",
        version: 1,
        submittedAt: new Date(),
        members: { create: { challengeId: challenge.id, userId: user.id, role: "OWNER" } },
        versions: {
          create: { number: 1, items: [{ deliverableId: "d1", title: `Demo ${i}`, kind: "link", url: "https://x.test" }] },
        },
      },
    });
    await prisma.roundEntry.create({ data: { roundId: round.id, submissionId: s.id } });
    entries.push(s.id);
  }
  const panel: { id: string; api: Api }[] = [];
  for (let i = 0; i < judges; i++) {
    const user = await createUser({ firstName: `Judge${i}` });
    await prisma.judge.create({ data: { challengeId: challenge.id, userId: user.id } });
    panel.push({ id: user.id, api: as(user) });
  }
  return { challenge, admin, round, entries, panel };
}

const screen = (api: Api, roundId: string) => api.judging.rounds({ roundId });
const pairOf = (data: { pair: { a: { submissionId: string }; b: { submissionId: string } } | null } | null | undefined) => {
  const pair = data?.pair;
  if (!pair) throw new Error("expected a pair");
  return [pair.a.submissionId, pair.b.submissionId] as const;
};
const states = async (roundId: string) =>
  new Map(
    (await (await db()).pairwiseEntryState.findMany({ where: { roundId } })).map((s) => [s.submissionId, [s.mu, s.sigmaSq]]),
  );

describe("the judge's pair", () => {
  test("the same pair on every reload until answered; an answer moves on to the next pair", async () => {
    const { round, entries, panel } = await pairwiseRound(5);
    const judge = panel[0]!.api;
    const first = await screen(judge, round.id).pair.get();
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({ roundId: round.id, roundName: "Shortlist", decisions: 0, undo: null });
    const [a, b] = pairOf(first.data);
    expect(entries).toContain(a);
    expect(first.data!.pair!.a).toMatchObject({ version: 1, team: expect.stringMatching(/^Maker\d$/) });
    expect(first.data!.pair!.a.items).toHaveLength(1);
    for (let i = 0; i < 3; i++) expect(pairOf((await screen(judge, round.id).pair.get()).data)).toEqual([a, b]);

    const decided = await screen(judge, round.id).decisions.post({ winnerId: b, loserId: a });
    expect(decided.status).toBe(201);
    expect(decided.data!.decisions).toBe(1);
    expect(decided.data!.undo).toMatchObject({ decisionId: expect.any(String) });
    const [c, d] = pairOf(decided.data);
    expect(c).toBe(b); // gavel: the comparison continues from the entry seen second
    expect([a, b]).not.toContain(d);
    expect(pairOf((await screen(judge, round.id).pair.get()).data)).toEqual([c, d]);
  });

  test("a stale pair is 409 with the current pair; the same answer twice at once makes one decision", async () => {
    const { round, entries, panel } = await pairwiseRound(6);
    const judge = panel[0]!.api;
    const [a, b] = pairOf((await screen(judge, round.id).pair.get()).data);
    const other = entries.find((e) => e !== a && e !== b)!;
    const stale = await screen(judge, round.id).decisions.post({ winnerId: a, loserId: other });
    expect(stale.status).toBe(409);
    expect(message(stale)).toBe(M.stalePair);
    const current = (stale.error?.value as { current?: { pair: unknown } }).current;
    expect(pairOf(current as never)).toEqual([a, b]);

    const twice = await Promise.all([
      screen(judge, round.id).decisions.post({ winnerId: a, loserId: b }),
      screen(judge, round.id).decisions.post({ winnerId: a, loserId: b }),
    ]);
    expect(twice.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await (await db()).pairwiseDecision.count({ where: { roundId: round.id } })).toBe(1);
    // Sequentially too: the second click finds the next pair.
    const [c, d] = pairOf(twice.find((r) => r.status === 201)!.data);
    expect((await screen(judge, round.id).decisions.post({ winnerId: d, loserId: c })).status).toBe(201);
    expect((await screen(judge, round.id).decisions.post({ winnerId: d, loserId: c })).status).toBe(409);
    expect(await (await db()).pairwiseDecision.count({ where: { roundId: round.id } })).toBe(2);
  });

  test("undo within 60 s restores μ and σ² exactly and shows the pair again; only the last answer, only within 60 s", async () => {
    const { round, entries, panel } = await pairwiseRound(6);
    const [j1, j2] = [panel[0]!.api, panel[1]!.api];
    for (const judge of [j1, j2, j1]) {
      const [a, b] = pairOf((await screen(judge, round.id).pair.get()).data);
      expect((await screen(judge, round.id).decisions.post({ winnerId: a, loserId: b })).status).toBe(201);
    }
    const before = await states(round.id);
    const judgeBefore = await (await db()).pairwiseJudgeState.findUniqueOrThrow({
      where: { roundId_judgeId: { roundId: round.id, judgeId: panel[0]!.id } },
    });
    const [a, b] = pairOf((await screen(j1, round.id).pair.get()).data);
    const decided = await screen(j1, round.id).decisions.post({ winnerId: b, loserId: a });
    expect(decided.status).toBe(201);
    expect(await states(round.id)).not.toEqual(before);

    const undone = await screen(j1, round.id).decisions.undo.post({});
    expect(undone.status).toBe(200);
    expect(pairOf(undone.data)).toEqual([a, b]);
    expect(undone.data).toMatchObject({ decisions: 2, undo: null });
    expect(pairOf((await screen(j1, round.id).pair.get()).data)).toEqual([a, b]);
    expect(await states(round.id)).toEqual(before);
    const judgeAfter = await (await db()).pairwiseJudgeState.findUniqueOrThrow({
      where: { roundId_judgeId: { roundId: round.id, judgeId: panel[0]!.id } },
    });
    expect([judgeAfter.alpha, judgeAfter.beta]).toEqual([judgeBefore.alpha, judgeBefore.beta]);
    // The cache equals replaying the remaining decisions from scratch.
    const remaining = await (await db()).pairwiseDecision.findMany({
      where: { roundId: round.id, undoneAt: null },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    });
    const replay = recompute(remaining, entries);
    for (const [id, [mu, sigmaSq]] of await states(round.id))
      expect([mu, sigmaSq]).toEqual([replay.items.get(id)!.mu, replay.items.get(id)!.sigmaSq]);

    // Twice: the last answer is already undone.
    const again = await screen(j1, round.id).decisions.undo.post({});
    expect(again.status).toBe(409);
    expect(message(again)).toBe(M.undo);

    // After 60 seconds: refused.
    const redo = await screen(j1, round.id).decisions.post({ winnerId: a, loserId: b });
    expect(redo.status).toBe(201);
    const last = await (await db()).pairwiseDecision.findFirstOrThrow({
      where: { roundId: round.id, judgeId: panel[0]!.id, undoneAt: null },
      orderBy: { createdAt: "desc" },
    });
    await (await db()).pairwiseDecision.update({
      where: { id: last.id },
      data: { createdAt: new Date(Date.now() - 61_000) },
    });
    expect((await screen(j1, round.id).pair.get()).data!.undo).toBeNull();
    const late = await screen(j1, round.id).decisions.undo.post({});
    expect(late.status).toBe(409);
    expect(message(late)).toBe(M.undo);
  });

  test("a judge is never shown an entry they have a conflict with, over every pair they are given", async () => {
    const { round, entries, panel } = await pairwiseRound(7, 1);
    const conflicted = entries[0]!;
    await (await db()).user.update({ where: { id: panel[0]!.id }, data: { affiliations: ["acme corp"] } });
    const judge = panel[0]!.api;
    let state = (await screen(judge, round.id).pair.get()).data!;
    let answered = 0;
    while (state.pair) {
      expect([state.pair.a.submissionId, state.pair.b.submissionId]).not.toContain(conflicted);
      const [a, b] = pairOf(state);
      const res = await screen(judge, round.id).decisions.post({ winnerId: a, loserId: b });
      expect(res.status).toBe(201);
      state = res.data!;
      answered++;
    }
    // Six entries it may see: five comparisons, each entry shown once, then no pair is left.
    expect(answered).toBe(5);
    expect(state.decisions).toBe(5);
    const seen = await (await db()).pairwiseDecision.findMany({ where: { roundId: round.id } });
    expect(seen.flatMap((d) => [d.winnerId, d.loserId])).not.toContain(conflicted);
  });

  test("a conflict arising while a pair is on screen: its answer is refused as stale and the entry is not shown again", async () => {
    const { round, entries, panel } = await pairwiseRound(5, 1);
    const judge = panel[0]!.api;
    let state = (await screen(judge, round.id).pair.get()).data!;
    // Answer until entry 0 (its member applied for Acme Corp) is on screen.
    while (state.pair && ![state.pair.a.submissionId, state.pair.b.submissionId].includes(entries[0]!)) {
      const [a, b] = pairOf(state);
      state = (await screen(judge, round.id).decisions.post({ winnerId: a, loserId: b })).data!;
    }
    const [a, b] = pairOf(state);
    await (await db()).user.update({ where: { id: panel[0]!.id }, data: { affiliations: ["ACME corp"] } });
    const refused = await screen(judge, round.id).decisions.post({ winnerId: a, loserId: b });
    expect(refused.status).toBe(409);
    expect(message(refused)).toBe(M.stalePair);
    const current = (
      refused.error?.value as { current: { pair: { a: { submissionId: string }; b: { submissionId: string } } | null } }
    ).current;
    if (current.pair) expect([current.pair.a.submissionId, current.pair.b.submissionId]).not.toContain(entries[0]);
    const decided = await (await db()).pairwiseDecision.findMany({ where: { roundId: round.id } });
    expect(decided.flatMap((d) => [d.winnerId, d.loserId])).not.toContain(entries[0]);
  });

  test("404 for a non-judge, a removed judge, a rubric or closed round; 401 signed out; a decision after the close is 409", async () => {
    const { challenge, admin, round, panel } = await pairwiseRound(4);
    const judge = panel[0]!.api;
    const [a, b] = pairOf((await screen(judge, round.id).pair.get()).data);
    expect((await screen(as(await createUser()), round.id).pair.get()).status).toBe(404);
    expect((await screen(as(), round.id).pair.get()).status).toBe(401);
    expect((await screen(as(await createUser()), round.id).decisions.post({ winnerId: a, loserId: b })).status).toBe(404);

    const removed = panel[1]!;
    expect((await screen(removed.api, round.id).pair.get()).status).toBe(200);
    expect((await admin.challenges({ id: challenge.id }).judges({ userId: removed.id }).delete()).status).toBe(204);
    expect((await screen(removed.api, round.id).pair.get()).status).toBe(404);
    expect((await screen(removed.api, round.id).decisions.undo.post({})).status).toBe(404);

    const rubric = await (await db()).judgingRound.create({
      data: { challengeId: challenge.id, position: 2, name: "Final", method: "RUBRIC", state: "OPEN" },
    });
    expect((await screen(judge, rubric.id).pair.get()).status).toBe(404);

    expect((await admin.rounds({ roundId: round.id }).close.post()).status).toBe(200);
    const late = await screen(judge, round.id).decisions.post({ winnerId: a, loserId: b });
    expect(late.status).toBe(409);
    expect(message(late)).toBe("This round is closed.");
    expect((await screen(judge, round.id).pair.get()).status).toBe(404);
    expect(await (await db()).pairwiseDecision.count({ where: { roundId: round.id } })).toBe(0);
  });
});
