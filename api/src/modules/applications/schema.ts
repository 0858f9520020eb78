// The applications contract (SPEC §3 challenge_participants, §5 application form, §7 calls): the body a member
// sends, what they and the reviewers read back, and the exact messages. The route validates with these schemas and
// the site's application dialog checks the same schema before any request (decision 006). Imports only TypeBox
// and the accounts contract (for the one e-mail rule).
// Builders by name (not `Type`, one object holding them all): an island bundles only those it calls (lib/typebox.ts).
import * as T from "@sinclair/typebox/type";
import type { Static } from "@sinclair/typebox/type";
import { literalUnion, messages } from "../../lib/typebox";
import { EMAIL_MAX_LENGTH, MESSAGES as ACCOUNT_MESSAGES, emailField } from "../auth/schema";
import { ChallengeStatusSchema } from "../challenges/schema";

/** SPEC §4: PENDING, ACTIVE (shown as "Approved") or REJECTED. */
export const APPLICATION_STATUSES = ["PENDING", "ACTIVE", "REJECTED"] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** SPEC §9: name, company, role at least 2; interest at least 10 (counted without surrounding spaces). */
const APPLICATION_MIN = { applicantName: 2, company: 2, role: 2, interestDescription: 10 } as const;
/** Upper bounds only keep rows sane; the form's inputs carry them as maxLength so people never meet them. */
export const APPLICATION_MAX = {
  applicantName: 100,
  company: 200,
  role: 100,
  applicantEmail: EMAIL_MAX_LENGTH,
  interestDescription: 5000,
  enterpriseExplanation: 2000,
} as const;
export const DECISION_NOTE_MAX_LENGTH = 1000;

export const APPLICATION_MESSAGES = {
  nameTooShort: "Name must be at least 2 characters",
  companyTooShort: "Company name must be at least 2 characters",
  invalidEmail: ACCOUNT_MESSAGES.enterValidEmail, // 'Please enter a valid email address'
  roleTooShort: "Role must be at least 2 characters",
  interestTooShort: "Please provide at least 10 characters describing your interest",
  alreadyApplied: "You have already applied to this challenge.",
  notAcceptingApplications: "This challenge is not accepting applications. Only active challenges accept registrations.",
  alreadyDecided: "This application has already been reviewed.",
  applicationNotFound: "Application not found",
  decisionNoteTooLong: `The note must be at most ${DECISION_NOTE_MAX_LENGTH} characters`,
  ownApplication: "You cannot decide your own application. Another reviewer has to approve or reject it.",
  tooManyApplications: "Too many applications. Please try again later.",
} as const;

/** The over-long message of each field ("Name must be at most 100 characters"). */
const FIELD_LABELS: Record<keyof typeof APPLICATION_MAX, string> = {
  applicantName: "Name",
  company: "Company name",
  role: "Role",
  applicantEmail: "Email",
  interestDescription: "Description",
  enterpriseExplanation: "Explanation",
};
const tooLong = (field: keyof typeof APPLICATION_MAX) =>
  `${FIELD_LABELS[field]} must be at most ${APPLICATION_MAX[field]} characters`;

/**
 * At least `min` characters once surrounding spaces are dropped: starts and ends with a non-space, `min - 2` or
 * more of anything between. "  a " fails a minimum of 2 although it has four characters.
 */
const atLeast = (min: number) => `^\\s*\\S[\\s\\S]{${Math.max(min - 2, 0)},}\\S\\s*$`;
/** A required text: SPEC's message when missing or too short, its own when over the row's limit. */
const text = (field: keyof typeof APPLICATION_MIN & keyof typeof APPLICATION_MAX, tooShort: string) =>
  T.String({
    pattern: atLeast(APPLICATION_MIN[field]),
    maxLength: APPLICATION_MAX[field],
    ...messages({ type: tooShort, pattern: tooShort, maxLength: tooLong(field) }),
  });

/**
 * POST /api/challenges/:id/register (SPEC §7). Each rule carries its message (SPEC's for the five rules, one per
 * upper limit), so the route and the site's dialog (checkForm) answer in the same words.
 */
export const ApplicationBodySchema = T.Object({
  applicantName: text("applicantName", APPLICATION_MESSAGES.nameTooShort),
  company: text("company", APPLICATION_MESSAGES.companyTooShort),
  applicantEmail: emailField(APPLICATION_MESSAGES.invalidEmail),
  role: text("role", APPLICATION_MESSAGES.roleTooShort),
  isEnterprise: T.Optional(T.Boolean({ error: "isEnterprise must be true or false" })),
  /** SPEC §5: asked only when isEnterprise is unchecked; ignored (stored as null) for enterprise applicants. */
  enterpriseExplanation: T.Optional(
    T.Union([
      T.String({
        maxLength: APPLICATION_MAX.enterpriseExplanation,
        ...messages({ type: "enterpriseExplanation must be text", maxLength: tooLong("enterpriseExplanation") }),
      }),
      T.Null(),
    ]),
  ),
  interestDescription: text("interestDescription", APPLICATION_MESSAGES.interestTooShort),
});
export type ApplicationBody = Static<typeof ApplicationBodySchema>;

/**
 * An application as it is sent and stored (SPEC §5): every text trimmed, and the explanation only when the applicant
 * is not an enterprise (null otherwise, or when blank). The one rule for the dialog's payload and the stored row.
 */
export function normaliseApplication(body: ApplicationBody): Required<ApplicationBody> {
  const isEnterprise = body.isEnterprise ?? false;
  return {
    applicantName: body.applicantName.trim(),
    company: body.company.trim(),
    applicantEmail: body.applicantEmail.trim(),
    role: body.role.trim(),
    isEnterprise,
    enterpriseExplanation: isEnterprise ? null : body.enterpriseExplanation?.trim() || null,
    interestDescription: body.interestDescription.trim(),
  };
}

/** What a reviewer decides on a PENDING application: the last segment of its route. */
export const DECISIONS = ["approve", "reject"] as const;
export type Decision = (typeof DECISIONS)[number];

const ApplicationStatusSchema = literalUnion(APPLICATION_STATUSES);

/** One application as its applicant and the reviewers see it (SPEC §3: with the nested challenge). */
export const ApplicationSchema = T.Object({
  id: T.String(),
  challengeId: T.String(),
  status: ApplicationStatusSchema,
  applicantName: T.String(),
  company: T.String(),
  applicantEmail: T.String(),
  role: T.String(),
  interestDescription: T.String(),
  isEnterprise: T.Boolean(),
  enterpriseExplanation: T.Union([T.String(), T.Null()]),
  joinedAt: T.String({ format: "date-time" }),
  decidedAt: T.Union([T.String({ format: "date-time" }), T.Null()]),
  decisionNote: T.Union([T.String(), T.Null()]),
  challenge: T.Object({ id: T.String(), title: T.String(), startDate: T.String({ format: "date-time" }) }),
});
export type Application = Static<typeof ApplicationSchema>;

/** An application in a reviewer's list: `isOwn` when the reviewer submitted it (another reviewer must decide it). */
export const ReviewApplicationSchema = T.Composite([ApplicationSchema, T.Object({ isOwn: T.Boolean() })]);
export type ReviewApplication = Static<typeof ReviewApplicationSchema>;

/**
 * PATCH …/approve and …/reject: SPEC sends an empty body; the reviewer may add a note for the applicant. Only an
 * object (or no body) is a decision: any other JSON body is refused by securityPlugin (plugins/security.ts).
 */
export const DecisionBodySchema = T.Object({
  decisionNote: T.Optional(
    T.Union([T.String({ maxLength: DECISION_NOTE_MAX_LENGTH }), T.Null()], { error: APPLICATION_MESSAGES.decisionNoteTooLong }),
  ),
});

/** GET /api/my-challenges: a participant's approved challenges for /dashboard. */
export const MyChallengeSchema = T.Object({
  applicationId: T.String(),
  approvedAt: T.String({ format: "date-time" }),
  challenge: T.Object({
    id: T.String(),
    title: T.String(),
    description: T.String(),
    status: ChallengeStatusSchema,
    startDate: T.String({ format: "date-time" }),
    endDate: T.Union([T.String({ format: "date-time" }), T.Null()]),
    timeline: T.Union([T.String(), T.Null()]),
  }),
  /** What comes next by the challenge's dates: its start, then its end (final deliverables); null once over. */
  nextDue: T.Union([
    T.Object({ kind: literalUnion(["start", "end"] as const), date: T.String({ format: "date-time" }) }),
    T.Null(),
  ]),
  /** The other approved participants' names, as they applied. */
  participants: T.Array(T.String()),
});
export type MyChallenge = Static<typeof MyChallengeSchema>;

// ── Pages (decision 008): every list here pages by keyset (lib/keyset.ts), the next cursor in the headers ─────────

/** The largest `limit` the application lists accept. */
export const APPLICATION_LIST_MAX = 100;
/** /my-applications and the reviewers' list of one challenge, a page at a time. */
export const APPLICATIONS_PAGE_SIZE = 20;
/** /dashboard: approved challenges, each card carrying its timeline and participants. */
export const MY_CHALLENGES_PAGE_SIZE = 10;
/** The reviewers' list: counts of the whole list (the screen holds a page at a time), as response headers. */
export const REVIEW_COUNT_HEADERS = { total: "x-total-count", pending: "x-pending-count" } as const;
