// /dashboard's view of the submissions (decision 019) through GET /api/my-challenges: each visible deliverable with
// its state for the caller's team (NOT_STARTED, DRAFT, SUBMITTED) and the due time that applies to the team (an
// extension moves it), the team's members and pending invitations — never another team's.
import { expect, test } from "bun:test";
import { as } from "../../../test/client";
import { createApplication, createChallenge, createUser } from "../../../test/factories";
import { withJobQueue } from "../../../test/jobs";
import { db } from "../../db/client";

withJobQueue();
const HOUR = 3600_000;

async function approved(challengeId: string) {
  const user = await createUser();
  await createApplication(challengeId, user.id, { status: "ACTIVE" });
  return { user, api: as(user) };
}

test("each deliverable's state and due time for the caller's team, the team and its invitations", async () => {
  const challenge = await createChallenge({ endDate: new Date(Date.now() + 30 * 24 * HOUR) });
  const prisma = await db();
  const due = new Date(Date.now() + 2 * 24 * HOUR + HOUR);
  const make = (position: number, title: string, kind: "URL" | "TEXT", hidden = false) =>
    prisma.deliverable.create({ data: { challengeId: challenge.id, position, title, kind, dueAt: due, hidden } });
  const [link, story] = [await make(1, "Prototype", "URL"), await make(2, "Story", "TEXT")];
  await make(3, "Old", "TEXT", true);
  const [owner, mate, invited, other] = await Promise.all([1, 2, 3, 4].map(() => approved(challenge.id)));
  const team = owner!.api.challenges({ id: challenge.id }).submission;
  await team.post();
  await team.invitations.post({ usernameOrEmail: mate!.user.username });
  await mate!.api["my-invitations"]({ id: (await mate!.api["my-invitations"].get()).data![0]!.id }).accept.post();
  await team.invitations.post({ usernameOrEmail: invited!.user.username });
  await team.items({ deliverableId: link.id }).put({ url: "https://example.org/p", revision: 0 });

  const work = async (who: typeof owner) =>
    (await who!.api["my-challenges"].get()).data!.find((c) => c.challenge.id === challenge.id)!.work;
  const seen = await work(mate);
  expect(seen.deliverables).toEqual([
    { id: link.id, title: "Prototype", kind: "URL", required: true, dueAt: due.toISOString(), state: "DRAFT" },
    { id: story.id, title: "Story", kind: "TEXT", required: true, dueAt: due.toISOString(), state: "NOT_STARTED" },
  ]);
  expect(seen.team?.members.map((m) => [m.userId, m.role])).toEqual([
    [owner!.user.id, "OWNER"],
    [mate!.user.id, "MEMBER"],
  ]);
  expect(seen.team?.invitations.map((i) => i.invitee.userId)).toEqual([invited!.user.id]);

  // Someone on no team: every deliverable not started, no team — nothing of the other team's work.
  const outsider = await work(other);
  expect(outsider.team).toBeNull();
  expect(outsider.deliverables.map((d) => d.state)).toEqual(["NOT_STARTED", "NOT_STARTED"]);

  await team.items({ deliverableId: story.id }).put({ text: "Done.", revision: 0 });
  await team.submit.post();
  const extendedUntil = new Date(Date.now() + 10 * 24 * HOUR);
  await prisma.submission.updateMany({ where: { challengeId: challenge.id }, data: { extendedUntil } });
  const after = await work(owner);
  expect(after.deliverables.map((d) => [d.state, d.dueAt])).toEqual([
    ["SUBMITTED", extendedUntil.toISOString()],
    ["SUBMITTED", extendedUntil.toISOString()],
  ]);
  expect(after.team).toMatchObject({ status: "SUBMITTED", version: 1 });
});
