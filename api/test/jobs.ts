// The job queue in tests: start it (with every handler registered so far) for a file, and wait for a queue to drain.
import { beforeAll } from "bun:test";
import { db } from "../src/db/client";
import { jobQueue, startJobs } from "../src/jobs/jobs";

/** Starts the process's job queue before the file's tests (once per run; stopped when the database closes). */
export function withJobQueue() {
  beforeAll(() => startJobs().then(() => undefined));
}

/**
 * Waits until queue `name` has no job waiting, retrying or running — new jobs wake the workers at once, so this is
 * usually one or two polls. Fails after `timeoutMs`.
 */
export async function drain(name: string, timeoutMs = 10_000) {
  const queue = await jobQueue();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const pending = await queue.pending(name);
    if (pending === 0) return;
    if (Date.now() > deadline) throw new Error(`Queue ${name} still has ${pending} job(s) after ${timeoutMs} ms`);
    await Bun.sleep(25);
  }
}

/** The jobs of queue `name`, in any state, whose data contains `data` (jsonb `@>`), oldest first. */
export async function jobsIn<T = Record<string, unknown>>(name: string, data: object = {}) {
  return (await db()).$queryRawUnsafe<{ id: string; state: string; data: T }[]>(
    "SELECT id::text, state::text, data FROM pgboss.job WHERE name = $1 AND data @> $2::jsonb ORDER BY created_on, id",
    name,
    JSON.stringify(data),
  );
}
