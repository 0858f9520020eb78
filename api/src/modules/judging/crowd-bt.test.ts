// Crowd-BT (decision 020): the port gives what gavel's own crowd_bt.py gives, step by step, for a fixed sequence of
// decisions (api/test/fixtures/gavel: the Python, its output and the commit it came from); undo rebuilds the same
// state; the pair chooser follows gavel's preferences.
import { describe, expect, test } from "bun:test";
import replay from "../../../test/fixtures/gavel/replay.json";
import {
  type Candidate,
  CROWD_BT,
  type Decision,
  betaln,
  chooseNext,
  digamma,
  divergenceBeta,
  expectedInformationGain,
  nextPair,
  preferredCandidates,
  priorJudge,
  recompute,
  seededRng,
} from "./crowd-bt";

function expectRelative(actual: number, expected: number, tolerance = 1e-9) {
  const scale = Math.max(Math.abs(expected), 1e-300);
  if (Math.abs(actual - expected) / scale > tolerance && Math.abs(actual - expected) > 1e-15) {
    throw new Error(`expected ${actual} to be within ${tolerance} (relative) of ${expected}`);
  }
}

const decisions: Decision[] = replay.decisions.map(([judgeId, winnerId, loserId]) => ({
  judgeId: judgeId!,
  winnerId: winnerId!,
  loserId: loserId!,
}));
const ENTRIES = ["a", "b", "c", "d", "e"];

describe("the port of scipy's special functions", () => {
  test("betaln and psi match scipy at the fixture's points", () => {
    for (const [a, b, expected] of replay.special.betaln) expectRelative(betaln(a!, b!), expected!, 1e-12);
    for (const [x, expected] of replay.special.psi) expectRelative(digamma(x!), expected!, 1e-12);
    for (const [a1, b1, a2, b2, expected] of replay.special.divergenceBeta) {
      expectRelative(divergenceBeta(a1!, b1!, a2!, b2!), expected!, 1e-9);
    }
  });
  test("out-of-domain arguments are refused, not turned into NaN", () => {
    expect(() => betaln(0, 1)).toThrow(RangeError);
    expect(() => digamma(-1)).toThrow(RangeError);
  });
});

describe("replaying gavel's decisions", () => {
  test("μ, σ² of every entry and α, β of every judge match gavel after each of the 12 decisions", () => {
    expect(replay.steps).toHaveLength(12);
    for (let i = 0; i < decisions.length; i++) {
      const state = recompute(decisions.slice(0, i + 1), ENTRIES, ["j1", "j2"]);
      const step = replay.steps[i]!;
      for (const [id, item] of Object.entries(step.items)) {
        expectRelative(state.items.get(id)!.mu, item.mu);
        expectRelative(state.items.get(id)!.sigmaSq, item.sigmaSq);
      }
      for (const [id, judge] of Object.entries(step.judges)) {
        expectRelative(state.judges.get(id)!.alpha, judge.alpha);
        expectRelative(state.judges.get(id)!.beta, judge.beta);
      }
    }
  });

  test("the expected information gain of each pair before it was decided matches gavel", () => {
    for (let i = 0; i < decisions.length; i++) {
      const before = recompute(decisions.slice(0, i), ENTRIES, ["j1", "j2"]);
      const { judgeId, winnerId, loserId } = decisions[i]!;
      const gain = expectedInformationGain(before.judges.get(judgeId)!, before.items.get(winnerId)!, before.items.get(loserId)!);
      expectRelative(gain, replay.steps[i]!.eigBefore);
    }
  });

  test("undoing the last answer gives exactly the state before it, and the order of decisions matters", () => {
    const all = recompute(decisions, ENTRIES);
    const undone = recompute(decisions.slice(0, -1), ENTRIES);
    const eleven = replay.steps[10]!;
    for (const [id, item] of Object.entries(eleven.items)) expectRelative(undone.items.get(id)!.mu, item.mu);
    expect(undone.items.get("a")!.mu).not.toBe(all.items.get("a")!.mu);
    const reversed = recompute([...decisions].reverse(), ENTRIES);
    expect(reversed.items.get("a")!.mu).not.toBeCloseTo(all.items.get("a")!.mu, 6);
  });

  test("entries nobody compared stay at the prior; a decision of an entry against itself is refused", () => {
    const state = recompute(decisions.slice(0, 1), [...ENTRIES, "z"]);
    expect(state.items.get("z")).toEqual({ mu: 0, sigmaSq: 1 });
    expect(() => recompute([{ judgeId: "j1", winnerId: "a", loserId: "a" }])).toThrow(RangeError);
  });
});

describe("choosing the next pair", () => {
  const candidate = (id: string, views = 0, mu = 0, sigmaSq = 1): Candidate => ({ id, views, mu, sigmaSq });
  const none = new Set<string>();

  test("a judge is never shown an entry they have seen; entries another judge is viewing are skipped", () => {
    const candidates = ["a", "b", "c", "d"].map((id) => candidate(id));
    for (let seed = 0; seed < 200; seed++) {
      const pick = chooseNext({
        judge: priorJudge(),
        previous: candidates[0]!,
        candidates,
        seen: new Set(["a", "b"]),
        busy: new Set(["c"]),
        rng: seededRng(seed),
      });
      expect(pick).toBe("d");
    }
  });

  test("when every unseen entry is being viewed, one of them is still offered; when all are seen, none", () => {
    const candidates = ["a", "b", "c"].map((id) => candidate(id));
    const input = { judge: priorJudge(), previous: candidates[0]!, candidates, rng: seededRng(1) };
    expect(chooseNext({ ...input, seen: new Set(["a"]), busy: new Set(["b", "c"]) })).toMatch(/^[bc]$/);
    expect(chooseNext({ ...input, seen: new Set(["a", "b", "c"]), busy: none })).toBeNull();
  });

  test("entries seen by fewer than two judges are preferred, unless none are left", () => {
    const candidates = [candidate("a", 2), candidate("b", 1), candidate("c", 5), candidate("d", 0)];
    expect(
      preferredCandidates({ candidates, seen: none, busy: none })
        .map((c) => c.id)
        .sort(),
    ).toEqual(["b", "d"]);
    const worn = [candidate("a", 2), candidate("c", 3)];
    expect(preferredCandidates({ candidates: worn, seen: none, busy: none }).map((c) => c.id)).toEqual(["a", "c"]);
  });

  test("without exploration the pick has the greatest expected information gain against the previous entry", () => {
    const previous = { mu: 0.3, sigmaSq: 0.5 };
    // an uncertain entry close to the previous one teaches more than a settled one far away
    const candidates = [candidate("settled", 0, 2.5, 0.05), candidate("close", 0, 0.2, 0.9), candidate("mid", 0, 1, 0.4)];
    const gains = candidates.map((c) => expectedInformationGain(priorJudge(), previous, c));
    const best = candidates[gains.indexOf(Math.max(...gains))]!.id;
    expect(best).toBe("close");
    let greedy = 0;
    for (let seed = 0; seed < 400; seed++) {
      const pick = chooseNext({ judge: priorJudge(), previous, candidates, seen: none, busy: none, rng: seededRng(seed) });
      if (pick === best) greedy++;
    }
    // ε = 0.25 of picks explore (a third of those land on the best too): about 0.75 + 0.25/3 ≈ 83 %
    expect(greedy / 400).toBeGreaterThan(0.75);
    expect(greedy / 400).toBeLessThan(0.92);
    expect(CROWD_BT.epsilon).toBe(0.25);
  });

  test("the same seed gives the same pairs; a new judge starts anywhere, then keeps their last entry", () => {
    const candidates = ["a", "b", "c", "d", "e"].map((id) => candidate(id));
    const ask = (seed: number, previousId: string | null) =>
      nextPair({ judge: priorJudge(), candidates, seen: none, busy: none, rng: seededRng(seed), previousId });
    expect(ask(7, null)).toEqual(ask(7, null));
    const first = ask(7, null)!;
    expect(first[0]).not.toBe(first[1]);
    const later = ask(8, "c")!;
    expect(later[0]).toBe("c");
    expect(later[1]).not.toBe("c");
    expect(
      nextPair({
        judge: priorJudge(),
        candidates: [candidate("a")],
        seen: none,
        busy: none,
        rng: seededRng(1),
        previousId: null,
      }),
    ).toBeNull();
  });

  test("1,000 entries: a next pair is chosen in well under 50 ms", () => {
    const rng = seededRng(3);
    const candidates = Array.from({ length: 1000 }, (_, i) => candidate(`e${i}`, i % 3, rng() * 2 - 1, 0.2 + rng()));
    const started = performance.now();
    for (let i = 0; i < 20; i++) {
      nextPair({ judge: priorJudge(), candidates, seen: none, busy: none, rng, previousId: "e1" });
    }
    expect((performance.now() - started) / 20).toBeLessThan(50);
  });
});
