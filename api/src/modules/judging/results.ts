// A round's results (decisions 020 and 021): loaded here, computed ONLY by scoring.ts computeResults, so the admins'
// live view, the carry-forward ranking and the snapshot a publish freezes cannot disagree. The snapshot names teams,
// never judges, and writes null for every absent value (canonical-json.ts refuses undefined).
import { db } from "../../db/client";
import type { Prisma } from "../../generated/prisma/client";
import { canonicalJson, snapshotHash } from "./canonical-json";
import { notFound } from "../../lib/errors";
import { type LiveResults, ROUND_MESSAGES, type ResultEntry } from "./schema";
import { pairwiseStandings } from "./pairwise";
import { byCodeUnits, computeResults, round9, type Score, type SheetResult } from "./scoring";

type Tx = Prisma.TransactionClient;

/** A team's display name: its members' names in the order they joined. */
export function teamName(members: { user: { username: string; firstName: string | null; lastName: string | null } }[]) {
  return members.map((m) => [m.user.firstName, m.user.lastName].filter(Boolean).join(" ") || m.user.username).join(", ");
}
export const teamMembers = {
  select: { user: { select: { username: true, firstName: true, lastName: true } } },
  orderBy: [{ joinedAt: "asc" }, { userId: "asc" }],
} satisfies Prisma.Submission$membersArgs;

/** Rows already sorted best first get 1-based ranks; rows with an equal figure share the first one's rank. */
function competitionRanks(rows: ResultEntry[], figure: (r: ResultEntry) => number) {
  rows.forEach((r, i) => {
    const before = rows[i - 1];
    r.rank = before && figure(before) === figure(r) ? before.rank : i + 1;
  });
}

/**
 * The rubric's last tie-break (decision 020): μ of the challenge's pairwise round — the latest one with a decision,
 * when there is one. Entries outside that round have no μ and come after those with one.
 */
async function tieBreakMu(client: Tx, challengeId: string): Promise<Map<string, number> | undefined> {
  const round = await client.judgingRound.findFirst({
    where: { challengeId, method: "PAIRWISE", pairwiseDecisions: { some: { undoneAt: null } } },
    orderBy: { position: "desc" },
    select: { id: true },
  });
  if (!round) return undefined;
  const standings = await pairwiseStandings(round.id, client);
  return new Map(standings.map((s) => [s.submissionId, round9(s.mu)]));
}

/** Everything a round's results are made of: the round, its rubric, its rows best first, its complete sheets. */
export async function loadResults(client: Tx, roundId: string) {
  // Read here rather than through rounds.ts, which imports this file (no import cycle).
  const round = await client.judgingRound.findUnique({
    where: { id: roundId },
    select: { id: true, challengeId: true, name: true, method: true, state: true, rankBy: true, closedAt: true },
  });
  if (!round) throw notFound(ROUND_MESSAGES.notFound);
  const [criteria, entries, scores] = await Promise.all([
    client.judgingCriterion.findMany({
      where: { roundId },
      orderBy: [{ position: "asc" }, { id: "asc" }],
      select: { id: true, label: true, guidance: true, min: true, max: true, weight: true, visibility: true },
    }),
    client.roundEntry.findMany({
      where: { roundId },
      orderBy: { submissionId: "asc" },
      select: { submissionId: true, submission: { select: { members: teamMembers } } },
    }),
    // A recused assignment ended: its scores count nowhere. One join, grouped by sheet (computeResults orders by id
    // itself): at 15,000 scores (bench:judging-results) this took the median from about 600 ms to about 260 ms.
    client.$queryRaw<{ judgeId: string; entryId: string; criterionId: string; value: number }[]>`
      SELECT a."judgeId", a."submissionId" AS "entryId", s."criterionId", s.value
      FROM judge_scores s JOIN judge_assignments a ON a.id = s."assignmentId"
      WHERE a."roundId" = ${roundId} AND a."recusedAt" IS NULL
      ORDER BY a."judgeId", a."submissionId"`,
  ]);
  const entryIds = entries.map((e) => e.submissionId);
  const teams = new Map(entries.map((e) => [e.submissionId, teamName(e.submission.members)]));
  const labels = new Map(criteria.map((c) => [c.id, c.label]));
  const rankBy = round.rankBy === "MEAN" ? "mean" : "normalised";
  let rows: ResultEntry[];
  const unranked = (id: string): ResultEntry => ({
    submissionId: id,
    team: teams.get(id) ?? "",
    rank: null,
    mean: null,
    normalised: null,
    judges: 0,
    criteria: [],
    mu: null,
    sigma: null,
    votes: null,
  });
  let ranked = false;
  let sheets: SheetResult[] = [];
  if (round.method === "RUBRIC" && criteria.length > 0) {
    ranked = true;
    const input: Score[] = scores;
    const pairwiseMu = await tieBreakMu(client, round.challengeId);
    const results = computeResults({ criteria, scores: input, entryIds, rankBy, pairwiseMu });
    sheets = results.sheets;
    rows = results.entries.map((e) => ({
      submissionId: e.entryId,
      team: teams.get(e.entryId) ?? "",
      rank: e.rank,
      mean: e.mean,
      normalised: e.normalised,
      judges: e.judges,
      criteria: e.criteria.map((c) => ({
        criterionId: c.criterionId,
        label: labels.get(c.criterionId) ?? "",
        mean: c.mean,
        count: c.count,
      })),
      mu: null,
      sigma: null,
      votes: null,
    }));
  } else if (round.method === "PAIRWISE") {
    // By μ, highest first; equal μ share a rank. Ranked once a decision stands (before, every μ is the prior).
    const decided = await client.pairwiseDecision.count({ where: { roundId, undoneAt: null } });
    ranked = decided > 0;
    const standings = await pairwiseStandings(roundId, client);
    rows = standings.map((s) => ({ ...unranked(s.submissionId), mu: round9(s.mu), sigma: round9(s.sigma) }));
    if (ranked) competitionRanks(rows, (r) => r.mu!);
  } else if (round.method === "PUBLIC_VOTE") {
    // By votes not voided, most first; equal counts share a rank (1, 1, 3). Ranked once a vote counts.
    // Counted here rather than through votes.ts, which imports rounds.ts (no import cycle).
    const counts = await client.publicVote.groupBy({
      by: ["submissionId"],
      where: { roundId, voidedAt: null },
      _count: { _all: true },
    });
    const votes = new Map(counts.map((c) => [c.submissionId, c._count._all]));
    ranked = counts.length > 0;
    rows = entryIds
      .map((id) => ({ ...unranked(id), votes: votes.get(id) ?? 0 }))
      .sort((a, b) => b.votes - a.votes || byCodeUnits(a.submissionId, b.submissionId));
    if (ranked) competitionRanks(rows, (r) => r.votes!);
  } else {
    rows = entryIds.map(unranked);
  }
  return { round, criteria, ranked, rows, sheets };
}

/** The round's results as admins see them while it runs (and after). */
export async function liveResults(roundId: string): Promise<LiveResults> {
  const { round, ranked, rows } = await loadResults(await db(), roundId);
  return {
    roundId: round.id,
    challengeId: round.challengeId,
    name: round.name,
    method: round.method,
    state: round.state,
    rankBy: round.rankBy,
    ranked,
    entries: rows,
  };
}

/** The round's entries, best first (unranked ones last, by id): a later round's top K comes from here. */
export async function rankedEntries(roundId: string): Promise<{ submissionId: string; rank: number | null }[]> {
  const { rows } = await loadResults(await db(), roundId);
  return rows.map((r) => ({ submissionId: r.submissionId, rank: r.rank }));
}

/** The round's results as the snapshot a publish freezes, its canonical JSON text and that text's SHA-256. */
export async function buildSnapshot(roundId: string, client?: Tx) {
  const { round, criteria, rows } = await loadResults(client ?? (await db()), roundId);
  const snapshot = {
    challengeId: round.challengeId,
    roundId: round.id,
    name: round.name,
    method: round.method,
    rankBy: round.rankBy,
    closedAt: round.closedAt ? round.closedAt.toISOString() : null,
    criteria: criteria.map((c) => ({
      criterionId: c.id,
      label: c.label,
      min: c.min,
      max: c.max,
      weight: c.weight,
      visibility: c.visibility,
    })),
    entries: rows.map((r) => ({
      submissionId: r.submissionId,
      team: r.team,
      rank: r.rank,
      mean: r.mean,
      normalised: r.normalised,
      judges: r.judges,
      criteria: r.criteria.map((c) => ({ criterionId: c.criterionId, mean: c.mean, count: c.count })),
      mu: r.mu,
      sigma: r.sigma,
      votes: r.votes,
    })),
  };
  return { snapshot, canonical: canonicalJson(snapshot), sha256: snapshotHash(snapshot) };
}
