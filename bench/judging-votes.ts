// The public vote at scale (decision 021): one open public vote of 50 entries in PostgreSQL and 2,000 verified voters,
// each signed in; then every voter's PUT /api/rounds/:id/votes through the real app (in-process, app.handle, each from
// its own address), a few at a time as a crowd would send them. Prints ballots/s and votes/s on one process (goal
// ≥ 200 votes/s) and the p50/p95 of one ballot. Asserts nothing. The database is its own and removed at the end.
//   npm run bench:judging-votes   (needs PostgreSQL; BENCH_POSTGRES_URL, BENCH_VOTERS, BENCH_CONCURRENCY to change)
import { benchDatabase, fmt, met, stats } from "./judging-db";

const ENTRIES = 50;
const VOTERS = Number(process.env.BENCH_VOTERS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const VOTE_LIMIT = 3;
const GOAL_PER_SECOND = 200;

const { drop } = await benchDatabase("bench_votes");
try {
  const { app } = await import("../api/src/app");
  const { db, getDatabase, closeDatabase } = await import("../api/src/db/client");
  const { recordClientIp } = await import("../api/src/lib/client-ip");
  const { createSession, SESSION_COOKIE } = await import("../api/src/modules/auth/sessions");
  const { seededRng } = await import("../api/src/modules/judging/crowd-bt");
  await getDatabase(); // applies the migrations
  const prisma = await db();
  const rng = seededRng(11);

  const challenge = await prisma.challenge.create({
    data: { title: "Bench challenge", description: "People's choice", status: "ACTIVE", startDate: new Date() },
  });
  const round = await prisma.judgingRound.create({
    data: {
      challengeId: challenge.id,
      position: 1,
      name: "People's Choice",
      method: "PUBLIC_VOTE",
      state: "OPEN",
      voteLimit: VOTE_LIMIT,
      openedAt: new Date(),
    },
  });
  const entryIds: string[] = [];
  for (let i = 0; i < ENTRIES; i++) {
    const s = await prisma.submission.create({
      data: { challengeId: challenge.id, status: "SUBMITTED", version: 1, submittedAt: new Date() },
      select: { id: true },
    });
    entryIds.push(s.id);
  }
  await prisma.roundEntry.createMany({ data: entryIds.map((submissionId) => ({ roundId: round.id, submissionId })) });
  await prisma.user.createMany({
    data: Array.from({ length: VOTERS }, (_, i) => ({
      username: `voter${i}`,
      email: `voter${i}@bench.test`,
      password: "x",
      emailVerified: true,
    })),
  });
  const voters = await prisma.user.findMany({ where: { username: { startsWith: "voter" } }, select: { id: true } });
  const sessions: string[] = [];
  for (const v of voters) sessions.push(`${SESSION_COOKIE}=${(await createSession(v.id)).token}`);

  const ballot = () => {
    const picks = new Set<string>();
    const n = 1 + Math.floor(rng() * VOTE_LIMIT);
    while (picks.size < n) picks.add(entryIds[Math.floor(rng() * ENTRIES)]!);
    return [...picks];
  };
  const url = `http://localhost:3000/api/rounds/${round.id}/votes`;
  const times: number[] = [];
  let votes = 0;
  const cast = async (i: number, record: boolean) => {
    const submissionIds = ballot();
    const request = new Request(url, {
      method: "PUT",
      headers: { cookie: sessions[i]!, origin: "http://localhost:3000", "content-type": "application/json" },
      body: JSON.stringify({ submissionIds }),
    });
    recordClientIp(request, `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
    const t = performance.now();
    const res = await app.handle(request);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`vote: ${res.status}`);
    if (record) {
      times.push(performance.now() - t);
      votes += submissionIds.length;
    }
  };
  const WARM = Math.min(50, Math.floor(VOTERS / 10));
  for (let i = 0; i < WARM; i++) await cast(i, false);
  let next = WARM;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < voters.length) await cast(next++, true);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const stored = await prisma.publicVote.count({ where: { roundId: round.id } });
  await closeDatabase();

  const s = stats(times);
  const perSecond = votes / seconds;
  console.log(
    `\n${times.length} voters, ${CONCURRENCY} at a time, ballots of 1 to ${VOTE_LIMIT} of ${ENTRIES} entries (${stored} votes stored)\n`,
  );
  console.log("| what | figure | goal |\n|---|---|---|");
  console.log(`| ballots/s | ${(times.length / seconds).toFixed(0)} | — |`);
  console.log(`| votes/s | ${perSecond.toFixed(0)} | ≥ ${GOAL_PER_SECOND}/s: ${met(perSecond >= GOAL_PER_SECOND)} |`);
  console.log(`| one ballot, p50 / p95 | ${fmt(s.p50)} / ${fmt(s.p95)} | — |`);
} finally {
  await drop();
}
