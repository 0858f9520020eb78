// Does the lean reader (api/src/db/read.ts, decision 014) still pay now that the page cache (decision 015) keeps the
// public challenge list page? The built site is served in this process as production serves it, on demo data, and
// each target is measured with the reader and with Prisma's `$queryRaw` in its place — the same statement, the same
// rows (checked first) — in alternating rounds, each rate the median of its rounds:
//  - the list statement alone (listChallengeRows, first page), one call at a time;
//  - GET /api/challenges, the API route (never kept by the page cache);
//  - GET /challenges for a visitor, the page the cache keeps (the statement runs only on a miss);
//  - GET /challenges for a signed-in member, never kept (the page renders and reads every time).
// Prints one table; asserts nothing. Its figures are in decision 014 ("Re-measured with the page cache").
//   bun bench/reader.ts          (needs a built site: npm run build; PostgreSQL at BENCH_POSTGRES_URL, or the
//                                 embedded database with BENCH_PGLITE=1; BENCH_SECONDS, BENCH_ROUNDS, BENCH_CONCURRENCY)
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const STATEMENT_CALLS = 1000;
const ON_PGLITE = process.env.BENCH_PGLITE === "1";
const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** One statement as the server's administrator (creating and dropping this run's database). */
async function asPostgresAdmin(sql: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

// The settings before any of the app is imported: its env module reads them once.
const scratch = mkdtempSync(join(tmpdir(), "bench-reader-"));
const databaseName = `bench_reader_${Date.now().toString(36)}`;
Object.assign(process.env, {
  NODE_ENV: "production",
  LOG_LEVEL: "warn",
  SEED_DEMO_DATA: "true",
  SESSION_SECRET: crypto.randomUUID() + crypto.randomUUID(),
  STORAGE_DIR: join(scratch, "uploads"),
  MAIL_OUTBOX_DIR: join(scratch, "outbox"),
  PGLITE_DATA_DIR: join(scratch, "pglite"),
  DATABASE_URL: ON_PGLITE ? "" : Object.assign(new URL(ADMIN_URL), { pathname: `/${databaseName}` }).toString(),
});
if (!ON_PGLITE) await asPostgresAdmin(`CREATE DATABASE "${databaseName}"`);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Requests per second answered 200 by `CONCURRENCY` fetch loops for `SECONDS`. */
async function rate(url: string, headers: Record<string, string> = {}): Promise<number> {
  const until = performance.now() + SECONDS * 1000;
  let ok = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        const res = await fetch(url, { headers: { "accept-encoding": "gzip, deflate, br, zstd", ...headers } });
        await res.arrayBuffer();
        if (res.status === 200) ok++;
      }
    }),
  );
  return ok / ((performance.now() - started) / 1000);
}

/** Milliseconds a call, `STATEMENT_CALLS` calls one after another. */
async function perCall(call: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < STATEMENT_CALLS; i++) await call();
  return (performance.now() - started) / STATEMENT_CALLS;
}

try {
  const { getDatabase, closeDatabase } = await import("../api/src/db/client");
  const { listChallengeRows } = await import("../api/src/modules/challenges/list-query");
  const { CHALLENGE_PAGE_SIZE, PUBLIC_CHALLENGE_STATUSES } = await import("../api/src/modules/challenges/schema");
  const { createSession, SESSION_COOKIE } = await import("../api/src/modules/auth/sessions");
  const { seedDemo } = await import("../api/src/cli/demo-seed");
  const { loadAstroApp, startServer } = await import("../server/front");
  const { freePort } = await import("../api/test/served-site");
  type SqlReader = Awaited<ReturnType<typeof getDatabase>>["read"];

  const database = await getDatabase({ seedWhenEmpty: seedDemo }); // migrated and demo-seeded, as the bench's app
  const lean = database.read;
  const viaPrisma: SqlReader = (query) => database.prisma.$queryRaw(query);
  const firstPage = { statuses: PUBLIC_CHALLENGE_STATUSES, limit: CHALLENGE_PAGE_SIZE };
  const same = (value: unknown) => JSON.stringify(value, (_, v) => (typeof v === "bigint" ? Number(v) : v));
  const [a, b] = [await listChallengeRows(lean, firstPage), await listChallengeRows(viaPrisma, firstPage)];
  if (same(a) !== same(b)) throw new Error("the reader and $queryRaw answer different rows");

  const port = await freePort();
  const server = startServer({ port, hostname: "127.0.0.1", astro: await loadAstroApp() });
  const base = `http://127.0.0.1:${port}`;
  const member = await database.prisma.user.findFirstOrThrow({ where: { role: "USER" }, select: { id: true } });
  const memberCookie = `${SESSION_COOKIE}=${(await createSession(member.id)).token}`;

  const targets: [what: string, measure: () => Promise<number>][] = [
    [`list statement alone, ms a call (${a.rows.length} rows)`, () => perCall(() => listChallengeRows(database.read, firstPage))],
    ["GET /api/challenges, req/s", () => rate(`${base}/api/challenges`)],
    ["GET /challenges as a visitor (page cache), req/s", () => rate(`${base}/challenges`)],
    ["GET /challenges as a member (no cache), req/s", () => rate(`${base}/challenges`, { cookie: memberCookie })],
  ];
  const readers = { reader: lean, $queryRaw: viaPrisma };
  const results = new Map<string, Record<string, number[]>>();
  for (const [what, measure] of targets) {
    database.read = lean;
    await measure(); // warm-up: plans, JIT, the page cache's first render
    database.read = viaPrisma;
    await measure();
    const runs: Record<string, number[]> = { reader: [], $queryRaw: [] };
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 ? (["$queryRaw", "reader"] as const) : (["reader", "$queryRaw"] as const);
      for (const name of order) {
        database.read = readers[name];
        runs[name]!.push(await measure());
      }
    }
    results.set(what, runs);
  }
  database.read = lean;
  server.stop(true);

  console.log(`\n${ON_PGLITE ? "PGlite" : "PostgreSQL"}, ${CONCURRENCY} connections, ${SECONDS} s × ${ROUNDS} rounds (medians)`);
  console.log("| what | reader | $queryRaw | reader ÷ $queryRaw |");
  console.log("|---|---|---|---|");
  for (const [what, runs] of results) {
    const [r, q] = [median(runs.reader!), median(runs.$queryRaw!)];
    const digits = what.includes("ms a call") ? 2 : 0;
    console.log(`| ${what} | ${r.toFixed(digits)} | ${q.toFixed(digits)} | ${(r / q).toFixed(2)}× |`);
  }
  await closeDatabase();
} finally {
  if (!ON_PGLITE) {
    await asPostgresAdmin(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`).catch(() => {});
  }
  rmSync(scratch, { recursive: true, force: true });
}
process.exit(0);
