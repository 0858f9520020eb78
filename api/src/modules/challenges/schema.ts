// The challenges contract: TypeBox schemas shared by the API routes and the site's islands, plus the pure helpers
// both sides need. Imports nothing but TypeBox (and its helper).
// Builders by name (not `Type`, one object holding them all): an island bundles only those it calls (lib/typebox.ts).
import * as T from "@sinclair/typebox/type";
import type { Static } from "@sinclair/typebox/type";
import { commaListPattern } from "../../lib/enums";
import { literalUnion } from "../../lib/typebox";
import { UPLOADED_IMAGE_URL_SOURCE } from "../uploads/schema";

export const CHALLENGE_STATUSES = ["DRAFT", "UPCOMING", "ACTIVE", "COMPLETED"] as const;
export type ChallengeStatus = (typeof CHALLENGE_STATUSES)[number];
/** Statuses a visitor may see; DRAFT challenges are admin-only. */
export const PUBLIC_CHALLENGE_STATUSES = ["UPCOMING", "ACTIVE", "COMPLETED"] as const satisfies readonly ChallengeStatus[];
/** SPEC §4: 'All Status' on the public list hides COMPLETED challenges; the home page features these too. */
export const OPEN_CHALLENGE_STATUSES = ["ACTIVE", "UPCOMING"] as const satisfies readonly ChallengeStatus[];

export const HOME_FEATURED_LIMIT = 3;
export const CHALLENGE_LIST_MAX = 100;
/** The public list shows 12 challenges a page (4 rows of SPEC §2's 3 columns on large screens). */
export const CHALLENGE_PAGE_SIZE = 12;
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
  /** Most people on one team's submission (decision 019). */
  teamSize: T.Integer({ minimum: 1 }),
});
export type Challenge = Static<typeof ChallengeSchema>;

/** Public statuses a list query may ask for, one or several comma-separated ("ACTIVE,UPCOMING" = 'All Status'). */
export const STATUS_QUERY_PATTERN = commaListPattern(PUBLIC_CHALLENGE_STATUSES);
/** Any status, drafts included, one or several comma-separated: the admin grid's filter. */
export const ANY_STATUS_QUERY_PATTERN = commaListPattern(CHALLENGE_STATUSES);

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

// ── Admin: create, edit, archive (SPEC §2 Admin challenges, §5 admin challenge form, §7) ────────────────────────

export const TITLE_MAX_LENGTH = 200;
const SUMMARY_MAX_LENGTH = 1000;
export const LONG_TEXT_MAX_LENGTH = 20_000;
const LIST_ITEM_MAX_LENGTH = 1000;
const LIST_MAX_ITEMS = 50;
export const URL_MAX_LENGTH = 2048;
/** Team sizes (decision 019): 5 unless an admin says otherwise; a solo challenge is 1. */
export const DEFAULT_TEAM_SIZE = 5;
export const TEAM_SIZE_MAX = 50;

/** Requirements and outcomes arrive as a list, or as JSON text of one (SPEC §3); parseTextList normalises both. */
const textList = T.Union(
  [
    T.Array(T.String({ maxLength: LIST_ITEM_MAX_LENGTH }), { maxItems: LIST_MAX_ITEMS }),
    T.String({ maxLength: LONG_TEXT_MAX_LENGTH }),
  ],
  { error: `Use a list of at most ${LIST_MAX_ITEMS} items` },
);

/**
 * An uploaded image's URL (POST /api/upload: /api/files/<32 hex>.<jpg|png|gif|webp>) or an absolute http(s) URL:
 * never javascript:, data:, other schemes or other same-site paths.
 */
const IMAGE_URL_PATTERN = `^(${UPLOADED_IMAGE_URL_SOURCE}|https?://[^\\s]+)$`;

export const ChallengeInputSchema = T.Object({
  title: T.String({ minLength: 1, maxLength: TITLE_MAX_LENGTH, pattern: "\\S", error: "Title is required" }),
  description: T.String({ minLength: 1, maxLength: SUMMARY_MAX_LENGTH, pattern: "\\S", error: "Short description is required" }),
  fullDescription: T.Optional(T.Union([T.String({ maxLength: LONG_TEXT_MAX_LENGTH }), T.Null()])),
  status: T.Optional(ChallengeStatusSchema),
  startDate: T.String({ format: "date-time", error: "Start date is required (ISO 8601)" }),
  endDate: T.Optional(
    T.Union([T.String({ format: "date-time" }), T.Null()], { error: "End date must be an ISO 8601 date or null" }),
  ),
  imageUrl: T.Optional(
    T.Union([T.String({ maxLength: URL_MAX_LENGTH, pattern: IMAGE_URL_PATTERN }), T.Null()], {
      error: "Image must be an uploaded image or an http(s) URL",
    }),
  ),
  requirements: T.Optional(textList),
  outcomes: T.Optional(textList),
  timeline: T.Optional(T.Union([T.String({ maxLength: LONG_TEXT_MAX_LENGTH }), T.Null()])),
  teamSize: T.Optional(
    T.Integer({ minimum: 1, maximum: TEAM_SIZE_MAX, error: `Team size must be a whole number from 1 to ${TEAM_SIZE_MAX}` }),
  ),
});
export type ChallengeInput = Static<typeof ChallengeInputSchema>;

/** PATCH: the same fields, each optional (SPEC §7 sends them all; a partial update is also fine). */
export const ChallengeUpdateSchema = T.Partial(ChallengeInputSchema);
export type ChallengeUpdate = Static<typeof ChallengeUpdateSchema>;

/** SPEC §4: the admin may set any status; UPCOMING when none is given (§5). */
export const DEFAULT_CHALLENGE_STATUS: ChallengeStatus = "UPCOMING";
export const END_BEFORE_START = "End date must be on or after the start date";

export const ArchiveBodySchema = T.Object({
  spawnResources: T.Optional(T.Boolean({ error: "spawnResources must be true or false" })),
  /** A submission of the challenge whose PDF and texts seed the project (decision 019). */
  submissionId: T.Optional(
    T.String({ minLength: 1, maxLength: 64, pattern: "^[A-Za-z0-9_-]+$", error: "submissionId must be a submission's id" }),
  ),
});
export const ArchiveResultSchema = T.Object({
  projectId: T.String(),
  resourceIds: T.Array(T.String()),
});
export type ArchiveResult = Static<typeof ArchiveResultSchema>;
