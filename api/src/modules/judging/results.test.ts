// Results (decisions 020, 021) through the API: admins see live results (rubric scores; pairwise μ ± σ; vote counts);
// the public sees nothing before publication, then the frozen snapshot whose SHA-256 anyone recomputes, and never a
// judge's name; a team sees only its own rank and ENTRANT feedback, judges unnamed; exports list every judge and
// entry with formula-safe CSV cells.
import { describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { as, BASE_URL, raw } from "../../../test/client";
import { createChallenge, createUser, unique } from "../../../test/factories";
import { db } from "../../db/client";
import { createSession, SESSION_COOKIE } from "../auth/sessions";
import { canonicalJson, snapshotHash } from "./canonical-json";
import { SCORE_MESSAGES as M } from "./schema";

const admin = () => createUser({ toolAccess: ["challenges"] });

async function team(challengeId: string, firstName: string) {
  const user = await createUser({ firstName, lastName: "Team", email: `${unique("entrant")}@example.com` });
  const submission = await (await db()).submission.create({
    data: {
      challengeId,
      status: "SUBMITTED",
      version: 1,
      submittedAt: new Date(),
      members: { create: { challengeId, userId: user.id, role: "OWNER" } },
    },
  });
  return { user, submissionId: submission.id };
}

/**
 * An OPEN rubric round on two teams (Ada, Bo), Impact (ENTRANT, 0–10, weight 2) and Craft (PRIVATE, 1–5), judged by
 * Jo Judge and Kim Judge on both entries: Ada's entry scores higher with both.
 */
async function scoredRound() {
  const prisma = await db();
  const challenge = await createChallenge();
  const ada = await team(challenge.id, "Ada");
  const bo = await team(challenge.id, "Bo");
  const round = await prisma.judgingRound.create({
    data: { challengeId: challenge.id, position: 1, name: "Rubric", method: "RUBRIC", state: "OPEN", openedAt: new Date() },
  });
  const impact = await prisma.judgingCriterion.create({
    data: { roundId: round.id, position: 1, label: "Impact", min: 0, max: 10, weight: 2, visibility: "ENTRANT" },
  });
  const craft = await prisma.judgingCriterion.create({
    data: { roundId: round.id, position: 2, label: "Craft", min: 1, max: 5, weight: 1, visibility: "PRIVATE" },
  });
  for (const s of [ada, bo]) await prisma.roundEntry.create({ data: { roundId: round.id, submissionId: s.submissionId } });
  const judges = [];
  for (const name of ["Jo", "Kim"]) {
    const user = await createUser({ firstName: name, lastName: "Judge" });
    await prisma.judge.create({ data: { challengeId: challenge.id, userId: user.id } });
    judges.push(user);
  }
  const score = async (judgeId: string, submissionId: string, i: number, c: number, comment: string | null) => {
    const a = await prisma.judgeAssignment.create({ data: { roundId: round.id, submissionId, judgeId } });
    await prisma.judgeScore.create({ data: { assignmentId: a.id, criterionId: impact.id, value: i, comment } });
    await prisma.judgeScore.create({ data: { assignmentId: a.id, criterionId: craft.id, value: c, comment: "private note" } });
  };
  await score(judges[0]!.id, ada.submissionId, 9, 4, "Clear benefit");
  await score(judges[1]!.id, ada.submissionId, 8, 5, "=cmd|' /C calc'!A0");
  await score(judges[0]!.id, bo.submissionId, 4, 2, "Needs users");
  await score(judges[1]!.id, bo.submissionId, 3, 3, null);
  const api = as(await admin());
  return { challenge, round, impact, craft, ada, bo, judges, api };
}

async function get(path: string, user: { id: string }) {
  const { token } = await createSession(user.id);
  return raw(new Request(`${BASE_URL}${path}`, { headers: { cookie: `${SESSION_COOKIE}=${token}` } }));
}

describe("results", () => {
  test("the public sees nothing before publication, then the snapshot whose SHA-256 anyone recomputes; no judge named", async () => {
    const { challenge, round, ada, bo, judges, api } = await scoredRound();
    const publicApi = as().challenges({ id: challenge.id }).results;
    const before = await publicApi.get();
    expect(before.status).toBe(200);
    expect(before.data).toEqual({ rounds: [], awards: [] });

    const live = await api.rounds({ roundId: round.id }).results.get();
    expect(live.data).toMatchObject({ method: "RUBRIC", ranked: true });
    expect(live.data!.entries.map((e) => [e.submissionId, e.rank, e.mu, e.sigma, e.votes])).toEqual([
      [ada.submissionId, 1, null, null, null],
      [bo.submissionId, 2, null, null, null],
    ]);
    // Closed but not published: still nothing.
    await api.rounds({ roundId: round.id }).close.post();
    expect((await publicApi.get()).data!.rounds).toEqual([]);
    const published = await api.rounds({ roundId: round.id }).publish.post();
    expect(published.status).toBe(200);

    const after = await publicApi.get();
    expect(after.data!.rounds).toHaveLength(1);
    const r = after.data!.rounds[0]!;
    expect(r).toMatchObject({ roundId: round.id, method: "RUBRIC", sha256: published.data!.sha256 });
    // Anyone: canonicalise the returned snapshot (RFC 8785) and hash it; and the stored text hashes the same.
    expect(snapshotHash(r.snapshot)).toBe(r.sha256);
    expect(createHash("sha256").update(canonicalJson(r.snapshot), "utf8").digest("hex")).toBe(r.sha256);
    const stored = await (await db()).roundResult.findUniqueOrThrow({ where: { roundId: round.id } });
    expect(createHash("sha256").update(stored.snapshot, "utf8").digest("hex")).toBe(r.sha256);
    expect(canonicalJson(r.snapshot)).toBe(stored.snapshot);
    const snapshot = r.snapshot as { entries: { submissionId: string; rank: number; team: string; mu: null }[] };
    expect(snapshot.entries.map((e) => [e.submissionId, e.rank, e.team, e.mu])).toEqual([
      [ada.submissionId, 1, "Ada Team", null],
      [bo.submissionId, 2, "Bo Team", null],
    ]);
    const text = JSON.stringify(after.data);
    for (const j of judges) {
      expect(text).not.toContain(j.username);
      expect(text).not.toContain(j.id);
    }
    expect(text).not.toContain("Judge");
    expect(text).not.toContain("private note");
    // A draft challenge is not public; an unknown one answers 404.
    const hidden = await createChallenge({ status: "DRAFT" });
    expect((await as().challenges({ id: hidden.id }).results.get()).status).toBe(404);
    expect((await as().challenges({ id: "nope" }).results.get()).status).toBe(404);
  });

  test("a team sees only its own rank and ENTRANT feedback, judges as Judge 1 and Judge 2; nothing before publication", async () => {
    const { challenge, round, impact, craft, ada, bo, api } = await scoredRound();
    const mine = as(ada.user).challenges({ id: challenge.id })["my-results"];
    const before = await mine.get();
    expect(before.data).toEqual({ submissionId: ada.submissionId, rounds: [] });
    await api.rounds({ roundId: round.id }).close.post();
    expect((await mine.get()).data!.rounds).toEqual([]);
    await api.rounds({ roundId: round.id }).publish.post();

    const res = await mine.get();
    expect(res.status).toBe(200);
    expect(res.data).toEqual({
      submissionId: ada.submissionId,
      rounds: [
        {
          roundId: round.id,
          name: "Rubric",
          method: "RUBRIC",
          rank: 1,
          entries: 2,
          feedback: [
            {
              criterionId: impact.id,
              label: "Impact",
              min: 0,
              max: 10,
              scores: [
                { judge: "Judge 1", value: 9, comment: "Clear benefit" },
                { judge: "Judge 2", value: 8, comment: "=cmd|' /C calc'!A0" },
              ],
            },
          ],
        },
      ],
    });
    const text = JSON.stringify(res.data);
    expect(text).not.toContain(craft.id);
    expect(text).not.toContain("private note");
    expect(text).not.toContain(bo.submissionId);
    expect(text).not.toContain("Needs users");
    const other = await as(bo.user).challenges({ id: challenge.id })["my-results"].get();
    expect(other.data!.rounds[0]).toMatchObject({ rank: 2 });
    expect(other.data!.rounds[0]!.feedback[0]!.scores.map((s) => s.value)).toEqual([4, 3]);

    const stranger = await as(await createUser())
      .challenges({ id: challenge.id })
      ["my-results"].get();
    expect(stranger.status).toBe(404);
    expect((stranger.error?.value as { message?: string }).message).toBe(M.noTeam);
    expect((await as().challenges({ id: challenge.id })["my-results"].get()).status).toBe(401);
  });

  test("exports list every judge's sheet and every entry, as CSV with formula-safe cells or JSON; admins only", async () => {
    const { challenge, round, ada, bo, judges } = await scoredRound();
    const reviewer = await admin();
    const csv = await get(`/api/rounds/${round.id}/export?format=csv&by=judge`, reviewer);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(csv.headers.get("content-disposition")).toContain("attachment");
    const lines = (await csv.text()).trimEnd().split("\r\n");
    expect(lines).toHaveLength(5); // header + 2 judges × 2 entries
    expect(lines[0]).toContain('"Impact comment"');
    for (const j of judges) expect(lines.filter((l) => l.includes(`"${j.username}"`))).toHaveLength(2);
    expect(lines.join("\n")).toContain(`"'=cmd|' /C calc'!A0"`);
    expect(lines.join("\n")).not.toMatch(/(^|,)"=cmd/m);

    const byEntry = await get(`/api/rounds/${round.id}/export?format=csv&by=entry`, reviewer);
    const entryLines = (await byEntry.text()).trimEnd().split("\r\n");
    expect(entryLines).toHaveLength(3);
    expect(entryLines[1]).toStartWith(`"1","${ada.submissionId}","Ada Team"`);
    expect(entryLines[2]).toStartWith(`"2","${bo.submissionId}","Bo Team"`);
    // a negative normalised score stays a number
    expect(entryLines[2]).toContain(`,"-1",`);

    const json = await get(`/api/rounds/${round.id}/export?format=json&by=judge`, reviewer);
    expect(json.headers.get("content-type")).toContain("application/json");
    const body = (await json.json()) as { rows: { judge: string; complete: boolean; submissionId: string }[] };
    expect(body.rows).toHaveLength(4);
    expect(body.rows.every((r) => r.complete)).toBe(true);

    expect((await get(`/api/rounds/${round.id}/export?format=xml&by=judge`, reviewer)).status).toBe(400);
    expect((await get(`/api/rounds/${round.id}/export?format=csv&by=judge`, ada.user)).status).toBe(403);
    expect((await get(`/api/rounds/${round.id}/results`, judges[0]!)).status).toBe(403);
    expect((await get(`/api/challenges/${challenge.id}/awards`, ada.user)).status).toBe(403);
  });

  test("pairwise rounds rank by μ, public votes by count (1, 1, 3); the rubric's last tie-break is the pairwise μ", async () => {
    const prisma = await db();
    const challenge = await createChallenge();
    const [a, b, c] = [await team(challenge.id, "A"), await team(challenge.id, "B"), await team(challenge.id, "C")];
    const api = as(await admin());
    const judge = await createUser();

    const vote = await prisma.judgingRound.create({
      data: { challengeId: challenge.id, position: 1, name: "Vote", method: "PUBLIC_VOTE", state: "OPEN" },
    });
    for (const s of [a, b, c]) await prisma.roundEntry.create({ data: { roundId: vote.id, submissionId: s.submissionId } });
    const unvoted = await api.rounds({ roundId: vote.id }).results.get();
    expect(unvoted.data!.ranked).toBe(false);
    expect(unvoted.data!.entries.map((e) => [e.rank, e.votes])).toEqual([
      [null, 0],
      [null, 0],
      [null, 0],
    ]);
    const voters = [await createUser(), await createUser()];
    const cast = (voterId: string, submissionId: string, voided = false) =>
      prisma.publicVote.create({
        data: { roundId: vote.id, voterId, submissionId, network: "10.0.0.0/24", ...(voided && { voidedAt: new Date() }) },
      });
    await cast(voters[0]!.id, b.submissionId);
    await cast(voters[1]!.id, b.submissionId);
    await cast(voters[0]!.id, c.submissionId);
    await cast(voters[1]!.id, c.submissionId);
    await cast(voters[0]!.id, a.submissionId);
    await cast(voters[1]!.id, a.submissionId, true); // voided: never counts
    const tally = await api.rounds({ roundId: vote.id }).results.get();
    expect(tally.data!.ranked).toBe(true);
    const [first, second] = [b.submissionId, c.submissionId].sort();
    expect(tally.data!.entries.map((e) => [e.submissionId, e.rank, e.votes, e.mu])).toEqual([
      [first, 1, 2, null],
      [second, 1, 2, null],
      [a.submissionId, 3, 1, null],
    ]);

    const pairwise = await prisma.judgingRound.create({
      data: { challengeId: challenge.id, position: 2, name: "Pairs", method: "PAIRWISE", state: "OPEN" },
    });
    for (const s of [a, b, c]) await prisma.roundEntry.create({ data: { roundId: pairwise.id, submissionId: s.submissionId } });
    await prisma.pairwiseDecision.create({
      data: { roundId: pairwise.id, judgeId: judge.id, winnerId: c.submissionId, loserId: a.submissionId },
    });
    for (const [s, mu] of [
      [a, -0.5],
      [b, 0],
      [c, 0.5],
    ] as const)
      await prisma.pairwiseEntryState.create({
        data: { roundId: pairwise.id, submissionId: s.submissionId, mu, sigmaSq: 0.81 },
      });
    const standings = await api.rounds({ roundId: pairwise.id }).results.get();
    expect(standings.data!.ranked).toBe(true);
    expect(standings.data!.entries.map((e) => [e.submissionId, e.rank, e.mu, e.sigma, e.votes])).toEqual([
      [c.submissionId, 1, 0.5, 0.9, null],
      [b.submissionId, 2, 0, 0.9, null],
      [a.submissionId, 3, -0.5, 0.9, null],
    ]);

    // A rubric round where A and C tie on both scores: C's higher μ puts it first.
    const rubric = await prisma.judgingRound.create({
      data: { challengeId: challenge.id, position: 3, name: "Rubric", method: "RUBRIC", state: "OPEN" },
    });
    const crit = await prisma.judgingCriterion.create({
      data: { roundId: rubric.id, position: 1, label: "Impact", min: 0, max: 10, weight: 1 },
    });
    for (const s of [a, c]) {
      await prisma.roundEntry.create({ data: { roundId: rubric.id, submissionId: s.submissionId } });
      const asg = await prisma.judgeAssignment.create({
        data: { roundId: rubric.id, submissionId: s.submissionId, judgeId: judge.id },
      });
      await prisma.judgeScore.create({ data: { assignmentId: asg.id, criterionId: crit.id, value: 7 } });
    }
    const tied = await api.rounds({ roundId: rubric.id }).results.get();
    expect(tied.data!.entries.map((e) => [e.submissionId, e.rank])).toEqual([
      [c.submissionId, 1],
      [a.submissionId, 2],
    ]);
  });
});
