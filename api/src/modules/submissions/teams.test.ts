// Teams (decision 019): who may start a submission, invitations by username or e-mail accepted or declined by
// the invitee, the team size, one team per person and challenge (also when two accepts race), and what owners and
// members may do — each answered as a participant or an attacker would notice.
import { describe, expect, test } from "bun:test";
import { as } from "../../../test/client";
import { createApplication, createChallenge, createUser } from "../../../test/factories";
import { withJobQueue } from "../../../test/jobs";
import { db } from "../../db/client";
import { SUBMISSION_MESSAGES as M } from "./schema";

// Invitations and Submits enqueue their e-mails in their transaction.
withJobQueue();

async function approved(challengeId: string) {
  const user = await createUser();
  await createApplication(challengeId, user.id, { status: "ACTIVE" });
  return { user, api: as(user) };
}
const message = (text: string) => ({ error: { value: { message: text } } });

describe("starting a submission", () => {
  test("only approved participants may; visitors 401; a repeat answers the same submission", async () => {
    const challenge = await createChallenge();
    const start = (api: ReturnType<typeof as>) => api.challenges({ id: challenge.id }).submission.post();
    expect((await start(as())).status).toBe(401);
    expect(await start(as(await createUser()))).toMatchObject({ status: 403, ...message(M.notApproved) });
    for (const status of ["PENDING", "REJECTED"] as const) {
      const applicant = await createUser();
      await createApplication(challenge.id, applicant.id, { status });
      expect(await start(as(applicant))).toMatchObject({ status: 403, ...message(M.notApproved) });
    }
    const { user, api } = await approved(challenge.id);
    const first = await start(api);
    expect(first.status).toBe(201);
    expect(first.data).toMatchObject({ status: "DRAFT", version: 0, teamSize: 5, members: [{ userId: user.id, role: "OWNER" }] });
    const again = await start(api);
    expect(again.status).toBe(200);
    expect(again.data?.id).toBe(first.data!.id);
    expect((await api.challenges({ id: challenge.id }).submission.get()).data?.id).toBe(first.data!.id);
  });

  test("only while the challenge is ACTIVE; a DRAFT challenge is not found", async () => {
    for (const [status, code] of [
      ["UPCOMING", 409],
      ["COMPLETED", 409],
      ["DRAFT", 404],
    ] as const) {
      const challenge = await createChallenge({ status });
      const { api } = await approved(challenge.id);
      expect((await api.challenges({ id: challenge.id }).submission.post()).status).toBe(code);
    }
  });

  test("someone on no team reads 404 for the challenge's submission, never another team's", async () => {
    const challenge = await createChallenge();
    await (await approved(challenge.id)).api.challenges({ id: challenge.id }).submission.post();
    const outsider = await approved(challenge.id);
    expect(await outsider.api.challenges({ id: challenge.id }).submission.get()).toMatchObject({
      status: 404,
      ...message(M.noSubmission),
    });
  });
});

describe("invitations", () => {
  test("by username or e-mail (any case); the invitee sees it, accepts, and is on the team", async () => {
    const challenge = await createChallenge();
    const owner = await approved(challenge.id);
    const team = owner.api.challenges({ id: challenge.id }).submission;
    await team.post();
    const [ana, ben] = [await approved(challenge.id), await approved(challenge.id)];
    expect((await team.invitations.post({ usernameOrEmail: ana.user.username.toUpperCase() })).status).toBe(200);
    const invited = await team.invitations.post({ usernameOrEmail: ` ${ben.user.email} ` });
    expect(invited.data?.invitations.map((i) => i.invitee.userId)).toEqual([ana.user.id, ben.user.id]);
    // Inviting the same person again answers the open invitation: no second one.
    expect((await team.invitations.post({ usernameOrEmail: ana.user.username })).data?.invitations).toHaveLength(2);

    const mine = (await ana.api["my-invitations"].get()).data!;
    expect(mine).toMatchObject([
      { challenge: { id: challenge.id, title: challenge.title }, invitedBy: { userId: owner.user.id }, members: 1 },
    ]);
    const joined = await ana.api["my-invitations"]({ id: mine[0]!.id }).accept.post();
    expect(joined.data?.members.map((m) => [m.userId, m.role])).toEqual([
      [owner.user.id, "OWNER"],
      [ana.user.id, "MEMBER"],
    ]);
    expect((await ana.api.challenges({ id: challenge.id }).submission.get()).data?.id).toBe(joined.data!.id);
    expect((await ana.api["my-invitations"]({ id: mine[0]!.id }).accept.post()).status).toBe(200); // a repeat
    const benInvitation = (await ben.api["my-invitations"].get()).data![0]!;
    expect((await ben.api["my-invitations"]({ id: benInvitation.id }).decline.post()).status).toBe(204);
    expect((await ben.api["my-invitations"]({ id: benInvitation.id }).accept.post()).status).toBe(409);
    expect((await team.get()).data?.invitations).toEqual([]);
  });

  test("unknown people and non-participants get one answer; nobody learns who has an account", async () => {
    const challenge = await createChallenge();
    const owner = await approved(challenge.id);
    const team = owner.api.challenges({ id: challenge.id }).submission;
    await team.post();
    const pending = await createUser();
    await createApplication(challenge.id, pending.id, { status: "PENDING" });
    const elsewhere = await createUser();
    await createApplication((await createChallenge()).id, elsewhere.id, { status: "ACTIVE" });
    for (const who of ["no-such-person", "nobody@example.com", pending.username, elsewhere.email]) {
      expect(await team.invitations.post({ usernameOrEmail: who })).toMatchObject({ status: 409, ...message(M.inviteeUnknown) });
    }
    expect(await team.invitations.post({ usernameOrEmail: owner.user.username })).toMatchObject({
      status: 409,
      ...message(M.inviteSelf),
    });
  });

  test("the team size counts members and open invitations", async () => {
    const challenge = await createChallenge({ teamSize: 2 });
    const owner = await approved(challenge.id);
    const team = owner.api.challenges({ id: challenge.id }).submission;
    await team.post();
    const [ana, ben] = [await approved(challenge.id), await approved(challenge.id)];
    expect((await team.invitations.post({ usernameOrEmail: ana.user.username })).status).toBe(200);
    expect(await team.invitations.post({ usernameOrEmail: ben.user.username })).toMatchObject({
      status: 409,
      ...message(M.teamFull(2)),
    });
    const [open] = (await team.get()).data!.invitations;
    await team.invitations({ invitationId: open!.id }).delete();
    expect((await team.invitations.post({ usernameOrEmail: ben.user.username })).status).toBe(200);
    expect(await ana.api["my-invitations"].get()).toMatchObject({ data: [] }); // withdrawn
  });

  test("only the owner invites; an invitation is accepted only by its invitee", async () => {
    const challenge = await createChallenge();
    const owner = await approved(challenge.id);
    await owner.api.challenges({ id: challenge.id }).submission.post();
    const [ana, ben, eve] = [await approved(challenge.id), await approved(challenge.id), await approved(challenge.id)];
    await owner.api.challenges({ id: challenge.id }).submission.invitations.post({ usernameOrEmail: ana.user.username });
    const invitation = (await ana.api["my-invitations"].get()).data![0]!;
    expect((await eve.api["my-invitations"]({ id: invitation.id }).accept.post()).status).toBe(404);
    expect((await eve.api["my-invitations"]({ id: invitation.id }).decline.post()).status).toBe(404);
    await ana.api["my-invitations"]({ id: invitation.id }).accept.post();
    const asMember = ana.api.challenges({ id: challenge.id }).submission;
    expect(await asMember.invitations.post({ usernameOrEmail: ben.user.username })).toMatchObject({
      status: 403,
      ...message(M.onlyOwner),
    });
    expect((await asMember.members({ userId: owner.user.id }).delete()).status).toBe(403);
    expect((await asMember.owner.post({ userId: ana.user.id })).status).toBe(403);
  });
});

describe("one team per person and challenge", () => {
  test("someone with a team of their own cannot accept another's invitation", async () => {
    const challenge = await createChallenge();
    const [a, b] = [await approved(challenge.id), await approved(challenge.id)];
    await a.api.challenges({ id: challenge.id }).submission.post();
    await a.api.challenges({ id: challenge.id }).submission.invitations.post({ usernameOrEmail: b.user.username });
    const invitation = (await b.api["my-invitations"].get()).data![0]!;
    await b.api.challenges({ id: challenge.id }).submission.post(); // b starts a team: the invitation ends
    expect(await b.api["my-invitations"].get()).toMatchObject({ data: [] });
    expect((await b.api["my-invitations"]({ id: invitation.id }).accept.post()).status).toBe(409);
    expect(
      await a.api.challenges({ id: challenge.id }).submission.invitations.post({ usernameOrEmail: b.user.username }),
    ).toMatchObject({
      status: 409,
      ...message(M.inviteeOnTeam),
    });
  });

  test("two teams' invitations accepted at once: the person joins exactly one", async () => {
    const challenge = await createChallenge();
    const [a, b, c] = [await approved(challenge.id), await approved(challenge.id), await approved(challenge.id)];
    for (const owner of [a, b]) {
      await owner.api.challenges({ id: challenge.id }).submission.post();
      await owner.api.challenges({ id: challenge.id }).submission.invitations.post({ usernameOrEmail: c.user.username });
    }
    const invitations = (await c.api["my-invitations"].get()).data!;
    expect(invitations).toHaveLength(2);
    const answers = await Promise.all(invitations.map((i) => c.api["my-invitations"]({ id: i.id }).accept.post()));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await (await db()).teamMember.count({ where: { challengeId: challenge.id, userId: c.user.id } })).toBe(1);
  });
});

describe("owners and members", () => {
  test("the owner removes a member and hands the team on; a member leaves; an owner with a team cannot leave", async () => {
    const challenge = await createChallenge();
    const owner = await approved(challenge.id);
    const team = owner.api.challenges({ id: challenge.id }).submission;
    await team.post();
    const [ana, ben] = [await approved(challenge.id), await approved(challenge.id)];
    for (const m of [ana, ben]) {
      await team.invitations.post({ usernameOrEmail: m.user.username });
      await m.api["my-invitations"]({ id: (await m.api["my-invitations"].get()).data![0]!.id }).accept.post();
    }
    expect(await team.leave.post()).toMatchObject({ status: 409, ...message(M.ownerLeaves) });
    expect((await team.members({ userId: ben.user.id }).delete()).status).toBe(204);
    expect((await team.get()).data?.members.map((m) => m.userId)).toEqual([owner.user.id, ana.user.id]);
    expect((await ben.api.challenges({ id: challenge.id }).submission.get()).status).toBe(404);
    const handed = await team.owner.post({ userId: ana.user.id });
    expect(handed.data?.members.map((m) => [m.userId, m.role])).toEqual([
      [owner.user.id, "MEMBER"],
      [ana.user.id, "OWNER"],
    ]);
    expect((await team.leave.post()).status).toBe(204); // no longer the owner
    expect((await ana.api.challenges({ id: challenge.id }).submission.get()).data?.members).toHaveLength(1);
    expect((await team.owner.post({ userId: "not-a-member" })).status).toBe(404);
  });

  test("an owner alone with a never-submitted draft may leave: the draft goes", async () => {
    const challenge = await createChallenge();
    const solo = await approved(challenge.id);
    const team = solo.api.challenges({ id: challenge.id }).submission;
    const { data } = await team.post();
    expect((await team.leave.post()).status).toBe(204);
    expect(await (await db()).submission.findUnique({ where: { id: data!.id } })).toBeNull();
    expect((await team.post()).status).toBe(201);
  });
});

describe("team changes close at the deadline", () => {
  const HOUR = 3600_000;

  test("after the last deliverable's due time: invite, accept, remove, hand on and leave get 409; an extension reopens", async () => {
    const challenge = await createChallenge({ endDate: new Date(Date.now() + 30 * 24 * HOUR) });
    const prisma = await db();
    const due = (dueAt: Date) => prisma.deliverable.updateMany({ where: { challengeId: challenge.id }, data: { dueAt } });
    await prisma.deliverable.createMany({
      data: [
        { challengeId: challenge.id, position: 1, title: "Deck", kind: "URL", dueAt: new Date(Date.now() + HOUR) },
        { challengeId: challenge.id, position: 2, title: "Story", kind: "TEXT", dueAt: new Date(Date.now() + 2 * HOUR) },
      ],
    });
    const owner = await approved(challenge.id);
    const team = owner.api.challenges({ id: challenge.id }).submission;
    const submissionId = (await team.post()).data!.id;
    const [ana, ben, cid] = [await approved(challenge.id), await approved(challenge.id), await approved(challenge.id)];
    for (const m of [ana, ben]) {
      await team.invitations.post({ usernameOrEmail: m.user.username });
      await m.api["my-invitations"]({ id: (await m.api["my-invitations"].get()).data![0]!.id }).accept.post();
    }
    await team.invitations.post({ usernameOrEmail: cid.user.username });
    const [pending] = (await cid.api["my-invitations"].get()).data!;

    // One deliverable past its due time, the other not: the team is still open.
    await prisma.deliverable.updateMany({
      where: { challengeId: challenge.id, position: 1 },
      data: { dueAt: new Date(Date.now() - HOUR) },
    });
    expect((await team.owner.post({ userId: ana.user.id })).status).toBe(200);
    expect((await ana.api.challenges({ id: challenge.id }).submission.owner.post({ userId: owner.user.id })).status).toBe(200);

    await due(new Date(Date.now() - 1000));
    const closed = { status: 409, ...message(M.teamClosed) };
    const stranger = await approved(challenge.id);
    expect(await team.invitations.post({ usernameOrEmail: stranger.user.username })).toMatchObject(closed);
    expect(await cid.api["my-invitations"]({ id: pending!.id }).accept.post()).toMatchObject(closed);
    expect(await team.members({ userId: ben.user.id }).delete()).toMatchObject(closed);
    expect(await team.owner.post({ userId: ana.user.id })).toMatchObject(closed);
    expect(await ben.api.challenges({ id: challenge.id }).submission.leave.post()).toMatchObject(closed);
    expect((await team.get()).data?.members).toHaveLength(3);

    // An admin's extension of this submission opens its team again until the extension ends.
    await prisma.submission.update({ where: { id: submissionId }, data: { extendedUntil: new Date(Date.now() + HOUR) } });
    expect((await ben.api.challenges({ id: challenge.id }).submission.leave.post()).status).toBe(204);
    expect((await cid.api["my-invitations"]({ id: pending!.id }).accept.post()).status).toBe(200);
  });

  test("a challenge asking for no deliverables closes its teams at its end date", async () => {
    const challenge = await createChallenge({ endDate: new Date(Date.now() - 1000) });
    const owner = await approved(challenge.id);
    const team = owner.api.challenges({ id: challenge.id }).submission;
    await team.post();
    const ana = await approved(challenge.id);
    expect(await team.invitations.post({ usernameOrEmail: ana.user.username })).toMatchObject({
      status: 409,
      ...message(M.teamClosed),
    });
  });
});
