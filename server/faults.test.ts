// Faults under load, short (the full size is `npm run bench:faults`, which also terminates PostgreSQL's backends under
// load): a server process killed with SIGKILL in the middle of a write burst, then restarted, loses no acknowledged
// write and delivers every e-mail once.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type pg from "pg";
import { asPostgresAdmin, killDuringBurst, startDevelopmentServer } from "../bench/faults-scenarios";
import { freePort } from "../api/test/served-site";

const onPostgres = process.env.TEST_DATABASE === "postgres";
// How long the jobs may take to deliver what a fault interrupted. PGlite: a restart resumes them at once. PostgreSQL:
// a job a dead process (or a cut connection) held runs again once its heartbeat is missed (30 s), found by the
// supervisor (every 15 s), after its retry delay — about a minute.
const SETTLE_MS = onPostgres ? 120_000 : 30_000;
const adminUrl = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
let dir: string;
let port: number;
let databaseUrl = "";
const databaseName = `platform_faults_${process.pid}_${Date.now().toString(36)}`;

const admin = <T>(work: (client: pg.Client) => Promise<T>) => asPostgresAdmin(adminUrl, work);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "faults-"));
  port = await freePort();
  if (onPostgres) {
    // A database of its own: the demo seed (what the workload buys and applies to) runs only on an empty one.
    await admin((c) => c.query(`CREATE DATABASE "${databaseName}"`));
    const url = new URL(adminUrl);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
  }
});
afterAll(async () => {
  if (process.env.KEEP_FAULTS_DIR) console.log(`kept ${dir}`);
  else rmSync(dir, { recursive: true, force: true });
  if (onPostgres && !process.env.KEEP_FAULTS_DIR)
    await admin((c) => c.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`));
  if (onPostgres && process.env.KEEP_FAULTS_DIR) console.log(`kept database ${databaseName}`);
});

const start = (outbox: string) => startDevelopmentServer(port, dir, outbox, databaseUrl);

test("SIGKILL in the middle of a write burst: after the restart every acknowledged write is there, every e-mail sent once", async () => {
  const outcome = await killDuringBurst({
    start: () => start("outbox-kill"),
    outboxDir: join(dir, "outbox-kill"),
    concurrency: 4,
    killAfter: 12,
    settleMs: SETTLE_MS,
  });
  console.log(
    `kill -9 burst: ${outcome.attempts} attempts, ${outcome.acknowledged.registered.length} registrations and ${outcome.acknowledged.bought.length} purchases acknowledged`,
  );
  expect(outcome.acknowledged.registered.length + outcome.acknowledged.bought.length).toBeGreaterThanOrEqual(12);
  expect(outcome.lostAccounts).toEqual([]);
  expect(outcome.orderProblems).toEqual([]);
  if (outcome.mailProblems.length) console.log(JSON.stringify(outcome.mailProblems));
  expect(outcome.mailProblems).toEqual([]);
}, 240_000);
