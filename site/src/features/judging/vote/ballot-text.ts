// The ballot's words and its tally as the page lists it (Ballot.tsx). Pure, tested in ballot-text.test.ts.
import type { Ballot } from "@api/modules/judging/schema";

/** "2 of 3 votes used". */
export const votesUsedText = (used: number, limit: number): string =>
  `${used} of ${limit} ${limit === 1 ? "vote" : "votes"} used`;

/** The closed round's tally with each entry's team, by rank (ties by team); null until the API gives one. */
export function ballotTally(ballot: Pick<Ballot, "entries" | "tally">) {
  if (!ballot.tally) return null;
  const teams = new Map(ballot.entries.map((e) => [e.submissionId, e.team]));
  return ballot.tally
    .map((row) => ({ ...row, team: teams.get(row.submissionId) ?? "" }))
    .sort((a, b) => a.rank - b.rank || a.team.localeCompare(b.team));
}
