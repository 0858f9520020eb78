// Rubric scoring (decision 020): the worked example of the decision record, computed by hand there and here, and the
// rules a judge or an entrant would notice — incomplete sheets do not count, a judge's leniency is normalised away,
// ties share a rank only when everything is equal, and the pairwise μ breaks what the scores cannot.
import { describe, expect, test } from "bun:test";
import { type Criterion, computeResults, type Score, validateCriteria, weightedTotal } from "./scoring";

// The worked example (docs/decisions/020-judging-scores.md): 3 criteria with different ranges and weights.
const CRITERIA: Criterion[] = [
  { id: "impact", min: 1, max: 5, weight: 3 },
  { id: "craft", min: 0, max: 10, weight: 2 },
  { id: "pitch", min: 1, max: 3, weight: 1 },
];
// judge → entry → [impact, craft, pitch]; J2's sheet for D lacks pitch (incomplete, so not counted)
const SHEETS: Record<string, Record<string, (number | undefined)[]>> = {
  J1: { A: [5, 8, 3], B: [3, 6, 2], C: [4, 5, 2], D: [2, 3, 1] },
  J2: { A: [3, 6, 3], B: [2, 3, 2], C: [4, 6, 1], D: [1, 2, undefined] },
  J3: { C: [3, 5, 2], D: [1, 10, 3] },
};
const SCORES: Score[] = Object.entries(SHEETS).flatMap(([judgeId, entries]) =>
  Object.entries(entries).flatMap(([entryId, values]) =>
    values.flatMap((value, i) => (value === undefined ? [] : [{ judgeId, entryId, criterionId: CRITERIA[i]!.id, value }])),
  ),
);

describe("the worked example of decision 020", () => {
  const results = computeResults({ criteria: CRITERIA, scores: SCORES, entryIds: ["A", "B", "C", "D"] });
  const entry = (id: string) => results.entries.find((e) => e.entryId === id)!;
  const sheet = (judgeId: string, entryId: string) => results.sheets.find((s) => s.judgeId === judgeId && s.entryId === entryId);

  test("each complete sheet's weighted total is 100 × Σ w·(s − min)/(max − min) / Σ w", () => {
    // J1 on A: 100 × (3·4/4 + 2·8/10 + 1·2/2) / 6 = 100 × 5.6 / 6
    const expected: [string, string, number][] = [
      ["J1", "A", 280 / 3],
      ["J1", "B", 160 / 3],
      ["J1", "C", 62.5],
      ["J1", "D", 22.5],
      ["J2", "A", 185 / 3],
      ["J2", "B", 185 / 6],
      ["J2", "C", 57.5],
      ["J3", "C", 50],
      ["J3", "D", 50],
    ];
    for (const [j, e, total] of expected) expect(sheet(j, e)!.total).toBeCloseTo(total, 8);
    expect(sheet("J2", "D")).toBeUndefined();
    expect(results.sheets).toHaveLength(9);
  });

  test("z-scores use each judge's own totals (population SD); a judge who gave everything the same total gives 0", () => {
    // J1: mean 695/12, SD 5·√3673/12, so z = 85/√3673 for A and 11/√3673 for C
    expect(sheet("J1", "A")!.z).toBeCloseTo(85 / Math.sqrt(3673), 8);
    expect(sheet("J1", "B")!.z).toBeCloseTo(-11 / Math.sqrt(3673), 8);
    expect(sheet("J1", "C")!.z).toBeCloseTo(11 / Math.sqrt(3673), 8);
    expect(sheet("J1", "D")!.z).toBeCloseTo(-85 / Math.sqrt(3673), 8);
    // J2: mean 50, variance 10075/54
    const sd2 = Math.sqrt(10075 / 54);
    expect(sheet("J2", "A")!.z).toBeCloseTo(35 / 3 / sd2, 8);
    expect(sheet("J2", "B")!.z).toBeCloseTo((185 / 6 - 50) / sd2, 8);
    expect(sheet("J2", "C")!.z).toBeCloseTo(7.5 / sd2, 8);
    expect(sheet("J3", "C")!.z).toBe(0);
    expect(sheet("J3", "D")!.z).toBe(0);
  });

  test("entries: mean of totals, mean of z-scores, ranked by the normalised score; the mean ranks B and D the other way", () => {
    expect(results.rankBy).toBe("normalised");
    expect(results.entries.map((e) => [e.entryId, e.rank, e.judges])).toEqual([
      ["A", 1, 2],
      ["C", 2, 3],
      ["D", 3, 2],
      ["B", 4, 2],
    ]);
    expect(entry("A").mean).toBeCloseTo(77.5, 8);
    expect(entry("B").mean).toBeCloseTo(505 / 12, 8);
    expect(entry("C").mean).toBeCloseTo(170 / 3, 8);
    expect(entry("D").mean).toBeCloseTo(36.25, 8);
    expect(entry("A").normalised).toBeCloseTo(1.1283212420287125, 8);
    expect(entry("B").normalised).toBeCloseTo(-0.792353375928363, 8);
    expect(entry("C").normalised).toBeCloseTo(0.24352744177851246, 8);
    expect(entry("D").normalised).toBeCloseTo(-0.7012590287681184, 8);
    const byMean = computeResults({ criteria: CRITERIA, scores: SCORES, rankBy: "mean" });
    expect(byMean.entries.map((e) => e.entryId)).toEqual(["A", "C", "B", "D"]);
    expect(byMean.rankBy).toBe("mean");
  });

  test("per-criterion aggregates: mean of the raw values on complete sheets and their count", () => {
    expect(entry("C").criteria).toEqual([
      // 11/3, 16/3, 5/3 — every figure is rounded to 9 decimals
      { criterionId: "impact", mean: 3.666666667, count: 3 },
      { criterionId: "craft", mean: 5.333333333, count: 3 },
      { criterionId: "pitch", mean: 1.666666667, count: 3 },
    ]);
    // J2's incomplete sheet for D (impact 1, craft 2) is not in D's aggregates
    expect(entry("D").criteria.map((c) => [c.mean, c.count])).toEqual([
      [1.5, 2],
      [6.5, 2],
      [2, 2],
    ]);
  });

  test("the input order of the scores changes nothing", () => {
    const shuffled = [...SCORES].reverse();
    expect(computeResults({ criteria: CRITERIA, scores: shuffled, entryIds: ["D", "C", "B", "A"] }).entries).toEqual(
      results.entries,
    );
  });
});

describe("rules around the edges", () => {
  const ONE: Criterion[] = [{ id: "q", min: 0, max: 10, weight: 1 }];
  const score = (judgeId: string, entryId: string, value: number, criterionId = "q"): Score => ({
    judgeId,
    entryId,
    criterionId,
    value,
  });

  test("weightedTotal: bounds give 0 and 100; an incomplete sheet gives null; a value out of range is refused", () => {
    expect(
      weightedTotal(
        CRITERIA,
        new Map([
          ["impact", 1],
          ["craft", 0],
          ["pitch", 1],
        ]),
      ),
    ).toBe(0);
    expect(
      weightedTotal(
        CRITERIA,
        new Map([
          ["impact", 5],
          ["craft", 10],
          ["pitch", 3],
        ]),
      ),
    ).toBe(100);
    expect(
      weightedTotal(
        CRITERIA,
        new Map([
          ["impact", 5],
          ["craft", 10],
        ]),
      ),
    ).toBeNull();
    expect(() =>
      weightedTotal(
        CRITERIA,
        new Map([
          ["impact", 6],
          ["craft", 10],
          ["pitch", 3],
        ]),
      ),
    ).toThrow(RangeError);
  });

  test("a judge who scored one entry contributes z = 0; an entry with no complete sheet is listed unranked", () => {
    const r = computeResults({ criteria: ONE, scores: [score("j", "a", 9)], entryIds: ["a", "b"] });
    expect(r.sheets).toEqual([{ judgeId: "j", entryId: "a", total: 90, z: 0 }]);
    expect(r.entries).toEqual([
      { entryId: "a", rank: 1, normalised: 0, mean: 90, judges: 1, criteria: [{ criterionId: "q", mean: 9, count: 1 }] },
      {
        entryId: "b",
        rank: null,
        normalised: null,
        mean: null,
        judges: 0,
        criteria: [{ criterionId: "q", mean: null, count: 0 }],
      },
    ]);
  });

  test("equal totals that rounding would make unequal still count as 'all the same' (z = 0)", () => {
    // three thirds: the float mean of 33.33… × 3 is not exactly 33.33…, so an SD test would give tiny z-scores
    const thirds: Criterion[] = [{ id: "q", min: 0, max: 3, weight: 1 }];
    const r = computeResults({ criteria: thirds, scores: ["a", "b", "c"].map((e) => score("j", e, 1)) });
    expect(r.sheets.map((s) => s.z)).toEqual([0, 0, 0]);
    expect(r.entries.map((e) => e.rank)).toEqual([1, 1, 1]);
  });

  test("means equal on paper tie even when floating-point sums differ in the last bit (figures rounded to 9 decimals)", () => {
    // x: 100/3 + 200/3 + 100 = 200 exactly; y: 100 + 200/3 + 100/3 = 200.00000000000003 in doubles
    const thirds: Criterion[] = [{ id: "q", min: 0, max: 3, weight: 1 }];
    const scores = [
      score("j1", "x", 1),
      score("j2", "x", 2),
      score("j3", "x", 3),
      score("j1", "y", 3),
      score("j2", "y", 2),
      score("j3", "y", 1),
    ];
    const r = computeResults({ criteria: thirds, scores, rankBy: "mean" });
    expect(r.entries.map((e) => [e.entryId, e.mean, e.rank])).toEqual([
      ["x", 66.666666667, 1],
      ["y", 66.666666667, 1],
    ]);
  });

  test("ties: broken by the mean, then by the pairwise μ, else shared; the id only orders what shares a rank", () => {
    // j1 gives a and b the same z (each is its only entry of two... ) — built so normalised ties and means differ
    const scores = [score("j1", "a", 8), score("j1", "x", 2), score("j2", "b", 6), score("j2", "y", 0)];
    const r = computeResults({ criteria: ONE, scores });
    const a = r.entries.find((e) => e.entryId === "a")!;
    const b = r.entries.find((e) => e.entryId === "b")!;
    expect(a.normalised).toBe(b.normalised!);
    expect([a.rank, b.rank]).toEqual([1, 2]); // a's mean 80 beats b's 60

    // same normalised and same mean: the pairwise μ decides, an entry with a μ before one without
    const same = [score("j1", "p", 7), score("j1", "z", 3), score("j2", "q", 7), score("j2", "w", 3)];
    const tied = computeResults({ criteria: ONE, scores: same });
    expect(tied.entries.filter((e) => e.rank === 1).map((e) => e.entryId)).toEqual(["p", "q"]);
    const mu = new Map([
      ["p", -0.2],
      ["q", 0.4],
    ]);
    const broken = computeResults({ criteria: ONE, scores: same, pairwiseMu: mu });
    expect(broken.entries.slice(0, 2).map((e) => [e.entryId, e.rank])).toEqual([
      ["q", 1],
      ["p", 2],
    ]);
    const partial = computeResults({ criteria: ONE, scores: same, pairwiseMu: new Map([["p", -5]]) });
    expect(partial.entries.slice(0, 2).map((e) => [e.entryId, e.rank])).toEqual([
      ["p", 1],
      ["q", 2],
    ]);
    // the losers w and z share rank 3 (everything equal) and are listed by id
    expect(tied.entries.slice(2).map((e) => [e.entryId, e.rank])).toEqual([
      ["w", 3],
      ["z", 3],
    ]);
  });

  test("bad rubrics and bad scores are refused, not silently scored", () => {
    expect(() => validateCriteria([])).toThrow(/at least one/);
    expect(() => validateCriteria([{ id: "a", min: 5, max: 5, weight: 1 }])).toThrow(/min below max/);
    expect(() => validateCriteria([{ id: "a", min: 0, max: 5, weight: 0 }])).toThrow(/add up to 0/);
    expect(() =>
      validateCriteria([
        { id: "a", min: 0, max: 5, weight: -1 },
        { id: "b", min: 0, max: 1, weight: 3 },
      ]),
    ).toThrow(/negative/);
    expect(() => validateCriteria([{ id: "a", min: 0, max: Number.NaN, weight: 1 }])).toThrow(/non-finite/);
    expect(() => validateCriteria([...ONE, ...ONE])).toThrow(/twice/);
    expect(() => computeResults({ criteria: ONE, scores: [score("j", "a", 1, "nope")] })).toThrow(/unknown criterion/);
    expect(() => computeResults({ criteria: ONE, scores: [score("j", "a", 1), score("j", "a", 2)] })).toThrow(/twice/);
    expect(() => computeResults({ criteria: ONE, scores: [score("j", "a", 11)] })).toThrow(/outside/);
    expect(() => computeResults({ criteria: ONE, scores: [score("j", "a", Number.NaN)] })).toThrow(/outside/);
  });

  test("a weight of 0 keeps a criterion for feedback without moving the total", () => {
    const rubric: Criterion[] = [...ONE, { id: "notes", min: 0, max: 1, weight: 0 }];
    const r = computeResults({ criteria: rubric, scores: [score("j", "a", 5), score("j", "a", 1, "notes")] });
    expect(r.sheets[0]!.total).toBe(50);
  });

  // The figures live in bench/judging-scores.ts (a few ms for 15,000 scores); this guards against a quadratic step,
  // with room for a loaded CI machine.
  test("1,000 entries × 100 judges × 5 criteria (500,000 scores, everyone scoring everything) compute in seconds, not minutes", () => {
    const criteria: Criterion[] = [1, 2, 3, 4, 5].map((i) => ({ id: `c${i}`, min: 0, max: 10, weight: i }));
    const scores: Score[] = [];
    for (let j = 0; j < 100; j++) {
      for (let e = 0; e < 1000; e++) {
        for (let c = 0; c < 5; c++)
          scores.push({ judgeId: `j${j}`, entryId: `e${e}`, criterionId: `c${c + 1}`, value: (j * 7 + e * 13 + c) % 11 });
      }
    }
    const started = performance.now();
    const r = computeResults({ criteria, scores });
    const elapsed = performance.now() - started;
    expect(r.entries).toHaveLength(1000);
    expect(r.sheets).toHaveLength(100_000);
    expect(elapsed).toBeLessThan(3000);
  });
});
