// Challenge list at scale: 1,000,000 generated challenges in PostgreSQL, then through the real app
// (in-process, app.handle): the first page vs a page 10,000 deep by keyset cursor (goal: deep/first ≤ 1.2×), and
// full-text search latency one at a time and at 8 concurrent requests (goal p95 ≤ 30 ms). Prints the
// rows of docs/performance.md (what, figure, goal); asserts nothing. The database is its own and dropped at the end.
//   npm run bench:challenges          (needs PostgreSQL; BENCH_POSTGRES_URL, BENCH_ROWS, BENCH_REQUESTS to change;
//                                      BENCH_KEEP_DB=1 keeps the database for EXPLAIN; BENCH_DATABASE=<kept name>
//                                      measures a kept database again without generating rows)
import pg from "pg";

const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const CONCURRENCY = 8;
const PAGE = 12;
const DEEP_PAGES = 10_000;

// A vocabulary large enough that a word matches about one row in a few hundred, as topic words do on a real site.
const VOCABULARY = Array.from({ length: 1500 }, (_, i) => `w${i.toString(36)}topic`);
const SEARCH_WORDS = ["water", "transit", "housing", "energy", "schools", "cities", "health", "food"];

const DEEP_GOAL = 1.2;
const SEARCH_P95_GOAL_MS = 30;

const reused = process.env.BENCH_DATABASE;
const name = reused ?? `bench_challenges_${Date.now().toString(36)}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
if (!reused) await admin.query(`CREATE DATABASE "${name}"`);
const dropDatabase = async () => {
  if (process.env.BENCH_KEEP_DB || reused) console.log(`kept database ${name}`);
  else await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
};
// Ctrl-C during the minutes of generation would otherwise leave a 600 MB database behind.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    console.log(`interrupted: dropping ${name}`);
    dropDatabase()
      .catch((e) => console.error(`could not drop ${name}: ${e}`))
      .finally(() => process.exit(130));
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
  return { p50: at(0.5), p95: at(0.95) };
};
const fmt = (n: number) => `${n.toFixed(2)} ms`;
const pair = (s: { p50: number; p95: number }) => `${fmt(s.p50)} / ${fmt(s.p95)}`;
const met = (ok: boolean) => (ok ? "met" : "**not met**");
/** One row of docs/performance.md's table: what was measured, the figure, the goal (— when there is none). */
const row = (what: string, figure: string, goal = "—") => console.log(`| ${what} | ${figure} | ${goal} |`);

try {
  const { app } = await import("../api/src/app");
  const { getDatabase, closeDatabase } = await import("../api/src/db/client");
  const { challengeKeyset } = await import("../api/src/modules/challenges/list-query");
  await getDatabase(); // applies the migrations

  const db = new pg.Client({ connectionString: url.toString() });
  db.on("error", () => {}); // only when interrupted: the DROP ... WITH (FORCE) above ends this connection mid-insert
  await db.connect();
  if (!reused) {
    const t = performance.now();
    // Load the way a restore would: the search indexes run with fastupdate off (migration 20261126154833), which
    // makes a million single inserts several times slower, so during the load they batch entries in their pending
    // list, then get their own setting back; the VACUUM below merges what the load left pending.
    const { rows: ginIndexes } = await db.query<{ name: string; options: string[] | null }>(
      `SELECT quote_ident(c.relname) AS name, c.reloptions AS options
     FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am am ON am.oid = c.relam
     WHERE i.indrelid = 'challenges'::regclass AND am.amname = 'gin'`,
    );
    for (const { name } of ginIndexes) await db.query(`ALTER INDEX ${name} SET (fastupdate = on)`);
    // Titles and descriptions from the vocabulary, plus one real topic word in every 50th row for the searches.
    await db.query(
      `INSERT INTO challenges (id, title, description, "fullDescription", status, "startDate", "updatedAt")
     SELECT gen_random_uuid(),
            v[1 + (i * 7) % $2] || ' ' || v[1 + (i * 13) % $2] || CASE WHEN i % 50 = 0 THEN ' ' || w[1 + (i / 50) % 8] ELSE '' END,
            v[1 + (i * 17) % $2] || ' ' || v[1 + (i * 19) % $2] || ' ' || v[1 + (i * 23) % $2],
            v[1 + (i * 29) % $2] || ' ' || v[1 + (i * 31) % $2],
            (ARRAY['UPCOMING','ACTIVE','COMPLETED']::"ChallengeStatus"[])[1 + i % 3],
            timestamp '2020-01-01' + (i % 3650) * interval '1 day',
            now()
     FROM generate_series(1, $1) AS i, (SELECT $3::text[] AS v, $4::text[] AS w) AS words`,
      [ROWS, VOCABULARY.length, VOCABULARY, SEARCH_WORDS],
    );
    for (const { name, options } of ginIndexes)
      await db.query(options ? `ALTER INDEX ${name} SET (${options.join(", ")})` : `ALTER INDEX ${name} RESET (fastupdate)`);
    // VACUUM, not just ANALYZE: the steady state autovacuum brings a table to (hint bits, visibility map, any GIN
    // pending list merged). The PostgreSQL on these machines runs with autovacuum off, and a search that scans a
    // pending list left by the load measures the load, not the search.
    await db.query("VACUUM ANALYZE challenges");
    console.log(`generated ${ROWS.toLocaleString()} challenges in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  }
  // How many rows one search word matches, and how many of them the open-status search keeps.
  const matches = await db.query<{ all: number; open: number }>(
    `SELECT count(*)::int AS all, count(*) FILTER (WHERE status IN ('ACTIVE', 'UPCOMING'))::int AS open
     FROM challenges WHERE search @@ websearch_to_tsquery('english', $1)`,
    [SEARCH_WORDS[0]],
  );
  const { all: matched, open: matchedOpen } = matches.rows[0]!;

  // The cursor a visitor would hold after clicking "Load more" 10,000 times (computed directly, once).
  const deepPage = Math.min(DEEP_PAGES, Math.floor((ROWS * 2) / 3 / PAGE) - 1); // smaller BENCH_ROWS: as deep as they go
  const { rows } = await db.query(
    `SELECT id, "startDate" FROM challenges WHERE status IN ('ACTIVE','UPCOMING') ORDER BY "startDate", id OFFSET $1 LIMIT 1`,
    [PAGE * deepPage - 1],
  );
  await db.end();
  const deepCursor = challengeKeyset.encode({ key: rows[0].startDate, id: rows[0].id });

  const get = async (query: string) => {
    const started = performance.now();
    const res = await app.handle(new Request(`http://localhost:3000/api/challenges?${query}`));
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${query}: ${res.status}`);
    return performance.now() - started;
  };
  const serial = async (query: () => string, n: number) => {
    for (let i = 0; i < 20; i++) await get(query()); // warm-up
    const times: number[] = [];
    for (let i = 0; i < n; i++) times.push(await get(query()));
    return stats(times);
  };

  const first = await serial(() => "status=ACTIVE,UPCOMING", REQUESTS);
  const deep = await serial(() => `status=ACTIVE,UPCOMING&cursor=${deepCursor}`, REQUESTS);
  let word = 0;
  const serialSearch = await serial(
    () => `status=ACTIVE,UPCOMING&search=${SEARCH_WORDS[word++ % SEARCH_WORDS.length]}`,
    REQUESTS,
  );

  let next = 0;
  const searchTimes: number[] = [];
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        const word = SEARCH_WORDS[next++ % SEARCH_WORDS.length]!;
        searchTimes.push(await get(`status=ACTIVE,UPCOMING&search=${word}`));
      }
    }),
  );
  const search = stats(searchTimes);
  await closeDatabase();

  const ratio = deep.p50 / first.p50;
  const n = (x: number) => x.toLocaleString("en-US");
  console.log(`\n${REQUESTS} requests a row, All Status (ACTIVE,UPCOMING), ${SEARCH_WORDS.length} search words in turn\n`);
  console.log("| what | figure | goal |\n|---|---|---|");
  row(`challenges, ${n(ROWS)} rows (PostgreSQL): first page, p50 / p95`, pair(first));
  row(
    `page ${n(deepPage)} by keyset cursor, p50 / p95`,
    `${pair(deep)} (${ratio.toFixed(2)}× the first page)`,
    `≤ ${DEEP_GOAL}× the first page: ${met(ratio <= DEEP_GOAL)}`,
  );
  const topic = `a topic word in ${n(matched)} rows, ${n(matchedOpen)} of them open`;
  row(`full-text search (${topic}), one at a time, p50 / p95`, pair(serialSearch));
  row(
    `full-text search at ${CONCURRENCY} concurrent requests, p50 / p95`,
    pair(search),
    `p95 ≤ ${SEARCH_P95_GOAL_MS} ms: ${met(search.p95 <= SEARCH_P95_GOAL_MS)}`,
  );
} finally {
  await dropDatabase();
  await admin.end();
}
