// The deliverables contract (decision 019): what a challenge asks its teams to hand in, shared by the API routes, the
// challenge page and the admin's Deliverables view. Imports nothing but TypeBox (and its helpers).
import * as T from "@sinclair/typebox/type";
import type { Static } from "@sinclair/typebox/type";
import { literalUnion } from "../../lib/typebox";

export const DELIVERABLE_KINDS = ["FILE", "URL", "TEXT"] as const;
export type DeliverableKind = (typeof DELIVERABLE_KINDS)[number];
export const DELIVERABLE_KIND_LABELS: Record<DeliverableKind, string> = { FILE: "File", URL: "Link", TEXT: "Text" };

/**
 * The kinds of file a FILE deliverable may accept. An entry's kind is decided from its bytes when it is handed in
 * (never from its name or the browser's type), so a kind here names a family of formats, not an extension.
 */
export const FILE_KINDS = ["pdf", "image", "zip", "presentation", "video"] as const;
export type FileKind = (typeof FILE_KINDS)[number];
export const FILE_KIND_LABELS: Record<FileKind, string> = {
  pdf: "PDF",
  image: "Image (PNG, JPEG, WebP, GIF)",
  zip: "ZIP archive",
  presentation: "Presentation (PowerPoint, Keynote, ODP)",
  video: "MP4 video",
};

const MB = 1024 * 1024;
export const DELIVERABLE_DEFAULT_MAX_BYTES = 25 * MB;
export const DELIVERABLE_MAX_BYTES = 200 * MB;
export const DELIVERABLE_MIN_BYTES = 1024;
export const DELIVERABLE_TITLE_MAX_LENGTH = 200;
export const DELIVERABLE_GUIDANCE_MAX_LENGTH = 2000;
/** A challenge asks for a handful of things; past this the list is a mistake (or an attack on the page). */
export const DELIVERABLES_PER_CHALLENGE_MAX = 30;

export const DELIVERABLE_MESSAGES = {
  title: "Title is required",
  kind: "Kind must be FILE, URL or TEXT",
  required: "Required must be true or false",
  dueAt: "Due date must be an ISO 8601 date-time with its zone, or null",
  acceptedKinds: `Accepted kinds must be some of ${FILE_KINDS.join(", ")}, each once`,
  maxBytes: `The size limit must be a whole number of bytes from ${DELIVERABLE_MIN_BYTES} to ${DELIVERABLE_MAX_BYTES} (200 MB)`,
  fileOnly: "Accepted kinds and a size limit apply to file deliverables only",
  noKinds: "Choose at least one accepted kind of file",
  tooMany: `A challenge has at most ${DELIVERABLES_PER_CHALLENGE_MAX} deliverables`,
  position: "Position must be a whole number from 1",
  hidden: "Hidden must be true or false",
  notFound: "Deliverable not found",
  holdsEntries: "This deliverable holds entries: hide it from new work instead.",
  kindWithEntries: "This deliverable holds entries: its kind can no longer change.",
} as const;

export const DeliverableKindSchema = literalUnion(DELIVERABLE_KINDS, { error: DELIVERABLE_MESSAGES.kind });
const FileKindSchema = literalUnion(FILE_KINDS, { error: DELIVERABLE_MESSAGES.acceptedKinds });

export const DeliverableSchema = T.Object({
  id: T.String(),
  challengeId: T.String(),
  position: T.Integer({ minimum: 1 }),
  title: T.String(),
  guidance: T.Union([T.String(), T.Null()]),
  kind: DeliverableKindSchema,
  required: T.Boolean(),
  /** null: open until the challenge is COMPLETED. */
  dueAt: T.Union([T.String({ format: "date-time" }), T.Null()]),
  acceptedKinds: T.Array(FileKindSchema),
  maxBytes: T.Union([T.Integer(), T.Null()]),
  hidden: T.Boolean(),
});
export type Deliverable = Static<typeof DeliverableSchema>;

const fields = {
  title: T.String({
    minLength: 1,
    maxLength: DELIVERABLE_TITLE_MAX_LENGTH,
    pattern: "\\S",
    error: `${DELIVERABLE_MESSAGES.title} (at most ${DELIVERABLE_TITLE_MAX_LENGTH} characters)`,
  }),
  guidance: T.Optional(
    T.Union([T.String({ maxLength: DELIVERABLE_GUIDANCE_MAX_LENGTH }), T.Null()], {
      error: `Guidance must be at most ${DELIVERABLE_GUIDANCE_MAX_LENGTH} characters`,
    }),
  ),
  kind: DeliverableKindSchema,
  required: T.Boolean({ error: DELIVERABLE_MESSAGES.required }),
  /** Absent: the challenge's end date (none: open until COMPLETED); null: open until COMPLETED. */
  dueAt: T.Optional(T.Union([T.String({ format: "date-time" }), T.Null()], { error: DELIVERABLE_MESSAGES.dueAt })),
  acceptedKinds: T.Optional(
    T.Array(FileKindSchema, { uniqueItems: true, maxItems: FILE_KINDS.length, error: DELIVERABLE_MESSAGES.acceptedKinds }),
  ),
  maxBytes: T.Optional(
    T.Integer({ minimum: DELIVERABLE_MIN_BYTES, maximum: DELIVERABLE_MAX_BYTES, error: DELIVERABLE_MESSAGES.maxBytes }),
  ),
};

export const DeliverableInputSchema = T.Object(fields);
export type DeliverableInput = Static<typeof DeliverableInputSchema>;

/** PATCH: any of the fields, and where it stands in the list or whether it is hidden from new work. */
export const DeliverableUpdateSchema = T.Object({
  ...T.Partial(T.Object(fields)).properties,
  position: T.Optional(T.Integer({ minimum: 1, error: DELIVERABLE_MESSAGES.position })),
  hidden: T.Optional(T.Boolean({ error: DELIVERABLE_MESSAGES.hidden })),
});
export type DeliverableUpdate = Static<typeof DeliverableUpdateSchema>;
