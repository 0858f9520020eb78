// Rounds (decision 021) through the API: the `challenges` section creates ordered rounds with bounded settings, sets a
// rubric while DRAFT, screens eligibility (a FAIL is mailed and shown to the team, final once round one opens), picks a
// later round's entries, and moves each round forward only — open fixes the entries, close and publish happen once
// however many callers race (two admins publishing store one snapshot; a late score write after a close gets 409).
import { describe, expect, test } from "bun:test";
import { as, invalid } from "../../../test/client";
import { createChallenge, createUser, unique } from "../../../test/factories";
import { drain, jobsIn, withJobQueue } from "../../../test/jobs";
import { mailsTo, waitForMail } from "../../../test/mailbox";
import { db } from "../../db/client";
import { ELIGIBILITY_FAIL_MAIL_JOB } from "./eligibility";
import { ROUND_CLOSE_JOB, closeDueRounds, lockRoundOpen } from "./rounds";
import { ROUND_MESSAGES as M } from "./schema";

withJobQueue();

const message = (res: { error: { value: unknown } | null }) => (res.error?.value as { message?: string } | undefined)?.message;
const admin = () => createUser({ toolAccess: ["challenges"] });

/** A SUBMITTED team of one on the challenge. */
async function submitted(challengeId: string, status: "SUBMITTED" | "WITHDRAWN" | "DISQUALIFIED" = "SUBMITTED") {
  const user = await createUser({ firstName: "Grace", email: `${unique("entrant")}@example.com` });
  const submission = await (await db()).submission.create({
    data: {
      challengeId,
      status,
      version: 1,
      submittedAt: new Date(),
      members: { create: { challengeId, userId: user.id, role: "OWNER" } },
    },
  });
  return { user, api: as(user), submissionId: submission.id };
}

const rubric = [
  { label: "Impact", guidance: "Who benefits?", min: 0, max: 10, weight: 2, visibility: "ENTRANT" as const },
  { label: "Craft", guidance: null, min: 1, max: 5, weight: 1, visibility: "PRIVATE" as const },
];

async function setup() {
  const challenge = await createChallenge();
  const api = as(await admin());
  const rounds = api.challenges({ id: challenge.id }).rounds;
  return { challenge, api, rounds, round: (roundId: string) => api.rounds({ roundId }) };
}

describe("rounds", () => {
  test("admins create ordered rounds (201, next position), list them, change drafts and delete only the last draft", async () => {
    const { challenge, rounds, round } = await setup();
    const first = await rounds.post({ name: "Rubric round", method: "RUBRIC", judgesPerEntry: 2 });
    expect(first.status).toBe(201);
    expect(first.data).toMatchObject({
      position: 1,
      state: "DRAFT",
      judgesPerEntry: 2,
      carryForward: null,
      entries: 0,
      criteria: 0,
    });
    const second = await rounds.post({ name: "Final", method: "PAIRWISE", carryForward: 5 });
    expect(second.data!.position).toBe(2);
    const list = await rounds.get();
    expect(list.data!.map((r) => r.name)).toEqual(["Rubric round", "Final"]);
    expect(list.data!.every((r) => r.challengeId === challenge.id)).toBe(true);

    const patched = await round(second.data!.id).patch({ name: "Shortlist", voteLimit: 5, rankBy: "MEAN" });
    expect(patched.data).toMatchObject({ name: "Shortlist", voteLimit: 5, rankBy: "MEAN" });

    const deleteFirst = await round(first.data!.id).delete();
    expect(deleteFirst.status).toBe(409);
    expect(message(deleteFirst)).toBe(M.deleteOnlyLastDraft);
    expect((await round(second.data!.id).delete()).status).toBe(204);
    expect((await rounds.get()).data!.map((r) => r.position)).toEqual([1]);
  });

  test("every setting is bounded; closing before opening is refused; members and strangers are refused", async () => {
    const { challenge, rounds } = await setup();
    for (const body of [
      { name: "x".repeat(121), method: "RUBRIC" },
      { name: "  ", method: "RUBRIC" },
      { name: "R", method: "RANDOM" },
      { name: "R", method: "RUBRIC", judgesPerEntry: 0 },
      { name: "R", method: "RUBRIC", judgesPerEntry: 21 },
      { name: "R", method: "PUBLIC_VOTE", voteLimit: 51 },
      { name: "R", method: "RUBRIC", carryForward: 10_001 },
      { name: "R", method: "RUBRIC", carryForward: 1.5 },
    ])
      expect((await rounds.post(invalid(body))).status).toBe(400);
    const bad = await rounds.post({
      name: "R",
      method: "RUBRIC",
      opensAt: "2027-01-02T00:00:00Z",
      closesAt: "2027-01-01T00:00:00Z",
    });
    expect(bad.status).toBe(400);
    expect(message(bad)).toBe(M.closesBeforeOpens);
    const member = as(await createUser());
    expect((await member.challenges({ id: challenge.id }).rounds.post({ name: "R", method: "RUBRIC" })).status).toBe(403);
    expect((await as().challenges({ id: challenge.id }).rounds.get()).status).toBe(401);
  });

  test("criteria: the whole list replaced while DRAFT, saved rows with ids in order; invalid or non-rubric refused", async () => {
    const { rounds, round } = await setup();
    const r = (await rounds.post({ name: "Rubric", method: "RUBRIC" })).data!;
    const saved = await round(r.id).criteria.put({ criteria: rubric });
    expect(saved.error?.value ?? null).toBeNull();
    expect(saved.status).toBe(200);
    expect(saved.data!.map((c) => [c.position, c.label, c.weight, c.visibility])).toEqual([
      [1, "Impact", 2, "ENTRANT"],
      [2, "Craft", 1, "PRIVATE"],
    ]);
    expect(saved.data!.every((c) => typeof c.id === "string")).toBe(true);
    const replaced = await round(r.id).criteria.put({ criteria: [rubric[1]!] });
    expect(replaced.data!.map((c) => c.label)).toEqual(["Craft"]);
    expect((await round(r.id).criteria.get()).data!.map((c) => c.label)).toEqual(["Craft"]);

    const inverted = await round(r.id).criteria.put({ criteria: [{ ...rubric[0]!, min: 5, max: 5 }] });
    expect(inverted.status).toBe(400);
    expect(message(inverted)).toBe(M.criteriaInvalid);
    expect((await round(r.id).criteria.put({ criteria: [{ ...rubric[0]!, weight: 0 }] })).status).toBe(400);
    expect((await round(r.id).criteria.put({ criteria: Array.from({ length: 31 }, () => rubric[0]!) })).status).toBe(400);

    const vote = (await rounds.post({ name: "Vote", method: "PUBLIC_VOTE" })).data!;
    const onVote = await round(vote.id).criteria.put({ criteria: rubric });
    expect(onVote.status).toBe(409);
    expect(message(onVote)).toBe(M.criteriaOnlyRubric);
  });
});

describe("eligibility and the state machine", () => {
  test("round one takes SUBMITTED + PASS only; a FAIL is mailed with its reason and shown to the team; the screen is final once round one opens", async () => {
    const { challenge, api, rounds, round } = await setup();
    const [a, b, c] = [await submitted(challenge.id), await submitted(challenge.id), await submitted(challenge.id)];
    const withdrawn = await submitted(challenge.id, "WITHDRAWN");
    const screen = api.challenges({ id: challenge.id }).eligibility;

    const listed = await screen.get();
    expect(listed.data!.map((r) => r.submissionId).sort()).toEqual([a, b, c].map((t) => t.submissionId).sort());
    expect(listed.data!.every((r) => r.verdict === null && r.members.length === 1)).toBe(true);

    const pass = (s: { submissionId: string }) => screen({ submissionId: s.submissionId }).put({ verdict: "PASS" });
    expect((await pass(a)).data).toMatchObject({ verdict: "PASS", reason: null });
    await pass(b);
    const noReason = await screen({ submissionId: c.submissionId }).put({ verdict: "FAIL", reason: "  " });
    expect(noReason.status).toBe(400);
    expect(message(noReason)).toBe(M.reasonRequired);
    expect((await screen({ submissionId: c.submissionId }).put({ verdict: "FAIL", reason: "x".repeat(1001) })).status).toBe(400);
    const failed = await screen({ submissionId: c.submissionId }).put({ verdict: "FAIL", reason: "The demo link is private." });
    expect(failed.data).toMatchObject({ verdict: "FAIL", reason: "The demo link is private." });
    // A repeat changes nothing and mails nothing more.
    await screen({ submissionId: c.submissionId }).put({ verdict: "FAIL", reason: "The demo link is private." });
    const notSubmitted = await screen({ submissionId: withdrawn.submissionId }).put({ verdict: "PASS" });
    expect(notSubmitted.status).toBe(409);

    await drain(ELIGIBILITY_FAIL_MAIL_JOB);
    const mail = await waitForMail(c.user.email, /did not pass the eligibility check/);
    expect(mail.text).toContain("The demo link is private.");
    expect(mailsTo(c.user.email).filter((m) => /eligibility/.test(m.subject))).toHaveLength(1);
    expect(mailsTo(a.user.email).filter((m) => /eligibility/.test(m.subject))).toHaveLength(0);

    // The team sees its own verdict and reason; another team only its own; a stranger nothing.
    const own = await c.api.challenges({ id: challenge.id }).submission.eligibility.get();
    expect(own.data).toMatchObject({ verdict: "FAIL", reason: "The demo link is private." });
    expect((await a.api.challenges({ id: challenge.id }).submission.eligibility.get()).data).toMatchObject({ verdict: "PASS" });
    expect(
      (
        await as(await createUser())
          .challenges({ id: challenge.id })
          .submission.eligibility.get()
      ).status,
    ).toBe(404);
    // The admin screen is the challenges section's.
    expect((await c.api.challenges({ id: challenge.id }).eligibility.get()).status).toBe(403);

    const r = (await rounds.post({ name: "Rubric", method: "RUBRIC", judgesPerEntry: 1 })).data!;
    const noCriteria = await round(r.id).open.post();
    expect(noCriteria.status).toBe(409);
    expect(message(noCriteria)).toBe(M.openNeedsCriteria);
    expect((await round(r.id).get()).data!.state).toBe("DRAFT"); // the refused open changed nothing
    await round(r.id).criteria.put({ criteria: rubric });
    const opened = await round(r.id).open.post();
    expect(opened.data).toMatchObject({ state: "OPEN", entries: 2 });
    expect(opened.data!.openedAt).not.toBeNull();
    expect((await round(r.id).entries.get()).data!.map((e) => e.submissionId).sort()).toEqual(
      [a.submissionId, b.submissionId].sort(),
    );
    const late = await screen({ submissionId: c.submissionId }).put({ verdict: "PASS" });
    expect(late.status).toBe(409);
    expect(message(late)).toBe(M.eligibilityClosed);
    // Forward only: no second open, no criteria change, no settings change.
    expect(message(await round(r.id).open.post())).toBe(M.openNeedsDraft);
    expect(message(await round(r.id).criteria.put({ criteria: rubric }))).toBe(M.criteriaOnlyDraft);
    expect(message(await round(r.id).patch({ judgesPerEntry: 4 }))).toBe(M.onlyDraftChanges);
    expect(message(await round(r.id).publish.post())).toBe(M.publishNeedsClosed);
  });

  test("a later round waits for the earlier one, then takes its top K or the admin's pick from its entries", async () => {
    const { challenge, api, rounds, round } = await setup();
    const teams = [await submitted(challenge.id), await submitted(challenge.id), await submitted(challenge.id)];
    for (const t of teams)
      await api.challenges({ id: challenge.id }).eligibility({ submissionId: t.submissionId }).put({ verdict: "PASS" });
    const one = (await rounds.post({ name: "Vote", method: "PUBLIC_VOTE" })).data!;
    const two = (await rounds.post({ name: "Top two", method: "PUBLIC_VOTE", carryForward: 2 })).data!;
    const three = (await rounds.post({ name: "Pick", method: "PUBLIC_VOTE" })).data!;

    expect(message(await round(two.id).open.post())).toBe(M.openNeedsEarlierClosed);
    expect((await round(one.id).open.post()).data!.entries).toBe(3);
    expect(message(await round(two.id).entries.put({ submissionIds: [teams[0]!.submissionId] }))).toBe(M.entriesCarryForward);
    expect(message(await round(one.id).entries.put({ submissionIds: [] }))).toBe(M.entriesOnlyDraft);
    expect((await round(one.id).close.post()).data).toMatchObject({ state: "CLOSED" });
    expect(message(await round(one.id).close.post())).toBe(M.closeNeedsOpen);
    const openedTwo = await round(two.id).open.post();
    expect(openedTwo.data).toMatchObject({ state: "OPEN", entries: 2 });
    await round(two.id).close.post();

    const outsider = await submitted(challenge.id);
    const inTwo = (await round(two.id).entries.get()).data!.map((e) => e.submissionId);
    const bad = await round(three.id).entries.put({ submissionIds: [outsider.submissionId] });
    expect(bad.status).toBe(400);
    expect(message(bad)).toBe(M.entriesNotInPrevious);
    const picked = await round(three.id).entries.put({ submissionIds: [inTwo[0]!] });
    expect(picked.data!.map((e) => e.submissionId)).toEqual([inTwo[0]!]);
    expect((await round(three.id).open.post()).data).toMatchObject({ state: "OPEN", entries: 1 });
  });

  test("two admins publishing at once store one snapshot; both answer the same result, with its stable SHA-256", async () => {
    const { challenge, api, rounds, round } = await setup();
    const team = await submitted(challenge.id);
    await api.challenges({ id: challenge.id }).eligibility({ submissionId: team.submissionId }).put({ verdict: "PASS" });
    const r = (await rounds.post({ name: "Vote", method: "PUBLIC_VOTE" })).data!;
    await round(r.id).open.post();
    await round(r.id).close.post();
    const other = as(await admin());
    const [x, y] = await Promise.all([round(r.id).publish.post(), other.rounds({ roundId: r.id }).publish.post()]);
    expect([x.status, y.status]).toEqual([200, 200]);
    expect(x.data).toEqual(y.data!);
    expect(x.data!.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(new Bun.CryptoHasher("sha256").update(x.data!.snapshot).digest("hex")).toBe(x.data!.sha256);
    expect(await (await db()).roundResult.count({ where: { roundId: r.id } })).toBe(1);
    const again = await round(r.id).publish.post();
    expect(again.data).toEqual(x.data!);
    expect((await round(r.id).get()).data!.state).toBe("PUBLISHED");
    // The ranking may change until published, never after.
    expect(message(await round(r.id).patch({ rankBy: "MEAN" }))).toBe(M.rankByPublished);
  });
});

describe("closing", () => {
  async function openVoteRound(closesInMs: number | null) {
    const { challenge, api, rounds, round } = await setup();
    const team = await submitted(challenge.id);
    await api.challenges({ id: challenge.id }).eligibility({ submissionId: team.submissionId }).put({ verdict: "PASS" });
    const closesAt = closesInMs === null ? null : new Date(Date.now() + closesInMs).toISOString();
    const r = (await rounds.post({ name: "Vote", method: "PUBLIC_VOTE", closesAt })).data!;
    await round(r.id).open.post();
    return { id: r.id, round: round(r.id) };
  }

  test("a round closes by itself at its time (the job keyed by the round), and the sweep finds nothing left", async () => {
    const { id, round } = await openVoteRound(1500);
    expect(await jobsIn(ROUND_CLOSE_JOB, { roundId: id })).toHaveLength(1);
    expect((await round.get()).data!.state).toBe("OPEN");
    await Bun.sleep(1600);
    await drain(ROUND_CLOSE_JOB, 15_000);
    const closed = (await round.get()).data!;
    expect(closed.state).toBe("CLOSED");
    expect(closed.closedAt).not.toBeNull();
    expect(await closeDueRounds()).toBe(0);
  });

  test("a round whose close time has passed does not open", async () => {
    const { challenge, api, rounds, round } = await setup();
    const team = await submitted(challenge.id);
    await api.challenges({ id: challenge.id }).eligibility({ submissionId: team.submissionId }).put({ verdict: "PASS" });
    const r = (await rounds.post({ name: "Vote", method: "PUBLIC_VOTE", closesAt: new Date(Date.now() - 60_000).toISOString() }))
      .data!;
    const refused = await round(r.id).open.post();
    expect(refused.status).toBe(409);
    expect(message(refused)).toBe(M.openAfterClose);
    expect((await round(r.id).patch({ closesAt: new Date(Date.now() + 60_000).toISOString() })).status).toBe(200);
    expect((await round(r.id).open.post()).data!.state).toBe("OPEN");
  });

  test("the sweep closes an OPEN round whose time has come that no job closed", async () => {
    const { id, round } = await openVoteRound(null);
    await (await db()).judgingRound.update({ where: { id }, data: { closesAt: new Date(Date.now() - 1000) } });
    expect(await closeDueRounds()).toBeGreaterThanOrEqual(1);
    expect((await round.get()).data!.state).toBe("CLOSED");
  });

  test("a score write racing a close: the close wins, the late write gets 409 'This round is closed.'", async () => {
    const { id, round } = await openVoteRound(null);
    const prisma = await db();
    // A write in flight holds the round FOR SHARE: the close waits for it, then every later write sees CLOSED.
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => {
      locked = r;
    });
    const write = async () =>
      prisma.$transaction(async (tx) => {
        await lockRoundOpen(tx, id);
        return "written";
      });
    // PGlite serialises on its one connection: the close queues behind the held transaction, as on PostgreSQL it
    // waits for the row lock.
    const inFlight = prisma.$transaction(async (tx) => {
      await lockRoundOpen(tx, id);
      locked();
      await held;
      return "written";
    });
    await isLocked;
    let closeDone = false;
    const closing = round.close.post().finally(() => {
      closeDone = true;
    });
    await Bun.sleep(100);
    expect(closeDone).toBe(false); // the close waits for the write holding the round
    release();
    expect(await inFlight).toBe("written");
    expect((await closing).data!.state).toBe("CLOSED");
    const late = await write().catch((err: { status?: number; message?: string }) => err);
    expect(late).toMatchObject({ status: 409, message: M.closed });
  });
});
