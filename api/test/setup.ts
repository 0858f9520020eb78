// Preloaded before every bun test file: points the app at a fresh, empty, migrated database for this run —
// PGlite in memory by default, or a new database on the PostgreSQL server when TEST_DATABASE=postgres — and
// drops that database afterwards. Tests create their own data with the factories; no demo seed.
import { afterAll, beforeEach } from "bun:test";
import pg from "pg";
import { startMailbox } from "./mailbox";

process.env.NODE_ENV = "test";
process.env.LOG_LEVEL ??= "warn";
process.env.SEED_DEMO_DATA = "false";
process.env.SITE_URL = "http://localhost:3000";
process.env.HASH_CONCURRENCY ??= "2";

// Tests write with factories, past the API whose writes drop kept pages: every test starts with Astro's route cache
// (server/page-cache.ts) empty, as after a deploy. server/page-cache.test.ts tests the cache itself, within a test.
// Imported here, not at the top: the app's modules read the settings above when they load.
beforeEach(async () => {
  (await import("../src/db/page-changes")).dropAllKeptPages();
});

const mailbox = await startMailbox();
process.env.SMTP_URL = mailbox.url;
afterAll(() => mailbox.stop());

export const TEST_POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

if (process.env.TEST_DATABASE === "postgres") {
  const name = `platform_test_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  delete process.env.PGLITE_DATA_DIR;

  afterAll(async () => {
    const { closeDatabase } = await import("../src/db/client");
    await closeDatabase();
    const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.end();
  });
} else {
  delete process.env.DATABASE_URL;
  process.env.PGLITE_DATA_DIR = "memory://bun-test";
}
