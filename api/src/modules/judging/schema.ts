// The judging contract (decisions 020 and 021): rounds, criteria, judges, assignments, scores, pairwise decisions,
// votes, results and awards — shared by the API routes, /judging, the admin's Judging dialog, the challenge and
// project pages' Winners and /dashboard. Imports nothing but TypeBox.
import type { Static } from "@sinclair/typebox/type";
import { literalUnion } from "../../lib/typebox";

export const ROUND_METHODS = ["RUBRIC", "PAIRWISE", "PUBLIC_VOTE"] as const;
export type RoundMethod = (typeof ROUND_METHODS)[number];
export const ROUND_STATES = ["DRAFT", "OPEN", "CLOSED", "PUBLISHED"] as const;
export type RoundState = (typeof ROUND_STATES)[number];
export const RANK_BY = ["NORMALISED", "MEAN"] as const;
export const FEEDBACK_VISIBILITIES = ["PRIVATE", "ENTRANT"] as const;
export const ELIGIBILITY_VERDICTS = ["PASS", "FAIL"] as const;
export const RoundMethodSchema = literalUnion(ROUND_METHODS);
export const RoundStateSchema = literalUnion(ROUND_STATES);
export const RankBySchema = literalUnion(RANK_BY);
export const FeedbackVisibilitySchema = literalUnion(FEEDBACK_VISIBILITIES);
export const EligibilityVerdictSchema = literalUnion(ELIGIBILITY_VERDICTS);
export type RankBy = Static<typeof RankBySchema>;

// ── rounds, criteria, eligibility (rounds-routes.ts) ─────────────────────────────────────────────────────────────

// ── judges, affiliations, conflicts, assignments, recusal, the judge's queue (panel-routes.ts) ──────────────────────

// ── score sheets, results, awards, exports, entrants' feedback (scores-routes.ts) ──────────────────────────────────

// ── pairwise and public vote (pairwise-routes.ts) ──────────────────────────────────────────────────────────────────
