// The database: embedded PGlite in a data directory by default, PostgreSQL when DATABASE_URL is set. Opening it
// applies pending migrations (serialised across instances on PostgreSQL) and seeds an empty one when asked.
// docs/decisions/002-migrations-with-the-wasm-schema-engine.md, 003-embedded-pglite-by-default.md
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "../generated/prisma/client";
import { env } from "../env";
import { log } from "../lib/logger";
import { applyMigrations, migrationNamesOnDisk } from "./migrate";
import { createDatabase, initialiseInChild, isNewDataDir, PGLITE_SETTINGS } from "./pglite-init";
import { lockDataDir } from "./pglite-lock";
import type { SqlReader } from "../lib/keyset";
import { PGLITE_PARSERS, pgliteReader, pgReader } from "./read";

export type Database = {
  prisma: PrismaClient;
  /** One read statement on Prisma's own driver, without its client pipeline: for the hottest list only (db/read.ts). */
  read: SqlReader;
  kind: "pglite" | "postgres";
  /** How the job queue (jobs/jobs.ts) reaches the same database: the one PGlite instance, or the server's URL. */
  queueConnection: { pglite: PGlite } | { connectionString: string };
  /** True when every migration on disk is recorded as finished in the database. */
  isMigrated(): Promise<boolean>;
  close(): Promise<void>;
};

type OpenOptions = {
  databaseUrl?: string;
  dataDir?: string;
  poolSize?: number;
  /** Called once, under the migration lock, when the database has no users and no challenges. */
  seedWhenEmpty?: (prisma: PrismaClient) => Promise<void>;
};

// Any 64-bit number unique to this application: the advisory lock that serialises start-up across instances.
const MIGRATION_LOCK_KEY = 7_271_202_611;

export async function openDatabase(options: OpenOptions): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options)
    : openPglite(options.dataDir ?? env.PGLITE_DATA_DIR, options);
}

async function openPglite(dataDir: string, options: OpenOptions): Promise<Database> {
  const inMemory = dataDir.startsWith("memory://");
  let release = () => {};
  if (!inMemory) {
    dataDir = resolve(dataDir);
    mkdirSync(dataDir, { recursive: true }); // PGlite does not create parent directories
    release = lockDataDir(dataDir);
  }
  try {
    // A new directory is created and migrated by a child process (its memory goes with it; pglite-init.ts). A database
    // in memory lives in this process, so it is made here, from the template as well.
    if (!inMemory && isNewDataDir(dataDir)) {
      const applied = await initialiseInChild(dataDir);
      log.info("embedded database created", { dataDir, applied });
    }
    const client = inMemory
      ? (await createDatabase(dataDir, { options: { parsers: PGLITE_PARSERS } })).client
      : new PGlite(dataDir, { postgresqlconf: PGLITE_SETTINGS, parsers: PGLITE_PARSERS });
    await client.waitReady;
    const factory = new PrismaPGlite(client);
    const prisma = new PrismaClient({ adapter: factory });
    await migrateIfBehind(prisma, "pglite", () => applyMigrations(factory));
    await seedIfEmpty(prisma, options);
    return {
      prisma,
      read: pgliteReader(client),
      kind: "pglite",
      queueConnection: { pglite: client },
      isMigrated: () => isMigrated(prisma),
      async close() {
        await prisma.$disconnect();
        await client.close();
        release();
      },
    };
  } catch (e) {
    release();
    throw e;
  }
}

async function openPostgres(url: string, options: OpenOptions): Promise<Database> {
  const lockClient = new pg.Client({ connectionString: url });
  lockClient.on("error", (e) => log.warn("start-up lock connection lost", { err: e }));
  await lockClient.connect();
  // One pool for Prisma's adapter and the lean reader (db/read.ts), ended here after Prisma lets go of it.
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? env.DATABASE_POOL_SIZE });
  // An idle connection's error (a restarted server, a terminated backend) is reported, never an unhandled 'error'
  // event, also before Prisma's adapter listens: the pool drops that connection and opens another on the next query.
  pool.on("error", (e) => log.warn("idle database connection lost", { err: e }));
  // A connection lent out (Prisma's transactions hold one between their statements) has no listener of the pool's: a
  // backend terminated then (a failover, pg_terminate_backend) emitted an unhandled 'error' and killed the process.
  // Each connection keeps one of its own: the holder's next statement fails ("not queryable"), its release with that
  // error makes the pool drop the connection, and the process goes on.
  pool.on("connect", (client) => {
    client.on("error", (e) => log.warn("database connection lost while in use", { err: e }));
  });
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  const close = async () => {
    await prisma.$disconnect();
    await pool.end();
  };
  try {
    // Several instances may start at once against one server: the first to take the lock migrates and seeds,
    // the others wait and then find nothing left to do.
    await lockClient.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    // The engine takes Prisma's own advisory lock on its connection and holds it while the connection lives, so
    // the migration pool is ended here rather than left to its idle timeout (which stalled the next instance).
    await migrateIfBehind(prisma, "postgres", async () => {
      const migrationPool = new pg.Pool({ connectionString: url, max: 1 });
      try {
        return await applyMigrations(new PrismaPg(migrationPool));
      } finally {
        await migrationPool.end();
      }
    });
    await seedIfEmpty(prisma, options);
  } catch (e) {
    await close();
    throw e;
  } finally {
    await lockClient.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
    await lockClient.end();
  }
  return {
    prisma,
    read: pgReader(pool),
    kind: "postgres",
    queueConnection: { connectionString: url },
    isMigrated: () => isMigrated(prisma),
    close,
  };
}

async function seedIfEmpty(prisma: PrismaClient, options: OpenOptions) {
  if (!options.seedWhenEmpty) return;
  const [users, challenges] = await Promise.all([prisma.user.count(), prisma.challenge.count()]);
  if (users === 0 && challenges === 0) {
    await options.seedWhenEmpty(prisma);
    log.info("demo data seeded into the empty database");
  }
}

async function isMigrated(prisma: PrismaClient) {
  const onDisk = await migrationNamesOnDisk();
  const rows = await prisma.$queryRaw<{ migration_name: string }[]>`
    SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`;
  const applied = new Set(rows.map((r) => r.migration_name));
  return onDisk.every((name) => applied.has(name));
}

/**
 * Runs `apply` (the schema engine) only when a migration on disk is not finished in the database, or there is no
 * migrations table yet. Most starts have none, and then the engine is not loaded at all: its Wasm instance is ~20 MB
 * the process would keep.
 */
async function migrateIfBehind(prisma: PrismaClient, database: Database["kind"], apply: () => Promise<string[]>) {
  const [{ table }] = await prisma.$queryRaw<{ table: string | null }[]>`
    SELECT to_regclass('_prisma_migrations')::text AS table`;
  if (table !== null && (await isMigrated(prisma))) return;
  const applied = await apply();
  if (applied.length) log.info("migrations applied", { database, applied });
}

// The process-wide database, opened from env on first use. Kept on globalThis so that a module loaded twice
// (dev reloads, two bundles) still shares one connection — two PGlite instances on one directory corrupt it.
const key = Symbol.for("platform.database");
type Holder = Record<symbol, Promise<Database> | undefined>;

/**
 * The process-wide database. Only the call that opens it (the first) decides whether an empty one gets demo data:
 * the entry points that want it (server/main.ts when SEED_DEMO_DATA, `npm run db:reset`) pass the seed; nothing in
 * this layer knows it (the seed needs the accounts' password hasher, a feature module's). Everything else — services,
 * `admin:create` on a production box — opens it without: migrations only.
 */
export function getDatabase(options: Pick<OpenOptions, "seedWhenEmpty"> = {}): Promise<Database> {
  const holder = globalThis as unknown as Holder;
  holder[key] ??= openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.PGLITE_DATA_DIR,
    seedWhenEmpty: options.seedWhenEmpty,
  });
  return holder[key];
}

/** The Prisma client of the process-wide database; services call this. */
export async function db(): Promise<PrismaClient> {
  return (await getDatabase()).prisma;
}

// What must stop before the process-wide database closes (the job queue's workers): run first, in order.
const closersKey = Symbol.for("platform.database.beforeClose");
type Closers = Record<symbol, (() => Promise<void>)[] | undefined>;

/** Runs `stop` (once) before `closeDatabase` closes the process-wide database; it must not throw. */
export function beforeDatabaseClose(stop: () => Promise<void>) {
  const closers = globalThis as unknown as Closers;
  closers[closersKey] = [...(closers[closersKey] ?? []), stop];
}

export async function closeDatabase() {
  const holder = globalThis as unknown as Holder;
  const closers = globalThis as unknown as Closers;
  const stops = closers[closersKey] ?? [];
  closers[closersKey] = undefined;
  for (const stop of stops) await stop();
  const pending = holder[key];
  holder[key] = undefined;
  if (pending) await (await pending).close();
}
