// The public vote through the API (decision 021): a verified member votes up to the limit, once per entry, changeably
// until close; the ballot lists the entries in the voter's own stable order and shows the tally only once the round is
// closed; admins see the tally, the anomaly flags (five votes from one network in ten minutes) and every vote, and
// void votes, which then count nowhere.
import { describe, expect, test } from "bun:test";
import { as, signedInClient } from "../../../test/client";
import { createChallenge, createUser } from "../../../test/factories";
import { db } from "../../db/client";
import { VOTE_MESSAGES as M } from "./schema";

const message = (res: { error: { value: unknown } | null }) => (res.error?.value as { message?: string } | undefined)?.message;

async function voteRound(entries = 6, voteLimit = 2) {
  const prisma = await db();
  const challenge = await createChallenge();
  const admin = as(await createUser({ toolAccess: ["challenges"] }));
  const round = await prisma.judgingRound.create({
    data: {
      challengeId: challenge.id,
      position: 1,
      name: "People's Choice",
      method: "PUBLIC_VOTE",
      state: "OPEN",
      voteLimit,
      openedAt: new Date(Date.now() - 3_600_000),
    },
  });
  const ids: string[] = [];
  for (let i = 0; i < entries; i++) {
    const user = await createUser({ firstName: `Team${i}` });
    const s = await prisma.submission.create({
      data: {
        challengeId: challenge.id,
        status: "SUBMITTED",
        version: 1,
        members: { create: { challengeId: challenge.id, userId: user.id, role: "OWNER" } },
      },
    });
    await prisma.roundEntry.create({ data: { roundId: round.id, submissionId: s.id } });
    ids.push(s.id);
  }
  return { challenge, admin, round, ids };
}

/** A verified voter whose account predates the round (no "new account" flag), from `ip`. */
async function voter(ip?: string) {
  const user = await createUser({ emailVerified: true, createdAt: new Date(Date.now() - 86_400_000) });
  return { user, api: (await signedInClient(user, ip ? { ip } : {})).api };
}

describe("the public vote", () => {
  test("the ballot: entries in an order of the voter's own, stable on reload; unverified voters are refused", async () => {
    const { challenge, round, ids } = await voteRound(12);
    const one = await voter();
    const first = await one.api.rounds({ roundId: round.id }).ballot.get();
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({
      roundId: round.id,
      challengeId: challenge.id,
      state: "OPEN",
      voteLimit: 2,
      canVote: true,
    });
    expect(first.data!.tally).toBeNull();
    expect(first.data!.mine).toEqual([]);
    const order = first.data!.entries.map((e) => e.submissionId);
    expect([...order].sort()).toEqual([...ids].sort());
    expect(first.data!.entries[0]!.team).toMatch(/^Team\d+$/);
    expect((await one.api.rounds({ roundId: round.id }).ballot.get()).data!.entries.map((e) => e.submissionId)).toEqual(order);
    const orders = new Set([order.join()]);
    for (let i = 0; i < 4; i++) {
      const other = await voter();
      orders.add((await other.api.rounds({ roundId: round.id }).ballot.get()).data!.entries.map((e) => e.submissionId).join());
    }
    expect(orders.size).toBeGreaterThan(1);

    const unverified = as(await createUser({ emailVerified: false }));
    expect((await unverified.rounds({ roundId: round.id }).ballot.get()).data!.canVote).toBe(false);
    const refused = await unverified.rounds({ roundId: round.id }).votes.put({ submissionIds: [ids[0]!] });
    expect(refused.status).toBe(403);
    expect(message(refused)).toBe(M.unverified);
    expect(
      (
        await as()
          .rounds({ roundId: round.id })
          .votes.put({ submissionIds: [ids[0]!] })
      ).status,
    ).toBe(401);
    expect((await as().rounds({ roundId: round.id }).ballot.get()).status).toBe(401);

    // GET /challenges/:id/vote is public: the latest public vote that is not a draft.
    const pub = await as().challenges({ id: challenge.id }).vote.get();
    expect(pub.data).toEqual({
      round: { roundId: round.id, name: "People's Choice", state: "OPEN", closesAt: null, voteLimit: 2 },
    });
    const none = await createChallenge();
    expect((await as().challenges({ id: none.id }).vote.get()).data).toEqual({ round: null });
    await (await db()).judgingRound.update({ where: { id: round.id }, data: { state: "DRAFT" } });
    expect((await one.api.rounds({ roundId: round.id }).ballot.get()).status).toBe(404);
    expect((await as().challenges({ id: challenge.id }).vote.get()).data).toEqual({ round: null });
  });

  test("the limit, one vote per entry, changeable until close; tallies hidden from members until then", async () => {
    const { admin, round, ids } = await voteRound(4, 2);
    const [a, b, c] = ids as [string, string, string];
    const v = await voter();
    const votes = v.api.rounds({ roundId: round.id }).votes;
    const tooMany = await votes.put({ submissionIds: [a, b, c] });
    expect(tooMany.status).toBe(400);
    expect(message(tooMany)).toBe(M.tooMany(2));
    const dup = await votes.put({ submissionIds: [a, a] });
    expect(dup.status).toBe(400);
    expect(message(dup)).toBe(M.duplicate);
    expect((await votes.put({ submissionIds: [a, b] })).data).toEqual({ submissionIds: [a, b].sort(), voteLimit: 2 });
    expect((await votes.put({ submissionIds: [b, c] })).status).toBe(200);
    expect((await v.api.rounds({ roundId: round.id }).ballot.get()).data!.mine).toEqual([b, c].sort());
    const w = await voter();
    await w.api.rounds({ roundId: round.id }).votes.put({ submissionIds: [c] });

    // Admins see the tally while the vote runs; members only once it is closed.
    const adminView = (await admin.rounds({ roundId: round.id }).votes.get()).data!;
    expect(adminView.tally.find((t) => t.submissionId === c)).toEqual({ submissionId: c, votes: 2, rank: 1 });
    expect(adminView.votes).toHaveLength(3);
    expect(adminView.truncated).toBe(false);
    expect(adminView.votes[0]).toMatchObject({ voter: { username: w.user.username }, submissionId: c, voidedAt: null });
    expect((await v.api.rounds({ roundId: round.id }).ballot.get()).data!.tally).toBeNull();
    expect((await v.api.rounds({ roundId: round.id }).votes.get()).status).toBe(403);

    expect((await admin.rounds({ roundId: round.id }).close.post()).status).toBe(200);
    const late = await votes.put({ submissionIds: [a] });
    expect(late.status).toBe(409);
    const closed = (await v.api.rounds({ roundId: round.id }).ballot.get()).data!;
    expect(closed.state).toBe("CLOSED");
    expect(closed.tally?.[0]).toEqual({ submissionId: c, votes: 2, rank: 1 });
    expect(closed.mine).toEqual([b, c].sort());
  });

  test("five votes from one /24 within ten minutes are flagged; voided votes count nowhere", async () => {
    const { admin, round, ids } = await voteRound(4, 1);
    const [a, b] = ids as [string, string];
    for (let i = 1; i <= 5; i++) {
      const v = await voter(`198.51.100.${i}`);
      expect((await v.api.rounds({ roundId: round.id }).votes.put({ submissionIds: [a] })).status).toBe(200);
    }
    const elsewhere = await voter("203.0.113.9");
    await elsewhere.api.rounds({ roundId: round.id }).votes.put({ submissionIds: [b] });
    const view = (await admin.rounds({ roundId: round.id }).votes.get()).data!;
    const network = view.flags.find((f) => f.kind === "NETWORK");
    expect(network?.key).toBe("198.51.100.0/24");
    expect(network?.voteIds).toHaveLength(5);
    expect(view.votes.filter((v) => v.network === "198.51.100.0/24")).toHaveLength(5);
    expect(view.tally[0]).toEqual({ submissionId: a, votes: 5, rank: 1 });

    const badReason = await admin.rounds({ roundId: round.id }).votes.void.post({ voteIds: network!.voteIds, reason: "  " });
    expect(badReason.status).toBe(400);
    expect(message(badReason)).toBe(M.voidReason);
    expect((await admin.rounds({ roundId: round.id }).votes.void.post({ voteIds: [], reason: "x" })).status).toBe(400);
    const voided = await admin
      .rounds({ roundId: round.id })
      .votes.void.post({ voteIds: network!.voteIds, reason: "One network" });
    expect(voided.data).toEqual({ voided: 5 });
    const after = (await admin.rounds({ roundId: round.id }).votes.get()).data!;
    expect(after.tally[0]).toEqual({ submissionId: b, votes: 1, rank: 1 });
    expect(after.tally.find((t) => t.submissionId === a)?.votes).toBe(0);
    expect(after.flags.filter((f) => f.kind === "NETWORK")).toEqual([]);
    expect(after.votes.filter((v) => v.voidReason === "One network")).toHaveLength(5);

    expect((await admin.rounds({ roundId: round.id }).close.post()).status).toBe(200);
    const ballot = (await elsewhere.api.rounds({ roundId: round.id }).ballot.get()).data!;
    expect(ballot.tally?.find((t) => t.submissionId === a)?.votes).toBe(0);
    expect(
      (
        await as(await createUser())
          .rounds({ roundId: round.id })
          .votes.void.post({ voteIds: [ids[0]!], reason: "x" })
      ).status,
    ).toBe(403);
  });
});
