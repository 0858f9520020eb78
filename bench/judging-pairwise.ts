// The pairwise screen at scale (decisions 020, 021): one open pairwise round of 1,000 entries, 20 judges and a few
// thousand decisions already made, in PostgreSQL; then through the real app (in-process, app.handle, each judge
// signed in) cycles of GET /api/judging/rounds/:id/pair and POST …/decisions, judges taking turns. The next pair is
// chosen over every entry the judge may still see (expected information gain for each): goal p95 ≤ 50 ms for both.
// Prints figures; asserts nothing. The database is its own and removed at the end.
//   npm run bench:judging-pairwise   (needs PostgreSQL; BENCH_POSTGRES_URL, BENCH_CYCLES, BENCH_DECISIONS to change)
import { benchDatabase, fmt, met, stats } from "./judging-db";

const ENTRIES = 1000;
const JUDGES = 20;
const SEEDED = Number(process.env.BENCH_DECISIONS ?? 3000);
const CYCLES = Number(process.env.BENCH_CYCLES ?? 300);
const GOAL_MS = 50;

const { drop } = await benchDatabase("bench_pairwise");
try {
  const { app } = await import("../api/src/app");
  const { db, getDatabase, closeDatabase } = await import("../api/src/db/client");
  const { createSession, SESSION_COOKIE } = await import("../api/src/modules/auth/sessions");
  const { rebuildPairwiseState } = await import("../api/src/modules/judging/pairwise");
  const { seededRng } = await import("../api/src/modules/judging/crowd-bt");
  await getDatabase(); // applies the migrations
  const prisma = await db();
  const rng = seededRng(7);
  const t0 = performance.now();

  const challenge = await prisma.challenge.create({
    data: { title: "Bench challenge", description: "A thousand entries", status: "ACTIVE", startDate: new Date() },
  });
  const user = (kind: string, i: number) => ({
    username: `${kind}${i}`,
    email: `${kind}${i}@bench.test`,
    password: "x",
    firstName: `${kind} ${i}`,
  });
  await prisma.user.createMany({ data: Array.from({ length: ENTRIES }, (_, i) => user("maker", i)) });
  await prisma.user.createMany({ data: Array.from({ length: JUDGES }, (_, i) => user("judge", i)) });
  const makers = await prisma.user.findMany({ where: { username: { startsWith: "maker" } }, select: { id: true } });
  const judges = await prisma.user.findMany({ where: { username: { startsWith: "judge" } }, select: { id: true } });
  const round = await prisma.judgingRound.create({
    data: { challengeId: challenge.id, position: 1, name: "Shortlist", method: "PAIRWISE", state: "OPEN", openedAt: new Date() },
  });
  const entryIds: string[] = [];
  for (const m of makers) {
    const s = await prisma.submission.create({
      data: {
        challengeId: challenge.id,
        status: "SUBMITTED",
        version: 1,
        submittedAt: new Date(),
        members: { create: { challengeId: challenge.id, userId: m.id, role: "OWNER" } },
        versions: { create: { number: 1, items: [{ deliverableId: "d1", title: "Demo", kind: "link", url: "https://x.test" }] } },
      },
      select: { id: true },
    });
    entryIds.push(s.id);
  }
  await prisma.roundEntry.createMany({ data: entryIds.map((submissionId) => ({ roundId: round.id, submissionId })) });
  await prisma.judge.createMany({ data: judges.map((j) => ({ challengeId: challenge.id, userId: j.id })) });
  // Each judge's decisions as gavel makes them: a chain, each new entry compared with the one seen before it.
  const perJudge = Math.floor(SEEDED / JUDGES);
  const start = Date.now() - 3_600_000;
  const decisions = [];
  for (const [j, judge] of judges.entries()) {
    const order = [...entryIds].sort(() => rng() - 0.5).slice(0, perJudge + 1);
    for (let k = 1; k < order.length; k++) {
      const [winnerId, loserId] = rng() < 0.5 ? [order[k]!, order[k - 1]!] : [order[k - 1]!, order[k]!];
      decisions.push({
        roundId: round.id,
        judgeId: judge.id,
        winnerId,
        loserId,
        createdAt: new Date(start + (k * JUDGES + j) * 10),
      });
    }
    await prisma.pairwiseJudgeState.create({ data: { roundId: round.id, judgeId: judge.id, previousId: order.at(-1)! } });
  }
  await prisma.pairwiseDecision.createMany({ data: decisions });
  await prisma.$transaction((tx) => rebuildPairwiseState(tx, round.id), { timeout: 120_000 });
  console.log(
    `seeded ${ENTRIES} entries, ${JUDGES} judges, ${decisions.length} decisions in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  const cookies = await Promise.all(judges.map(async (j) => `${SESSION_COOKIE}=${(await createSession(j.id)).token}`));
  const base = `http://localhost:3000/api/judging/rounds/${round.id}`;
  const call = async (cookie: string, path: string, body?: unknown) => {
    const res = await app.handle(
      new Request(`${base}${path}`, {
        method: body ? "POST" : "GET",
        headers: { cookie, origin: "http://localhost:3000", ...(body ? { "content-type": "application/json" } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      }),
    );
    const json = (await res.json()) as { pair: { a: { submissionId: string }; b: { submissionId: string } } | null };
    if (res.status >= 300) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const gets: number[] = [];
  const posts: number[] = [];
  const cycle = async (i: number, record: boolean) => {
    const cookie = cookies[i % JUDGES]!;
    let t = performance.now();
    const state = await call(cookie, "/pair");
    if (record) gets.push(performance.now() - t);
    if (!state.pair) return;
    t = performance.now();
    await call(cookie, "/decisions", { winnerId: state.pair.a.submissionId, loserId: state.pair.b.submissionId });
    if (record) posts.push(performance.now() - t);
  };
  for (let i = 0; i < JUDGES; i++) await cycle(i, false); // warm-up: each judge's first pair, compilation
  for (let i = 0; i < CYCLES; i++) await cycle(i, true);
  await closeDatabase();

  const g = stats(gets);
  const p = stats(posts);
  console.log(`\n${CYCLES} cycles, ${JUDGES} judges taking turns, ${ENTRIES} entries\n`);
  console.log("| what | p50 / p95 | goal |\n|---|---|---|");
  console.log(`| GET pair (the current pair) | ${fmt(g.p50)} / ${fmt(g.p95)} | p95 ≤ ${GOAL_MS} ms: ${met(g.p95 <= GOAL_MS)} |`);
  console.log(
    `| POST decision (update + next pair over ${ENTRIES} entries) | ${fmt(p.p50)} / ${fmt(p.p95)} | p95 ≤ ${GOAL_MS} ms: ${met(p.p95 <= GOAL_MS)} |`,
  );
} finally {
  await drop();
}
