// How a deliverable's entry reads on /dashboard and in the workspace (decision 019): Not started, Draft, Submitted.
import type { Entry, Submission } from "@api/modules/submissions/schema";

export type EntryState = "Not started" | "Draft" | "Submitted";

/**
 * Submitted: the team's submission is SUBMITTED and holds this entry (every change after a Submit is a new version,
 * so what is there is handed in). Draft: an entry not (or no longer) handed in. Not started: nothing yet.
 */
export function entryState(submission: Pick<Submission, "status"> | null, entry: Entry | undefined): EntryState {
  if (!entry) return "Not started";
  return submission?.status === "SUBMITTED" ? "Submitted" : "Draft";
}

/** "3 days left", "5 hours left", "12 minutes left", "Closed" — from the server's due time and the reader's clock. */
export function timeLeft(dueAt: string | null, now = Date.now()): string {
  if (!dueAt) return "Open until the challenge is completed";
  const ms = new Date(dueAt).getTime() - now;
  if (ms <= 0) return "Closed";
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 60) return `${Math.max(1, minutes)} ${minutes === 1 ? "minute" : "minutes"} left`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} ${hours === 1 ? "hour" : "hours"} left`;
  return `${Math.floor(hours / 24)} days left`;
}
