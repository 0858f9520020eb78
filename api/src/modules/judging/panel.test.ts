// The panel (decision 021) through the API: admins add judges by username or e-mail (an address with no account is
// invited and mailed; a verified account with that address becomes a judge on its first /judging call), opening a
// rubric round assigns judgesPerEntry judges per entry around conflicts, and a judge reaches an entry ONLY through an
// assignment of theirs in an OPEN round while they are still a judge — the privacy rules each have a test here.
import { describe, expect, test } from "bun:test";
import { as } from "../../../test/client";
import { createApplication, createChallenge, createUser, unique } from "../../../test/factories";
import { drain, withJobQueue } from "../../../test/jobs";
import { waitForMail } from "../../../test/mailbox";
import { db } from "../../db/client";
import { JUDGE_INVITATION_MAIL_JOB } from "./judges";
import { PANEL_MESSAGES as M } from "./schema";

withJobQueue();

const message = (res: { error: { value: unknown } | null }) => (res.error?.value as { message?: string } | undefined)?.message;
const rubric = [{ label: "Impact", guidance: "Who benefits?", min: 0, max: 10, weight: 1, visibility: "ENTRANT" as const }];

async function entrant(challengeId: string, company?: string) {
  const user = await createUser({ firstName: "Grace" });
  if (company) await createApplication(challengeId, user.id, { company });
  const submission = await (await db()).submission.create({
    data: {
      challengeId,
      status: "SUBMITTED",
      version: 1,
      submittedAt: new Date(),
      members: { create: { challengeId, userId: user.id, role: "OWNER" } },
      versions: { create: { number: 1, items: [{ deliverableId: "d1", title: "Demo", kind: "link", url: "https://x.test" }] } },
    },
  });
  return { user, submissionId: submission.id };
}

/** A challenge with `n` passed entries, `judges` judges and an OPEN rubric round of `perEntry` judges per entry. */
async function openRound(opts: { entries: number; judges: number; perEntry: number; beforeOpen?: (c: Ctx) => Promise<void> }) {
  const challenge = await createChallenge();
  const admin = as(await createUser({ toolAccess: ["challenges"] }));
  const entries = [];
  for (let i = 0; i < opts.entries; i++) entries.push(await entrant(challenge.id, i === 0 ? "Acme  Corp" : undefined));
  const judges = [];
  for (let i = 0; i < opts.judges; i++) {
    const user = await createUser({ firstName: `Judge${i}` });
    const added = await admin.challenges({ id: challenge.id }).judges.post({ usernameOrEmail: user.username });
    expect(added.status).toBe(201);
    judges.push({ user, api: as(user) });
  }
  for (const e of entries) {
    await admin.challenges({ id: challenge.id }).eligibility({ submissionId: e.submissionId }).put({ verdict: "PASS" });
  }
  const round = (
    await admin.challenges({ id: challenge.id }).rounds.post({ name: "Rubric", method: "RUBRIC", judgesPerEntry: opts.perEntry })
  ).data!;
  await admin.rounds({ roundId: round.id }).criteria.put({ criteria: rubric });
  const ctx = { challenge, admin, entries, judges, round };
  if (opts.beforeOpen) await opts.beforeOpen(ctx);
  const opened = await admin.rounds({ roundId: round.id }).open.post();
  expect(opened.status).toBe(200);
  return ctx;
}
type Ctx = Awaited<ReturnType<typeof openRound>>;

describe("judges", () => {
  test("admins add an account (201, repeat 200), invite an address with no account (mailed), list and remove", async () => {
    const challenge = await createChallenge();
    const admin = as(await createUser({ toolAccess: ["challenges"] }));
    const judges = admin.challenges({ id: challenge.id }).judges;
    const user = await createUser({ firstName: "Ada", lastName: "Lovelace", affiliations: ["Analytical Engines"] });
    const first = await judges.post({ usernameOrEmail: user.username });
    expect(first.status).toBe(201);
    expect(first.data).toMatchObject({ judge: { userId: user.id, name: "Ada Lovelace", affiliations: ["Analytical Engines"] } });
    const again = await judges.post({ usernameOrEmail: user.email.toUpperCase() });
    expect(again.status).toBe(200);
    expect(again.data).toMatchObject({ judge: { userId: user.id } });

    const email = `${unique("invitee")}@example.com`;
    const invited = await judges.post({ usernameOrEmail: email });
    expect(invited.status).toBe(201);
    const invitation = (invited.data as { invitation: { id: string; email: string } }).invitation;
    expect(invitation.email).toBe(email);
    await drain(JUDGE_INVITATION_MAIL_JOB);
    const mail = await waitForMail(email, /invited to judge/);
    expect(mail.text).toContain(`/register?email=${encodeURIComponent(email)}`);

    expect((await judges.post({ usernameOrEmail: unique("nobody") })).status).toBe(404);
    expect((await judges.post({ usernameOrEmail: "   " })).status).toBe(400);
    const list = (await judges.get()).data!;
    expect(list.judges.map((j) => j.userId)).toEqual([user.id]);
    expect(list.invitations.map((i) => i.email)).toEqual([email]);

    // The roster is the challenges section's.
    expect((await as(user).challenges({ id: challenge.id }).judges.get()).status).toBe(403);
    expect((await admin.challenges({ id: challenge.id }).judges({ userId: user.id }).delete()).status).toBe(204);
    expect((await admin.challenges({ id: challenge.id }).judges({ userId: user.id }).delete()).status).toBe(404);
    expect((await judges.get()).data!.judges).toEqual([]);
  });

  test("an invitation becomes a judge only for a VERIFIED account with that address, on its first /judging call", async () => {
    const challenge = await createChallenge();
    const admin = as(await createUser({ toolAccess: ["challenges"] }));
    const email = `${unique("late")}@example.com`;
    await admin.challenges({ id: challenge.id }).judges.post({ usernameOrEmail: email });
    await drain(JUDGE_INVITATION_MAIL_JOB);
    const unverified = await createUser({ email });
    expect((await as(unverified).judging.assignments.get()).status).toBe(200);
    expect((await admin.challenges({ id: challenge.id }).judges.get()).data!.judges).toEqual([]);
    await (await db()).user.update({ where: { id: unverified.id }, data: { emailVerified: true } });
    await as(unverified).judging.assignments.get();
    const list = (await admin.challenges({ id: challenge.id }).judges.get()).data!;
    expect(list.judges.map((j) => j.userId)).toEqual([unverified.id]);
    expect(list.invitations).toEqual([]);
  });
});

describe("assignment and conflicts", () => {
  test("opening gives each entry judgesPerEntry judges, balanced, never a conflicted one; by hand across a conflict is 409", async () => {
    let conflicted = "";
    const ctx = await openRound({
      entries: 3,
      judges: 3,
      perEntry: 2,
      beforeOpen: async (c) => {
        // Judge0 shares an affiliation with entry 0's member's application company ("Acme  Corp").
        conflicted = c.judges[0]!.user.id;
        await (await db()).user.update({ where: { id: conflicted }, data: { affiliations: ["acme corp"] } });
      },
    });
    const rows = (await ctx.admin.rounds({ roundId: ctx.round.id }).assignments.get()).data!;
    expect(rows).toHaveLength(3);
    for (const r of rows) expect(r.judges).toHaveLength(2);
    const first = rows.find((r) => r.submissionId === ctx.entries[0]!.submissionId)!;
    expect(first.judges.map((j) => j.judge.userId)).not.toContain(conflicted);
    expect(first.exclusions).toEqual([
      { judge: expect.objectContaining({ userId: conflicted }), reason: expect.stringContaining("Acme  Corp") },
    ]);
    const load = new Map<string, number>();
    for (const r of rows) for (const j of r.judges) load.set(j.judge.userId, (load.get(j.judge.userId) ?? 0) + 1);
    expect([...load.values()].sort()).toEqual([2, 2, 2]);

    const byHand = await ctx.admin
      .rounds({ roundId: ctx.round.id })
      .assignments.post({ submissionId: ctx.entries[0]!.submissionId, judgeId: conflicted });
    expect(byHand.status).toBe(409);
    expect(message(byHand)).toContain("Shares an affiliation");
    // The conflicted judge never reaches the entry, even with a row forced into the table.
    const forced = await (await db()).judgeAssignment.create({
      data: { roundId: ctx.round.id, submissionId: ctx.entries[0]!.submissionId, judgeId: conflicted, manual: true },
    });
    expect((await ctx.judges[0]!.api.judging.assignments({ assignmentId: forced.id }).get()).status).toBe(404);
    const queue = (await ctx.judges[0]!.api.judging.assignments.get()).data!;
    expect(queue.assignments.map((a) => a.entry.submissionId)).not.toContain(ctx.entries[0]!.submissionId);
  });

  test("a team member who is also a judge, or who applied, is never assigned; by hand a free judge is placed (201)", async () => {
    const ctx = await openRound({
      entries: 2,
      judges: 2,
      perEntry: 1,
      beforeOpen: async (c) => {
        await createApplication(c.challenge.id, c.judges[1]!.user.id);
      },
    });
    const rows = (await ctx.admin.rounds({ roundId: ctx.round.id }).assignments.get()).data!;
    for (const r of rows) {
      expect(r.judges.map((j) => j.judge.userId)).toEqual([ctx.judges[0]!.user.id]);
      expect(r.exclusions).toEqual([
        { judge: expect.objectContaining({ userId: ctx.judges[1]!.user.id }), reason: "Applied to this challenge." },
      ]);
    }
    const extra = await createUser();
    await ctx.admin.challenges({ id: ctx.challenge.id }).judges.post({ usernameOrEmail: extra.username });
    const placed = await ctx.admin
      .rounds({ roundId: ctx.round.id })
      .assignments.post({ submissionId: ctx.entries[1]!.submissionId, judgeId: extra.id });
    expect(placed.status).toBe(201);
    expect(placed.data!.judges.map((j) => [j.judge.userId, j.manual])).toContainEqual([extra.id, true]);
    const again = await ctx.admin
      .rounds({ roundId: ctx.round.id })
      .assignments.post({ submissionId: ctx.entries[1]!.submissionId, judgeId: extra.id });
    expect(message(again)).toBe(M.alreadyAssigned);
    // Running again keeps everything (the entries are full) and answers the same list.
    const rerun = await ctx.admin.rounds({ roundId: ctx.round.id }).assign.post();
    expect(rerun.data!.find((r) => r.submissionId === ctx.entries[1]!.submissionId)!.judges).toHaveLength(2);
  });
});

describe("the judge's side (privacy)", () => {
  test("a judge sees only their assigned entries, only while the round is OPEN, and only their own scores", async () => {
    const ctx = await openRound({ entries: 2, judges: 2, perEntry: 1 });
    const [a, b] = ctx.judges as [Ctx["judges"][number], Ctx["judges"][number]];
    const qa = (await a.api.judging.assignments.get()).data!;
    const qb = (await b.api.judging.assignments.get()).data!;
    expect(qa.assignments).toHaveLength(1);
    expect(qb.assignments).toHaveLength(1);
    expect(qa.progress).toEqual([{ roundId: ctx.round.id, scored: 0, total: 1 }]);
    const mine = qa.assignments[0]!;
    expect(mine).toMatchObject({
      round: { id: ctx.round.id, method: "RUBRIC" },
      challenge: { id: ctx.challenge.id },
      complete: false,
    });
    const theirs = qb.assignments[0]!;
    expect(theirs.entry.submissionId).not.toBe(mine.entry.submissionId);

    // b's score must never reach a.
    const criterion = (await ctx.admin.rounds({ roundId: ctx.round.id }).criteria.get()).data![0]!;
    await (await db()).judgeScore.create({
      data: { assignmentId: theirs.assignmentId, criterionId: criterion.id, value: 9, comment: "b's" },
    });
    const detail = await a.api.judging.assignments({ assignmentId: mine.assignmentId }).get();
    expect(detail.status).toBe(200);
    expect(detail.data!.entry.items).toEqual([expect.objectContaining({ title: "Demo" })]);
    expect(detail.data!.criteria.map((c) => c.guidance)).toEqual(["Who benefits?"]);
    expect(detail.data!.scores).toEqual([]);
    expect((await a.api.judging.assignments({ assignmentId: theirs.assignmentId }).get()).status).toBe(404);
    const stranger = as(await createUser());
    expect((await stranger.judging.assignments({ assignmentId: mine.assignmentId }).get()).status).toBe(404);
    expect((await stranger.judging.assignments.get()).data!.assignments).toEqual([]);

    await ctx.admin.rounds({ roundId: ctx.round.id }).close.post();
    expect((await a.api.judging.assignments({ assignmentId: mine.assignmentId }).get()).status).toBe(404);
    expect((await a.api.judging.assignments.get()).data!.assignments).toEqual([]);
  });

  test("a removed judge loses access at once; a recusal ends the assignment and hands the entry to a free judge", async () => {
    const ctx = await openRound({ entries: 1, judges: 3, perEntry: 1 });
    const rows = (await ctx.admin.rounds({ roundId: ctx.round.id }).assignments.get()).data!;
    const assigned = rows[0]!.judges[0]!;
    const judge = ctx.judges.find((j) => j.user.id === assigned.judge.userId)!;
    expect((await judge.api.judging.assignments({ assignmentId: assigned.assignmentId }).get()).status).toBe(200);

    expect(
      (await judge.api.judging.assignments({ assignmentId: assigned.assignmentId }).recuse.post({ reason: "" })).status,
    ).toBe(400);
    const recused = await judge.api.judging
      .assignments({ assignmentId: assigned.assignmentId })
      .recuse.post({ reason: "I advise this team." });
    expect(recused.status).toBe(204);
    expect((await judge.api.judging.assignments({ assignmentId: assigned.assignmentId }).get()).status).toBe(404);
    const after = (await ctx.admin.rounds({ roundId: ctx.round.id }).assignments.get()).data![0]!;
    expect(after.recusals).toEqual([expect.objectContaining({ reason: "I advise this team." })]);
    expect(after.judges).toHaveLength(1);
    const next = after.judges[0]!;
    expect(next.judge.userId).not.toBe(judge.user.id);

    const successor = ctx.judges.find((j) => j.user.id === next.judge.userId)!;
    expect((await successor.api.judging.assignments({ assignmentId: next.assignmentId }).get()).status).toBe(200);
    await ctx.admin.challenges({ id: ctx.challenge.id }).judges({ userId: successor.user.id }).delete();
    expect((await successor.api.judging.assignments({ assignmentId: next.assignmentId }).get()).status).toBe(404);
    expect((await successor.api.judging.assignments.get()).data!.assignments).toEqual([]);
  });
});

describe("the judge's overview (GET /judging)", () => {
  test("lists the caller's challenges with open rounds and their progress; a non-judge gets an empty list", async () => {
    const ctx = await openRound({ entries: 2, judges: 1, perEntry: 1 });
    const judge = ctx.judges[0]!;
    const overview = await judge.api.judging.get();
    expect(overview.status).toBe(200);
    expect(overview.data).toEqual({
      challenges: [
        {
          id: ctx.challenge.id,
          title: ctx.challenge.title,
          rounds: [{ id: ctx.round.id, name: "Rubric", method: "RUBRIC", state: "OPEN", closesAt: null, scored: 0, total: 2 }],
        },
      ],
    });
    const first = (await judge.api.judging.assignments.get()).data!.assignments[0]!;
    const criterion = (await ctx.admin.rounds({ roundId: ctx.round.id }).criteria.get()).data![0]!;
    await judge.api.judging
      .assignments({ assignmentId: first.assignmentId })
      .scores.put({ scores: [{ criterionId: criterion.id, value: 5 }] });
    expect((await judge.api.judging.get()).data!.challenges[0]!.rounds[0]).toMatchObject({ scored: 1, total: 2 });

    // A PAIRWISE round counts the judge's decisions that were not undone; its total is null.
    const prisma = await db();
    const pairwise = await prisma.judgingRound.create({
      data: { challengeId: ctx.challenge.id, position: 2, name: "Shortlist", method: "PAIRWISE", state: "OPEN" },
    });
    const [e0, e1] = ctx.entries as [Ctx["entries"][number], Ctx["entries"][number]];
    await prisma.pairwiseDecision.createMany({
      data: [
        { roundId: pairwise.id, judgeId: judge.user.id, winnerId: e0.submissionId, loserId: e1.submissionId },
        {
          roundId: pairwise.id,
          judgeId: judge.user.id,
          winnerId: e1.submissionId,
          loserId: e0.submissionId,
          undoneAt: new Date(),
        },
      ],
    });
    const rounds = (await judge.api.judging.get()).data!.challenges[0]!.rounds;
    expect(rounds.map((r) => [r.name, r.scored, r.total])).toEqual([
      ["Rubric", 1, 2],
      ["Shortlist", 1, null],
    ]);

    await ctx.admin.rounds({ roundId: ctx.round.id }).close.post();
    expect((await judge.api.judging.get()).data!.challenges[0]!.rounds.map((r) => r.name)).toEqual(["Shortlist"]);
    expect((await as(await createUser()).judging.get()).data).toEqual({ challenges: [] });
    expect((await as().judging.get()).status).toBe(401);
  });
});
