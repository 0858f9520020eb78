// Rubric scoring (decision 020; SPEC "Judging", rubric rounds): a judge's weighted total per entry, an entry's mean
// and normalised score, the ranking and the per-criterion aggregates. Pure functions over plain rows so the same code
// computes live results, the published snapshot and the bench; no database, no clock.

export interface Criterion {
  id: string;
  min: number;
  max: number;
  weight: number;
}

/** One judge's value for one criterion of one entry. */
export interface Score {
  judgeId: string;
  entryId: string;
  criterionId: string;
  value: number;
}

export type RankBy = "normalised" | "mean";

export interface ResultsInput {
  criteria: readonly Criterion[];
  scores: readonly Score[];
  /** Entries in the round; those without a complete sheet are listed unranked. Defaults to the entries scored. */
  entryIds?: readonly string[];
  rankBy?: RankBy;
  /** μ of a pairwise round over these entries (higher is better): the last tie-break before the entry id. */
  pairwiseMu?: ReadonlyMap<string, number>;
}

/** A complete score sheet: one judge's total for one entry and its z-score within that judge's totals. */
export interface SheetResult {
  judgeId: string;
  entryId: string;
  total: number;
  z: number;
}

export interface CriterionAggregate {
  criterionId: string;
  /** Mean of the raw values on complete sheets; null when there are none. */
  mean: number | null;
  count: number;
}

export interface EntryResult {
  entryId: string;
  /** 1-based; entries share a rank only when score, mean and pairwise μ are all equal. Null: no complete sheet. */
  rank: number | null;
  /** Mean of the judges' z-scores. */
  normalised: number | null;
  /** Mean of the judges' weighted totals (0–100). */
  mean: number | null;
  /** Number of complete sheets counted. */
  judges: number;
  criteria: CriterionAggregate[];
}

export interface RoundResults {
  rankBy: RankBy;
  /** Ranked entries best first, then unranked ones by id. */
  entries: EntryResult[];
  sheets: SheetResult[];
}

/** Checks a rubric the way the results need it: finite numbers, min < max, weights ≥ 0 adding up to more than 0. */
export function validateCriteria(criteria: readonly Criterion[]): void {
  if (criteria.length === 0) throw new RangeError("a rubric needs at least one criterion");
  const ids = new Set<string>();
  let weights = 0;
  for (const c of criteria) {
    if (ids.has(c.id)) throw new RangeError(`criterion ${c.id} appears twice`);
    ids.add(c.id);
    if (![c.min, c.max, c.weight].every(Number.isFinite))
      throw new RangeError(`criterion ${c.id} has a non-finite bound or weight`);
    if (!(c.min < c.max)) throw new RangeError(`criterion ${c.id} needs min below max`);
    if (c.weight < 0) throw new RangeError(`criterion ${c.id} has a negative weight`);
    weights += c.weight;
  }
  if (!(weights > 0)) throw new RangeError("the criteria's weights add up to 0");
}

/**
 * `100 × Σ w·(s − min)/(max − min) / Σ w` over the rubric; null when a criterion has no value (an incomplete sheet
 * does not count). Values outside [min, max] are refused: the API checks them first, so one here is a bug.
 */
export function weightedTotal(criteria: readonly Criterion[], values: ReadonlyMap<string, number>): number | null {
  let sum = 0;
  let weights = 0;
  for (const c of criteria) {
    const s = values.get(c.id);
    if (s === undefined) return null;
    if (!(s >= c.min && s <= c.max)) throw new RangeError(`value ${s} is outside ${c.min}–${c.max} of criterion ${c.id}`);
    sum += (c.weight * (s - c.min)) / (c.max - c.min);
    weights += c.weight;
  }
  return (100 * sum) / weights;
}

/** Population mean and standard deviation; sd is 0 when every value is exactly the same (no rounding noise). */
function meanAndSd(values: readonly number[]): { mean: number; sd: number } {
  const n = values.length;
  let sum = 0;
  for (const v of values) sum += v;
  const mean = sum / n;
  if (values.every((v) => v === values[0])) return { mean, sd: 0 };
  let squares = 0;
  for (const v of values) squares += (v - mean) ** 2;
  return { mean, sd: Math.sqrt(squares / n) };
}

/** Orders strings by UTF-16 code units (the order JavaScript and RFC 8785 use), never by locale. */
export const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Every figure the results show is rounded to 9 decimals — far finer than any rubric tells apart — so that scores
 * equal on paper compare equal (floating-point sums of the same values in another order can differ in the last bit,
 * which would otherwise split a true tie) and the published snapshot's numbers are short and reproducible.
 */
export const PRECISION = 1e9;
export function round9(x: number): number {
  return Math.abs(x) * PRECISION < Number.MAX_SAFE_INTEGER ? Math.round(x * PRECISION) / PRECISION : x;
}

/**
 * Everything the results page and the published snapshot show for a rubric round. Each judge's z-scores are taken
 * over the entries that judge completed (z = 0 when the judge completed one entry or gave every entry the same
 * total), so a strict and a lenient judge weigh the same. Ranking: the chosen score, then the mean, then the pairwise
 * μ when given (an entry with a μ before one without), then the entry id so the order never depends on input order.
 */
export function computeResults(input: ResultsInput): RoundResults {
  const { criteria } = input;
  validateCriteria(criteria);
  const rankBy = input.rankBy ?? "normalised";
  const criterionIndex = new Map(criteria.map((c, i) => [c.id, i]));

  // judge → entry → values by criterion index (undefined until scored)
  const sheets = new Map<string, Map<string, (number | undefined)[]>>();
  // Scores arrive grouped by sheet from the database, so the last sheet's lookups are reused.
  let lastJudge: string | undefined;
  let lastEntry: string | undefined;
  let byEntry: Map<string, (number | undefined)[]> | undefined;
  let values: (number | undefined)[] | undefined;
  for (const s of input.scores) {
    const index = criterionIndex.get(s.criterionId);
    if (index === undefined) throw new RangeError(`score for unknown criterion ${s.criterionId}`);
    if (s.judgeId !== lastJudge || byEntry === undefined) {
      byEntry = sheets.get(s.judgeId);
      if (!byEntry) {
        byEntry = new Map();
        sheets.set(s.judgeId, byEntry);
      }
      lastJudge = s.judgeId;
      lastEntry = undefined;
    }
    if (s.entryId !== lastEntry || values === undefined) {
      values = byEntry.get(s.entryId);
      if (!values) {
        values = new Array(criteria.length);
        byEntry.set(s.entryId, values);
      }
      lastEntry = s.entryId;
    }
    if (values[index] !== undefined) {
      throw new RangeError(`judge ${s.judgeId} scored criterion ${s.criterionId} of entry ${s.entryId} twice`);
    }
    const c = criteria[index]!;
    if (!(s.value >= c.min && s.value <= c.max)) {
      throw new RangeError(`value ${s.value} is outside ${c.min}–${c.max} of criterion ${c.id}`);
    }
    values[index] = s.value;
  }

  let weights = 0;
  for (const c of criteria) weights += c.weight;

  const entryIds = input.entryIds ?? [...new Set(input.scores.map((s) => s.entryId))];
  interface Acc {
    totals: number;
    zs: number;
    n: number;
    sums: number[];
  }
  const acc = new Map<string, Acc>();
  for (const id of entryIds) acc.set(id, { totals: 0, zs: 0, n: 0, sums: new Array(criteria.length).fill(0) });

  const sheetResults: SheetResult[] = [];
  // Judges and their entries in id order: floating-point sums then never depend on the order rows arrived in, so the
  // same scores always give the same bits (and the same published hash).
  for (const judgeId of [...sheets.keys()].sort(byCodeUnits)) {
    const byEntry = sheets.get(judgeId)!;
    const complete: { entryId: string; total: number; values: number[] }[] = [];
    for (const entryId of [...byEntry.keys()].sort(byCodeUnits)) {
      const values = byEntry.get(entryId)!;
      let sum = 0;
      let ok = true;
      for (let i = 0; i < criteria.length; i++) {
        const v = values[i];
        if (v === undefined) {
          ok = false;
          break;
        }
        const c = criteria[i]!;
        sum += (c.weight * (v - c.min)) / (c.max - c.min);
      }
      if (ok) complete.push({ entryId, total: (100 * sum) / weights, values: values as number[] });
    }
    if (complete.length === 0) continue;
    const { mean, sd } = meanAndSd(complete.map((c) => c.total));
    for (const sheet of complete) {
      const z = complete.length === 1 || sd === 0 ? 0 : (sheet.total - mean) / sd;
      sheetResults.push({ judgeId, entryId: sheet.entryId, total: round9(sheet.total), z: round9(z) });
      let a = acc.get(sheet.entryId);
      if (!a) {
        // a sheet for an entry outside `entryIds` still counts for the judge's z, but the entry is not listed
        if (input.entryIds) continue;
        a = { totals: 0, zs: 0, n: 0, sums: new Array(criteria.length).fill(0) };
        acc.set(sheet.entryId, a);
      }
      a.totals += sheet.total;
      a.zs += z;
      a.n += 1;
      for (let i = 0; i < criteria.length; i++) a.sums[i]! += sheet.values[i]!;
    }
  }

  const entries: EntryResult[] = [...acc].map(([entryId, a]) => ({
    entryId,
    rank: null,
    normalised: a.n === 0 ? null : round9(a.zs / a.n),
    mean: a.n === 0 ? null : round9(a.totals / a.n),
    judges: a.n,
    criteria: criteria.map((c, i) => ({ criterionId: c.id, mean: a.n === 0 ? null : round9(a.sums[i]! / a.n), count: a.n })),
  }));

  const mu = input.pairwiseMu;
  const primary = (e: EntryResult) => (rankBy === "mean" ? e.mean! : e.normalised!);
  // compares everything but the id: 0 means the entries share a rank
  const compareScores = (x: EntryResult, y: EntryResult) => {
    if (primary(x) !== primary(y)) return primary(y) - primary(x);
    if (x.mean !== y.mean) return y.mean! - x.mean!;
    if (mu) {
      const mx = mu.get(x.entryId);
      const my = mu.get(y.entryId);
      if (mx !== undefined && my !== undefined && mx !== my) return my - mx;
      if ((mx === undefined) !== (my === undefined)) return mx === undefined ? 1 : -1;
    }
    return 0;
  };
  const ranked = entries.filter((e) => e.judges > 0).sort((x, y) => compareScores(x, y) || byCodeUnits(x.entryId, y.entryId));
  ranked.forEach((e, i) => {
    const before = ranked[i - 1];
    e.rank = before && compareScores(before, e) === 0 ? before.rank : i + 1;
  });
  const unranked = entries.filter((e) => e.judges === 0).sort((x, y) => byCodeUnits(x.entryId, y.entryId));
  return { rankBy, entries: [...ranked, ...unranked], sheets: sheetResults };
}
