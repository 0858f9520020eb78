// A PostgreSQL database of the bench's own for the judging benches (judging-pairwise.ts, judging-votes.ts): created
// empty, pointed at by DATABASE_URL before the app loads, migrated by the app, dropped at the end (or on Ctrl-C).
import pg from "pg";

const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export async function benchDatabase(prefix: string) {
  const name = `${prefix}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const drop = async () => {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void drop().finally(() => process.exit(130)));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  process.env.LOG_LEVEL = "error";
  process.env.SEED_DEMO_DATA = "false";
  process.env.NODE_ENV = "test";
  return { drop };
}

export const stats = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
  return { p50: at(0.5), p95: at(0.95) };
};
export const fmt = (n: number) => `${n.toFixed(2)} ms`;
export const met = (ok: boolean) => (ok ? "met" : "**not met**");
