// The public vote (decision 021): a signed-in member with a verified e-mail casts up to the round's limit, at most one
// vote per entry, changeable until close; tallies count no voided vote, anywhere.
import { lockRoundOpen } from "./rounds";
import { db } from "../../db/client";
import type { Prisma } from "../../generated/prisma/client";
import { AppError } from "../../lib/errors";
import { networkOf } from "./anomalies";
import { VOTE_MESSAGES } from "./schema";

type Tx = Prisma.TransactionClient;

export { VOTE_MESSAGES };

/** The round row under `FOR SHARE` (rounds.ts): a close waits for this ballot, a ballot after the close is refused. */
async function lockVoteRoundOpen(tx: Tx, roundId: string) {
  const round = await lockRoundOpen(tx, roundId);
  if (round.method !== "PUBLIC_VOTE") throw new AppError("conflict", VOTE_MESSAGES.notVote);
  return round;
}

/** Replaces the voter's whole ballot (repeat-safe: the same list twice leaves the same votes). */
export async function castVotes(roundId: string, voterId: string, submissionIds: string[], clientIp: string) {
  const client = await db();
  const voter = await client.user.findUnique({ where: { id: voterId }, select: { emailVerified: true } });
  if (!voter?.emailVerified) throw new AppError("forbidden", VOTE_MESSAGES.unverified);
  if (new Set(submissionIds).size !== submissionIds.length) throw new AppError("invalid_data", VOTE_MESSAGES.duplicate);
  const network = networkOf(clientIp);
  return client.$transaction(async (tx) => {
    const round = await lockVoteRoundOpen(tx, roundId);
    if (submissionIds.length > round.voteLimit) throw new AppError("invalid_data", VOTE_MESSAGES.tooMany(round.voteLimit));
    const entries = await tx.roundEntry.count({ where: { roundId, submissionId: { in: submissionIds } } });
    if (entries !== submissionIds.length) throw new AppError("invalid_data", VOTE_MESSAGES.notEntry);
    await tx.publicVote.deleteMany({ where: { roundId, voterId, submissionId: { notIn: submissionIds } } });
    // The votes kept stay as they were (their time, a voiding); only the new ones are inserted.
    if (submissionIds.length > 0)
      await tx.publicVote.createMany({
        data: submissionIds.map((submissionId) => ({ roundId, voterId, submissionId, network })),
        skipDuplicates: true,
      });
    return { submissionIds: [...submissionIds].sort(), voteLimit: round.voteLimit };
  });
}

/** Counts without voided votes, most votes first (ties by submission id, so the order is stable). */
export async function voteTally(roundId: string): Promise<{ submissionId: string; votes: number; rank: number }[]> {
  const client = await db();
  const [entries, counts] = await Promise.all([
    client.roundEntry.findMany({ where: { roundId }, select: { submissionId: true } }),
    client.publicVote.groupBy({ by: ["submissionId"], where: { roundId, voidedAt: null }, _count: { _all: true } }),
  ]);
  const byEntry = new Map(counts.map((c) => [c.submissionId, c._count._all]));
  const rows = entries
    .map((e) => ({ submissionId: e.submissionId, votes: byEntry.get(e.submissionId) ?? 0 }))
    .sort((a, b) => b.votes - a.votes || a.submissionId.localeCompare(b.submissionId));
  // Competition ranking: equal counts share a rank (1, 1, 3).
  return rows.map((r) => ({ ...r, rank: rows.findIndex((o) => o.votes === r.votes) + 1 }));
}

/** Admins void votes with a reason until the round is published; voided votes never count again. */
export async function voidVotes(roundId: string, voteIds: string[], reason: string, now = new Date()) {
  const client = await db();
  return client.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ state: string }[]>`
      SELECT state::text AS state FROM judging_rounds WHERE id = ${roundId} FOR SHARE`;
    if (!row) throw new AppError("not_found", VOTE_MESSAGES.notFound);
    if (row.state === "PUBLISHED") throw new AppError("conflict", VOTE_MESSAGES.published);
    const { count } = await tx.publicVote.updateMany({
      where: { roundId, id: { in: voteIds }, voidedAt: null },
      data: { voidedAt: now, voidReason: reason },
    });
    return { voided: count };
  });
}
