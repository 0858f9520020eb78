// How the participant dashboard reads a challenge (UI only): timeline phases and what is due next.
import type { MyChallenge } from "@api/modules/applications/schema";
import { parseTextList } from "@api/modules/challenges/schema";
import { formatDay } from "../../lib/format";

/** A timeline is free text or a list (SPEC §3); phases are its items, or its sentences split at ";" and lines. */
export function timelinePhases(timeline: string | null): string[] {
  return parseTextList(timeline)
    .flatMap((item) => item.split(/;|\n/))
    .map((phase) => phase.trim().replace(/\.$/, ""))
    .filter(Boolean);
}

const DAY_MS = 86_400_000;

/** "Challenge starts 2026-12-01 (in 8 days)", "Final deliverables due …", or that it is over. */
export function nextDueText(next: MyChallenge["nextDue"], now = new Date()): string {
  if (!next) return "The challenge has ended.";
  const days = Math.ceil((Date.parse(next.date) - now.getTime()) / DAY_MS);
  const when = `${formatDay(next.date)} (${days <= 1 ? "within a day" : `in ${days} days`})`;
  return next.kind === "start" ? `Challenge starts ${when}` : `Final deliverables due ${when}`;
}
