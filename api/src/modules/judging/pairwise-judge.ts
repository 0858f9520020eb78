// A judge's pairwise screen (decision 020, 021): the pair they are asked "Which is better?" about is stored in their
// pairwise_judge_states row (previousId = a, currentId = b), so a reload answers the same pair until it is decided.
// The next entry comes from crowd-bt.ts (gavel's choose_next: greatest expected information gain, ε exploration,
// entries seen fewer than twice first, entries another judge is viewing last), never one the judge has a conflict
// with. A decision is applied to the cached states at once (applyDecision's update); an undo — the judge's last
// answer, within 60 seconds — rebuilds the cache from the remaining decisions (pairwise.ts), since updates do not invert.
import { db } from "../../db/client";
import type { Prisma } from "../../generated/prisma/client";
import { AppError, notFound } from "../../lib/errors";
import { conflictsFor } from "./conflicts";
import { type Candidate, nextPair, priorItem, type Rng, update } from "./crowd-bt";
import { rebuildPairwiseState } from "./pairwise";
import { teamMembers, teamName } from "./results";
import { lockRoundOpen } from "./rounds";
import { PAIRWISE_MESSAGES as M, type PairEntry, type PairState, UNDO_WINDOW_SECONDS } from "./schema";

type Tx = Prisma.TransactionClient;

/** Another judge's pair counts as "being viewed" for this long after it was shown (gavel's busy timeout). */
export const VIEWING_MS = 5 * 60 * 1000;
const UNDO_MS = UNDO_WINDOW_SECONDS * 1000;

/** A stale pair: the route answers 409 with the judge's current pair. */
export class StalePairError extends AppError {
  constructor() {
    super("conflict", M.stalePair);
  }
}

type RoundRef = { id: string; name: string; challengeId: string; challenge: { id: string; title: string } };

/** The round when the caller may judge it pairwise now (a judge of its challenge, round OPEN PAIRWISE), else 404. */
async function judgeRound(client: Tx, userId: string, roundId: string, open = true): Promise<RoundRef> {
  const round = await client.judgingRound.findFirst({
    where: {
      id: roundId,
      method: "PAIRWISE",
      ...(open ? { state: "OPEN" } : {}),
      challenge: { judges: { some: { userId } } },
    },
    select: { id: true, name: true, challengeId: true, challenge: { select: { id: true, title: true } } },
  });
  if (!round) throw notFound(M.roundNotFound);
  return round;
}

/** The judge's state row, created at the priors if missing, locked FOR UPDATE: one request per judge at a time. */
async function lockJudgeState(tx: Tx, roundId: string, judgeId: string) {
  const select = () => tx.$queryRaw<
    { alpha: number; beta: number; previousId: string | null; currentId: string | null; viewingSince: Date | null }[]
  >`SELECT alpha, beta, "previousId", "currentId", "viewingSince" FROM pairwise_judge_states
    WHERE "roundId" = ${roundId} AND "judgeId" = ${judgeId} FOR UPDATE`;
  let [row] = await select();
  if (!row) {
    await tx.pairwiseJudgeState.createMany({ data: [{ roundId, judgeId }], skipDuplicates: true });
    [row] = await select();
  }
  if (!row) throw notFound(M.roundNotFound);
  return row;
}

/** The round's entries with their cached μ, σ² and views, in one query (an entry with no state row yet: the priors). */
async function roundCandidates(tx: Tx, roundId: string): Promise<Candidate[]> {
  const entries = await tx.$queryRaw<{ id: string; mu: number | null; sigmaSq: number | null; views: number | null }[]>`
    SELECT e."submissionId" AS id, s.mu, s."sigmaSq", s.views
    FROM round_entries e
    LEFT JOIN pairwise_entry_states s ON s."roundId" = e."roundId" AND s."submissionId" = e."submissionId"
    WHERE e."roundId" = ${roundId}`;
  const missing = entries.filter((e) => e.mu === null).map((e) => e.id);
  if (missing.length > 0)
    await tx.pairwiseEntryState.createMany({
      data: missing.map((submissionId) => ({ roundId, submissionId })),
      skipDuplicates: true,
    });
  return entries.map((e) => ({
    id: e.id,
    mu: e.mu ?? priorItem().mu,
    sigmaSq: e.sigmaSq ?? priorItem().sigmaSq,
    views: e.views ?? 0,
  }));
}

/** Of `ids`, those the judge has a conflict with (conflicts.ts, for just these entries). */
async function conflicted(tx: Tx, round: RoundRef, judgeId: string, ids: readonly string[]): Promise<Set<string>> {
  const found = await conflictsFor(round.challengeId, tx, { judgeId, submissionId: [...ids] });
  return new Set(found.map((c) => c.submissionId));
}

/** Whether both entries of the stored pair are still the judge's to see (in the round, no conflict arisen since). */
async function pairStillAllowed(tx: Tx, round: RoundRef, judgeId: string, ids: string[]): Promise<boolean> {
  const inRound = await tx.roundEntry.count({ where: { roundId: round.id, submissionId: { in: ids } } });
  return inRound === ids.length && (await conflicted(tx, round, judgeId, ids)).size === 0;
}

// After this many conflicted picks in one choice, the judge's conflicts are computed over the whole round at once.
const CONFLICT_RETRIES = 8;

/**
 * Picks the judge's next pair after `previousId` (null: a first pair, gavel's first-pair logic) and stores it as the
 * judge's current pair, counting a view for each entry newly shown. Answers the pair or null when none is left.
 * Conflicts are checked on the entries picked (conflicts are rare: one small check instead of the whole round's);
 * a conflicted pick is excluded and the choice made again.
 */
async function chooseAndStore(
  tx: Tx,
  round: RoundRef,
  judgeId: string,
  judge: { alpha: number; beta: number },
  previousId: string | null,
  rng: Rng,
  now: Date,
  after?: { entries: Candidate[]; answered: [string, string] },
): Promise<[string, string] | null> {
  const all = after?.entries ?? (await roundCandidates(tx, round.id));
  const [decisions, busyRows] = await Promise.all([
    tx.pairwiseDecision.findMany({
      where: { roundId: round.id, judgeId, undoneAt: null },
      select: { winnerId: true, loserId: true },
    }),
    tx.pairwiseJudgeState.findMany({
      where: { roundId: round.id, judgeId: { not: judgeId }, viewingSince: { gte: new Date(now.getTime() - VIEWING_MS) } },
      select: { currentId: true },
    }),
  ]);
  const seen = new Set<string>();
  for (const d of decisions) seen.add(d.winnerId).add(d.loserId);
  const busy = new Set<string>();
  for (const b of busyRows) if (b.currentId) busy.add(b.currentId);
  let candidates = all;
  let prev = previousId && all.some((c) => c.id === previousId) ? previousId : null;
  let pair: [string, string] | null = null;
  for (let attempt = 0; ; attempt++) {
    pair = nextPair({ judge, candidates, seen, busy, rng, previousId: prev });
    // The first check covers the pair just answered too: one that became a conflict meanwhile is refused as stale.
    const answered = attempt === 0 && after ? after.answered : [];
    if (!pair && answered.length === 0) break;
    const bad = await conflicted(tx, round, judgeId, [...answered, ...(pair ?? [])]);
    if (answered.some((id) => bad.has(id))) throw new StalePairError();
    if (!pair || bad.size === 0) break;
    if (attempt >= CONFLICT_RETRIES) {
      for (const id of await conflicted(
        tx,
        round,
        judgeId,
        candidates.map((c) => c.id),
      ))
        bad.add(id);
    }
    candidates = candidates.filter((c) => !bad.has(c.id));
    if (prev && bad.has(prev)) prev = null;
  }
  const shown = pair ? (prev === null ? pair : [pair[1]]) : [];
  if (shown.length > 0)
    await tx.pairwiseEntryState.updateMany({
      where: { roundId: round.id, submissionId: { in: shown } },
      data: { views: { increment: 1 } },
    });
  await tx.pairwiseJudgeState.update({
    where: { roundId_judgeId: { roundId: round.id, judgeId } },
    data: {
      alpha: judge.alpha,
      beta: judge.beta,
      ...(pair
        ? { previousId: pair[0], currentId: pair[1], viewingSince: now }
        : { previousId: prev, currentId: null, viewingSince: null }),
    },
  });
  return pair;
}

/** Reads the state row and, when it holds no valid pair, picks one. Answers the judge's current pair. */
async function currentPair(tx: Tx, round: RoundRef, judgeId: string, rng: Rng, now: Date): Promise<[string, string] | null> {
  const state = await lockJudgeState(tx, round.id, judgeId);
  if (state.previousId && state.currentId) {
    if (await pairStillAllowed(tx, round, judgeId, [state.previousId, state.currentId]))
      return [state.previousId, state.currentId];
    return chooseAndStore(tx, round, judgeId, state, null, rng, now);
  }
  return chooseAndStore(tx, round, judgeId, state, state.previousId, rng, now);
}

async function pairEntries(ids: [string, string]): Promise<{ a: PairEntry; b: PairEntry }> {
  const rows = await (await db()).submission.findMany({
    where: { id: { in: ids } },
    select: {
      id: true,
      members: teamMembers,
      versions: { orderBy: { number: "desc" }, take: 1, select: { number: true, items: true } },
    },
  });
  const entry = (id: string): PairEntry => {
    const row = rows.find((r) => r.id === id);
    const latest = row?.versions[0];
    return {
      submissionId: id,
      team: row ? teamName(row.members) : "",
      version: latest?.number ?? 0,
      items: Array.isArray(latest?.items) ? (latest.items as unknown[]) : [],
    };
  };
  return { a: entry(ids[0]), b: entry(ids[1]) };
}

/** The screen's answer: the pair with its entries, the judge's count of answers and the answer they may undo. */
async function pairState(round: RoundRef, judgeId: string, pair: [string, string] | null, now: Date): Promise<PairState> {
  const prisma = await db();
  const [decisions, last] = await Promise.all([
    prisma.pairwiseDecision.count({ where: { roundId: round.id, judgeId, undoneAt: null } }),
    prisma.pairwiseDecision.findFirst({
      where: { roundId: round.id, judgeId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      select: { id: true, createdAt: true, undoneAt: true },
    }),
  ]);
  const until = last ? new Date(last.createdAt.getTime() + UNDO_MS) : null;
  return {
    roundId: round.id,
    roundName: round.name,
    challenge: round.challenge,
    pair: pair ? await pairEntries(pair) : null,
    decisions,
    undo: last && !last.undoneAt && until && until > now ? { decisionId: last.id, until: until.toISOString() } : null,
  };
}

/** GET: the judge's current pair (the same one on every call until it is decided). */
export async function getPair(userId: string, roundId: string, rng: Rng = Math.random, now = new Date()): Promise<PairState> {
  const prisma = await db();
  const round = await judgeRound(prisma, userId, roundId);
  // The common case — a reload of a pair still valid — reads without a transaction; a new pair is chosen in one.
  const stored = await prisma.pairwiseJudgeState.findUnique({
    where: { roundId_judgeId: { roundId, judgeId: userId } },
    select: { previousId: true, currentId: true },
  });
  const shown: [string, string] | null = stored?.previousId && stored.currentId ? [stored.previousId, stored.currentId] : null;
  const pair =
    shown && (await pairStillAllowed(prisma, round, userId, shown))
      ? shown
      : await prisma.$transaction((tx) => currentPair(tx, round, userId, rng, now));
  return pairState(round, userId, pair, now);
}

/**
 * "winner beats loser" on the judge's current pair: stored, applied to the cached μ, σ² and α, β, and the next pair
 * chosen — one transaction holding the round FOR SHARE (a decision after the close is refused) and the judge's row
 * FOR UPDATE (the same decision twice: the second finds another pair, 409).
 */
export async function decide(
  userId: string,
  roundId: string,
  winnerId: string,
  loserId: string,
  rng: Rng = Math.random,
  now = new Date(),
): Promise<PairState> {
  const prisma = await db();
  const round = await judgeRound(prisma, userId, roundId, false);
  const next = await prisma.$transaction(async (tx) => {
    await lockRoundOpen(tx, roundId);
    const judge = await lockJudgeState(tx, roundId, userId);
    const pair = [judge.previousId, judge.currentId];
    if (winnerId === loserId || !pair.includes(winnerId) || !pair.includes(loserId)) throw new StalePairError();
    const entries = await roundCandidates(tx, roundId);
    // An entry that left the round since the pair was shown: the pair is replaced (a new conflict: chooseAndStore).
    if (!entries.some((c) => c.id === winnerId) || !entries.some((c) => c.id === loserId)) throw new StalePairError();
    // The two entries' rows in a fixed order: decisions on the same entries apply one after the other.
    const rows = await tx.$queryRaw<{ submissionId: string; mu: number; sigmaSq: number }[]>`
      SELECT "submissionId", mu, "sigmaSq" FROM pairwise_entry_states
      WHERE "roundId" = ${roundId} AND "submissionId" IN (${winnerId}, ${loserId})
      ORDER BY "submissionId" FOR UPDATE`;
    const winner = rows.find((r) => r.submissionId === winnerId) ?? priorItem();
    const loser = rows.find((r) => r.submissionId === loserId) ?? priorItem();
    // Stamped after the locks: the order of createdAt is the order the updates were applied (what a rebuild replays).
    await tx.pairwiseDecision.create({ data: { roundId, judgeId: userId, winnerId, loserId, createdAt: new Date() } });
    const r = update({ alpha: judge.alpha, beta: judge.beta }, winner, loser);
    await tx.$executeRaw`
      UPDATE pairwise_entry_states s SET mu = v.mu, "sigmaSq" = v.sigma_sq
      FROM (VALUES (${winnerId}, ${r.muWinner}::float8, ${r.sigmaSqWinner}::float8),
                   (${loserId}, ${r.muLoser}::float8, ${r.sigmaSqLoser}::float8)) AS v(id, mu, sigma_sq)
      WHERE s."roundId" = ${roundId} AND s."submissionId" = v.id`;
    // The candidates with the two new states; gavel: the entry shown second is where the next comparison starts.
    const fresh = entries.map((c) =>
      c.id === winnerId
        ? { ...c, mu: r.muWinner, sigmaSq: r.sigmaSqWinner }
        : c.id === loserId
          ? { ...c, mu: r.muLoser, sigmaSq: r.sigmaSqLoser }
          : c,
    );
    return chooseAndStore(tx, round, userId, { alpha: r.alpha, beta: r.beta }, judge.currentId, rng, now, {
      entries: fresh,
      answered: [winnerId, loserId],
    });
  });
  return pairState(round, userId, next, now);
}

/** The judge's last answer, within 60 seconds, taken back: the model is rebuilt without it and its pair shown again. */
export async function undo(userId: string, roundId: string, now = new Date()): Promise<PairState> {
  const prisma = await db();
  const round = await judgeRound(prisma, userId, roundId, false);
  const pair = await prisma.$transaction(async (tx) => {
    await lockRoundOpen(tx, roundId);
    const judge = await lockJudgeState(tx, roundId, userId);
    const last = await tx.pairwiseDecision.findFirst({
      where: { roundId, judgeId: userId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      select: { id: true, winnerId: true, loserId: true, createdAt: true, undoneAt: true },
    });
    if (!last || last.undoneAt || last.createdAt.getTime() + UNDO_MS <= now.getTime()) throw new AppError("conflict", M.undo);
    await tx.pairwiseDecision.update({ where: { id: last.id }, data: { undoneAt: now } });
    // Every entry's and judge's cache replayed from the remaining decisions (others' decisions since stay applied).
    await tx.$queryRaw`SELECT 1 FROM pairwise_entry_states WHERE "roundId" = ${roundId} ORDER BY "submissionId" FOR UPDATE`;
    await rebuildPairwiseState(tx, roundId);
    // The pair as it was shown: the entry shown second then became the judge's previous one.
    const second = judge.previousId === last.loserId ? last.loserId : last.winnerId;
    const first = second === last.winnerId ? last.loserId : last.winnerId;
    await tx.pairwiseJudgeState.update({
      where: { roundId_judgeId: { roundId, judgeId: userId } },
      data: { previousId: first, currentId: second, viewingSince: now },
    });
    return [first, second] as [string, string];
  });
  return pairState(round, userId, pair, now);
}
