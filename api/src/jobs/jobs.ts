// Background work on a durable queue: pg-boss 12 in the `pgboss` schema of the SAME database as Prisma — the one
// PGlite instance (its single connection) or the PostgreSQL server of DATABASE_URL (a small pool of its own).
// docs/decisions/011-job-queue.md.
//
// The contract is AT-LEAST-ONCE: a job runs until a handler returns without throwing; a crash, a stop past the grace
// period or an expired claim runs it again. Every handler must therefore be idempotent (check what it already did
// before doing it again; see payments/emails.ts `sendReceipt` for the pattern with an e-mail).
//
// Usage:
//   work("payments-receipt", handler, { retryLimit, retryDelay, retryBackoff })  // at module load: the queue + handler
//   await prisma.$transaction(async (tx) => { …business rows…; await enqueue(tx, "payments-receipt", data) })
//   await enqueueNow("name", data)                                              // outside any transaction
// Every server process starts the queue (server/main.ts → startJobs) and runs every registered handler.
import { createHash } from "node:crypto";
import { fromPglite, fromPrisma, type Job, type JobResult, PgBoss, type SendOptions } from "pg-boss";
import { beforeDatabaseClose, type Database, getDatabase } from "../db/client";
import type { Prisma } from "../generated/prisma/client";
import { env } from "../env";
import { log } from "../lib/logger";

/** A Prisma interactive transaction (`prisma.$transaction(async (tx) => …)`), or the client itself. */
type JobTx = Pick<Prisma.TransactionClient, "$queryRawUnsafe">;

/** The job as a handler sees it: its id and how many times it failed before this run. */
export type JobRun = { id: string; retryCount: number };
type JobHandler<T> = (data: T, job: JobRun) => Promise<void>;

export type JobSettings = {
  /** Retries after the first failure (default 5); then the job stays `failed` with its error. */
  retryLimit?: number;
  /** Seconds before the first retry (default 10); with `retryBackoff`, ≈ retryDelay · 2^n with jitter. */
  retryDelay?: number;
  /** Exponential backoff (default true), capped by `retryDelayMax` seconds (default 1 hour). */
  retryBackoff?: boolean;
  retryDelayMax?: number;
  /** Seconds a run may take before it counts as crashed and is retried (default 5 minutes). */
  expireInSeconds?: number;
  /** Handlers running at once in this process (default 1). */
  concurrency?: number;
  /**
   * Jobs claimed per fetch and run together (default 5); each job of a batch still succeeds or fails on its own. More
   * than one, so a backlog drains at once: pg-boss fetches again straight after a full batch, but never after a batch
   * of 1 — with batches of 1 a backlog (a restart, a burst of purchases) drained one job per poll, 5 s apart.
   */
  batchSize?: number;
  /** A cron expression (UTC): one job a slot across every process (e.g. reconciliation polls). */
  cron?: string;
};

type EnqueueOptions = {
  /**
   * An idempotency key: the job's id is derived from (name, key), so enqueueing the same key again while the
   * first job is kept (7 days after it completes) adds nothing and answers null.
   */
  key?: string;
  /** Seconds from now, or a date. */
  startAfter?: number | Date;
} & Pick<JobSettings, "retryLimit" | "retryDelay" | "retryBackoff" | "retryDelayMax" | "expireInSeconds">;

type Definition = { name: string; handler: JobHandler<never>; settings: JobSettings };

const DEFAULT_BATCH_SIZE = 5;
/** PostgreSQL: how long a claimed job may go without a heartbeat before it is retried (pg-boss's minimum is 10). */
const HEARTBEAT_SECONDS = 30;

const DEFAULTS = {
  retryLimit: 5,
  retryDelay: 10,
  retryBackoff: true,
  retryDelayMax: 3600,
  expireInSeconds: 300,
} satisfies JobSettings;

// New jobs wake the workers through LISTEN/NOTIFY at once (on PGlite too). The poll behind it also picks up what no
// notification announces — a retry coming due, a job deferred with startAfter — so it bounds how late those run:
// 5 s in production, pg-boss's floor of half a second in tests (which wait for jobs, never for polls).
const POLLING_SECONDS = env.NODE_ENV === "test" ? 0.5 : 5;

/** A job queue on one database. The process has one (`startJobs`); tests may open more (a restart). */
export class JobQueue {
  readonly boss: PgBoss;
  readonly #queues = new Set<string>();
  /** PGlite: this process is the database's only user (decision 003). */
  readonly #embedded: boolean;
  #stopped = false;

  constructor(database: Pick<Database, "queueConnection">) {
    const connection = database.queueConnection;
    this.#embedded = "pglite" in connection;
    const common = {
      schema: "pgboss",
      useListenNotify: true,
      instanceName: `platform-${process.pid}`,
      // Nobody reads the per-queue statistics snapshots; maintenance (expiry, retention) still runs.
      persistQueueStats: false,
      // Supervision (expired runs, lost heartbeats) every 15 s instead of a minute: a job a dead process held runs
      // again within about a minute (HEARTBEAT_SECONDS below). One process does it at a time (pg-boss's lock).
      superviseIntervalSeconds: 15,
      monitorIntervalSeconds: 15,
    } as const;
    this.boss =
      "pglite" in connection
        ? new PgBoss({ ...common, backend: "pglite", db: fromPglite(connection.pglite) })
        : new PgBoss({ ...common, connectionString: connection.connectionString, max: 3 });
    // An EventEmitter without an 'error' listener would throw: pg-boss reports failed polls and maintenance here.
    this.boss.on("error", (err) => log.error("job queue error", { err }));
    this.boss.on("warning", (warning) => log.warn("job queue warning", { warning }));
  }

  async start() {
    const started = performance.now();
    await this.boss.start();
    const resumed = this.#embedded ? await this.#resumeInterrupted() : 0;
    log.info("job queue started", { ms: Math.round(performance.now() - started), resumed });
  }

  /**
   * Embedded database only: one process opens a PGlite directory at a time (its lock, decision 003), so a job still
   * `active` when the queue starts was claimed by a process that is gone — killed, crashed, or out of power. It runs
   * again now rather than after its claim expires (minutes later). On PostgreSQL other live processes hold claims,
   * so there only the expiry (expireInSeconds) hands a dead process's job to another. The next run counts as a retry
   * (pg-boss counts every run after the first). Handlers are idempotent (at-least-once), so running again is safe.
   */
  async #resumeInterrupted(): Promise<number> {
    const { rows } = await this.boss
      .getDb()
      .executeSql(`UPDATE pgboss.job SET state = 'retry', start_after = now() WHERE state = 'active' RETURNING name`);
    for (const { name } of rows as { name: string }[])
      log.warn("job interrupted (its process stopped): runs again", { queue: name });
    return rows.length;
  }

  /** Creates the queue (idempotent across processes) with its retry settings, without a worker. */
  async define(name: string, settings: JobSettings = {}) {
    const { concurrency: _c, batchSize: _b, cron: _cron, retryDelayMax, ...queueSettings } = { ...DEFAULTS, ...settings };
    // Created once (pg-boss inserts ON CONFLICT DO NOTHING), then brought to the settings this code declares, so a
    // changed retry policy applies after a deploy. pg-boss refuses a maximum delay without backoff.
    // PostgreSQL: a running handler proves it is alive every HEARTBEAT_SECONDS / 2 (pg-boss does it); a claim whose
    // process died — killed, or its connection cut between the claim and the handler — is failed and retried once
    // its heartbeat is missing, instead of after the whole expiry. PGlite needs none: one process owns the
    // database, and a restart resumes what it held (#resumeInterrupted); there its single connection may also be
    // held by a long transaction, which would make a live handler miss its heartbeat.
    const heartbeat = this.#embedded ? {} : { heartbeatSeconds: HEARTBEAT_SECONDS };
    await this.boss.createQueue(name, { ...queueSettings, ...heartbeat, notify: true });
    await this.boss.updateQueue(name, {
      ...queueSettings,
      ...heartbeat,
      retryDelayMax: queueSettings.retryBackoff ? retryDelayMax : null,
      notify: true,
    });
    this.#queues.add(name);
  }

  /** Defines the queue and starts this process's workers for it (and its cron schedule, if any). */
  async work<T extends object>(name: string, handler: JobHandler<T>, settings: JobSettings = {}) {
    if (this.#stopped) return;
    // Defined before anything is enqueued: enqueue() inside a transaction needs the queue known (pg-boss would
    // look it up on its own connection — on PGlite the very connection the transaction holds).
    await this.define(name, settings);
    const { concurrency = 1, batchSize = DEFAULT_BATCH_SIZE, cron } = settings;
    await this.boss.work<T>(
      name,
      {
        batchSize,
        localConcurrency: concurrency,
        pollingIntervalSeconds: POLLING_SECONDS,
        notifyPollingIntervalSeconds: POLLING_SECONDS,
        // A full batch means more are waiting: fetch again at once instead of after a poll.
        burstWhenBatchFull: true,
        perJobResults: true,
      },
      (jobs) => runEach(name, jobs, handler),
    );
    if (cron) await this.boss.schedule(name, cron, {}, { tz: "UTC" });
  }

  /** Writes the job through `tx`: it exists only if that transaction commits. */
  async enqueue<T extends object>(tx: JobTx, name: string, data: T, options: EnqueueOptions = {}) {
    return this.#send(name, data, { ...sendOptions(name, options), db: fromPrisma(tx) });
  }

  /** Writes the job now, on the queue's own connection (never inside a Prisma transaction on PGlite: it waits). */
  async enqueueNow<T extends object>(name: string, data: T, options: EnqueueOptions = {}) {
    return this.#send(name, data, sendOptions(name, options));
  }

  async #send(name: string, data: object, options: SendOptions) {
    if (!this.#queues.has(name)) throw new Error(`No job queue "${name}": register it with work() first`);
    return this.boss.send(name, data, options);
  }

  /** Jobs of `name` not finished yet (waiting, retrying later, or running). */
  async pending(name: string): Promise<number> {
    const queue = await this.boss.getQueue(name);
    if (!queue) return 0;
    const rows = await this.boss
      .getDb()
      .executeSql(`SELECT count(*)::int AS n FROM pgboss.${queue.table} WHERE name = $1 AND state < 'completed'`, [name]);
    return (rows.rows[0] as { n: number }).n;
  }

  /** Stops fetching, lets running handlers finish (up to `graceMs`), then releases the connection. */
  async stop(graceMs = 10_000) {
    if (this.#stopped) return;
    this.#stopped = true;
    await this.boss.stop({ graceful: true, timeout: graceMs });
  }
}

/**
 * A failure no retry can mend (a mail relay refusing an address for good): thrown by a handler, it ends the job
 * `failed` at once, with its message, instead of after every retry.
 */
export class PermanentJobError extends Error {
  override name = "PermanentJobError";
}

/** Runs each job of a batch on its own: one failing job does not fail the others. */
async function runEach<T>(name: string, jobs: Job<T>[], handler: JobHandler<T>): Promise<JobResult[]> {
  return Promise.all(
    jobs.map(async (job): Promise<JobResult> => {
      try {
        await handler(job.data, { id: job.id, retryCount: job.retryCount ?? 0 });
        return { id: job.id, status: "completed" };
      } catch (err) {
        const permanent = err instanceof PermanentJobError;
        log.warn(permanent ? "job failed for good (not retried)" : "job failed", { queue: name, id: job.id, err });
        const message = err instanceof Error ? err.message : String(err);
        // `deadletter`: failed now, past any retries left (our queues have no dead letter queue to move it to).
        return { id: job.id, status: permanent ? "deadletter" : "failed", output: { message } };
      }
    }),
  );
}

function sendOptions(name: string, { key, startAfter, ...settings }: EnqueueOptions): SendOptions {
  return {
    ...settings,
    ...(key === undefined ? {} : { id: idFromKey(name, key) }),
    ...(startAfter === undefined ? {} : { startAfter }),
  };
}

/** A UUID derived from (queue, key): pg-boss inserts with ON CONFLICT DO NOTHING, so a repeat adds no job. */
function idFromKey(name: string, key: string) {
  const hex = createHash("sha256").update(`${name}\0${key}`).digest("hex");
  // Shaped as an RFC 9562 version 8 (custom) UUID.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((Number.parseInt(hex[16] ?? "0", 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

// ---- The process-wide queue -------------------------------------------------------------------------------------

const definitions = new Map<string, Definition>();
const key = Symbol.for("platform.jobs");
type Holder = Record<symbol, Promise<JobQueue> | undefined>;
const holder = globalThis as unknown as Holder;

/**
 * Registers the handler of queue `name` (call it at module load). Every process runs every registered handler
 * once the queue has started; a registration after the start begins at once.
 */
export async function work<T extends object>(name: string, handler: JobHandler<T>, settings: JobSettings = {}) {
  definitions.set(name, { name, handler: handler as JobHandler<never>, settings });
  const running = holder[key];
  if (!running) return;
  // Called at module load without await: a failure is reported here, never as an unhandled rejection.
  await (await running)
    .work(name, handler, settings)
    .catch((err) => log.error("could not start the job worker", { queue: name, err }));
}

/** Starts the process's queue on the process's database (once) and its workers for every registered handler. */
export function startJobs(): Promise<JobQueue> {
  holder[key] ??= (async () => {
    const queue = new JobQueue(await getDatabase());
    await queue.start();
    // Stopped (and its connection released) before the database closes, whoever closes it.
    beforeDatabaseClose(() => stopJobs());
    for (const { name, handler, settings } of definitions.values()) await queue.work(name, handler, settings);
    return queue;
  })();
  return holder[key];
}

/** The started queue; enqueueing before `startJobs` is a wiring mistake (on PGlite it would wait forever). */
async function started(): Promise<JobQueue> {
  const running = holder[key];
  if (!running) throw new Error("The job queue is not started: startJobs() at start-up (tests: withJobQueue())");
  return running;
}

/** Enqueues inside the caller's Prisma transaction: the job commits or rolls back with the business rows. */
export async function enqueue<T extends object>(tx: JobTx, name: string, data: T, options?: EnqueueOptions) {
  return (await started()).enqueue(tx, name, data, options);
}

/** Enqueues outside any transaction (starts the queue if needed). Never call it inside a transaction. */
export async function enqueueNow<T extends object>(name: string, data: T, options?: EnqueueOptions) {
  return (await startJobs()).enqueueNow(name, data, options);
}

/** Stops the process's queue: no new runs, running handlers finish within the grace period. */
export async function stopJobs(graceMs?: number) {
  const running = holder[key];
  holder[key] = undefined;
  if (running) await (await running.catch(() => undefined))?.stop(graceMs);
}

/** For tests and the operations screen: the process's queue, started. */
export const jobQueue = () => startJobs();
