// What /judging shows (decision 021), put together from the judge's queue (their rubric assignments with progress)
// and, where the API has it, the overview of their challenges' open rounds (pairwise rounds too). Pure, so the page
// renders it on the server with no JavaScript.
import type { JudgeQueue, RoundMethod } from "@api/modules/judging/schema";

/** The overview's shape (GET /api/judging), as far as this page reads it. */
export type OverviewData = {
  challenges: {
    id: string;
    title: string;
    rounds: { id: string; name: string; method: RoundMethod; closesAt: string | null; scored: number; total: number | null }[];
  }[];
};

export type QueueEntry = { assignmentId: string; team: string; complete: boolean };
export type RoundView = {
  id: string;
  name: string;
  method: RoundMethod;
  closesAt: string | null;
  scored: number;
  total: number | null;
  entries: QueueEntry[];
};
export type ChallengeView = { id: string; title: string; rounds: RoundView[] };

/** "7 of 12 scored": a rubric round's progress, as the page and the tests spell it. */
export const progressText = (scored: number, total: number) => `${scored} of ${total} scored`;
/** "3 comparisons made": a pairwise round's progress. */
export const comparisonsText = (n: number) => `${n} ${n === 1 ? "comparison" : "comparisons"} made`;

export const teamName = (team: { name: string; username: string }[]) =>
  team.map((m) => m.name || m.username).join(", ") || "Unnamed team";

export function judgingView(queue: JudgeQueue, overview?: OverviewData | null): ChallengeView[] {
  const entries = new Map<string, QueueEntry[]>();
  for (const a of queue.assignments) {
    const list = entries.get(a.round.id) ?? [];
    list.push({ assignmentId: a.assignmentId, team: teamName(a.entry.team), complete: a.complete });
    entries.set(a.round.id, list);
  }
  if (overview)
    return overview.challenges.map((c) => ({
      id: c.id,
      title: c.title,
      rounds: c.rounds.map((r) => ({ ...r, entries: entries.get(r.id) ?? [] })),
    }));
  const progress = new Map(queue.progress.map((p) => [p.roundId, p]));
  const challenges = new Map<string, ChallengeView>();
  for (const a of queue.assignments) {
    const challenge = challenges.get(a.challenge.id) ?? { id: a.challenge.id, title: a.challenge.title, rounds: [] };
    challenges.set(a.challenge.id, challenge);
    if (challenge.rounds.some((r) => r.id === a.round.id)) continue;
    const p = progress.get(a.round.id);
    challenge.rounds.push({
      ...a.round,
      scored: p?.scored ?? 0,
      total: p?.total ?? 0,
      entries: entries.get(a.round.id) ?? [],
    });
  }
  return [...challenges.values()];
}
