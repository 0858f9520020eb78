// The ballot's count of votes used, and the tally after close: by rank with each entry's team, none while open.
import { expect, test } from "bun:test";
import { ballotTally, votesUsedText } from "./ballot-text";

test("votes used, in words", () => {
  expect(votesUsedText(0, 1)).toBe("0 of 1 vote used");
  expect(votesUsedText(2, 3)).toBe("2 of 3 votes used");
});

test("the tally: null until the API gives one; then by rank, with the teams' names", () => {
  const entries = [
    { submissionId: "a", team: "Ada Lovelace" },
    { submissionId: "b", team: "Alan Turing" },
  ];
  expect(ballotTally({ entries, tally: null })).toBeNull();
  expect(
    ballotTally({
      entries,
      tally: [
        { submissionId: "a", votes: 1, rank: 2 },
        { submissionId: "b", votes: 5, rank: 1 },
      ],
    }),
  ).toEqual([
    { submissionId: "b", votes: 5, rank: 1, team: "Alan Turing" },
    { submissionId: "a", votes: 1, rank: 2, team: "Ada Lovelace" },
  ]);
});
