// Faults under load, shared by the bench (bench/faults.ts, full size) and its short version in the test suite
// (server/faults.test.ts): a write burst — members registering (a row and a verification e-mail), guests buying (an
// order, a receipt e-mail, the order's jobs) — while the server process is killed with SIGKILL and restarted, or while
// PostgreSQL's backends serving it are terminated. Afterwards every write the server acknowledged must be there, and
// every e-mail delivered once.
import { join } from "node:path";
import pg from "pg";
import { type ServerProcess, startServerProcess } from "../api/test/server-process";
import {
  buy,
  type Catalogue,
  orderEmails,
  outboxByRecipient,
  readCatalogue,
  type Registered,
  register,
  Visitor,
} from "./workload";

export type BurstOutcome = {
  attempts: number;
  acknowledged: { registered: Registered[]; bought: string[] };
  /** Acknowledged accounts that cannot sign in afterwards. */
  lostAccounts: string[];
  /** Acknowledged purchases without exactly one order. */
  orderProblems: { email: string; orders: number }[];
  /** Acknowledged writes without exactly one e-mail (verification, receipt), once the jobs have run. */
  mailProblems: { email: string; mails: number }[];
  /** How long after the burst the last expected e-mail arrived (or the wait gave up): what a fault delays. */
  settledMs: number;
};

type Burst = { stop(): Promise<void>; acknowledged: BurstOutcome["acknowledged"]; attempts(): number };

/** `concurrency` loops, half registering and half buying, until stopped; failures are simply not acknowledged. */
function writeBurst(base: () => string, catalogue: Catalogue, concurrency: number): Burst {
  const acknowledged = { registered: [] as Registered[], bought: [] as string[] };
  let attempts = 0;
  let stopped = false;
  const loops = Array.from({ length: concurrency }, async (_, i) => {
    while (!stopped) {
      attempts++;
      try {
        if (i % 2 === 0) {
          const joined = await register(base());
          if (joined) acknowledged.registered.push(joined.account);
        } else {
          const email = await buy(base(), catalogue);
          if (email) acknowledged.bought.push(email);
        }
      } catch {
        await Bun.sleep(20); // the connection went with the process: not acknowledged, try again
      }
    }
  });
  return {
    acknowledged,
    attempts: () => attempts,
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

const total = (a: BurstOutcome["acknowledged"]) => a.registered.length + a.bought.length;

async function until(condition: () => boolean | Promise<boolean>, ms: number) {
  const deadline = Date.now() + ms;
  while (!(await condition()) && Date.now() < deadline) await Bun.sleep(100);
}

/** Checks every acknowledged write against the server (and the outbox), waiting up to `settleMs` for the jobs. */
async function audit(base: string, outboxDir: string, acknowledged: BurstOutcome["acknowledged"], settleMs: number) {
  const expected = [...acknowledged.registered.map((a) => a.email), ...acknowledged.bought];
  const waitingSince = Date.now();
  await until(() => {
    const mails = outboxByRecipient(outboxDir);
    return expected.every((email) => (mails.get(email) ?? 0) >= 1);
  }, settleMs);
  const settledMs = Date.now() - waitingSince;
  await Bun.sleep(500); // a duplicate would come right after
  const mails = outboxByRecipient(outboxDir);
  const mailProblems = expected.map((email) => ({ email, mails: mails.get(email) ?? 0 })).filter((m) => m.mails !== 1);
  const orders = await orderEmails(base);
  const orderProblems = acknowledged.bought
    .map((email) => ({ email, orders: orders.filter((o) => o === email).length }))
    .filter((o) => o.orders !== 1);
  const lostAccounts: string[] = [];
  for (const account of acknowledged.registered) {
    const res = await new Visitor(base).call("POST", "/api/login", {
      usernameOrEmail: account.username,
      password: account.password,
    });
    await res.arrayBuffer();
    if (res.status !== 200) lostAccounts.push(account.username);
  }
  return { lostAccounts, orderProblems, mailProblems, settledMs };
}

/**
 * SIGKILL in the middle of a write burst, once `killAfter` writes were acknowledged; then a restart on the same
 * database and outbox, and the audit.
 */
export async function killDuringBurst(options: {
  start: () => Promise<ServerProcess>;
  outboxDir: string;
  concurrency: number;
  killAfter: number;
  settleMs?: number;
}): Promise<BurstOutcome> {
  let server = await options.start();
  const catalogue = await readCatalogue(server.url);
  const burst = writeBurst(() => server.url, catalogue, options.concurrency);
  await until(() => total(burst.acknowledged) >= options.killAfter, 120_000);
  await server.stop("SIGKILL");
  await burst.stop();
  server = await options.start();
  try {
    const found = await audit(server.url, options.outboxDir, burst.acknowledged, options.settleMs ?? 30_000);
    return { attempts: burst.attempts(), acknowledged: burst.acknowledged, ...found };
  } finally {
    await server.stop();
  }
}

/**
 * PostgreSQL only: the server's database connections are terminated `times` times while a write burst runs
 * (pg_terminate_backend, as a failover or an operator would); the pools reconnect, then the audit.
 */
export async function terminateBackendsDuringBurst(options: {
  server: ServerProcess;
  outboxDir: string;
  terminate: () => Promise<number>;
  concurrency: number;
  times: number;
  settleMs?: number;
  /** Told each step, so a long wait shows where it is (the bench prints it). */
  progress?: (step: string) => void;
}): Promise<BurstOutcome & { terminated: number }> {
  const { server, progress = () => {} } = options;
  const catalogue = await readCatalogue(server.url);
  const burst = writeBurst(() => server.url, catalogue, options.concurrency);
  let terminated = 0;
  for (let i = 0; i < options.times; i++) {
    await until(() => total(burst.acknowledged) >= (i + 1) * 5, 60_000);
    const now = await options.terminate();
    terminated += now;
    progress(`terminated ${now} connections (${total(burst.acknowledged)} writes acknowledged so far)`);
  }
  await until(() => total(burst.acknowledged) >= (options.times + 1) * 5, 60_000); // it serves again
  await burst.stop();
  progress(`burst over (${total(burst.acknowledged)} acknowledged); waiting for their e-mails`);
  const found = await audit(server.url, options.outboxDir, burst.acknowledged, options.settleMs ?? 30_000);
  return { attempts: burst.attempts(), acknowledged: burst.acknowledged, terminated, ...found };
}

/**
 * The app as a developer runs it (demo data, local test payments, mail to `outbox` in `dir`) behind a trusted proxy
 * (each visitor its own address), on PostgreSQL `databaseUrl` or, when it is empty, the embedded database in `dir`.
 */
export const startDevelopmentServer = (port: number, dir: string, outbox: string, databaseUrl: string, apiOnly = true) =>
  startServerProcess({
    port,
    quiet: true,
    apiOnly,
    env: {
      NODE_ENV: "development",
      SEED_DEMO_DATA: "true",
      TRUST_PROXY: "true",
      SITE_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: databaseUrl,
      PGLITE_DATA_DIR: join(dir, "pglite"),
      MAIL_OUTBOX_DIR: join(dir, outbox),
      SMTP_URL: "",
      STRIPE_SECRET_KEY: "",
      STRIPE_WEBHOOK_SECRET: "",
      PRINTIFY_API_TOKEN: "",
    },
  });

/** One statement on the PostgreSQL server as its administrator (creating and dropping databases, terminating). */
export async function asPostgresAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Terminates every connection to `database` (a failover, as the server's clients see it); answers how many. */
export const terminateConnections = (adminUrl: string, database: string) =>
  asPostgresAdmin(adminUrl, async (c) => {
    const { rowCount } = await c.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
      [database],
    );
    return rowCount ?? 0;
  });
