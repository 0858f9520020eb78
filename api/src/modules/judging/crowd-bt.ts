// Pairwise judging (SPEC judging, decision 020): gavel's Crowd-BT model, ported from github.com/anishathalye/gavel
// at commit 8aa86e7cd6a3171c5aee1e67698543511e784c88 — the maths from gavel/crowd_bt.py, the choice of the next entry
// from gavel/controllers/judge.py (preferred_items, choose_next). Every formula keeps gavel's order of operations so
// the figures match gavel's own run to ~1e-15 (api/test/fixtures/gavel holds that run). Pure: no database, and the
// randomness is passed in so a test can seed it.

/** gavel's published parameters (crowd_bt.py), from the Crowd-BT paper's experiments. */
export const CROWD_BT = {
  gamma: 0.1, // trade-off between learning about entries and about judges
  kappa: 0.0001, // keeps a variance positive
  muPrior: 0,
  sigmaSqPrior: 1,
  alphaPrior: 10, // a judge is believed reliable at first: α/(α+β) ≈ 0.91
  betaPrior: 1,
  epsilon: 0.25, // chance of exploring a random entry instead of the most informative one
  minViews: 2, // gavel's settings.MIN_VIEWS default: entries seen fewer times come first
} as const;

export type ItemState = { mu: number; sigmaSq: number };
export type JudgeState = { alpha: number; beta: number };
export type UpdateResult = {
  alpha: number;
  beta: number;
  muWinner: number;
  sigmaSqWinner: number;
  muLoser: number;
  sigmaSqLoser: number;
};

// ---- special functions (gavel imports scipy.special.betaln and psi) ----

// Lanczos approximation (g = 7, 9 coefficients): relative error ~1e-15 for x > 0, which is all Crowd-BT needs.
const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905,
  -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

/** ln Γ(x) for x > 0. */
export function lgamma(x: number): number {
  if (!(x > 0)) throw new RangeError(`lgamma needs a positive number, got ${x}`);
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - lgamma(1 - x); // reflection keeps accuracy near 0
  const z = x - 1;
  let sum = LANCZOS[0]!;
  for (let i = 1; i < 9; i++) sum += LANCZOS[i]! / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** ln |B(a, b)| = ln Γ(a) + ln Γ(b) − ln Γ(a + b), as scipy.special.betaln for a, b > 0. */
export function betaln(a: number, b: number): number {
  return lgamma(a) + lgamma(b) - lgamma(a + b);
}

/** The digamma function ψ(x) = d/dx ln Γ(x) for x > 0 (scipy.special.psi). */
export function digamma(x: number): number {
  if (!(x > 0)) throw new RangeError(`digamma needs a positive number, got ${x}`);
  let result = 0;
  // ψ(x) = ψ(x + 1) − 1/x moves x up to where the asymptotic series converges to double precision.
  while (x < 10) {
    result -= 1 / x;
    x += 1;
  }
  const inv2 = 1 / (x * x);
  // Bernoulli terms B2k/(2k): 1/12, 1/120, 1/252, 1/240, 1/132, 691/32760, 1/12
  const series =
    inv2 *
    (1 / 12 - inv2 * (1 / 120 - inv2 * (1 / 252 - inv2 * (1 / 240 - inv2 * (1 / 132 - inv2 * (691 / 32760 - inv2 / 12))))));
  return result + Math.log(x) - 0.5 / x - series;
}

// ---- crowd_bt.py ----

/** KL divergence of two normal distributions (crowd_bt.divergence_gaussian). */
export function divergenceGaussian(mu1: number, sigmaSq1: number, mu2: number, sigmaSq2: number): number {
  const ratio = sigmaSq1 / sigmaSq2;
  return (mu1 - mu2) ** 2 / (2 * sigmaSq2) + (ratio - 1 - Math.log(ratio)) / 2;
}

/** KL divergence of two beta distributions (crowd_bt.divergence_beta). */
export function divergenceBeta(alpha1: number, beta1: number, alpha2: number, beta2: number): number {
  return (
    betaln(alpha2, beta2) -
    betaln(alpha1, beta1) +
    (alpha1 - alpha2) * digamma(alpha1) +
    (beta1 - beta2) * digamma(beta1) +
    (alpha2 - alpha1 + beta2 - beta1) * digamma(alpha1 + beta1)
  );
}

function updatedMus(alpha: number, beta: number, muW: number, sigmaSqW: number, muL: number, sigmaSqL: number) {
  const mult =
    (alpha * Math.exp(muW)) / (alpha * Math.exp(muW) + beta * Math.exp(muL)) - Math.exp(muW) / (Math.exp(muW) + Math.exp(muL));
  return { muWinner: muW + sigmaSqW * mult, muLoser: muL - sigmaSqL * mult };
}

function updatedSigmaSqs(alpha: number, beta: number, muW: number, sigmaSqW: number, muL: number, sigmaSqL: number) {
  const mult =
    (alpha * Math.exp(muW) * beta * Math.exp(muL)) / (alpha * Math.exp(muW) + beta * Math.exp(muL)) ** 2 -
    (Math.exp(muW) * Math.exp(muL)) / (Math.exp(muW) + Math.exp(muL)) ** 2;
  return {
    sigmaSqWinner: sigmaSqW * Math.max(1 + sigmaSqW * mult, CROWD_BT.kappa),
    sigmaSqLoser: sigmaSqL * Math.max(1 + sigmaSqL * mult, CROWD_BT.kappa),
  };
}

// Returns the judge's new α, β and c, the probability that the judge ranks the winner above the loser.
function updatedAnnotator(alpha: number, beta: number, muW: number, sigmaSqW: number, muL: number, sigmaSqL: number) {
  const c1 =
    Math.exp(muW) / (Math.exp(muW) + Math.exp(muL)) +
    (0.5 * (sigmaSqW + sigmaSqL) * (Math.exp(muW) * Math.exp(muL) * (Math.exp(muL) - Math.exp(muW)))) /
      (Math.exp(muW) + Math.exp(muL)) ** 3;
  const c2 = 1 - c1;
  const c = (c1 * alpha + c2 * beta) / (alpha + beta);
  const expt = (c1 * (alpha + 1) * alpha + c2 * alpha * beta) / (c * (alpha + beta + 1) * (alpha + beta));
  const exptSq =
    (c1 * (alpha + 2) * (alpha + 1) * alpha + c2 * (alpha + 1) * alpha * beta) /
    (c * (alpha + beta + 2) * (alpha + beta + 1) * (alpha + beta));
  const variance = exptSq - expt ** 2;
  return { alpha: ((expt - exptSq) * expt) / variance, beta: ((expt - exptSq) * (1 - expt)) / variance, c };
}

/** One judge's decision "winner beats loser": the judge's and both entries' new parameters (crowd_bt.update). */
export function update(judge: JudgeState, winner: ItemState, loser: ItemState): UpdateResult {
  const { alpha, beta } = updatedAnnotator(judge.alpha, judge.beta, winner.mu, winner.sigmaSq, loser.mu, loser.sigmaSq);
  const mus = updatedMus(judge.alpha, judge.beta, winner.mu, winner.sigmaSq, loser.mu, loser.sigmaSq);
  const sigmas = updatedSigmaSqs(judge.alpha, judge.beta, winner.mu, winner.sigmaSq, loser.mu, loser.sigmaSq);
  return { alpha, beta, ...mus, ...sigmas };
}

/** How much a judge's answer on (a, b) is expected to teach the model (crowd_bt.expected_information_gain). */
export function expectedInformationGain(judge: JudgeState, a: ItemState, b: ItemState): number {
  const { alpha, beta } = judge;
  const first = updatedAnnotator(alpha, beta, a.mu, a.sigmaSq, b.mu, b.sigmaSq);
  const mus1 = updatedMus(alpha, beta, a.mu, a.sigmaSq, b.mu, b.sigmaSq);
  const sig1 = updatedSigmaSqs(alpha, beta, a.mu, a.sigmaSq, b.mu, b.sigmaSq);
  const probAAbove = first.c;
  const second = updatedAnnotator(alpha, beta, b.mu, b.sigmaSq, a.mu, a.sigmaSq);
  const mus2 = updatedMus(alpha, beta, b.mu, b.sigmaSq, a.mu, a.sigmaSq);
  const sig2 = updatedSigmaSqs(alpha, beta, b.mu, b.sigmaSq, a.mu, a.sigmaSq);
  return (
    probAAbove *
      (divergenceGaussian(mus1.muWinner, sig1.sigmaSqWinner, a.mu, a.sigmaSq) +
        divergenceGaussian(mus1.muLoser, sig1.sigmaSqLoser, b.mu, b.sigmaSq) +
        CROWD_BT.gamma * divergenceBeta(first.alpha, first.beta, alpha, beta)) +
    (1 - probAAbove) *
      (divergenceGaussian(mus2.muLoser, sig2.sigmaSqLoser, a.mu, a.sigmaSq) +
        divergenceGaussian(mus2.muWinner, sig2.sigmaSqWinner, b.mu, b.sigmaSq) +
        CROWD_BT.gamma * divergenceBeta(second.alpha, second.beta, alpha, beta))
  );
}

// ---- state from decisions ----

export type Decision = { judgeId: string; winnerId: string; loserId: string };
export type CrowdBtState = { items: Map<string, ItemState>; judges: Map<string, JudgeState> };

export const priorItem = (): ItemState => ({ mu: CROWD_BT.muPrior, sigmaSq: CROWD_BT.sigmaSqPrior });
export const priorJudge = (): JudgeState => ({ alpha: CROWD_BT.alphaPrior, beta: CROWD_BT.betaPrior });

/** Applies one decision to the state in place (entries and judges not seen yet start at the priors). */
export function applyDecision(state: CrowdBtState, decision: Decision): void {
  if (decision.winnerId === decision.loserId) throw new RangeError(`an entry cannot beat itself (${decision.winnerId})`);
  const judge = state.judges.get(decision.judgeId) ?? priorJudge();
  const winner = state.items.get(decision.winnerId) ?? priorItem();
  const loser = state.items.get(decision.loserId) ?? priorItem();
  const r = update(judge, winner, loser);
  state.judges.set(decision.judgeId, { alpha: r.alpha, beta: r.beta });
  state.items.set(decision.winnerId, { mu: r.muWinner, sigmaSq: r.sigmaSqWinner });
  state.items.set(decision.loserId, { mu: r.muLoser, sigmaSq: r.sigmaSqLoser });
}

/**
 * Rebuilds the whole model from the decisions in the order they were made — how an undone answer disappears
 * (decision 020: undo within 60 seconds recomputes from the remaining decisions, since Crowd-BT updates do not
 * invert). `entryIds`/`judgeIds` list those with no decision yet so they appear at their priors.
 */
export function recompute(
  decisions: readonly Decision[],
  entryIds: readonly string[] = [],
  judgeIds: readonly string[] = [],
): CrowdBtState {
  const state: CrowdBtState = { items: new Map(), judges: new Map() };
  for (const id of entryIds) state.items.set(id, priorItem());
  for (const id of judgeIds) state.judges.set(id, priorJudge());
  for (const d of decisions) applyDecision(state, d);
  return state;
}

// ---- choosing what a judge sees next (gavel/controllers/judge.py) ----

/** A source of uniform numbers in [0, 1): Math.random in production, a seeded one in tests. */
export type Rng = () => number;

/** mulberry32: a small seeded generator, so a test (or a replay) gets the same choices every run. */
export function seededRng(seed: number): Rng {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Candidate = ItemState & {
  id: string;
  /** How many judges have seen it (gavel's len(item.viewed)). */
  views: number;
  /** An admin asked for it to be judged soon (gavel's item.prioritized). */
  prioritized?: boolean;
};

export type ChoiceInput = {
  judge: JudgeState;
  /** The active entries of the round. */
  candidates: readonly Candidate[];
  /** Entries this judge has already seen or skipped (gavel's annotator.ignore). */
  seen: ReadonlySet<string>;
  /** Entries another judge is viewing right now (gavel's "busy": another judge's next, updated within the timeout). */
  busy: ReadonlySet<string>;
  rng: Rng;
};

/**
 * gavel's preferred_items: the unseen active entries — only the prioritized ones if any — then, if that leaves any,
 * those no other judge is viewing, then, if that leaves any, those seen fewer than twice. Each filter is dropped
 * when it would leave nothing, so a judge is never stuck while an entry remains.
 */
export function preferredCandidates(input: Omit<ChoiceInput, "judge" | "rng">): Candidate[] {
  const available = input.candidates.filter((c) => !input.seen.has(c.id));
  const prioritized = available.filter((c) => c.prioritized);
  const items = prioritized.length > 0 ? prioritized : available;
  const nonBusy = items.filter((c) => !input.busy.has(c.id));
  const preferred = nonBusy.length > 0 ? nonBusy : items;
  const lessSeen = preferred.filter((c) => c.views < CROWD_BT.minViews);
  return lessSeen.length > 0 ? lessSeen : preferred;
}

// Fisher–Yates, as numpy's shuffle, so ties in the argmax go to a random one of the best (gavel's comment).
function shuffle<T>(items: T[], rng: Rng): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
}

/**
 * gavel's choose_next: the entry the judge compares with `previous` (the one they just saw). With probability ε a
 * random preferred entry (exploration), otherwise the one with the greatest expected information gain. With no
 * `previous` (the judge's first entry) a random preferred one (gavel's maybe_init_annotator). null when none is left.
 */
export function chooseNext(input: ChoiceInput & { previous: ItemState | null }): string | null {
  const items = preferredCandidates(input);
  if (items.length === 0) return null;
  shuffle(items, input.rng);
  if (input.previous === null || input.rng() < CROWD_BT.epsilon) return items[0]!.id;
  let best = items[0]!;
  let bestGain = expectedInformationGain(input.judge, input.previous, best);
  for (let i = 1; i < items.length; i++) {
    const gain = expectedInformationGain(input.judge, input.previous, items[i]!);
    if (gain > bestGain) {
      best = items[i]!;
      bestGain = gain;
    }
  }
  return best.id;
}

/**
 * The pair a judge is asked "Which is better?" about: the entry they last saw (`previousId`) and the next one chosen
 * by chooseNext. A judge with no entry yet gets a random first one, then its best partner. null when fewer than
 * two entries are left for this judge.
 */
export function nextPair(input: ChoiceInput & { previousId: string | null }): [string, string] | null {
  let previousId = input.previousId;
  let seen = input.seen;
  if (previousId === null) {
    previousId = chooseNext({ ...input, previous: null });
    if (previousId === null) return null;
  }
  if (!seen.has(previousId)) seen = new Set([...seen, previousId]);
  const previous = input.candidates.find((c) => c.id === previousId);
  if (!previous) throw new RangeError(`the judge's previous entry ${previousId} is not among the candidates`);
  const next = chooseNext({ ...input, seen, previous });
  return next === null ? null : [previousId, next];
}
