// Closing a round at its time (decision 021): opening a round enqueues one close job due at its closesAt (the round's
// id is the job's key); the job closes with the same conditional UPDATE as the admin's Close, so however many
// processes run it, or the admin closes first, the round closes once. A sweep every minute closes any OPEN round whose
// time has come that a job missed (a round opened before its closesAt was set cannot be: closesAt is fixed at DRAFT).
import { work } from "../../jobs/jobs";
import { closeDueRounds, closeIfDue, ROUND_CLOSE_JOB } from "./rounds";

export const ROUND_CLOSE_SWEEP_JOB = "judging-round-close-sweep";

void work<{ roundId: string }>(ROUND_CLOSE_JOB, async ({ roundId }) => {
  await closeIfDue(roundId);
});
void work(ROUND_CLOSE_SWEEP_JOB, () => closeDueRounds().then(() => undefined), { cron: "* * * * *", retryLimit: 2 });
