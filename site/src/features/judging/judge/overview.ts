// What /judging shows (decision 021): the overview of the judge's challenges and open rounds (GET /api/judging, pairwise
// rounds too) with each rubric round's queue of entries from the judge's queue (GET /api/judging/assignments).
// Pure, so the page renders it on the server.
import type { JudgeQueue, JudgingOverview, RoundMethod } from "@api/modules/judging/schema";

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

export function judgingView(queue: JudgeQueue, overview: JudgingOverview): ChallengeView[] {
  const entries = new Map<string, QueueEntry[]>();
  for (const a of queue.assignments) {
    const list = entries.get(a.round.id) ?? [];
    list.push({ assignmentId: a.assignmentId, team: teamName(a.entry.team), complete: a.complete });
    entries.set(a.round.id, list);
  }
  return overview.challenges.map((c) => ({
    id: c.id,
    title: c.title,
    rounds: c.rounds.map((r) => ({
      id: r.id,
      name: r.name,
      method: r.method,
      closesAt: r.closesAt,
      scored: r.scored,
      total: r.total,
      entries: entries.get(r.id) ?? [],
    })),
  }));
}
