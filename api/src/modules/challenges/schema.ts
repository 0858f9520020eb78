// The challenges contract: TypeBox schemas shared by the API routes and the site's islands, plus the pure helpers
// both sides need. Imports nothing but TypeBox (and its helper).
import { Type as T, type Static } from "@sinclair/typebox";
import { literalUnion } from "../../lib/typebox";

export const CHALLENGE_STATUSES = ["DRAFT", "UPCOMING", "ACTIVE", "COMPLETED"] as const;
export type ChallengeStatus = (typeof CHALLENGE_STATUSES)[number];
/** Statuses a visitor may see; DRAFT challenges are admin-only. */
export const PUBLIC_CHALLENGE_STATUSES = ["UPCOMING", "ACTIVE", "COMPLETED"] as const;
/** SPEC §4: 'All Status' on the public list hides COMPLETED challenges; the home page features these too. */
export const OPEN_CHALLENGE_STATUSES = ["ACTIVE", "UPCOMING"] as const;

export const HOME_FEATURED_LIMIT = 3;
export const CHALLENGE_LIST_MAX = 100;
export const SEARCH_MAX_LENGTH = 100;

export const ChallengeStatusSchema = literalUnion(CHALLENGE_STATUSES);

export const ChallengeSchema = T.Object({
  id: T.String(),
  title: T.String(),
  description: T.String(),
  fullDescription: T.Union([T.String(), T.Null()]),
  status: ChallengeStatusSchema,
  startDate: T.String({ format: "date-time" }),
  endDate: T.Union([T.String({ format: "date-time" }), T.Null()]),
  imageUrl: T.Union([T.String(), T.Null()]),
  requirements: T.Array(T.String()),
  outcomes: T.Array(T.String()),
  timeline: T.Union([T.String(), T.Null()]),
  createdAt: T.String({ format: "date-time" }),
  /** Approved applications (SPEC "not shown" gap, decided in DEVELOPERS.md). */
  participantCount: T.Integer({ minimum: 0 }),
});
export type Challenge = Static<typeof ChallengeSchema>;

/** Public statuses a list query may ask for, one or several comma-separated ("ACTIVE,UPCOMING" = 'All Status'). */
export const STATUS_QUERY_PATTERN = "^(UPCOMING|ACTIVE|COMPLETED)(,(UPCOMING|ACTIVE|COMPLETED))*$";

/**
 * SPEC §3: requirements and outcomes are "a list of text, possibly JSON text" — a stored list may hold plain
 * items, or one element that is a JSON array, or the whole value may arrive as JSON text. Always returns items.
 */
export function parseTextList(value: unknown): string[] {
  if (value == null) return [];
  if (typeof value === "string") {
    const text = value.trim();
    if (!text) return [];
    if (text.startsWith("[")) {
      try {
        return parseTextList(JSON.parse(text));
      } catch {
        // not JSON after all: a single item that starts with a bracket
      }
    }
    return [text];
  }
  if (Array.isArray(value)) return value.flatMap((item) => parseTextList(typeof item === "string" ? item : String(item)));
  return [String(value)];
}
