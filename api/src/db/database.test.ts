// Opening the database: migrations on a fresh database, idempotent re-runs, concurrent starts against one
// PostgreSQL, the PGlite data-directory lock, and the demo seed's idempotency.
import { describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { Prisma } from "../generated/prisma/client";
import { openDatabase } from "./client";
import { applyMigrations, migrationNamesOnDisk } from "./migrate";
import { lockDataDir } from "./pglite-lock";
import { createDatabase, templatePath } from "./pglite-init";
import { readMigrationList } from "./schema-engine";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { TEST_POSTGRES_URL } from "../../test/setup";
import { seedDemo } from "../cli/demo-seed";

const ROOT = join(import.meta.dir, "../../..");
const bun = process.execPath;
const onPostgres = process.env.TEST_DATABASE === "postgres";

async function tableNames(query: (sql: string) => Promise<{ rows: { table_name: string }[] }>) {
  const { rows } = await query(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
  );
  return rows.map((r) => r.table_name);
}

const EXPECTED_TABLES = [
  "_prisma_migrations",
  "awards",
  "challenge_participants",
  "challenges",
  "deliverables",
  "eligibility_checks",
  "judge_assignments",
  "judge_invitations",
  "judge_scores",
  "judges",
  "judging_criteria",
  "judging_rounds",
  "mail_deliveries",
  "merch_sync_runs",
  "merchandise",
  "merchandise_variants",
  "order_events",
  "orders",
  "pairwise_decisions",
  "pairwise_entry_states",
  "pairwise_judge_states",
  "printify_events",
  "printify_webhook_registrations",
  "project_collaborators",
  "projects",
  "public_votes",
  "rate_limits",
  "resources",
  "round_entries",
  "round_results",
  "sessions",
  "settings",
  "stripe_events",
  "submission_items",
  "submission_reminders",
  "submission_versions",
  "submissions",
  "subscriptions",
  "team_invitations",
  "team_members",
  "test_payments",
  "users",
];

async function withFreshDatabase(work: (url: string) => Promise<void>) {
  const name = `platform_migrate_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  try {
    await work(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
}

describe.skipIf(onPostgres)("migrations on PGlite", () => {
  test("a fresh database gets every table; a second run applies nothing", async () => {
    const client = new PGlite("memory://fresh-migrations");
    const factory = new PrismaPGlite(client);
    expect(await applyMigrations(factory)).toEqual(await migrationNamesOnDisk());
    expect(await tableNames((sql) => client.query(sql))).toEqual(EXPECTED_TABLES);
    expect(await applyMigrations(factory)).toEqual([]);
    await client.close();
  });

  test("a new database is a copy of a template made once: every migration and table, the same history", async () => {
    const templateDir = mkdtempSync(join(tmpdir(), "pglite-templates-"));
    try {
      const history = (client: PGlite) =>
        client.query<{ migration_name: string; checksum: string }>(
          "SELECT migration_name, checksum FROM _prisma_migrations ORDER BY migration_name",
        );
      const scratch = new PGlite("memory://template-scratch");
      expect(await applyMigrations(new PrismaPGlite(scratch))).toEqual(await migrationNamesOnDisk());

      const first = await createDatabase("memory://template-first", { templateDir });
      expect(first).toMatchObject({ fromTemplate: true, applied: [] });
      expect(existsSync(await templatePath(templateDir))).toBe(true);
      expect(await tableNames((sql) => first.client.query(sql))).toEqual(EXPECTED_TABLES);
      expect((await history(first.client)).rows).toEqual((await history(scratch)).rows);
      // Each copy is a database of its own.
      const second = await createDatabase("memory://template-second", { templateDir });
      await second.client.exec(
        `INSERT INTO settings (id, "annualSubscriptionPrice", "updatedAt") VALUES ('only-in-the-second', 1, now())`,
      );
      expect((await first.client.query("SELECT 1 FROM settings WHERE id = 'only-in-the-second'")).rows).toEqual([]);
      await Promise.all([scratch.close(), first.client.close(), second.client.close()]);

      // A template cut short is dropped and the database made from scratch; the next new database writes it again.
      const template = await templatePath(templateDir);
      await Bun.write(template, "not a tarball");
      const rebuilt = await createDatabase("memory://template-rebuilt", { templateDir });
      expect(rebuilt).toMatchObject({ fromTemplate: false, applied: await migrationNamesOnDisk() });
      await rebuilt.client.close();
      const again = await createDatabase("memory://template-again", { templateDir });
      expect(again).toMatchObject({ fromTemplate: true, applied: [] });
      expect(Bun.file(template).size).toBeGreaterThan(1_000_000);
      await again.client.close();
    } finally {
      rmSync(templateDir, { recursive: true, force: true });
    }
  }, 90_000);

  test("another set of migrations (one edited, or one more) names another template", async () => {
    const list = await readMigrationList();
    const current = await templatePath("/t", list);
    const [last, ...rest] = [...list.migrationDirectories].reverse();
    const edited = { ...last!, migrationFile: { ...last!.migrationFile, content: { tag: "ok" as const, value: "SELECT 1;" } } };
    const added = {
      path: "29991231000000_next",
      migrationFile: { path: "migration.sql", content: { tag: "ok" as const, value: "" } },
    };
    expect(await templatePath("/t", { ...list, migrationDirectories: [...rest.reverse(), edited] })).not.toBe(current);
    expect(await templatePath("/t", { ...list, migrationDirectories: [...list.migrationDirectories, added] })).not.toBe(current);
    expect(await templatePath("/t", list)).toBe(current);
  });

  test("prisma/migrations is in sync with schema.prisma: a schema edit without its migration fails here", () => {
    // The same engine path `bun run db:new-migration` takes, without writing anything.
    const check = Bun.spawnSync([bun, "api/src/cli/cli.ts", "check-migrations"], { cwd: ROOT, env: process.env });
    expect(check.stderr.toString()).toBe("");
    expect(check.exitCode).toBe(0);
  }, 90_000);

  test("a data directory is created when missing, and reopening it keeps the data", async () => {
    const dir = join(mkdtempSync(join(tmpdir(), "pglite-")), "nested/data");
    const first = await openDatabase({ dataDir: dir });
    await first.prisma.challenge.create({ data: { title: "Kept", description: "d", startDate: new Date() } });
    await first.close();
    const second = await openDatabase({ dataDir: dir });
    expect(await second.prisma.challenge.count()).toBe(1);
    expect(await second.isMigrated()).toBe(true);
    await second.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test("a migration the database lacks (a deploy) is applied when the server starts on it", async () => {
    const dir = join(mkdtempSync(join(tmpdir(), "pglite-")), "data");
    await (await openDatabase({ dataDir: dir })).close();
    // As if rate_limits' migration were new in this deploy: its table and its row gone.
    const raw = new PGlite(dir);
    await raw.exec(`DROP TABLE rate_limits;
      DELETE FROM _prisma_migrations WHERE migration_name = '20261126123431_shared_rate_limits';`);
    await raw.close();
    const reopened = await openDatabase({ dataDir: dir });
    expect(await reopened.isMigrated()).toBe(true);
    expect(await reopened.prisma.rateLimit.count()).toBe(0); // the table is back
    await reopened.close();
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  test("a second process on the same data directory fails fast with a clear message", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pglite-locked-"));
    const release = lockDataDir(dir);
    try {
      expect(() => lockDataDir(dir)).not.toThrow(); // the same process may re-enter (reload) …
      const other = Bun.spawnSync([bun, "api/src/cli/cli.ts", "migrate"], {
        cwd: ROOT,
        env: { ...process.env, PGLITE_DATA_DIR: dir, DATABASE_URL: "" },
      });
      expect(other.exitCode).not.toBe(0); // … another process may not
      expect(other.stderr.toString()).toContain(
        `The embedded database at ${dir} is in use by another process (pid ${process.pid})`,
      );
    } finally {
      release();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("a stale lock left by a dead process is taken over", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pglite-stale-"));
    const lockFile = join(dir, "platform.lock");
    const dead = Bun.spawnSync(["true"]).pid; // a pid that has certainly exited
    await Bun.write(lockFile, String(dead));
    try {
      const release = lockDataDir(dir);
      expect(readFileSync(lockFile, "utf8")).toBe(String(process.pid)); // the lock is now ours …
      expect(readdirSync(dir)).toEqual(["platform.lock"]); // … and the stale one left nothing behind
      release();
      expect(existsSync(lockFile)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!onPostgres)("migrations on PostgreSQL", () => {
  test("two instances starting at once both come up, and each migration is applied exactly once", async () => {
    await withFreshDatabase(async (url) => {
      const start = () =>
        Bun.spawn([bun, "api/src/cli/cli.ts", "migrate"], {
          cwd: ROOT,
          env: { ...process.env, DATABASE_URL: url },
          stdout: "pipe",
          stderr: "pipe",
        });
      const [a, b] = [start(), start()];
      expect(await Promise.all([a.exited, b.exited])).toEqual([0, 0]);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const { rows } = await client.query(
        "SELECT migration_name, count(*)::int AS n FROM _prisma_migrations GROUP BY 1 ORDER BY 1",
      );
      expect(rows).toEqual((await migrationNamesOnDisk()).map((name) => ({ migration_name: name, n: 1 })));
      expect(await tableNames((sql) => client.query(sql))).toEqual(EXPECTED_TABLES);
      await client.end();
    });
  });

  test("re-running migrations on a migrated database changes nothing", async () => {
    await withFreshDatabase(async (url) => {
      const first = await openDatabase({ databaseUrl: url });
      await first.close();
      const second = await openDatabase({ databaseUrl: url });
      expect(await second.isMigrated()).toBe(true);
      await second.close();
    });
  });
});

describe("demo seed", () => {
  test("seeds an empty database, and re-seeding leaves exactly the same rows", async () => {
    const run = async (database: Awaited<ReturnType<typeof openDatabase>>) => {
      const p = database.prisma;
      const counts = () =>
        Promise.all([
          p.user.count(),
          p.challenge.count(),
          p.project.count(),
          p.resource.count(),
          p.merchandise.count(),
          p.merchandiseVariant.count(),
          p.challengeParticipant.count(),
          p.subscription.count(),
          p.order.count(),
          p.judgingRound.count(),
          p.judgeAssignment.count(),
          p.judgeScore.count(),
          p.roundResult.count(),
          p.award.count(),
        ]);
      await seedDemo(p);
      const once = await counts();
      expect(once.every((n) => n > 0)).toBe(true);
      const published = await p.roundResult.findMany({ select: { roundId: true, sha256: true, snapshot: true } });
      await seedDemo(p);
      expect(await counts()).toEqual(once);
      // Judging (README): a verified `judge` on an open rubric round; a published round frozen once, with its awards.
      expect(await p.roundResult.findMany({ select: { roundId: true, sha256: true, snapshot: true } })).toEqual(published);
      expect(published).toHaveLength(1);
      const judge = await p.user.findUniqueOrThrow({ where: { username: "judge" } });
      expect(judge.emailVerified).toBe(true);
      const states = await p.judgingRound.findMany({ select: { state: true }, orderBy: { state: "asc" } });
      expect(states.map((r) => r.state)).toEqual(["OPEN", "PUBLISHED"]);
      expect(await p.award.count({ where: { publishedAt: { not: null } } })).toBe(2);
      // What README's demo table promises: `member` owns the annual plan, `amara` has bought nothing.
      const member = await p.user.findUniqueOrThrow({ where: { username: "member" }, include: { subscriptions: true } });
      expect(member.subscriptions.map((s) => [s.plan, s.status])).toEqual([["ANNUAL", "ACTIVE"]]);
      const amara = await p.user.findUniqueOrThrow({
        where: { username: "amara" },
        include: { subscriptions: true, orders: true },
      });
      expect([amara.subscriptions, amara.orders]).toEqual([[], []]);
      const statuses = await p.challenge.groupBy({ by: ["status"], _count: true });
      expect(statuses.map((s) => s.status).sort()).toEqual(["ACTIVE", "COMPLETED", "DRAFT", "UPCOMING"]);
      await database.close();
    };
    if (onPostgres) await withFreshDatabase(async (url) => run(await openDatabase({ databaseUrl: url })));
    else await run(await openDatabase({ dataDir: "memory://seed-check" }));
  });
});

describe.skipIf(!onPostgres)("connections lost on PostgreSQL", () => {
  test("a backend terminated under a transaction or a running statement fails that work, not the process", async () => {
    await withFreshDatabase(async (url) => {
      const database = await openDatabase({ databaseUrl: url, poolSize: 2 });
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      const uncaught: unknown[] = [];
      const onUncaught = (e: unknown) => uncaught.push(e);
      process.on("uncaughtException", onUncaught);
      try {
        const transaction = database.prisma.$transaction(async (tx) => {
          const [{ pid }] = await tx.$queryRaw<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
          // Between two statements, as a failover or an operator would: PostgreSQL's FATAL reaches an idle connection.
          await admin.query("SELECT pg_terminate_backend($1)", [pid]);
          await Bun.sleep(300);
          await tx.$queryRaw`SELECT 1`;
        });
        await expect(transaction).rejects.toThrow();
        // A statement running when its backend goes: it fails with PostgreSQL's error, and nothing else about that
        // connection reaches the process as an uncaught error.
        const sleeping = database.read(Prisma.sql`SELECT pg_sleep(${4.5}::float8) AS slept`);
        // Handled from the start: under load the pool may still hand out the connection killed above (its 'error' event
        // not yet heard), and then this fails at once, before the awaits below; it is the same 57P01 either way.
        sleeping.catch(() => {});
        let pid: number | undefined;
        for (let i = 0; i < 50 && !pid; i++, await Bun.sleep(50)) {
          const found = await admin.query<{ pid: number }>(
            // This test's own database only: other lanes' servers share the PostgreSQL server.
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query LIKE '%pg_sleep%' AND state = 'active' AND pid <> pg_backend_pid()",
          );
          pid = found.rows[0]?.pid;
        }
        await admin.query("SELECT pg_terminate_backend($1)", [pid]);
        await expect(sleeping).rejects.toMatchObject({ code: "57P01" });
        await Bun.sleep(300);
        expect(uncaught).toEqual([]);
        // The pool dropped the dead connection: the next statements get live ones.
        for (let i = 0; i < 4; i++) expect(await database.prisma.user.count()).toBe(0);
        expect(await database.read(Prisma.sql`SELECT ${1}::int AS one`)).toEqual([{ one: 1 }]);
      } finally {
        process.off("uncaughtException", onUncaught);
        await admin.end();
        await database.close();
      }
    });
  });
});
