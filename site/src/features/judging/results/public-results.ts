// What the challenge and project pages show of published judging (decision 021): the published awards in rank order
// and, per published round, its top entries read from the frozen snapshot with the figures its method has
// (normalised and mean for a rubric, μ ± σ for pairwise, votes for a public vote). The snapshot is the API's
// `unknown` (PublicResultsSchema): it is read field by field, and an entry missing a figure shows a dash.
import type { Award, MyResults, PublicResults, RoundMethod } from "@api/modules/judging/schema";

export const METHOD_NAMES: Record<RoundMethod, string> = {
  RUBRIC: "Rubric",
  PAIRWISE: "Pairwise comparison",
  PUBLIC_VOTE: "Public vote",
};

/** How many entries of a round the public pages list. */
export const TOP_ENTRIES = 10;

export type PublishedEntry = { team: string; rank: number | null; figures: { label: string; value: string }[] };
export type PublishedRound = {
  roundId: string;
  name: string;
  method: RoundMethod;
  publishedAt: string;
  sha256: string;
  entries: PublishedEntry[];
  /** Entries in the snapshot (the list shows at most TOP_ENTRIES of them). */
  total: number;
};

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const num = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);

/** A figure to two decimals at most ("7.5", "12", "0.33"); "–" when there is none. */
export function figure(value: number | null): string {
  if (value === null) return "–";
  return String(Math.round(value * 100) / 100);
}

function figuresOf(method: RoundMethod, entry: Record<string, unknown>): PublishedEntry["figures"] {
  if (method === "PAIRWISE") {
    const mu = num(entry.mu);
    const sigma = num(entry.sigma);
    return [{ label: "μ ± σ", value: mu === null ? "–" : `${figure(mu)} ± ${figure(sigma)}` }];
  }
  if (method === "PUBLIC_VOTE") return [{ label: "Votes", value: figure(num(entry.votes)) }];
  return [
    { label: "Normalised", value: figure(num(entry.normalised)) },
    // The mean of the judges' weighted totals, on 0–100 (scoring.ts); normalised is the mean of their z-scores.
    { label: "Mean (0–100)", value: figure(num(entry.mean)) },
  ];
}

/** A published round as the page lists it: ranked entries first by rank, unranked ones after, top TOP_ENTRIES. */
export function publishedRound(round: PublicResults["rounds"][number]): PublishedRound {
  const snapshot = record(round.snapshot);
  const rows = Array.isArray(snapshot.entries) ? snapshot.entries.map(record) : [];
  const ranked = rows
    .map((row) => ({ row, rank: num(row.rank) }))
    .sort((a, b) => (a.rank ?? Number.POSITIVE_INFINITY) - (b.rank ?? Number.POSITIVE_INFINITY));
  return {
    roundId: round.roundId,
    name: typeof snapshot.name === "string" ? snapshot.name : "Round",
    method: round.method,
    publishedAt: round.publishedAt,
    sha256: round.sha256,
    total: rows.length,
    entries: ranked.slice(0, TOP_ENTRIES).map(({ row, rank }) => ({
      team: typeof row.team === "string" ? row.team : "",
      rank,
      figures: figuresOf(round.method, row),
    })),
  };
}

/** Published awards, best rank first (ties by label, so the order never changes between renders). */
export function winners(awards: Award[]): Award[] {
  return awards.filter((a) => a.publishedAt !== null).sort((a, b) => a.rank - b.rank || a.label.localeCompare(b.label));
}

/** "Ranked 2 of 14"; "Not ranked (14 entries)" when the round left the entry unranked. */
export function rankText(rank: number | null, entries: number): string {
  if (rank === null) return `Not ranked (${entries} ${entries === 1 ? "entry" : "entries"})`;
  return `Ranked ${rank} of ${entries}`;
}

/** The feedback rows of one round that have anything to show (a criterion no judge scored is left out). */
export function feedbackShown(round: MyResults["rounds"][number]): MyResults["rounds"][number]["feedback"] {
  return round.feedback.filter((c) => c.scores.length > 0);
}
