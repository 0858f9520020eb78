import { expect, test } from "bun:test";
import { createChallenge, createUser } from "../../../test/factories";
import { db } from "../../db/client";
import { voteAnomalies } from "./anomalies";
import { castVotes, voidVotes, voteTally } from "./votes";

async function voteRound(state: "OPEN" | "CLOSED" | "PUBLISHED" = "OPEN", entries = 4) {
  const client = await db();
  const challenge = await createChallenge();
  const round = await client.judgingRound.create({
    data: { challengeId: challenge.id, position: 1, name: "People's Choice", method: "PUBLIC_VOTE", state, voteLimit: 2 },
  });
  const ids: string[] = [];
  for (let i = 0; i < entries; i++) {
    const s = await client.submission.create({ data: { challengeId: challenge.id, status: "SUBMITTED", version: 1 } });
    await client.roundEntry.create({ data: { roundId: round.id, submissionId: s.id } });
    ids.push(s.id);
  }
  return { round, ids };
}

const status = (p: Promise<unknown>) =>
  p.then(
    () => 200,
    (e: { status?: number }) => e.status,
  );

test("one vote per entry, the limit holds, the ballot is changeable and repeat-safe", async () => {
  const { round, ids } = await voteRound();
  const voter = await createUser({ emailVerified: true });
  const [a, b, c] = ids as [string, string, string];
  expect(await status(castVotes(round.id, voter.id, [a, a], "203.0.113.5"))).toBe(400);
  expect(await status(castVotes(round.id, voter.id, [a, b, c], "203.0.113.5"))).toBe(400);
  expect(await status(castVotes(round.id, voter.id, ["not-an-entry"], "203.0.113.5"))).toBe(400);
  await castVotes(round.id, voter.id, [a, b], "203.0.113.5");
  await castVotes(round.id, voter.id, [a, b], "203.0.113.5");
  await castVotes(round.id, voter.id, [b, c], "203.0.113.5");
  const tally = await voteTally(round.id);
  expect(
    tally
      .filter((t) => t.votes > 0)
      .map((t) => t.submissionId)
      .sort(),
  ).toEqual([b, c].sort());
  const stored = await (await db()).publicVote.findMany({ where: { roundId: round.id } });
  expect(stored.map((v) => v.network)).toEqual(["203.0.113.0/24", "203.0.113.0/24"]);
});

test("an unverified member is refused; a closed round refuses votes with 409", async () => {
  const { round, ids } = await voteRound();
  const unverified = await createUser({ emailVerified: false });
  expect(await status(castVotes(round.id, unverified.id, [ids[0] as string], "203.0.113.5"))).toBe(403);
  const closed = await voteRound("CLOSED");
  const voter = await createUser({ emailVerified: true });
  expect(await status(castVotes(closed.round.id, voter.id, [closed.ids[0] as string], "203.0.113.5"))).toBe(409);
});

test("voided votes never count; voiding after publication is refused", async () => {
  const { round, ids } = await voteRound();
  const [a, b] = ids as [string, string];
  for (const who of [1, 2])
    await castVotes(round.id, (await createUser({ emailVerified: true })).id, who === 1 ? [a] : [a, b], "198.51.100.1");
  const rogue = await (await db()).publicVote.findFirstOrThrow({ where: { roundId: round.id, submissionId: b } });
  expect(await voidVotes(round.id, [rogue.id], "Bought votes")).toEqual({ voided: 1 });
  const tally = await voteTally(round.id);
  expect(tally[0]).toEqual({ submissionId: a, votes: 2, rank: 1 });
  expect(tally.find((t) => t.submissionId === b)?.votes).toBe(0);
  await (await db()).judgingRound.update({ where: { id: round.id }, data: { state: "PUBLISHED" } });
  expect(await status(voidVotes(round.id, [rogue.id], "Again"))).toBe(409);
});

test("five voters on one /24 within minutes and accounts newer than the round are flagged", async () => {
  const { round, ids } = await voteRound();
  await (await db()).judgingRound.update({ where: { id: round.id }, data: { openedAt: new Date(Date.now() - 3_600_000) } });
  for (let i = 0; i < 5; i++)
    await castVotes(round.id, (await createUser({ emailVerified: true })).id, [ids[0] as string], `192.0.2.${i + 1}`);
  const flags = await voteAnomalies(round.id);
  expect(flags.find((f) => f.kind === "NETWORK")).toMatchObject({ key: "192.0.2.0/24" });
  expect(flags.find((f) => f.kind === "NETWORK")?.voteIds).toHaveLength(5);
  expect(flags.find((f) => f.kind === "NEW_ACCOUNT")?.voteIds).toHaveLength(5);
});
