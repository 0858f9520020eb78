// Pairwise rounds (decision 020): the decisions table is the source of truth; judge and entry states are a cache
// rebuilt from the decisions not undone, in the order they were made (Crowd-BT updates do not invert).
import { db } from "../../db/client";
import type { Prisma } from "../../generated/prisma/client";
import { recompute } from "./crowd-bt";

type Tx = Prisma.TransactionClient;

/** Rewrites the round's cached μ, σ² (entries) and α, β (judges) from its remaining decisions. */
export async function rebuildPairwiseState(tx: Tx, roundId: string): Promise<void> {
  const [decisions, entries, judges] = await Promise.all([
    tx.pairwiseDecision.findMany({
      where: { roundId, undoneAt: null },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { judgeId: true, winnerId: true, loserId: true },
    }),
    tx.roundEntry.findMany({ where: { roundId }, select: { submissionId: true } }),
    tx.pairwiseJudgeState.findMany({ where: { roundId }, select: { judgeId: true } }),
  ]);
  // Judges and entries with no decision left go back to the priors.
  const state = recompute(
    decisions,
    entries.map((e) => e.submissionId),
    judges.map((j) => j.judgeId),
  );
  const items = [...state.items];
  await tx.pairwiseEntryState.createMany({
    data: items.map(([submissionId]) => ({ roundId, submissionId })),
    skipDuplicates: true,
  });
  // One statement per table, whatever the number of entries (a round of 1,000 rebuilds in one round trip).
  await tx.$executeRaw`
    UPDATE pairwise_entry_states s SET mu = v.mu, "sigmaSq" = v.sigma_sq
    FROM unnest(${items.map(([id]) => id)}::text[], ${items.map(([, i]) => i.mu)}::float8[],
                ${items.map(([, i]) => i.sigmaSq)}::float8[]) AS v(id, mu, sigma_sq)
    WHERE s."roundId" = ${roundId} AND s."submissionId" = v.id`;
  const judgeRows = [...state.judges];
  await tx.pairwiseJudgeState.createMany({
    data: judgeRows.map(([judgeId]) => ({ roundId, judgeId })),
    skipDuplicates: true,
  });
  await tx.$executeRaw`
    UPDATE pairwise_judge_states s SET alpha = v.alpha, beta = v.beta
    FROM unnest(${judgeRows.map(([id]) => id)}::text[], ${judgeRows.map(([, j]) => j.alpha)}::float8[],
                ${judgeRows.map(([, j]) => j.beta)}::float8[]) AS v(id, alpha, beta)
    WHERE s."roundId" = ${roundId} AND s."judgeId" = v.id`;
}

/** The round's entries by μ (highest first) with σ = √σ² and how many decisions each took part in. */
export async function pairwiseStandings(
  roundId: string,
  tx?: Tx,
): Promise<{ submissionId: string; mu: number; sigma: number; comparisons: number }[]> {
  const client = tx ?? (await db());
  const [entries, states, decisions] = await Promise.all([
    client.roundEntry.findMany({ where: { roundId }, select: { submissionId: true } }),
    client.pairwiseEntryState.findMany({ where: { roundId } }),
    client.pairwiseDecision.findMany({ where: { roundId, undoneAt: null }, select: { winnerId: true, loserId: true } }),
  ]);
  const byEntry = new Map(states.map((s) => [s.submissionId, s]));
  const comparisons = new Map<string, number>();
  for (const d of decisions) for (const id of [d.winnerId, d.loserId]) comparisons.set(id, (comparisons.get(id) ?? 0) + 1);
  return entries
    .map((e) => {
      const s = byEntry.get(e.submissionId);
      return {
        submissionId: e.submissionId,
        mu: s?.mu ?? 0,
        sigma: Math.sqrt(s?.sigmaSq ?? 1),
        comparisons: comparisons.get(e.submissionId) ?? 0,
      };
    })
    .sort((a, b) => b.mu - a.mu || a.submissionId.localeCompare(b.submissionId));
}
