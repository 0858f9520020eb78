// The public vote's reads (decision 021): a voter's ballot (entries in an order of their own, so no entry profits
// from being listed first, yet stable across the voter's reloads), the challenge's current vote for its pages, and the
// admins' view (tally, anomaly flags, the votes themselves). Writes are votes.ts's (castVotes, voidVotes).
import { createHash } from "node:crypto";
import { db } from "../../db/client";
import { notFound } from "../../lib/errors";
import { voteAnomalies } from "./anomalies";
import { teamMembers, teamName } from "./results";
import { type Ballot, type ChallengeVote, VOTE_MESSAGES as M, VOTES_ADMIN_MAX, type VoteAdmin } from "./schema";
import { voteTally } from "./votes";

const iso = (d: Date | null) => (d ? d.toISOString() : null);
/** The voter's own order of the entries: by sha256(voter id, entry id) — random across voters, the same on each reload. */
const orderKey = (voterId: string, submissionId: string) =>
  createHash("sha256").update(`${voterId}:${submissionId}`).digest("hex");

/** A public vote round that is not a draft, else 404. */
async function voteRound(roundId: string) {
  const round = await (await db()).judgingRound.findFirst({
    where: { id: roundId, method: "PUBLIC_VOTE", state: { not: "DRAFT" }, challenge: { status: { not: "DRAFT" } } },
    select: { id: true, challengeId: true, name: true, state: true, closesAt: true, voteLimit: true },
  });
  if (!round) throw notFound(M.notFound);
  return round;
}

export async function ballot(roundId: string, voter: { id: string; emailVerified: boolean }): Promise<Ballot> {
  const round = await voteRound(roundId);
  const prisma = await db();
  const [entries, mine] = await Promise.all([
    prisma.roundEntry.findMany({
      where: { roundId },
      select: { submissionId: true, submission: { select: { members: teamMembers } } },
    }),
    prisma.publicVote.findMany({ where: { roundId, voterId: voter.id }, select: { submissionId: true } }),
  ]);
  const ordered = entries
    .map((e) => ({ submissionId: e.submissionId, team: teamName(e.submission.members), key: orderKey(voter.id, e.submissionId) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const closed = round.state === "CLOSED" || round.state === "PUBLISHED";
  return {
    roundId: round.id,
    challengeId: round.challengeId,
    name: round.name,
    state: round.state,
    closesAt: iso(round.closesAt),
    voteLimit: round.voteLimit,
    canVote: voter.emailVerified,
    entries: ordered.map(({ submissionId, team }) => ({ submissionId, team })),
    mine: mine.map((v) => v.submissionId).sort(),
    tally: closed ? await voteTally(roundId) : null,
  };
}

/** The challenge's latest public vote that is not a draft, or null (404 for a challenge a visitor may not see). */
export async function challengeVote(challengeId: string): Promise<ChallengeVote> {
  const prisma = await db();
  const challenge = await prisma.challenge.findUnique({ where: { id: challengeId }, select: { status: true } });
  if (!challenge || challenge.status === "DRAFT") throw notFound(M.challengeNotFound);
  const round = await prisma.judgingRound.findFirst({
    where: { challengeId, method: "PUBLIC_VOTE", state: { not: "DRAFT" } },
    orderBy: { position: "desc" },
    select: { id: true, name: true, state: true, closesAt: true, voteLimit: true },
  });
  return {
    round: round
      ? { roundId: round.id, name: round.name, state: round.state, closesAt: iso(round.closesAt), voteLimit: round.voteLimit }
      : null,
  };
}

/** The admins' view: the tally without voided votes, the anomaly flags, and the most recent votes (voided too). */
export async function voteAdmin(roundId: string): Promise<VoteAdmin> {
  const prisma = await db();
  const round = await prisma.judgingRound.findUnique({ where: { id: roundId }, select: { method: true } });
  if (round?.method !== "PUBLIC_VOTE") throw notFound(M.notFound);
  const [tally, flags, votes] = await Promise.all([
    voteTally(roundId),
    voteAnomalies(roundId),
    prisma.publicVote.findMany({
      where: { roundId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: VOTES_ADMIN_MAX + 1,
      select: {
        id: true,
        submissionId: true,
        network: true,
        createdAt: true,
        voidedAt: true,
        voidReason: true,
        voter: { select: { username: true } },
      },
    }),
  ]);
  return {
    tally,
    flags,
    votes: votes.slice(0, VOTES_ADMIN_MAX).map((v) => ({
      id: v.id,
      voter: v.voter,
      submissionId: v.submissionId,
      network: v.network,
      createdAt: v.createdAt.toISOString(),
      voidedAt: iso(v.voidedAt),
      voidReason: v.voidReason,
    })),
    truncated: votes.length > VOTES_ADMIN_MAX,
  };
}
