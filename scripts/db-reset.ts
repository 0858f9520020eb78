// `npm run db:reset`: throws away the embedded (PGlite) database and starts it afresh — migrations, then the demo
// data — so a newcomer can get back to README's accounts after trying things out. Development only: it refuses
// production and a PostgreSQL DATABASE_URL (drop that database yourself), and a data directory a server is using.
import { readdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";

// Config first, as in server/main.ts: a bad setting ends in one line, not a stack trace.
let env: typeof import("../api/src/env").env;
try {
  ({ env } = await import("../api/src/env"));
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}

function refuse(message: string): never {
  console.error(`✗ ${message}`);
  process.exit(1);
}

if (env.NODE_ENV === "production") refuse("db:reset deletes every row: it does not run with NODE_ENV=production.");
if (env.DATABASE_URL) {
  refuse(
    "db:reset resets the embedded database only, and DATABASE_URL points at PostgreSQL. To reset that one, drop and " +
      "create the database, then run `npm run db:migrate` and `npm run db:seed`.",
  );
}
if (env.PGLITE_DATA_DIR.startsWith("memory://")) refuse("PGLITE_DATA_DIR is in memory: there is nothing on disk to reset.");

const { lockDataDir, DataDirInUseError } = await import("../api/src/db/pglite-lock");
const { getDatabase, closeDatabase } = await import("../api/src/db/client");
const { seedDemo } = await import("../api/src/cli/demo-seed");
const { DEMO_ACCOUNTS } = await import("../api/src/cli/seed");

const dataDir = resolve(env.PGLITE_DATA_DIR);
let exists = true;
try {
  readdirSync(dataDir);
} catch {
  exists = false;
}
if (exists) {
  // The server's lock: a running `npm start` / `npm run dev` holds it, and deleting its files under it would corrupt
  // what it writes next.
  let release: () => void;
  try {
    release = lockDataDir(dataDir);
  } catch (e) {
    if (e instanceof DataDirInUseError) refuse(`${e.message}\n  Stop the server (Ctrl+C), then run npm run db:reset again.`);
    throw e;
  }
  for (const entry of readdirSync(dataDir)) {
    if (entry !== "platform.lock") rmSync(join(dataDir, entry), { recursive: true, force: true });
  }
  release();
}

console.log(`▶ Creating a fresh embedded database in ${dataDir} (migrations, demo data) …`);
await getDatabase({ seedWhenEmpty: seedDemo });
await closeDatabase();
const { username, password } = DEMO_ACCOUNTS.admin;
console.log(`✓ Demo data reset. Sign in as ${username} / ${password} (the other accounts are listed in README).`);
// The schema engine may leave a timer behind; nothing else is pending.
process.exit(0);
