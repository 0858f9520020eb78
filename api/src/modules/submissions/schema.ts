// The submissions contract (decision 019): a team's hand-in for one challenge — its members and invitations, its state
// and version — shared by the API routes, the workspace island and /dashboard. Imports nothing but TypeBox.
import * as T from "@sinclair/typebox/type";
import type { Static } from "@sinclair/typebox/type";
import { literalUnion } from "../../lib/typebox";

import { Person, SUBMISSION_STATUSES, TEAM_ROLES } from "./work-schema";

export {
  type ChallengeWork,
  ChallengeWorkSchema,
  DELIVERABLE_STATES,
  type DeliverableState,
  SUBMISSION_STATUSES,
  type SubmissionStatus,
  TEAM_ROLES,
} from "./work-schema";
export const INVITATION_STATUSES = ["PENDING", "ACCEPTED", "DECLINED", "CANCELLED"] as const;

export const SUBMISSION_MESSAGES = {
  notApproved: "Only approved participants can submit",
  noSubmission: "You have no submission for this challenge",
  notActive: "Submissions are open only while the challenge is active.",
  alreadyOnTeam: "You are already on a team for this challenge.",
  onlyOwner: "Only the team's owner can do this.",
  inviteeUnknown: "No approved participant of this challenge has that username or e-mail.",
  inviteeOnTeam: "That participant is already on a team for this challenge.",
  inviteSelf: "You are already on this team.",
  teamFull: (size: number) => `The team is full: at most ${size} ${size === 1 ? "person" : "people"}, invitations included.`,
  invitationGone: "This invitation is no longer open.",
  notMember: "That person is not on this team.",
  ownerLeaves: "Hand the team to another member before leaving.",
  teamClosed: "The team can no longer change: the deadline has passed.",
} as const;

export const TeamMemberSchema = T.Object({
  ...Person.properties,
  role: literalUnion(TEAM_ROLES),
  joinedAt: T.String({ format: "date-time" }),
});
export type TeamMember = Static<typeof TeamMemberSchema>;

export const PendingInvitationSchema = T.Object({
  id: T.String(),
  invitee: Person,
  invitedBy: Person,
  createdAt: T.String({ format: "date-time" }),
});

export const EntrySchema = T.Object({
  deliverableId: T.String(),
  url: T.Union([T.String(), T.Null()]),
  text: T.Union([T.String(), T.Null()]),
  file: T.Union([T.Object({ name: T.String(), type: T.String(), bytes: T.Integer(), sha256: T.String() }), T.Null()]),
  revision: T.Integer({ minimum: 1 }),
  updatedAt: T.String({ format: "date-time" }),
  updatedBy: T.Union([T.String(), T.Null()]),
});
export type Entry = Static<typeof EntrySchema>;

export const SubmissionSchema = T.Object({
  id: T.String(),
  challengeId: T.String(),
  status: literalUnion(SUBMISSION_STATUSES),
  /** The latest submitted version (0: never submitted). */
  version: T.Integer({ minimum: 0 }),
  submittedAt: T.Union([T.String({ format: "date-time" }), T.Null()]),
  extendedUntil: T.Union([T.String({ format: "date-time" }), T.Null()]),
  disqualifiedReason: T.Union([T.String(), T.Null()]),
  teamSize: T.Integer({ minimum: 1 }),
  members: T.Array(TeamMemberSchema),
  invitations: T.Array(PendingInvitationSchema),
  items: T.Array(EntrySchema),
});
export type Submission = Static<typeof SubmissionSchema>;

export const INVITEE_MAX_LENGTH = 254;
export const InviteBodySchema = T.Object({
  usernameOrEmail: T.String({
    minLength: 1,
    maxLength: INVITEE_MAX_LENGTH,
    pattern: "\\S",
    error: "Enter the username or e-mail of an approved participant",
  }),
});
export const UserIdBodySchema = T.Object({ userId: T.String({ minLength: 1, maxLength: 64, error: "userId is required" }) });

/** An invitation as its invitee sees it on /dashboard. */
export const MyInvitationSchema = T.Object({
  id: T.String(),
  challenge: T.Object({ id: T.String(), title: T.String() }),
  invitedBy: Person,
  members: T.Integer({ minimum: 1 }),
  createdAt: T.String({ format: "date-time" }),
});
export type MyInvitation = Static<typeof MyInvitationSchema>;

// ── Entries, versions, submit (decision 019) ────────────────────────────────────────────────────────────────

export const ENTRY_TEXT_MAX_LENGTH = 20_000;
export const ENTRY_URL_MAX_LENGTH = 2048;

export const ENTRY_MESSAGES = {
  url: "Enter a link that starts with http:// or https://",
  text: `Text must be at most ${ENTRY_TEXT_MAX_LENGTH.toLocaleString("en-US")} characters`,
  revision: "revision (the entry's revision you last read; 0 for a new entry) is required",
  oneOf: "Send either url or text",
  wrongKind: (kind: string) => `This deliverable takes ${kind === "FILE" ? "a file" : kind === "URL" ? "a link" : "text"}.`,
  fileLater: "Send the file as multipart/form-data with a field named file.",
  stale: "Someone on your team changed this entry meanwhile: here is their version. Nothing was saved.",
  deadline: "The deadline for this deliverable has passed.",
  challengeDeadline: "The deadline for this challenge has passed.",
  hidden: "This deliverable no longer takes entries.",
  incomplete: "Complete every required deliverable before submitting.",
  disqualified: "This submission was disqualified and can no longer change.",
  deliverableUnknown: "Deliverable not found",
} as const;

/**
 * A URL entry: http(s) only, with a host. Checked again on the server with the URL parser (a pattern alone lets
 * through what browsers read differently).
 */
const URL_PATTERN = "^[Hh][Tt][Tt][Pp][Ss]?://[^\\s/?#]+[^\\s]*$";

/** `{ url, revision }` or `{ text, revision }`: one object (each field with its own message), exactly one of the two. */
export const EntryBodySchema = T.Object({
  url: T.Optional(T.String({ minLength: 1, maxLength: ENTRY_URL_MAX_LENGTH, pattern: URL_PATTERN, error: ENTRY_MESSAGES.url })),
  text: T.Optional(T.String({ minLength: 1, maxLength: ENTRY_TEXT_MAX_LENGTH, pattern: "\\S", error: ENTRY_MESSAGES.text })),
  revision: T.Integer({ minimum: 0, error: ENTRY_MESSAGES.revision }),
});
export type EntryBody = Static<typeof EntryBodySchema>;

/** A stale write's answer: 409 with the entry as it now is, so the client can show it and nothing is lost. */
export const StaleEntrySchema = T.Object({
  type: T.Literal("conflict"),
  message: T.String(),
  current: T.Union([EntrySchema, T.Null()]),
});

export const VersionSummarySchema = T.Object({
  number: T.Integer({ minimum: 1 }),
  createdAt: T.String({ format: "date-time" }),
  createdBy: T.Union([T.String(), T.Null()]),
  entries: T.Integer({ minimum: 0 }),
});

export const VersionEntrySchema = T.Object({
  deliverableId: T.String(),
  title: T.String(),
  kind: T.String(),
  url: T.Optional(T.String()),
  text: T.Optional(T.String()),
  file: T.Optional(T.Object({ name: T.String(), type: T.String(), bytes: T.Integer(), sha256: T.String() })),
});
export type VersionEntry = Static<typeof VersionEntrySchema>;
export const VersionSchema = T.Object({ ...VersionSummarySchema.properties, items: T.Array(VersionEntrySchema) });

// ── The admin Submissions view (decision 019): the list, disqualify, extension ──────────────────────────────────

export const SUBMISSIONS_PAGE_SIZE = 50;
export const SUBMISSIONS_LIST_MAX = 200;
export const DISQUALIFY_REASON_MAX_LENGTH = 2000;

export const ADMIN_SUBMISSION_MESSAGES = {
  notFound: "Submission not found",
  reason: `Give a reason (at most ${DISQUALIFY_REASON_MAX_LENGTH.toLocaleString("en-US")} characters): the team sees it`,
  until: "until must be a date-time in the future",
  untilPast: "An extension must end in the future.",
  disqualified: "This submission was disqualified: it takes no extension.",
  notSeedable: "Only a submitted (not disqualified) submission can seed the project.",
} as const;

/** One row of the admin list: the team (owner first, then members), its state and times. */
export const AdminSubmissionSchema = T.Object({
  id: T.String(),
  status: literalUnion(SUBMISSION_STATUSES),
  version: T.Integer({ minimum: 0 }),
  owner: T.Union([Person, T.Null()]),
  members: T.Array(Person),
  items: T.Integer({ minimum: 0 }),
  createdAt: T.String({ format: "date-time" }),
  submittedAt: T.Union([T.String({ format: "date-time" }), T.Null()]),
  extendedUntil: T.Union([T.String({ format: "date-time" }), T.Null()]),
  disqualifiedReason: T.Union([T.String(), T.Null()]),
});
export type AdminSubmission = Static<typeof AdminSubmissionSchema>;

export const SubmissionFilterSchema = T.Object({
  status: T.Optional(literalUnion(SUBMISSION_STATUSES, { error: `status is one of ${SUBMISSION_STATUSES.join(", ")}` })),
});

export const DisqualifyBodySchema = T.Object({
  reason: T.String({
    minLength: 1,
    maxLength: DISQUALIFY_REASON_MAX_LENGTH,
    pattern: "\\S",
    error: ADMIN_SUBMISSION_MESSAGES.reason,
  }),
});
export const ExtensionBodySchema = T.Object({
  until: T.String({ format: "date-time", maxLength: 40, error: ADMIN_SUBMISSION_MESSAGES.until }),
});

// ── File entries (decision 019) ─────────────────────────────────────────────────────────────────────────────────

/** A size for people: "25 MB", "1.5 MB", "800 KB" (binary units, as the limits are set). */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

export const FILE_ENTRY_MESSAGES = {
  wrongKind: (labels: readonly string[]) =>
    `This deliverable accepts ${labels.join(", ")} only: the file's content is none of them (its name does not count).`,
  tooLarge: (maxBytes: number) => `Files for this deliverable must be ${formatBytes(maxBytes)} or smaller.`,
  notAFileDeliverable: (kind: string) =>
    `This deliverable takes ${kind === "URL" ? "a link" : "text"}, not a file: send JSON with ${kind === "URL" ? "url" : "text"}.`,
  noFile: "File not found",
} as const;

export const FileLinkQuerySchema = T.Object({
  // A query string's digits (the number of one of the team's versions); absent: the entry as it is now.
  version: T.Optional(T.String({ pattern: "^[1-9][0-9]{0,6}$", error: "Version numbers start at 1" })),
});
