// What the public pages read from a published round: the figures of its method (rubric: normalised and mean;
// pairwise: μ ± σ; public vote: votes), ranked entries first, at most the top ten; published awards in rank order;
// the entrant's rank in words.
import { describe, expect, test } from "bun:test";
import type { Award } from "@api/modules/judging/schema";
import { figure, publishedRound, rankText, TOP_ENTRIES, winners } from "./public-results";

const round = (method: "RUBRIC" | "PAIRWISE" | "PUBLIC_VOTE", entries: unknown[]) => ({
  roundId: "r1",
  method,
  publishedAt: "2026-11-29T10:00:00.000Z",
  sha256: "ab".repeat(32),
  snapshot: { name: "Final", method, entries },
});

describe("publishedRound", () => {
  test("a rubric round shows normalised and mean, by rank, unranked last", () => {
    const r = publishedRound(
      round("RUBRIC", [
        { team: "C", rank: null, mean: null, normalised: null },
        { team: "B", rank: 2, mean: 6.25, normalised: 0.123456 },
        { team: "A", rank: 1, mean: 8, normalised: 1.5 },
      ]),
    );
    expect(r.name).toBe("Final");
    expect(r.entries.map((e) => [e.rank, e.team])).toEqual([
      [1, "A"],
      [2, "B"],
      [null, "C"],
    ]);
    expect(r.entries[1]!.figures).toEqual([
      { label: "Normalised", value: "0.12" },
      { label: "Mean (0–100)", value: "6.25" },
    ]);
    expect(r.entries[2]!.figures.map((f) => f.value)).toEqual(["–", "–"]);
  });

  test("pairwise shows μ ± σ and a public vote its votes", () => {
    expect(publishedRound(round("PAIRWISE", [{ team: "A", rank: 1, mu: 1.234, sigma: 0.5 }])).entries[0]!.figures).toEqual([
      { label: "μ ± σ", value: "1.23 ± 0.5" },
    ]);
    expect(publishedRound(round("PUBLIC_VOTE", [{ team: "A", rank: 1, votes: 12 }])).entries[0]!.figures).toEqual([
      { label: "Votes", value: "12" },
    ]);
  });

  test("lists the top entries only and says how many there were; a malformed snapshot lists none", () => {
    const many = Array.from({ length: TOP_ENTRIES + 5 }, (_, i) => ({ team: `T${i}`, rank: i + 1, votes: 100 - i }));
    const r = publishedRound(round("PUBLIC_VOTE", many));
    expect(r.entries).toHaveLength(TOP_ENTRIES);
    expect(r.total).toBe(TOP_ENTRIES + 5);
    expect(publishedRound({ ...round("RUBRIC", []), snapshot: "nonsense" }).entries).toEqual([]);
  });
});

test("winners: published awards only, best rank first", () => {
  const award = (label: string, rank: number, publishedAt: string | null): Award => ({
    id: label,
    challengeId: "c",
    submissionId: "s",
    team: "Ada Lovelace, Alan Turing",
    label,
    rank,
    publishedAt,
  });
  const list = winners([award("Runner-up", 2, "x"), award("Draft", 1, null), award("Winner", 1, "x")]);
  expect(list.map((a) => a.label)).toEqual(["Winner", "Runner-up"]);
});

test("rank and figures in words", () => {
  expect(rankText(2, 14)).toBe("Ranked 2 of 14");
  expect(rankText(null, 1)).toBe("Not ranked (1 entry)");
  expect(figure(7)).toBe("7");
  expect(figure(null)).toBe("–");
});
