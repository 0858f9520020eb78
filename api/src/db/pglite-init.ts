// A new embedded database is created (initdb) and migrated in a child process, then opened by the server.
// PGlite's initdb and Prisma's Wasm schema engine touch ~90 MB that the server process would keep for its whole life
// (wasm memory is never given back; decision 003, "Memory"); a child's memory ends with the child.
//   bun api/src/db/pglite-init.ts <data dir>    (run by openPglite in client.ts; prints the migrations it applied)
//
// initdb is most of a new database's cost (3–5 s of CPU of PGlite's 4–7 s; the migrations ~1.3 s). A new database is
// the same every time for the same PGlite, settings and migrations, so one is made in memory once per machine and
// kept as a template (PGlite's own dump of its data directory), and every new one starts as a copy of it (~1 s): each
// test server, `npm run db:reset`, a second checkout. The migrations still run on the copy and find nothing to do.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { applyMigrations } from "./migrate";
import { LOCK_FILE } from "./pglite-lock";
import { readMigrationList } from "./schema-engine";

/**
 * PostgreSQL's default 128 MB of shared buffers is wasm memory PGlite touches as it reads and never gives back: 130 of
 * the server's 390 MB after start. The embedded database is the small, one-machine case (decision 003); 16 MB holds
 * the demo data many times over, and a buffer miss is a read from the OS's page cache. Larger sites run on PostgreSQL.
 */
export const PGLITE_SETTINGS = ["shared_buffers = 16MB"];

/** A directory PGlite has not initialised yet (its own test: no PG_VERSION, so opening it would run initdb). */
export const isNewDataDir = (dataDir: string) => !existsSync(join(dataDir, "PG_VERSION"));

/**
 * Creates and migrates the database at `dataDir` in a child Bun process; returns the migrations applied. The caller
 * holds the directory's lock (pglite-lock.ts) and opens it once this returns.
 */
export async function initialiseInChild(dataDir: string): Promise<string[]> {
  const child = Bun.spawn([process.execPath, import.meta.path, dataDir], {
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
    env: process.env,
  });
  const [out, err, code] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  if (code !== 0)
    throw new Error(`Creating the embedded database at ${dataDir} failed (exit ${code}): ${err.trim() || out.trim()}`);
  return (JSON.parse(out.trim().split("\n").at(-1) ?? "{}") as { applied?: string[] }).applied ?? [];
}

/** Where new databases' templates are kept: one file per PGlite version, settings and set of migrations. */
const TEMPLATE_DIR = join(tmpdir(), "innovatehub-pglite-templates");
const PGLITE_VERSION = (
  JSON.parse(readFileSync(join(import.meta.dir, "../../../node_modules/@electric-sql/pglite/package.json"), "utf8")) as {
    version: string;
  }
).version;

/** The template's file for the current PGlite, settings and migrations: any change to one of them names another. */
export async function templatePath(dir = TEMPLATE_DIR, migrations?: Awaited<ReturnType<typeof readMigrationList>>) {
  const list = migrations ?? (await readMigrationList());
  const hash = createHash("sha256").update(PGLITE_VERSION).update("\0").update(PGLITE_SETTINGS.join("\n"));
  for (const m of list.migrationDirectories) hash.update("\0").update(m.path).update("\0").update(m.migrationFile.content.value);
  return join(dir, `pglite-${hash.digest("hex").slice(0, 24)}.tar`);
}

/**
 * Creates and migrates a new database at `dataDir` (memory:// too) and returns it open with the migrations it applied:
 * a copy of the template, made first when there is none yet. A template that cannot be written or read (a read-only
 * temporary directory, a file cut short) is only a cache: the database is then made from scratch.
 */
export async function createDatabase(
  dataDir: string,
  { templateDir = TEMPLATE_DIR, options = {} }: { templateDir?: string; options?: PGliteOptions } = {},
) {
  const template = await templatePath(templateDir);
  if (!existsSync(template)) await writeTemplate(template);
  if (existsSync(template)) {
    try {
      const client = new PGlite(dataDir, { ...options, postgresqlconf: PGLITE_SETTINGS, loadDataDir: Bun.file(template) });
      await client.waitReady;
      return { client, applied: await applyMigrations(new PrismaPGlite(client)), fromTemplate: true };
    } catch {
      rmSync(template, { force: true });
      if (!dataDir.startsWith("memory://"))
        for (const entry of readdirSync(dataDir))
          if (entry !== LOCK_FILE) rmSync(join(dataDir, entry), { recursive: true, force: true });
    }
  }
  const client = new PGlite(dataDir, { ...options, postgresqlconf: PGLITE_SETTINGS });
  await client.waitReady;
  return { client, applied: await applyMigrations(new PrismaPGlite(client)), fromTemplate: false };
}

/**
 * Makes the template in memory (PGlite's dump holds every file of a data directory: one on disk would carry the
 * directory's lock file, pglite-lock.ts, into every copy), written beside its final name and renamed into place, so a
 * process that reads it finds the whole file or none. Templates of older migrations are never asked for again.
 */
async function writeTemplate(template: string) {
  const dir = dirname(template);
  const partial = `${template}.${process.pid}.partial`;
  try {
    const scratch = new PGlite("memory://template", { postgresqlconf: PGLITE_SETTINGS });
    await scratch.waitReady;
    await applyMigrations(new PrismaPGlite(scratch));
    mkdirSync(dir, { recursive: true });
    await Bun.write(partial, await scratch.dumpDataDir("none"));
    await scratch.close();
    renameSync(partial, template);
    // A .partial file is another process's, still writing.
    for (const name of readdirSync(dir))
      if (name.endsWith(".tar") && join(dir, name) !== template) rmSync(join(dir, name), { force: true });
  } catch {
    rmSync(partial, { force: true });
  }
}

if (import.meta.main) {
  const dataDir = process.argv[2];
  if (!dataDir) {
    console.error("Usage: bun api/src/db/pglite-init.ts <data dir>");
    process.exit(2);
  }
  const { client, applied } = await createDatabase(dataDir);
  await client.close();
  console.log(JSON.stringify({ applied }));
  // Something of the schema engine's keeps the event loop alive for seconds after the work is done.
  process.exit(0);
}
