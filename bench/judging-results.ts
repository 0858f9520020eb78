// Judging results at scale (decision 020) on PostgreSQL: one rubric round of 1,000 entries, a panel of 100 judges,
// 5 criteria and 3 judges per entry (15,000 scores), then the round's live results (liveResults, what the admins'
// Results tab reads) and the publish snapshot (buildSnapshot: results, canonical JSON and SHA-256) timed from the
// database up — queries, scoring and ranking. Goal: ≤ 1 s. Prints figures; asserts nothing. The database is its own,
// created here and dropped at the end.
//   npm run bench:judging-results   (needs PostgreSQL; BENCH_POSTGRES_URL, BENCH_RUNS to change)
import pg from "pg";

const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const ENTRIES = 1000;
const JUDGES = 100;
const CRITERIA = 5;
const PER_ENTRY = 3;
const GOAL_MS = 1000;

const name = `bench_judging_results_${Date.now().toString(36)}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`CREATE DATABASE "${name}"`);
const cleanUp = () => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    cleanUp().finally(() => process.exit(130));
  });
}
const url = new URL(ADMIN_URL);
url.pathname = `/${name}`;
process.env.DATABASE_URL = url.toString();
process.env.LOG_LEVEL = "warn";
process.env.SEED_DEMO_DATA = "false";
process.env.NODE_ENV = "test";

const stats = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
  return { min: s[0]!, p50: at(0.5), p95: at(0.95) };
};
const fmt = (n: number) => `${n.toFixed(1)} ms`;

try {
  const { getDatabase, closeDatabase } = await import("../api/src/db/client");
  const { buildSnapshot, liveResults } = await import("../api/src/modules/judging/results");
  const { prisma } = await getDatabase();

  let seed = 42;
  const rng = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const pad = (n: number) => String(n).padStart(12, "0");
  const started = performance.now();
  const challenge = await prisma.challenge.create({
    data: { title: "Bench", description: "Bench", status: "ACTIVE", startDate: new Date() },
  });
  const userId = (n: number) => `00000000-0000-4000-8000-${pad(n)}`;
  await prisma.user.createMany({
    data: Array.from({ length: ENTRIES + JUDGES }, (_, n) => ({
      id: userId(n),
      username: `bench-${n}`,
      email: `bench-${n}@example.com`,
      password: "x",
      firstName: n < ENTRIES ? `Entrant ${n}` : `Judge ${n - ENTRIES}`,
    })),
  });
  const submissionId = (e: number) => `10000000-0000-4000-8000-${pad(e)}`;
  await prisma.submission.createMany({
    data: Array.from({ length: ENTRIES }, (_, e) => ({
      id: submissionId(e),
      challengeId: challenge.id,
      status: "SUBMITTED" as const,
      version: 1,
      submittedAt: new Date(),
    })),
  });
  await prisma.teamMember.createMany({
    data: Array.from({ length: ENTRIES }, (_, e) => ({
      submissionId: submissionId(e),
      challengeId: challenge.id,
      userId: userId(e),
      role: "OWNER" as const,
    })),
  });
  const round = await prisma.judgingRound.create({
    data: { challengeId: challenge.id, position: 1, name: "Bench", method: "RUBRIC", state: "CLOSED", judgesPerEntry: 3 },
  });
  const criteria = await Promise.all(
    Array.from({ length: CRITERIA }, (_, c) =>
      prisma.judgingCriterion.create({
        data: { roundId: round.id, position: c + 1, label: `Criterion ${c + 1}`, min: 0, max: 10, weight: c + 1 },
      }),
    ),
  );
  await prisma.roundEntry.createMany({
    data: Array.from({ length: ENTRIES }, (_, e) => ({ roundId: round.id, submissionId: submissionId(e) })),
  });
  const assignments = Array.from({ length: ENTRIES * PER_ENTRY }, (_, n) => {
    const e = Math.floor(n / PER_ENTRY);
    return {
      id: `20000000-0000-4000-8000-${pad(n)}`,
      roundId: round.id,
      submissionId: submissionId(e),
      judgeId: userId(ENTRIES + (n % JUDGES)),
    };
  });
  await prisma.judgeAssignment.createMany({ data: assignments });
  const scores = assignments.flatMap((a) =>
    criteria.map((c) => ({ assignmentId: a.id, criterionId: c.id, value: Math.floor(rng() * 11) })),
  );
  for (let i = 0; i < scores.length; i += 5000) await prisma.judgeScore.createMany({ data: scores.slice(i, i + 5000) });
  console.log(
    `seeded ${ENTRIES} entries × ${PER_ENTRY} of ${JUDGES} judges × ${CRITERIA} criteria (${scores.length} scores) in ${fmt(performance.now() - started)}`,
  );

  const measure = async (label: string, run: () => Promise<unknown>) => {
    await run(); // warm-up: query plans, JIT
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      await run();
      times.push(performance.now() - t);
    }
    const s = stats(times);
    const verdict = s.p95 <= GOAL_MS ? "met" : "**not met**";
    console.log(`| ${label} | min ${fmt(s.min)}, median ${fmt(s.p50)}, p95 ${fmt(s.p95)} | ≤ ${GOAL_MS} ms: ${verdict} |`);
  };
  console.log("| what | figure | goal |");
  console.log("|---|---|---|");
  await measure("liveResults (admin's live results)", () => liveResults(round.id));
  await measure("buildSnapshot (results + RFC 8785 JSON + SHA-256)", () => buildSnapshot(round.id));
  const { canonical } = await buildSnapshot(round.id);
  console.log(`snapshot: ${(canonical.length / 1024).toFixed(0)} KiB of canonical JSON`);
  await closeDatabase();
} finally {
  await cleanUp();
  await admin.end();
}
