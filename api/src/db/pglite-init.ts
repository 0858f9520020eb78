// A new embedded database is created (initdb) and migrated in a child process, then opened by the server.
// PGlite's initdb and Prisma's Wasm schema engine touch ~90 MB that the server process would keep for its whole life
// (wasm memory is never given back; decision 003, "Memory"); a child's memory ends with the child.
//   bun api/src/db/pglite-init.ts <data dir>    (run by openPglite in client.ts; prints the migrations it applied)
import { existsSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { applyMigrations } from "./migrate";

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

if (import.meta.main) {
  const dataDir = process.argv[2];
  if (!dataDir) {
    console.error("Usage: bun api/src/db/pglite-init.ts <data dir>");
    process.exit(2);
  }
  const client = new PGlite(dataDir, { postgresqlconf: PGLITE_SETTINGS });
  await client.waitReady;
  const applied = await applyMigrations(new PrismaPGlite(client));
  await client.close();
  console.log(JSON.stringify({ applied }));
  // Something of the schema engine's keeps the event loop alive for seconds after the work is done.
  process.exit(0);
}
