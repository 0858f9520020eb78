// A server process closing a judging round at its time (judging/round-jobs.test.ts, "two processes"): it starts the
// job queue on DATABASE_URL, waits until ROUND_CLOSES_AT, then closes the way the close job (closeIfDue, twice: a
// retried job) and the sweep (closeDueRounds) do — at once — and prints "closed N", how many of its calls closed the
// round. The cron sweep itself is not registered here, so every close this process makes is counted.
import { closeDatabase } from "../src/db/client";
import { startJobs } from "../src/jobs/jobs";
import { closeDueRounds, closeIfDue } from "../src/modules/judging/rounds";

const roundId = process.env.ROUND_ID ?? "";
const at = Date.parse(process.env.ROUND_CLOSES_AT ?? "");
await startJobs();
await Bun.sleep(Math.max(0, at - Date.now()) + 50);
const results = await Promise.all([closeDueRounds(), closeIfDue(roundId).then(Number), closeIfDue(roundId).then(Number)]);
console.log(`closed ${results.reduce((a, b) => a + b, 0)}`);
await closeDatabase();
process.exit(0);
