// Awards (decision 021) through the API: admins keep drafts the public never sees, publish them all at once (again:
// nothing changes), give each to a SUBMITTED entry of the same challenge only; the public results carry the published
// awards with the team's names.
import { describe, expect, test } from "bun:test";
import { as, invalid } from "../../../test/client";
import { createChallenge, createUser, unique } from "../../../test/factories";
import { db } from "../../db/client";
import { SCORE_MESSAGES as M } from "./schema";

const message = (res: { error: { value: unknown } | null }) => (res.error?.value as { message?: string } | undefined)?.message;

async function team(challengeId: string, firstName: string, status: "SUBMITTED" | "WITHDRAWN" = "SUBMITTED") {
  const user = await createUser({ firstName, lastName: "Team", email: `${unique("entrant")}@example.com` });
  const submission = await (await db()).submission.create({
    data: { challengeId, status, version: 1, members: { create: { challengeId, userId: user.id, role: "OWNER" } } },
  });
  return { user, submissionId: submission.id };
}

describe("awards", () => {
  test("drafts stay hidden from the public until published; publishing again changes nothing", async () => {
    const challenge = await createChallenge({ status: "COMPLETED" });
    const [ada, bo] = [await team(challenge.id, "Ada"), await team(challenge.id, "Bo")];
    const api = as(await createUser({ toolAccess: ["challenges"] }));
    const awards = api.challenges({ id: challenge.id }).awards;
    const winner = await awards.post({ label: " Winner ", rank: 1, submissionId: ada.submissionId });
    expect(winner.status).toBe(201);
    expect(winner.data).toMatchObject({ label: "Winner", rank: 1, team: "Ada Team", publishedAt: null });
    const runner = (await awards.post({ label: "Runner-up", rank: 2, submissionId: ada.submissionId })).data!;
    const fixed = await api.awards({ awardId: runner.id }).patch({ submissionId: bo.submissionId });
    expect(fixed.data).toMatchObject({ label: "Runner-up", team: "Bo Team" });

    const publicResults = () => as().challenges({ id: challenge.id }).results.get();
    expect((await publicResults()).data!.awards).toEqual([]);
    expect((await awards.get()).data!.awards.map((a) => a.label)).toEqual(["Winner", "Runner-up"]);

    const published = await awards.publish.post();
    expect(published.status).toBe(200);
    expect(published.data!.awards.every((a) => a.publishedAt !== null)).toBe(true);
    const shown = (await publicResults()).data!.awards;
    expect(shown.map((a) => [a.label, a.rank, a.team])).toEqual([
      ["Winner", 1, "Ada Team"],
      ["Runner-up", 2, "Bo Team"],
    ]);
    // Repeat-safe: the same awards, the same times — twice at once too.
    const [again, twice] = await Promise.all([awards.publish.post(), awards.publish.post()]);
    expect(again.data).toEqual(published.data!);
    expect(twice.data).toEqual(published.data!);

    // A new draft after publication stays hidden until the next publish.
    await awards.post({ label: "People's Choice", rank: 3, submissionId: bo.submissionId });
    expect((await publicResults()).data!.awards).toHaveLength(2);
    const gone = await api.awards({ awardId: runner.id }).delete();
    expect(gone.status).toBe(204);
    expect((await api.awards({ awardId: runner.id }).delete()).status).toBe(404);
    expect((await publicResults()).data!.awards.map((a) => a.label)).toEqual(["Winner"]);
  });

  test("an award goes to a SUBMITTED entry of the same challenge; labels and ranks are bounded; admins only", async () => {
    const challenge = await createChallenge();
    const other = await createChallenge();
    const withdrawn = await team(challenge.id, "Wes", "WITHDRAWN");
    const elsewhere = await team(other.id, "Eve");
    const ok = await team(challenge.id, "Ola");
    const api = as(await createUser({ toolAccess: ["challenges"] }));
    const awards = api.challenges({ id: challenge.id }).awards;
    const w = await awards.post({ label: "Winner", rank: 1, submissionId: withdrawn.submissionId });
    expect(w.status).toBe(400);
    expect(message(w)).toBe(M.notSubmitted);
    const e = await awards.post({ label: "Winner", rank: 1, submissionId: elsewhere.submissionId });
    expect(e.status).toBe(404);
    expect(message(e)).toBe(M.submissionNotFound);
    for (const body of [
      { label: " ", rank: 1, submissionId: ok.submissionId },
      { label: "x".repeat(81), rank: 1, submissionId: ok.submissionId },
      { label: "Winner", rank: 0, submissionId: ok.submissionId },
      { label: "Winner", rank: 1.5, submissionId: ok.submissionId },
    ])
      expect((await awards.post(invalid(body))).status).toBe(400);
    expect((await api.challenges({ id: "nope" }).awards.get()).status).toBe(404);
    const member = as(ok.user);
    expect(
      (await member.challenges({ id: challenge.id }).awards.post({ label: "Me", rank: 1, submissionId: ok.submissionId })).status,
    ).toBe(403);
    expect((await member.challenges({ id: challenge.id }).awards.publish.post()).status).toBe(403);
    expect((await as().challenges({ id: challenge.id }).awards.get()).status).toBe(401);
    expect(await (await db()).award.count({ where: { challengeId: challenge.id } })).toBe(0);
  });
});
