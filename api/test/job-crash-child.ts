// A process that dies holding a job (jobs.test.ts, "a crash"): it starts a job queue on the database given — a
// PostgreSQL URL or a PGlite directory —, claims one job of the queue named, prints "claimed" and hangs in the
// handler until the test kills it with SIGKILL.
import { PGlite } from "@electric-sql/pglite";
import { JobQueue } from "../src/jobs/jobs";

const [name, target] = process.argv.slice(2) as [string, string];
const queueConnection = target.startsWith("postgres") ? { connectionString: target } : { pglite: new PGlite(target) };
const queue = new JobQueue({ queueConnection });
await queue.start();
await queue.work(name, async () => {
  console.log("claimed");
  await new Promise(() => {}); // never settles: only SIGKILL ends it
});
