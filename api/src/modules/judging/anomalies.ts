// Anomaly flags on a public vote (decision 021): signals for an admin to look at, never automatic voiding — a
// campus or an office legitimately shares one network, so a person decides, with a reason, what to void.
import { isIPv4, isIPv6 } from "node:net";
import { db } from "../../db/client";

// Five votes from one network within ten minutes: a household or a small team voting together stays below it, a
// person cycling accounts on one connection does not.
export const NETWORK_VOTES_THRESHOLD = 5;
export const NETWORK_WINDOW_MS = 10 * 60 * 1000;
// Twenty votes for one entry within a minute: far above what a shared link to a fair audience produces, typical of
// a script or a bought batch.
export const BURST_VOTES_THRESHOLD = 20;
export const BURST_WINDOW_MS = 60 * 1000;

export type FlagKind = "NETWORK" | "NEW_ACCOUNT" | "BURST";
export type VoteForFlags = {
  id: string;
  voterId: string;
  submissionId: string;
  network: string;
  createdAt: Date;
  voterCreatedAt: Date;
};
export type Flag = { kind: FlagKind; key: string; voteIds: string[] };

// The network of an address: /24 for IPv4, /64 for IPv6 (one home or one mobile subscriber), stored instead of the
// address itself so the vote keeps no personal address.
export function networkOf(ip: string): string {
  const address = ip.startsWith("::ffff:") && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  if (isIPv4(address)) return `${address.split(".").slice(0, 3).join(".")}.0/24`;
  if (isIPv6(address)) {
    const [head = "", tail = ""] = address.split("::");
    const headGroups = head ? head.split(":") : [];
    const tailGroups = tail ? tail.split(":") : [];
    const groups = address.includes("::")
      ? [...headGroups, ...Array(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill("0"), ...tailGroups]
      : headGroups;
    return `${groups
      .slice(0, 4)
      .map((g) => Number.parseInt(g || "0", 16).toString(16))
      .join(":")}::/64`;
  }
  return "unknown";
}

// Groups whose votes fall, at least `threshold` of them, within one sliding window of `windowMs`.
function windowed(votes: VoteForFlags[], keyOf: (v: VoteForFlags) => string, threshold: number, windowMs: number) {
  const groups = new Map<string, VoteForFlags[]>();
  for (const vote of votes) {
    const key = keyOf(vote);
    if (key === "unknown") continue;
    const list = groups.get(key) ?? [];
    list.push(vote);
    groups.set(key, list);
  }
  const flags: { key: string; voteIds: string[] }[] = [];
  for (const [key, list] of groups) {
    list.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    const flagged = new Set<string>();
    let start = 0;
    for (let end = 0; end < list.length; end++) {
      const endVote = list[end] as VoteForFlags;
      while ((list[start] as VoteForFlags).createdAt.getTime() < endVote.createdAt.getTime() - windowMs) start++;
      if (end - start + 1 >= threshold) for (let i = start; i <= end; i++) flagged.add((list[i] as VoteForFlags).id);
    }
    if (flagged.size > 0) flags.push({ key, voteIds: list.filter((v) => flagged.has(v.id)).map((v) => v.id) });
  }
  return flags;
}

export function anomalyFlags(votes: VoteForFlags[], roundOpenedAt: Date | null): Flag[] {
  const flags: Flag[] = [];
  for (const f of windowed(votes, (v) => v.network, NETWORK_VOTES_THRESHOLD, NETWORK_WINDOW_MS))
    flags.push({ kind: "NETWORK", ...f });
  if (roundOpenedAt) {
    const late = votes.filter((v) => v.voterCreatedAt > roundOpenedAt);
    if (late.length > 0)
      flags.push({ kind: "NEW_ACCOUNT", key: "created after the round opened", voteIds: late.map((v) => v.id) });
  }
  for (const f of windowed(votes, (v) => v.submissionId, BURST_VOTES_THRESHOLD, BURST_WINDOW_MS))
    flags.push({ kind: "BURST", ...f });
  return flags;
}

/** The flags of a round's votes that are not voided (the loader for the admins' tally). */
export async function voteAnomalies(roundId: string): Promise<Flag[]> {
  const client = await db();
  const [round, votes] = await Promise.all([
    client.judgingRound.findUnique({ where: { id: roundId }, select: { openedAt: true } }),
    client.publicVote.findMany({
      where: { roundId, voidedAt: null },
      select: { id: true, voterId: true, submissionId: true, network: true, createdAt: true },
    }),
  ]);
  const voters = await client.user.findMany({
    where: { id: { in: [...new Set(votes.map((v) => v.voterId))] } },
    select: { id: true, createdAt: true },
  });
  const createdAt = new Map(voters.map((u) => [u.id, u.createdAt]));
  return anomalyFlags(
    votes.map((v) => ({ ...v, voterCreatedAt: createdAt.get(v.voterId) ?? new Date(0) })),
    round?.openedAt ?? null,
  );
}
