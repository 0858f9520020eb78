// Submissions at scale (decision 019): one challenge with 10,000 submissions and 40,000 items in
// PostgreSQL, then through the real app (in-process, app.handle, signed in as a `challenges` section holder): the
// admin list's first page and a page ~9,950 rows deep by keyset cursor (goal p95 ≤ 50 ms each), and "Download all"
// over ~2 GB of stored files (sparse files in a temporary local storage directory: fast to make, real bytes to
// stream) with the process's RSS growth while it streams (goal ≤ 64 MB). Prints figures; asserts nothing. The
// database and the directory are its own and removed at the end.
//   npm run bench:submissions   (needs PostgreSQL; BENCH_POSTGRES_URL, BENCH_REQUESTS, BENCH_ZIP_MB to change)
import { mkdir, mkdtemp, open, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const SUBMISSIONS = 10_000;
const DELIVERABLES = 4; // a file, a link, a text, a second file: 40,000 items
const PAGE = 50;
const LIST_P95_GOAL_MS = 50;
const RSS_GOAL_MB = 64;
const MB = 1024 * 1024;
/** Every 5th submission is SUBMITTED (2,000 in the ZIP); every 100th of those carries a big file. */
const ZIP_MB = Number(process.env.BENCH_ZIP_MB ?? 2048);
const SUBMITTED_EVERY = 5;
const BIG_EVERY = 100;

const name = `bench_submissions_${Date.now().toString(36)}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`CREATE DATABASE "${name}"`);
const files = await mkdtemp(join(tmpdir(), "bench-submissions-"));
const cleanUp = async () => {
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await rm(files, { recursive: true, force: true });
};
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
  return { p50: at(0.5), p95: at(0.95) };
};
const fmt = (n: number) => `${n.toFixed(2)} ms`;
const met = (ok: boolean) => (ok ? "met" : "**not met**");
const row = (what: string, figure: string, goal = "—") => console.log(`| ${what} | ${figure} | ${goal} |`);

try {
  const { app } = await import("../api/src/app");
  const { db: prismaClient, getDatabase, closeDatabase } = await import("../api/src/db/client");
  const { localStorage, useStorage } = await import("../api/src/lib/storage");
  const { createSession, SESSION_COOKIE } = await import("../api/src/modules/auth/sessions");
  await getDatabase(); // applies the migrations
  const prisma = await prismaClient();
  useStorage(localStorage(files));

  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  const t = performance.now();
  const submitted = SUBMISSIONS / SUBMITTED_EVERY;
  const big = submitted / BIG_EVERY;
  // ~half the bytes in a few big files, half in many small ones: both kinds must stream without growing memory.
  const bigBytes = Math.floor((ZIP_MB / 2 / big) * MB);
  const smallBytes = Math.floor((ZIP_MB / 2 / (submitted - big)) * MB);
  const {
    rows: [challenge],
  } = await db.query<{ id: string }>(
    `INSERT INTO challenges (id, title, description, status, "startDate", "updatedAt")
     VALUES (gen_random_uuid(), 'Bench challenge', 'Ten thousand teams', 'ACTIVE', now() - interval '10 days', now()) RETURNING id`,
  );
  const challengeId = challenge!.id;
  const kinds = ["FILE", "URL", "TEXT", "FILE"];
  const { rows: deliverables } = await db.query<{ id: string; position: number; title: string; kind: string }>(
    `INSERT INTO deliverables (id, "challengeId", position, title, kind, required, "updatedAt")
     SELECT gen_random_uuid(), $1, p, 'Deliverable ' || p, (($2::text[])[p])::"DeliverableKind", p <= 3, now()
     FROM generate_series(1, 4) AS p RETURNING id, position, title, kind::text AS kind`,
    [challengeId, kinds],
  );
  deliverables.sort((a, b) => a.position - b.position);
  await db.query(
    `INSERT INTO users (id, email, username, password, "updatedAt")
     SELECT 'bench-user-' || i, 'bench-' || i || '@example.com', 'bench-' || i, 'x', now() FROM generate_series(1, $1) AS i`,
    [SUBMISSIONS],
  );
  await db.query(
    `INSERT INTO submissions (id, "challengeId", status, version, "submittedAt", "createdAt", "updatedAt")
     SELECT 'bench-sub-' || i, $1,
            (CASE WHEN i % $3 = 0 THEN 'SUBMITTED' WHEN i % 7 = 0 THEN 'WITHDRAWN' ELSE 'DRAFT' END)::"SubmissionStatus",
            CASE WHEN i % $3 = 0 THEN 1 ELSE 0 END,
            CASE WHEN i % $3 = 0 THEN now() ELSE NULL END,
            timestamp '2026-11-01' + i * interval '1 minute', now()
     FROM generate_series(1, $2) AS i`,
    [challengeId, SUBMISSIONS, SUBMITTED_EVERY],
  );
  await db.query(
    `INSERT INTO team_members ("submissionId", "challengeId", "userId", role)
     SELECT 'bench-sub-' || i, $1, 'bench-user-' || i, 'OWNER' FROM generate_series(1, $2) AS i`,
    [challengeId, SUBMISSIONS],
  );
  // Items: the first file deliverable holds a stored file for submitted teams (a 1-byte placeholder key otherwise),
  // the second file only its columns; links and texts are short.
  const [fileD, urlD, textD, file2D] = deliverables;
  await db.query(
    `INSERT INTO submission_items (id, "submissionId", "deliverableId", url, text, "fileKey", "fileName", "fileType", "fileBytes", sha256, "updatedAt")
     SELECT gen_random_uuid(), 'bench-sub-' || i, d.id,
            CASE WHEN d.kind = 'URL' THEN 'https://example.org/team/' || i END,
            CASE WHEN d.kind = 'TEXT' THEN '# Team ' || i || E'\n\nOur problem and our solution.' END,
            CASE WHEN d.kind = 'FILE' THEN 'private/bench-' || d.p || '-' || i || '.pdf' END,
            CASE WHEN d.kind = 'FILE' THEN 'deck-' || i || '.pdf' END,
            CASE WHEN d.kind = 'FILE' THEN 'application/pdf' END,
            CASE WHEN d.kind = 'FILE' THEN (CASE WHEN d.p = 1 AND i % $2::int = 0 THEN (CASE WHEN (i / $2::int) % $3::int = 0 THEN $4::int ELSE $5::int END) ELSE 0 END) END,
            CASE WHEN d.kind = 'FILE' THEN repeat('0', 64) END,
            now()
     FROM generate_series(1, $1) AS i,
          (VALUES ($6::text, 1, 'FILE'), ($7, 2, 'URL'), ($8, 3, 'TEXT'), ($9, 4, 'FILE')) AS d(id, p, kind)`,
    [SUBMISSIONS, SUBMITTED_EVERY, BIG_EVERY, bigBytes, smallBytes, fileD!.id, urlD!.id, textD!.id, file2D!.id],
  );
  // Submitted teams' version 1: their link, text and first file (the second file was never handed in).
  await db.query(
    `INSERT INTO submission_versions (id, "submissionId", number, "createdById", items)
     SELECT gen_random_uuid(), s."submissionId", 1, NULL,
            jsonb_agg(jsonb_strip_nulls(jsonb_build_object(
              'deliverableId', s."deliverableId", 'title', d.title, 'kind', d.kind, 'url', s.url, 'text', s.text,
              'file', CASE WHEN s."fileKey" IS NOT NULL THEN jsonb_build_object('key', s."fileKey", 'name', s."fileName",
                        'type', s."fileType", 'bytes', s."fileBytes", 'sha256', s.sha256) END)) ORDER BY d.position)
     FROM submission_items s JOIN deliverables d ON d.id = s."deliverableId" JOIN submissions sub ON sub.id = s."submissionId"
     WHERE sub.status = 'SUBMITTED' AND d.position <= 3
     GROUP BY s."submissionId"`,
  );
  await db.query("VACUUM ANALYZE submissions, submission_items, team_members, submission_versions, users");
  // The stored files: sparse (no disk written), read back as zeros at disk-cache speed.
  await mkdir(join(files, "private"), { recursive: true });
  const { rows: stored } = await db.query<{ key: string; bytes: number }>(
    `SELECT "fileKey" AS key, "fileBytes" AS bytes FROM submission_items WHERE "fileBytes" > 0`,
  );
  for (const { key, bytes } of stored) {
    const handle = await open(join(files, key), "w");
    await handle.truncate(bytes);
    await handle.close();
  }
  const totalBytes = stored.reduce((sum, f) => sum + f.bytes, 0);
  console.log(
    `generated ${SUBMISSIONS.toLocaleString()} submissions, ${(SUBMISSIONS * DELIVERABLES).toLocaleString()} items, ` +
      `${stored.length} files (${(totalBytes / MB).toFixed(0)} MB) in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );
  const {
    rows: [deep],
  } = await db.query<{ id: string; createdAt: Date }>(
    `SELECT id, "createdAt" FROM submissions WHERE "challengeId" = $1 ORDER BY "createdAt" DESC, id DESC OFFSET $2 LIMIT 1`,
    [challengeId, SUBMISSIONS - PAGE - 1],
  );
  await db.end();

  const reviewer = await prisma.user.create({
    data: { email: "bench-admin@example.com", username: "bench-admin", password: "x", toolAccess: ["challenges"] },
  });
  const cookie = `${SESSION_COOKIE}=${(await createSession(reviewer.id)).token}`;
  const { defineKeyset } = await import("../api/src/lib/keyset");
  const keyset = defineKeyset({ table: "submissions", column: "createdAt", kind: "timestamp", direction: "desc" });
  const deepCursor = keyset.encode({ key: deep!.createdAt, id: deep!.id });

  const request = (path: string) => app.handle(new Request(`http://localhost:3000${path}`, { headers: { cookie } }));
  const get = async (path: string) => {
    const started = performance.now();
    const res = await request(path);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    return performance.now() - started;
  };
  const serial = async (path: string) => {
    for (let i = 0; i < 20; i++) await get(path);
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i++) times.push(await get(path));
    return stats(times);
  };
  const list = `/api/challenges/${challengeId}/submissions?limit=${PAGE}`;
  const first = await serial(list);
  const deepPage = await serial(`${list}&cursor=${deepCursor}`);
  const filtered = await serial(`${list}&status=SUBMITTED`);

  // Download all: read the whole stream as a browser would, sampling RSS every 20 ms.
  Bun.gc(true);
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const started = performance.now();
  const res = await request(`/api/challenges/${challengeId}/submissions.zip`);
  if (res.status !== 200 || !res.body) throw new Error(`zip: ${res.status}`);
  let zipped = 0;
  for await (const chunk of res.body) zipped += chunk.length;
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const growth = (peak - baseline) / MB;
  Bun.gc(true);
  const after = (process.memoryUsage().rss - baseline) / MB;
  await closeDatabase();

  console.log(`\n${REQUESTS} requests a row, ${PAGE} rows a page\n`);
  console.log("| what | figure | goal |\n|---|---|---|");
  const goal = (s: { p95: number }) => `p95 ≤ ${LIST_P95_GOAL_MS} ms: ${met(s.p95 <= LIST_P95_GOAL_MS)}`;
  row("admin submissions, 10,000 in one challenge: first page, p50 / p95", `${fmt(first.p50)} / ${fmt(first.p95)}`, goal(first));
  row(
    `page ${Math.floor(SUBMISSIONS / PAGE)} (the last) by keyset cursor, p50 / p95`,
    `${fmt(deepPage.p50)} / ${fmt(deepPage.p95)}`,
    goal(deepPage),
  );
  row("state filter (SUBMITTED), first page, p50 / p95", `${fmt(filtered.p50)} / ${fmt(filtered.p95)}`, goal(filtered));
  row(
    `Download all: ${submitted.toLocaleString()} teams, ${(zipped / MB).toFixed(0)} MB ZIP`,
    `${seconds.toFixed(1)} s (${(zipped / MB / seconds).toFixed(0)} MB/s), RSS growth ${growth.toFixed(1)} MB (${after.toFixed(1)} MB after a full GC)`,
    `RSS growth ≤ ${RSS_GOAL_MB} MB: ${met(growth <= RSS_GOAL_MB)}`,
  );
} finally {
  await cleanUp();
  await admin.end();
}
