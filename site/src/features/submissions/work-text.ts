// /dashboard's words for a team's work (SPEC "Where people work", decision 019): each deliverable's state and the
// time left before its due time, by the server's clock at render.
import type { DeliverableState } from "@api/modules/submissions/schema";

export const DELIVERABLE_STATE_LABELS: Record<DeliverableState, string> = {
  NOT_STARTED: "Not started",
  DRAFT: "Draft",
  SUBMITTED: "Submitted",
};

/** daisyUI badge colour per state. */
export const DELIVERABLE_STATE_BADGES: Record<DeliverableState, string> = {
  NOT_STARTED: "badge-ghost",
  DRAFT: "badge-warning",
  SUBMITTED: "badge-success",
};

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"} left`;

/** "2 days left", "5 hours left", "12 minutes left", "Closed"; null (no due time): open until the challenge completes. */
export function timeLeft(dueAt: string | null, now = Date.now()): string {
  if (dueAt === null) return "Open until the challenge is completed";
  const ms = new Date(dueAt).getTime() - now;
  if (ms <= 0) return "Closed";
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 60) return plural(Math.max(minutes, 1), "minute");
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return plural(hours, "hour");
  return plural(Math.floor(hours / 24), "day");
}
