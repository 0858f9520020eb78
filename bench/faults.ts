// Faults, measured — not part of `npm test` (its short version is server/faults.test.ts):
//  (a) a soak: the capacity of a mixed workload (browse, search, sign in, register and apply, buy through the test
//      payment page) measured first, then SOAK_MINUTES (default 10) at half of it, printing each minute the
//      server's resident memory after a full collection (SIGUSR2), its open file descriptors, and errors. Flat means
//      the last minute's memory within 1.2× of the first's.
//  (b) SIGKILL in the middle of a write burst and a restart; PostgreSQL's backends terminated under load: every
//      acknowledged write present afterwards, every e-mail delivered once.
// Runs on a fresh PostgreSQL database (TEST_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres), or on
// the embedded database with BENCH_PGLITE=1 (then (b) kills and restarts only).
//   npm run bench:faults        SOAK_MINUTES=2 npm run bench:faults        FAULTS=kill,terminate npm run bench:faults
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type pg from "pg";
import { freePort } from "../api/test/served-site";
import type { ServerProcess } from "../api/test/server-process";
import {
  asPostgresAdmin,
  killDuringBurst,
  startDevelopmentServer,
  terminateBackendsDuringBurst,
  terminateConnections,
} from "./faults-scenarios";
import { apply, browse, buy, type Catalogue, readCatalogue, signIn } from "./workload";

const SOAK_MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const FAULTS = (process.env.FAULTS ?? "soak,kill,terminate").split(",");
const onPglite = process.env.BENCH_PGLITE === "1";
const adminUrl = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const dir = mkdtempSync(join(tmpdir(), "bench-faults-"));
const databaseName = `bench_faults_${Date.now().toString(36)}`;
const port = await freePort();

const admin = <T>(work: (client: pg.Client) => Promise<T>) => asPostgresAdmin(adminUrl, work);

let databaseUrl = "";
if (!onPglite) {
  await admin((c) => c.query(`CREATE DATABASE "${databaseName}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  databaseUrl = url.toString();
}

const start = (outbox: string) => startDevelopmentServer(port, dir, outbox, databaseUrl, false);

// ---- (a) the soak ----------------------------------------------------------------------------------------------

/** One visitor's turn: mostly reading, some signing in, a few applying and buying (writes, jobs, e-mails). */
async function turn(base: string, catalogue: Catalogue, n: number): Promise<boolean> {
  const roll = n % 20;
  if (roll < 14) return browse(base, catalogue);
  if (roll < 17) return signIn(base);
  if (roll < 19) return apply(base, catalogue);
  return (await buy(base, catalogue)) !== null;
}

function memoryOf(pid: number) {
  const rss = Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
  return { rssMb: Math.round(rss), fds: readdirSync(`/proc/${pid}/fd`).length };
}

async function settledMemory(server: ServerProcess) {
  server.proc.kill("SIGUSR2"); // a full collection in the server (server/main.ts)
  await Bun.sleep(1000);
  return memoryOf(server.proc.pid);
}

async function soak() {
  const server = await start("outbox-soak");
  try {
    const catalogue = await readCatalogue(server.url);
    // Capacity: turns per second with 8 visitors at once, as fast as the server answers.
    let turns = 0;
    const until = performance.now() + 20_000;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (performance.now() < until) await turn(server.url, catalogue, turns++).catch(() => false);
      }),
    );
    const capacity = turns / 20;
    const rate = capacity / 2;
    console.log(
      `capacity ${capacity.toFixed(1)} turns/s (8 at once); soak at ${rate.toFixed(1)} turns/s for ${SOAK_MINUTES} min`,
    );
    console.log("minute  turns  errors  rss-after-gc(MB)  open-fds");
    const minutes: { rssMb: number; fds: number; errors: number }[] = [];
    let n = 0;
    for (let minute = 1; minute <= SOAK_MINUTES; minute++) {
      let done = 0;
      let errors = 0;
      const inFlight = new Set<Promise<void>>();
      const end = performance.now() + 60_000;
      for (let i = 0; performance.now() < end; i++) {
        const due = end - 60_000 + (i * 1000) / rate;
        if (due > performance.now()) await Bun.sleep(due - performance.now());
        if (performance.now() >= end) break;
        const p = turn(server.url, catalogue, n++)
          .catch(() => false)
          .then((ok) => {
            done++;
            if (!ok) errors++;
          })
          .finally(() => inFlight.delete(p));
        inFlight.add(p);
      }
      await Promise.all(inFlight);
      const memory = await settledMemory(server);
      minutes.push({ ...memory, errors });
      console.log(
        `${String(minute).padStart(6)}  ${String(done).padStart(5)}  ${String(errors).padStart(6)}  ${String(memory.rssMb).padStart(16)}  ${String(memory.fds).padStart(8)}`,
      );
    }
    const first = minutes[0]!;
    const last = minutes.at(-1)!;
    const ratio = last.rssMb / first.rssMb;
    console.log(
      `memory ${first.rssMb} → ${last.rssMb} MB (${ratio.toFixed(2)}×, flat = ≤ 1.2×: ${ratio <= 1.2 ? "flat" : "GROWING"}); fds ${first.fds} → ${last.fds}; errors ${minutes.reduce((t, m) => t + m.errors, 0)}`,
    );
  } finally {
    await server.stop();
  }
}

// ---- (b) faults ------------------------------------------------------------------------------------------------

function report(name: string, outcome: Awaited<ReturnType<typeof killDuringBurst>>) {
  const acknowledged = outcome.acknowledged.registered.length + outcome.acknowledged.bought.length;
  const problems = outcome.lostAccounts.length + outcome.orderProblems.length + outcome.mailProblems.length;
  console.log(
    `${name}: ${outcome.attempts} attempts, ${acknowledged} acknowledged (${outcome.acknowledged.registered.length} accounts, ${outcome.acknowledged.bought.length} orders); ` +
      `lost accounts ${outcome.lostAccounts.length}, orders not exactly once ${outcome.orderProblems.length}, e-mails not exactly once ${outcome.mailProblems.length} → ${problems === 0 ? "OK" : "LOST OR DOUBLED"}; ` +
      `the last e-mail ${(outcome.settledMs / 1000).toFixed(1)} s after the burst`,
  );
}

try {
  console.log(`faults bench on ${onPglite ? "embedded PGlite" : `PostgreSQL (${databaseName})`}, ${new Date().toISOString()}`);
  if (FAULTS.includes("soak")) await soak();
  if (FAULTS.includes("kill")) {
    const outcome = await killDuringBurst({
      start: () => start("outbox-kill"),
      outboxDir: join(dir, "outbox-kill"),
      concurrency: 8,
      killAfter: 60,
      settleMs: 180_000,
    });
    report("SIGKILL mid-burst, restart", outcome);
  }
  if (FAULTS.includes("terminate") && !onPglite) {
    const server = await start("outbox-terminate");
    try {
      const outcome = await terminateBackendsDuringBurst({
        server,
        outboxDir: join(dir, "outbox-terminate"),
        concurrency: 8,
        times: 5,
        settleMs: 180_000,
        terminate: () => terminateConnections(adminUrl, databaseName),
        progress: (step) => console.log(`  ${new Date().toISOString().slice(11, 19)} ${step}`),
      });
      report(`PostgreSQL backends terminated ×5 (${outcome.terminated} connections)`, outcome);
    } finally {
      await server.stop();
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
  if (!onPglite) await admin((c) => c.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`));
}
