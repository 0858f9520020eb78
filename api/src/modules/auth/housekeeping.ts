// Housekeeping of the accounts' tables, on the job queue (decisions 011 and 013): one run every 15 minutes across all
// processes (a cron job claims each slot once), never a timer in one process. Both deletions only keep tables small: an
// expired session is refused on read and an ended rate-limit window counts as empty anyway.
import { sweepRateLimits } from "../../db/rate-limit";
import { env } from "../../env";
import { work } from "../../jobs/jobs";
import { log } from "../../lib/logger";
import { deleteExpiredSessions } from "./sessions";

const HOUSEKEEPING_JOB = "auth-housekeeping";

async function sweepExpired(now = new Date()) {
  const [sessions, rateLimits] = await Promise.all([deleteExpiredSessions(now), sweepRateLimits(now)]);
  if (sessions || rateLimits) log.info("expired rows removed", { sessions, rateLimits });
  return { sessions, rateLimits };
}

// Not scheduled under tests (they call sweepExpired when they mean to).
void work(HOUSEKEEPING_JOB, () => sweepExpired().then(() => undefined), {
  retryLimit: 1,
  ...(env.NODE_ENV === "test" ? {} : { cron: "*/15 * * * *" }),
});
