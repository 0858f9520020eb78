// The submissions contract (issue 32): a team's hand-in for one challenge — its members and invitations, its state
// and version — shared by the API routes, the workspace island and /dashboard. Imports nothing but TypeBox.
import * as T from "@sinclair/typebox/type";
import type { Static } from "@sinclair/typebox/type";
import { literalUnion } from "../../lib/typebox";

export const SUBMISSION_STATUSES = ["DRAFT", "SUBMITTED", "WITHDRAWN", "DISQUALIFIED"] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];
export const TEAM_ROLES = ["OWNER", "MEMBER"] as const;
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

const Person = T.Object({ userId: T.String(), username: T.String(), name: T.String() });

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
