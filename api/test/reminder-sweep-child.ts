// A second server process's reminder sweep (submissions/emails.test.ts, "two processes"): it starts the job queue on
// DATABASE_URL, sweeps once, prints "claimed N", and waits until the reminder mails it may have picked up are sent.
import { closeDatabase } from "../src/db/client";
import { startJobs } from "../src/jobs/jobs";
import { REMINDER_MAIL_JOB, sweepReminders } from "../src/modules/submissions/emails";
import { drain } from "./jobs";

await startJobs();
console.log(`claimed ${await sweepReminders()}`);
await drain(REMINDER_MAIL_JOB, 30_000);
await closeDatabase();
process.exit(0);
