// The job queue (jobs/jobs.ts) on the test database (PGlite, or PostgreSQL with TEST_DATABASE=postgres): a job
// enqueued in a transaction exists only if it commits, runs once, is retried with backoff, is not added twice for one
// key, survives a restart of the process's queue (PGlite: the database closed and reopened from disk) and a process
// killed with SIGKILL in the middle of a job.
import { describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { db, getDatabase } from "../db/client";
import { PrismaClient } from "../generated/prisma/client";
import { drain, withJobQueue } from "../../test/jobs";
import { createUser, unique } from "../../test/factories";
import { enqueue, enqueueNow, JobQueue, jobQueue, work } from "./jobs";

withJobQueue();
const onPostgres = process.env.TEST_DATABASE === "postgres";

/** A fresh queue name with a handler that records each run's data. */
async function recordingQueue(settings: Parameters<typeof work>[2] = {}, fail = (_run: number) => false) {
  const name = unique("test-jobs");
  const runs: { data: { n: number }; at: number; retryCount: number }[] = [];
  await work<{ n: number }>(
    name,
    async (data, job) => {
      runs.push({ data, at: Date.now(), retryCount: job.retryCount });
      if (fail(runs.length)) throw new Error(`run ${runs.length} fails`);
    },
    settings,
  );
  return { name, runs };
}

async function jobsIn(name: string) {
  const rows = await (await db()).$queryRawUnsafe<{ n: number }[]>(
    "SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1",
    name,
  );
  return rows[0]?.n ?? 0;
}

describe("enqueue in a transaction", () => {
  test("rolled back with the business row: no job, nothing runs", async () => {
    const { name, runs } = await recordingQueue();
    const prisma = await db();
    const email = `${unique("rollback")}@example.com`;
    await expect(
      prisma.$transaction(async (tx) => {
        await tx.user.create({ data: { username: unique("u"), email, password: "x" } });
        await enqueue(tx, name, { n: 1 });
        throw new Error("the business write fails after the enqueue");
      }),
    ).rejects.toThrow("the business write fails");
    expect(await prisma.user.count({ where: { email } })).toBe(0);
    expect(await jobsIn(name)).toBe(0);
    await Bun.sleep(600); // a poll's worth: nothing may turn up
    expect(runs).toHaveLength(0);
  });

  test("committed with the business row: the job runs exactly once", async () => {
    const { name, runs } = await recordingQueue();
    const prisma = await db();
    const user = await prisma.$transaction(async (tx) => {
      const created = await tx.user.create({ data: { username: unique("u"), email: `${unique("c")}@x.org`, password: "x" } });
      await enqueue(tx, name, { n: 2 });
      return created;
    });
    expect(user.id).toBeString();
    await drain(name);
    expect(runs.map((r) => r.data)).toEqual([{ n: 2 }]);
    await Bun.sleep(600); // and not again
    expect(runs).toHaveLength(1);
  });

  test("an idempotency key adds one job however often it is enqueued", async () => {
    const { name, runs } = await recordingQueue();
    const prisma = await db();
    const ids = await Promise.all(
      Array.from({ length: 3 }, () => prisma.$transaction((tx) => enqueue(tx, name, { n: 3 }, { key: "order-42" }))),
    );
    ids.push(await enqueueNow(name, { n: 3 }, { key: "order-42" }));
    expect(ids.filter(Boolean)).toHaveLength(1);
    await drain(name);
    expect(runs).toHaveLength(1);
  });

  test("many jobs in one transaction, run with concurrency and batches", async () => {
    const { name, runs } = await recordingQueue({ concurrency: 2, batchSize: 5 });
    const prisma = await db();
    await prisma.$transaction(async (tx) => {
      for (let n = 0; n < 20; n++) await enqueue(tx, name, { n });
    });
    await drain(name);
    expect(runs.map((r) => r.data.n).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, n) => n));
  });
});

describe("retries", () => {
  test("a failing handler is retried with exponential backoff, then succeeds", async () => {
    const { name, runs } = await recordingQueue({ retryLimit: 3, retryDelay: 1, retryBackoff: true }, (run) => run <= 2);
    await enqueueNow(name, { n: 4 });
    await drain(name, 15_000);
    expect(runs.map((r) => r.retryCount)).toEqual([0, 1, 2]);
    const [first, second, third] = runs.map((r) => r.at) as [number, number, number];
    // retryDelay · 2^(n-1) · (1 + jitter): the first wait is at least 1 s, the second at least 2 s.
    expect(second - first).toBeGreaterThanOrEqual(1000);
    expect(third - second).toBeGreaterThanOrEqual(2000);
    const rows = await (await db()).$queryRawUnsafe<{ state: string }[]>(
      "SELECT state::text FROM pgboss.job WHERE name = $1",
      name,
    );
    expect(rows).toEqual([{ state: "completed" }]);
  }, 20_000);

  test("a handler that always fails ends failed with its error after retryLimit", async () => {
    const { name, runs } = await recordingQueue({ retryLimit: 1, retryDelay: 1, retryBackoff: false }, () => true);
    await enqueueNow(name, { n: 5 });
    await drain(name, 10_000);
    expect(runs).toHaveLength(2);
    const rows = await (await db()).$queryRawUnsafe<{ state: string; output: { message: string } }[]>(
      "SELECT state::text, output FROM pgboss.job WHERE name = $1",
      name,
    );
    expect(rows).toEqual([{ state: "failed", output: expect.objectContaining({ message: "run 2 fails" }) }]);
  }, 15_000);
});

describe("a restart", () => {
  test.skipIf(onPostgres)(
    "PGlite on disk: a job enqueued before the database closed runs after it reopens",
    async () => {
      // A bare PGlite directory: the queue needs only its own schema (the app's migrations would add seconds).
      const dir = mkdtempSync(join(tmpdir(), "jobs-restart-"));
      const name = "restart-test";
      const open = async () => {
        const pglite = new PGlite(dir);
        const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
        const queue = new JobQueue({ queueConnection: { pglite } });
        await queue.start();
        return { pglite, prisma, queue };
      };
      try {
        const first = await open();
        await first.queue.define(name);
        await first.prisma.$transaction((tx) => first.queue.enqueue(tx, name, { n: 6 }));
        await first.queue.stop();
        await first.prisma.$disconnect();
        await first.pglite.close();

        const second = await open();
        const seen: unknown[] = [];
        await second.queue.work(name, async (data) => void seen.push(data));
        const deadline = Date.now() + 10_000;
        while ((await second.queue.pending(name)) > 0 && Date.now() < deadline) await Bun.sleep(25);
        expect(seen).toEqual([{ n: 6 }]);
        await second.queue.stop();
        await second.prisma.$disconnect();
        await second.pglite.close();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    30_000,
  );

  test("a job left by a queue stopped before any worker took it runs on the next queue started", async () => {
    const name = unique("restart");
    const database = await getDatabase();
    const before = new JobQueue(database);
    await before.start();
    await before.define(name);
    const user = await createUser();
    await database.prisma.$transaction((tx) => before.enqueue(tx, name, { userId: user.id }));
    await before.stop();

    const after = new JobQueue(database);
    await after.start();
    const seen: unknown[] = [];
    await after.work(name, async (data) => void seen.push(data));
    const deadline = Date.now() + 10_000;
    while ((await after.pending(name)) > 0 && Date.now() < deadline) await Bun.sleep(25);
    expect(seen).toEqual([{ userId: user.id }]);
    await after.stop();
  }, 20_000);
});

describe("a crash", () => {
  // The child claims the job and hangs; after kill -9 the job is left `active`. On PostgreSQL, maintenance (every
  // minute in production; called here) finds its run expired (expireInSeconds) and the next worker runs it. On PGlite
  // the restarted process is the directory's only user, so it runs the interrupted job at once, long before expiry.
  const title = onPostgres
    ? "a job whose process was killed (SIGKILL) in the middle of it runs again once its run has expired"
    : "a job whose process was killed (SIGKILL) in the middle of it runs again as soon as the database is reopened";
  test(title, async () => {
    const name = unique("crash");
    const settings = { expireInSeconds: onPostgres ? 1 : 300, retryDelay: 0, retryBackoff: false };
    const dir = onPostgres ? null : mkdtempSync(join(tmpdir(), "jobs-crash-"));
    let pglite: PGlite | null = null;
    // On PGlite the crashed process owns the directory: the survivor opens it after the kill, as a restart would.
    const survivor = async () => {
      if (!dir) return jobQueue();
      pglite = new PGlite(dir);
      const queue = new JobQueue({ queueConnection: { pglite } });
      await queue.start();
      return queue;
    };
    try {
      let target = process.env.DATABASE_URL ?? "";
      if (dir) {
        // The directory and the job exist before the child starts.
        const setup = new PGlite(dir);
        const queue = new JobQueue({ queueConnection: { pglite: setup } });
        await queue.start();
        await queue.define(name, settings);
        await queue.enqueueNow(name, { n: 7 });
        await queue.stop();
        await setup.close();
        target = dir;
      } else {
        const queue = await jobQueue();
        await queue.define(name, settings);
        await queue.enqueueNow(name, { n: 7 });
      }
      const child = Bun.spawn([process.execPath, join(import.meta.dir, "../../test/job-crash-child.ts"), name, target], {
        stdout: "pipe",
        stderr: "inherit",
      });
      const reader = child.stdout.getReader();
      let out = "";
      while (!out.includes("claimed")) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`the child exited before claiming the job: ${out}`);
        out += new TextDecoder().decode(value);
      }
      child.kill("SIGKILL");
      await child.exited;

      const queue = await survivor();
      const seen: { data: unknown; retryCount: number }[] = [];
      await queue.work(name, async (data, job) => void seen.push({ data, retryCount: job.retryCount }), settings);
      // PostgreSQL: the claimed run expires after a second, and supervision fails it for a retry. pg-boss lets one
      // supervision a queue per monitor interval (15 s, jobs.ts) whoever asks, so a pass of this process's own timer
      // just before can make our call a no-op: ask again until one runs, as the timers would.
      const deadline = Date.now() + (onPostgres ? 40_000 : 10_000);
      if (onPostgres) await Bun.sleep(1100);
      for (let asked = 0; (await queue.pending(name)) > 0 && Date.now() < deadline; asked++) {
        if (onPostgres && asked % 40 === 0) await queue.boss.supervise(name);
        await Bun.sleep(25);
      }
      expect(seen).toEqual([{ data: { n: 7 }, retryCount: 1 }]);
      if (dir) await queue.stop();
    } finally {
      await (pglite as PGlite | null)?.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

test("a handler with a cron expression gets one schedule (UTC), kept across processes", async () => {
  const { name } = await recordingQueue({ cron: "*/5 * * * *" });
  const queue = await jobQueue();
  await queue.work(name, async () => {}, { cron: "*/5 * * * *" }); // a second process registering the same
  const schedules = (await queue.boss.getSchedules()).filter((s) => s.name === name);
  expect(schedules.map((s) => [s.cron, s.timezone])).toEqual([["*/5 * * * *", "UTC"]]);
});

test("a queue registered again with other retry settings takes them (a deploy changing its policy)", async () => {
  const { name } = await recordingQueue({ retryLimit: 2, retryDelay: 3 });
  const queue = await jobQueue();
  await queue.define(name, { retryLimit: 7, retryDelay: 4, retryBackoff: false });
  expect(await queue.boss.getQueue(name)).toMatchObject({ retryLimit: 7, retryDelay: 4, retryBackoff: false });
});

test("enqueueing into a queue nobody registered is refused", async () => {
  await expect(enqueueNow(unique("nobody"), {})).rejects.toThrow(/register it with work\(\)/);
  expect(await jobQueue()).toBeInstanceOf(JobQueue);
});
