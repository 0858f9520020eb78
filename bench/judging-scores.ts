// Judging math at scale (decision 020), the pure part only — no database: rubric results for 1,000 entries, 100 judges
// and 5 criteria, once as assignment makes it (3 judges per entry, spread over the panel: 15,000 scores) and once as
// the worst case (every judge scores every entry: 500,000 scores); and the pairwise next pair at 1,000 entries.
// Prints figures (minimum, median and p95 of repeated runs, after a warm-up); asserts nothing.
//   npm run bench:judging                  (BENCH_RUNS to change the repeats)
import { nextPair, priorJudge, seededRng } from "../api/src/modules/judging/crowd-bt";
import { type Criterion, computeResults, type Score } from "../api/src/modules/judging/scoring";

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const ENTRIES = 1000;
const JUDGES = 100;
const criteria: Criterion[] = [1, 2, 3, 4, 5].map((i) => ({ id: `criterion-${i}`, min: 0, max: 10, weight: i }));
const rng = seededRng(42);

function scoresFor(judgesPerEntry: number): Score[] {
  const scores: Score[] = [];
  for (let e = 0; e < ENTRIES; e++) {
    for (let k = 0; k < judgesPerEntry; k++) {
      const judge = (e * judgesPerEntry + k) % JUDGES;
      for (const c of criteria) {
        scores.push({ judgeId: `judge-${judge}`, entryId: `entry-${e}`, criterionId: c.id, value: Math.floor(rng() * 11) });
      }
    }
  }
  return scores;
}

function measure(label: string, run: () => unknown) {
  run(); // warm-up: the first run pays for compilation
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  const p95 = times[Math.min(times.length - 1, Math.ceil(times.length * 0.95) - 1)]!;
  // the minimum is what the code costs; median and p95 add what else the machine was doing
  console.log(`${label}\tmin ${times[0]!.toFixed(1)} ms\tmedian ${median.toFixed(1)} ms\tp95 ${p95.toFixed(1)} ms`);
}

const assigned = scoresFor(3);
const everyone = scoresFor(JUDGES);
const entryIds = Array.from({ length: ENTRIES }, (_, e) => `entry-${e}`);
measure(`rubric results, ${ENTRIES} entries × 3 of ${JUDGES} judges × 5 criteria (${assigned.length} scores)`, () =>
  computeResults({ criteria, scores: assigned, entryIds }),
);
measure(`rubric results, ${ENTRIES} entries × all ${JUDGES} judges × 5 criteria (${everyone.length} scores)`, () =>
  computeResults({ criteria, scores: everyone, entryIds }),
);

const candidates = entryIds.map((id, i) => ({ id, mu: rng() * 2 - 1, sigmaSq: 0.1 + rng(), views: i % 4 }));
const seen = new Set(entryIds.slice(0, 50));
const busy = new Set(entryIds.slice(50, 80));
measure(`pairwise next pair, ${ENTRIES} entries (goal p95 ≤ 50 ms)`, () =>
  nextPair({ judge: priorJudge(), candidates, seen, busy, rng, previousId: "entry-3" }),
);
