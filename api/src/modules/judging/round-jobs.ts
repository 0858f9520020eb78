// Closing a round at its time (decision 021): opening a round enqueues one close job due at its closesAt (the round's
// id is the job's key); the job closes with the same conditional UPDATE as the admin's Close, so however many
// processes run it, or the admin closes first, the round closes once. A sweep every minute closes any OPEN round whose
// time has come that a job missed (a round opened before its closesAt was set cannot be: closesAt is fixed at DRAFT).
import { pagesChanged } from "../../db/page-changes";
import { work } from "../../jobs/jobs";
import { closeDueRounds, closeIfDue, ROUND_CLOSE_JOB } from "./rounds";

export const ROUND_CLOSE_SWEEP_JOB = "judging-round-close-sweep";

// A round closed at its time changes its challenge's page (the People's vote section) like the admin's Close does.
const CHALLENGE_PAGES = ["challenges"];

void work<{ roundId: string }>(ROUND_CLOSE_JOB, async ({ roundId }) => {
  if (await closeIfDue(roundId)) await pagesChanged(CHALLENGE_PAGES);
});
void work(
  ROUND_CLOSE_SWEEP_JOB,
  async () => {
    if ((await closeDueRounds()) > 0) await pagesChanged(CHALLENGE_PAGES);
  },
  { cron: "* * * * *", retryLimit: 2 },
);
