// The judging contract (decisions 020 and 021): rounds, criteria, judges, assignments, scores, pairwise decisions,
// votes, results and awards — shared by the API routes, /judging, the admin's Judging dialog, the challenge and
// project pages' Winners and /dashboard. Imports nothing but TypeBox.
import * as T from "@sinclair/typebox/type";
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

export const ROUND_NAME_MAX_LENGTH = 120;
export const JUDGES_PER_ENTRY_MAX = 20;
export const VOTE_LIMIT_MAX = 50;
export const CARRY_FORWARD_MAX = 10_000;
export const CRITERIA_MAX = 30;
export const CRITERION_LABEL_MAX_LENGTH = 120;
export const CRITERION_GUIDANCE_MAX_LENGTH = 2000;
/** Bounds of a criterion's min, max and weight: finite, and far from float trouble. */
export const CRITERION_VALUE_LIMIT = 1_000_000;
export const ELIGIBILITY_REASON_MAX_LENGTH = 1000;
export const ROUND_ENTRIES_MAX = 10_000;

export const ROUND_MESSAGES = {
  notFound: "Round not found",
  challengeNotFound: "Challenge not found",
  submissionNotFound: "Submission not found",
  name: `Give the round a name (at most ${ROUND_NAME_MAX_LENGTH} characters).`,
  closesBeforeOpens: "The round must close after it opens.",
  onlyDraftChanges: "Only a draft round's settings can change.",
  rankByPublished: "This round's results are published: its ranking no longer changes.",
  deleteOnlyLastDraft: "Only the last round, while it is a draft, can be deleted.",
  criteriaOnlyRubric: "Only a rubric round has criteria.",
  criteriaOnlyDraft: "Criteria can change only while the round is a draft.",
  criteriaInvalid:
    "Each criterion needs a label, min below max and a weight of 0 or more; the weights must add up to more than 0.",
  entriesOnlyDraft: "The entries can change only while the round is a draft.",
  entriesRoundOne: "Round one takes every submission that passed the eligibility screen.",
  entriesNotInPrevious: "Every entry must have been in the previous round.",
  entriesCarryForward: "This round takes the previous round's top entries: set carryForward to none to pick them by hand.",
  reasonRequired: `A failed check needs a reason (at most ${ELIGIBILITY_REASON_MAX_LENGTH.toLocaleString("en-US")} characters): the team is told.`,
  eligibilityClosed: "Round one has opened: the eligibility screen is final.",
  notSubmitted: "Only a submitted (not withdrawn, not disqualified) submission is screened.",
  openNeedsDraft: "Only a draft round can open.",
  openNeedsEarlierClosed: "The earlier rounds must be closed first.",
  openNeedsCriteria: "A rubric round needs valid criteria before it opens.",
  openNeedsEntries: "This round has no entries to judge.",
  openAfterClose: "This round's close time has passed: set a later one before opening it.",
  closeNeedsOpen: "Only an open round can close.",
  publishNeedsClosed: "Only a closed round can be published.",
  closed: "This round is closed.",
} as const;

const roundName = T.String({ minLength: 1, maxLength: ROUND_NAME_MAX_LENGTH, pattern: "\\S", error: ROUND_MESSAGES.name });
const dateTime = T.String({ format: "date-time", maxLength: 40 });
const judgesPerEntry = T.Integer({ minimum: 1, maximum: JUDGES_PER_ENTRY_MAX });
const voteLimit = T.Integer({ minimum: 1, maximum: VOTE_LIMIT_MAX });
const carryForward = T.Integer({ minimum: 1, maximum: CARRY_FORWARD_MAX });

/** A round as admins see it: settings, state, the times of each step, and how many entries and criteria it has. */
export const RoundSchema = T.Object({
  id: T.String(),
  challengeId: T.String(),
  position: T.Integer(),
  name: T.String(),
  method: RoundMethodSchema,
  state: RoundStateSchema,
  judgesPerEntry: T.Integer(),
  carryForward: T.Union([T.Integer(), T.Null()]),
  voteLimit: T.Integer(),
  rankBy: RankBySchema,
  opensAt: T.Union([T.String(), T.Null()]),
  closesAt: T.Union([T.String(), T.Null()]),
  openedAt: T.Union([T.String(), T.Null()]),
  closedAt: T.Union([T.String(), T.Null()]),
  publishedAt: T.Union([T.String(), T.Null()]),
  entries: T.Integer(),
  criteria: T.Integer(),
});
export type Round = Static<typeof RoundSchema>;

export const CreateRoundBodySchema = T.Object({
  name: roundName,
  method: RoundMethodSchema,
  judgesPerEntry: T.Optional(judgesPerEntry),
  /** Rounds after the first: the previous round's top K; absent or null: the admin picks the entries. */
  carryForward: T.Optional(T.Union([carryForward, T.Null()])),
  opensAt: T.Optional(T.Union([dateTime, T.Null()])),
  closesAt: T.Optional(T.Union([dateTime, T.Null()])),
  voteLimit: T.Optional(voteLimit),
});
export type CreateRoundBody = Static<typeof CreateRoundBodySchema>;

export const PatchRoundBodySchema = T.Object({
  name: T.Optional(roundName),
  judgesPerEntry: T.Optional(judgesPerEntry),
  carryForward: T.Optional(T.Union([carryForward, T.Null()])),
  opensAt: T.Optional(T.Union([dateTime, T.Null()])),
  closesAt: T.Optional(T.Union([dateTime, T.Null()])),
  voteLimit: T.Optional(voteLimit),
  rankBy: T.Optional(RankBySchema),
});
export type PatchRoundBody = Static<typeof PatchRoundBodySchema>;

const criterionValue = T.Number({ minimum: -CRITERION_VALUE_LIMIT, maximum: CRITERION_VALUE_LIMIT });
export const CriterionInputSchema = T.Object({
  label: T.String({ minLength: 1, maxLength: CRITERION_LABEL_MAX_LENGTH, pattern: "\\S" }),
  guidance: T.Optional(T.Union([T.String({ maxLength: CRITERION_GUIDANCE_MAX_LENGTH }), T.Null()])),
  min: criterionValue,
  max: criterionValue,
  weight: T.Number({ minimum: 0, maximum: CRITERION_VALUE_LIMIT }),
  visibility: FeedbackVisibilitySchema,
});
export type CriterionInput = Static<typeof CriterionInputSchema>;
/** The whole rubric, in order (wrapped in an object: every request body here is a JSON object). */
export const CriteriaBodySchema = T.Object({ criteria: T.Array(CriterionInputSchema, { maxItems: CRITERIA_MAX }) });
export const CriterionSchema = T.Object({
  id: T.String(),
  position: T.Integer(),
  label: T.String(),
  guidance: T.Union([T.String(), T.Null()]),
  min: T.Number(),
  max: T.Number(),
  weight: T.Number(),
  visibility: FeedbackVisibilitySchema,
});
export type CriterionRow = Static<typeof CriterionSchema>;

const TeamMember = T.Object({ userId: T.String(), username: T.String(), name: T.String() });

/** One row of the eligibility screen: a SUBMITTED submission, its team, and its verdict (null: not screened yet). */
export const EligibilityRowSchema = T.Object({
  submissionId: T.String(),
  submittedAt: T.Union([T.String(), T.Null()]),
  members: T.Array(TeamMember),
  verdict: T.Union([EligibilityVerdictSchema, T.Null()]),
  reason: T.Union([T.String(), T.Null()]),
  decidedAt: T.Union([T.String(), T.Null()]),
});
export type EligibilityRow = Static<typeof EligibilityRowSchema>;
export const EligibilityBodySchema = T.Object({
  verdict: EligibilityVerdictSchema,
  reason: T.Optional(T.Union([T.String({ maxLength: ELIGIBILITY_REASON_MAX_LENGTH }), T.Null()])),
});
/** What the team sees of its own screen: the verdict and, for a FAIL, the reason (null verdict: not screened yet). */
export const TeamEligibilitySchema = T.Object({
  verdict: T.Union([EligibilityVerdictSchema, T.Null()]),
  reason: T.Union([T.String(), T.Null()]),
  decidedAt: T.Union([T.String(), T.Null()]),
});
export type TeamEligibility = Static<typeof TeamEligibilitySchema>;

export const RoundEntriesBodySchema = T.Object({
  submissionIds: T.Array(T.String({ maxLength: 64 }), { maxItems: ROUND_ENTRIES_MAX }),
});
export const RoundEntrySchema = T.Object({ submissionId: T.String(), members: T.Array(TeamMember) });
export type RoundEntryRow = Static<typeof RoundEntrySchema>;

/** A published round's frozen result: `snapshot` is the canonical JSON text exactly as `sha256` covers it. */
export const PublishedRoundSchema = T.Object({
  roundId: T.String(),
  method: RoundMethodSchema,
  publishedAt: T.String(),
  snapshot: T.String(),
  sha256: T.String(),
});
export type PublishedRound = Static<typeof PublishedRoundSchema>;

// ── judges, affiliations, conflicts, assignments, recusal, the judge's queue (panel-routes.ts) ──────────────────────

export const USERNAME_OR_EMAIL_MAX_LENGTH = 254;
export const RECUSAL_REASON_MAX_LENGTH = 500;

export const PANEL_MESSAGES = {
  challengeNotFound: "Challenge not found",
  roundNotFound: "Round not found",
  judgeNotFound: "Judge not found",
  invitationNotFound: "Invitation not found",
  userNotFound: "No account has that username: invite the person by e-mail instead.",
  usernameOrEmail: `Give a username or an e-mail address (at most ${USERNAME_OR_EMAIL_MAX_LENGTH} characters).`,
  assignmentNotFound: "Assignment not found",
  entryNotInRound: "That submission is not an entry of this round.",
  notAJudge: "That person is not a judge of this challenge.",
  alreadyAssigned: "That judge is already assigned to this entry.",
  onlyRubric: "Only a rubric round has judges assigned to entries.",
  closedRound: "This round is closed: its assignments no longer change.",
  assignNeedsOpen: "Judges are assigned to entries once the round is open.",
  judgeRecused: "That judge recused themselves from this entry.",
  fileNotFound: "File not found",
  recusalReason: `Say why you recuse yourself (1 to ${RECUSAL_REASON_MAX_LENGTH} characters).`,
} as const;

export const AddJudgeBodySchema = T.Object({
  usernameOrEmail: T.String({
    minLength: 1,
    maxLength: USERNAME_OR_EMAIL_MAX_LENGTH,
    pattern: "\\S",
    error: PANEL_MESSAGES.usernameOrEmail,
  }),
});
const JudgeSchema = T.Object({
  userId: T.String(),
  username: T.String(),
  name: T.String(),
  affiliations: T.Array(T.String()),
  addedAt: T.String(),
  /** Assignments in rounds past the draft that the judge did not recuse from, and how many sheets are complete. */
  assigned: T.Integer(),
  scored: T.Integer(),
});
export type JudgeRow = Static<typeof JudgeSchema>;
const InvitationSchema = T.Object({ id: T.String(), email: T.String(), invitedAt: T.String() });
export type InvitationRow = Static<typeof InvitationSchema>;
/** Adding a judge: an account becomes a judge at once; an address with no account is invited. */
export const AddJudgeResultSchema = T.Union([
  T.Object({ judge: JudgeSchema }),
  T.Object({ invitation: T.Object({ id: T.String(), email: T.String() }) }),
]);
export const JudgesListSchema = T.Object({ judges: T.Array(JudgeSchema), invitations: T.Array(InvitationSchema) });
export type JudgesList = Static<typeof JudgesListSchema>;

const PanelPerson = T.Object({ userId: T.String(), username: T.String(), name: T.String() });
export const AssignmentJudgeSchema = T.Object({
  assignmentId: T.String(),
  judge: PanelPerson,
  manual: T.Boolean(),
  complete: T.Boolean(),
});
export const RecusalSchema = T.Object({
  assignmentId: T.String(),
  judge: PanelPerson,
  reason: T.String(),
  recusedAt: T.String(),
});
export const ExclusionSchema = T.Object({ judge: PanelPerson, reason: T.String() });
export const EntryAssignmentsSchema = T.Object({
  submissionId: T.String(),
  team: T.Array(PanelPerson),
  judges: T.Array(AssignmentJudgeSchema),
  recusals: T.Array(RecusalSchema),
  exclusions: T.Array(ExclusionSchema),
});
export type EntryAssignments = Static<typeof EntryAssignmentsSchema>;
export const AssignByHandBodySchema = T.Object({
  submissionId: T.String({ minLength: 1, maxLength: 64 }),
  judgeId: T.String({ minLength: 1, maxLength: 64 }),
});
const QueueItemSchema = T.Object({
  assignmentId: T.String(),
  round: T.Object({ id: T.String(), name: T.String(), method: RoundMethodSchema, closesAt: T.Union([T.String(), T.Null()]) }),
  challenge: T.Object({ id: T.String(), title: T.String() }),
  entry: T.Object({ submissionId: T.String(), team: T.Array(PanelPerson) }),
  complete: T.Boolean(),
});
/** The judge's queue: their open assignments and, per round, how many they have scored of how many. */
export const JudgeQueueSchema = T.Object({
  assignments: T.Array(QueueItemSchema),
  progress: T.Array(T.Object({ roundId: T.String(), scored: T.Integer(), total: T.Integer() })),
});
export type JudgeQueue = Static<typeof JudgeQueueSchema>;
/** One assignment as its judge sees it: the entry's latest submitted items, the rubric, and the judge's OWN scores. */
export const JudgeAssignmentDetailSchema = T.Object({
  assignmentId: T.String(),
  round: T.Object({ id: T.String(), name: T.String(), method: RoundMethodSchema, closesAt: T.Union([T.String(), T.Null()]) }),
  challenge: T.Object({ id: T.String(), title: T.String() }),
  entry: T.Object({ submissionId: T.String(), team: T.Array(PanelPerson), version: T.Integer(), items: T.Array(T.Unknown()) }),
  criteria: T.Array(CriterionSchema),
  scores: T.Array(T.Object({ criterionId: T.String(), value: T.Number(), comment: T.Union([T.String(), T.Null()]) })),
});
export type JudgeAssignmentDetail = Static<typeof JudgeAssignmentDetailSchema>;
export const RecuseBodySchema = T.Object({
  reason: T.String({ minLength: 1, maxLength: RECUSAL_REASON_MAX_LENGTH, pattern: "\\S", error: PANEL_MESSAGES.recusalReason }),
});

// ── score sheets, results, awards, exports, entrants' feedback (scores-routes.ts) ──────────────────────────────────

export const SCORE_COMMENT_MAX_LENGTH = 2000;
export const AWARD_LABEL_MAX_LENGTH = 80;
export const AWARD_RANK_MAX = 1000;

export const SCORE_MESSAGES = {
  assignmentNotFound: "Assignment not found",
  challengeNotFound: "Challenge not found",
  awardNotFound: "Award not found",
  submissionNotFound: "Submission not found",
  notRubric: "Only a rubric round takes scores.",
  unknownCriterion: "A score names a criterion that is not in this round.",
  duplicateCriterion: "Each criterion can be scored once per sheet.",
  outOfRange: (label: string, min: number, max: number) => `${label} takes a value from ${min} to ${max}.`,
  awardLabel: `Give the award a label (at most ${AWARD_LABEL_MAX_LENGTH} characters).`,
  notSubmitted: "Only a submitted (not withdrawn, not disqualified) entry can get an award.",
  noTeam: "You have no team on this challenge.",
} as const;

const scoreValue = T.Number({ minimum: -CRITERION_VALUE_LIMIT, maximum: CRITERION_VALUE_LIMIT });

/** The whole or part of a judge's sheet: each row replaces that criterion's score. */
export const ScoresBodySchema = T.Object({
  scores: T.Array(
    T.Object({
      criterionId: T.String({ minLength: 1, maxLength: 100 }),
      value: scoreValue,
      comment: T.Optional(T.Union([T.String({ maxLength: SCORE_COMMENT_MAX_LENGTH, pattern: "^[^\\u0000]*$" }), T.Null()])),
    }),
    { minItems: 1, maxItems: CRITERIA_MAX },
  ),
});
export type ScoresBody = Static<typeof ScoresBodySchema>;

/** The caller's sheet on one assignment: every criterion of the round with the caller's value (null: not yet). */
export const ScoreSheetSchema = T.Object({
  assignmentId: T.String(),
  roundId: T.String(),
  submissionId: T.String(),
  complete: T.Boolean(),
  scored: T.Integer(),
  criteria: T.Array(
    T.Object({
      criterionId: T.String(),
      label: T.String(),
      guidance: T.Union([T.String(), T.Null()]),
      min: T.Number(),
      max: T.Number(),
      weight: T.Number(),
      visibility: FeedbackVisibilitySchema,
      value: T.Union([T.Number(), T.Null()]),
      comment: T.Union([T.String(), T.Null()]),
    }),
  ),
});
export type ScoreSheet = Static<typeof ScoreSheetSchema>;

const nullableNumber = T.Union([T.Number(), T.Null()]);
export const CriterionAggregateSchema = T.Object({
  criterionId: T.String(),
  label: T.String(),
  mean: nullableNumber,
  count: T.Integer(),
});

/** One entry of a round's results (live for admins, or frozen in a published snapshot). */
export const ResultEntrySchema = T.Object({
  submissionId: T.String(),
  team: T.String(),
  rank: T.Union([T.Integer(), T.Null()]),
  mean: nullableNumber,
  normalised: nullableNumber,
  judges: T.Integer(),
  criteria: T.Array(CriterionAggregateSchema),
  /** PAIRWISE rounds: the entry's μ and σ (Crowd-BT); null in other rounds. */
  mu: nullableNumber,
  sigma: nullableNumber,
  /** PUBLIC_VOTE rounds: votes not voided; null in other rounds. */
  votes: T.Union([T.Integer(), T.Null()]),
});
export type ResultEntry = Static<typeof ResultEntrySchema>;

export const LiveResultsSchema = T.Object({
  roundId: T.String(),
  challengeId: T.String(),
  name: T.String(),
  method: RoundMethodSchema,
  state: RoundStateSchema,
  rankBy: RankBySchema,
  /** False until the round has data to rank by (a complete sheet, a decision, a vote): entries are listed unranked. */
  ranked: T.Boolean(),
  entries: T.Array(ResultEntrySchema),
});
export type LiveResults = Static<typeof LiveResultsSchema>;

export const AwardBodySchema = T.Object({
  label: T.String({ minLength: 1, maxLength: AWARD_LABEL_MAX_LENGTH, pattern: "\\S", error: SCORE_MESSAGES.awardLabel }),
  rank: T.Integer({ minimum: 1, maximum: AWARD_RANK_MAX }),
  submissionId: T.String({ minLength: 1, maxLength: 100 }),
});
export type AwardBody = Static<typeof AwardBodySchema>;

export const AwardSchema = T.Object({
  id: T.String(),
  challengeId: T.String(),
  submissionId: T.String(),
  team: T.String(),
  label: T.String(),
  rank: T.Integer(),
  publishedAt: T.Union([T.String(), T.Null()]),
});
export type Award = Static<typeof AwardSchema>;

export const PublicResultsSchema = T.Object({
  rounds: T.Array(
    T.Object({
      roundId: T.String(),
      method: RoundMethodSchema,
      publishedAt: T.String(),
      /** The frozen snapshot, parsed from exactly the canonical text `sha256` covers. */
      snapshot: T.Unknown(),
      sha256: T.String(),
    }),
  ),
  awards: T.Array(AwardSchema),
});
export type PublicResults = Static<typeof PublicResultsSchema>;

/** The caller's team's results: per published round its rank and the ENTRANT feedback, judges unnamed. */
export const MyResultsSchema = T.Object({
  submissionId: T.String(),
  rounds: T.Array(
    T.Object({
      roundId: T.String(),
      name: T.String(),
      method: RoundMethodSchema,
      rank: T.Union([T.Integer(), T.Null()]),
      entries: T.Integer(),
      feedback: T.Array(
        T.Object({
          criterionId: T.String(),
          label: T.String(),
          min: T.Number(),
          max: T.Number(),
          scores: T.Array(T.Object({ judge: T.String(), value: T.Number(), comment: T.Union([T.String(), T.Null()]) })),
        }),
      ),
    }),
  ),
});
export type MyResults = Static<typeof MyResultsSchema>;

// ── the judge's overview, the entry's files (panel-routes.ts) ───────────────────────────────────────────────────

/**
 * /judging's first screen: the challenges the caller judges and their OPEN rounds with the caller's progress (RUBRIC:
 * complete sheets of the caller's assignments; PAIRWISE: the caller's decisions, not undone, and `total` null).
 * A non-judge gets an empty list.
 */
export const JudgingOverviewSchema = T.Object({
  challenges: T.Array(
    T.Object({
      id: T.String(),
      title: T.String(),
      rounds: T.Array(
        T.Object({
          id: T.String(),
          name: T.String(),
          method: RoundMethodSchema,
          state: RoundStateSchema,
          closesAt: T.Union([T.String(), T.Null()]),
          scored: T.Integer(),
          total: T.Union([T.Integer(), T.Null()]),
        }),
      ),
    }),
  ),
});
export type JudgingOverview = Static<typeof JudgingOverviewSchema>;

// ── pairwise and public vote (pairwise-routes.ts) ──────────────────────────────────────────────────────────────────

export const VOTES_ADMIN_MAX = 1000;
export const VOID_VOTES_MAX = 1000;
export const VOID_REASON_MAX_LENGTH = 500;
export const UNDO_WINDOW_SECONDS = 60;

export const PAIRWISE_MESSAGES = {
  roundNotFound: "Round not found",
  stalePair: "This pair has changed: here is your current pair.",
  undo: `Only your last answer can be undone, within ${UNDO_WINDOW_SECONDS} seconds.`,
} as const;

export const VOTE_MESSAGES = {
  notFound: "Round not found.",
  challengeNotFound: "Challenge not found",
  notVote: "This round is not a public vote.",
  unverified: "Verify your e-mail address to vote.",
  tooMany: (limit: number) => `You can vote for at most ${limit} ${limit === 1 ? "entry" : "entries"}.`,
  duplicate: "Vote for each entry at most once.",
  notEntry: "One of these is not an entry of this round.",
  published: "This round's results are published; its votes can no longer be voided.",
  voidReason: `Say why these votes are voided (1 to ${VOID_REASON_MAX_LENGTH} characters).`,
  voidIds: `Pick 1 to ${VOID_VOTES_MAX.toLocaleString("en-US")} votes to void.`,
} as const;

/** One side of a pair: the entry's team (names joined) and its latest submitted items, as on a score sheet. */
export const PairEntrySchema = T.Object({
  submissionId: T.String(),
  team: T.String(),
  version: T.Integer(),
  items: T.Array(T.Unknown()),
});
export type PairEntry = Static<typeof PairEntrySchema>;

/**
 * The judge's pairwise screen: the pair to answer "Which is better?" about (the same pair until answered; null when
 * no pair is left), how many answers the judge has given, and the answer they may still undo (until `until`).
 */
export const PairStateSchema = T.Object({
  roundId: T.String(),
  roundName: T.String(),
  challenge: T.Object({ id: T.String(), title: T.String() }),
  pair: T.Union([T.Object({ a: PairEntrySchema, b: PairEntrySchema }), T.Null()]),
  decisions: T.Integer(),
  undo: T.Union([T.Object({ decisionId: T.String(), until: T.String() }), T.Null()]),
});
export type PairState = Static<typeof PairStateSchema>;

export const DecisionBodySchema = T.Object({
  winnerId: T.String({ minLength: 1, maxLength: 64 }),
  loserId: T.String({ minLength: 1, maxLength: 64 }),
});
export type DecisionBody = Static<typeof DecisionBodySchema>;
export const UndoBodySchema = T.Object({});

/** A 409 of the pairwise routes: a stale pair carries the judge's current pair (`current`), a closed round does not. */
export const PairConflictSchema = T.Object({
  type: T.String(),
  message: T.String(),
  requestId: T.Optional(T.String()),
  current: T.Optional(PairStateSchema),
});

const TallyRowSchema = T.Object({ submissionId: T.String(), votes: T.Integer(), rank: T.Integer() });

/** A voter's ballot: the entries in an order of their own (stable per voter), their votes, the tally once closed. */
export const BallotSchema = T.Object({
  roundId: T.String(),
  challengeId: T.String(),
  name: T.String(),
  state: RoundStateSchema,
  closesAt: T.Union([T.String(), T.Null()]),
  voteLimit: T.Integer(),
  /** The caller's e-mail address is verified. */
  canVote: T.Boolean(),
  entries: T.Array(T.Object({ submissionId: T.String(), team: T.String() })),
  mine: T.Array(T.String()),
  /** Only once the round is CLOSED or PUBLISHED. */
  tally: T.Union([T.Array(TallyRowSchema), T.Null()]),
});
export type Ballot = Static<typeof BallotSchema>;

/** The challenge's latest public vote that is not a draft (null: none), so a page knows whether to show the ballot. */
export const ChallengeVoteSchema = T.Object({
  round: T.Union([
    T.Object({
      roundId: T.String(),
      name: T.String(),
      state: RoundStateSchema,
      closesAt: T.Union([T.String(), T.Null()]),
      voteLimit: T.Integer(),
    }),
    T.Null(),
  ]),
});
export type ChallengeVote = Static<typeof ChallengeVoteSchema>;

export const VotesBodySchema = T.Object({
  submissionIds: T.Array(T.String({ maxLength: 64 }), { maxItems: VOTE_LIMIT_MAX }),
});
export const VotesResultSchema = T.Object({ submissionIds: T.Array(T.String()), voteLimit: T.Integer() });

/** The admins' view of a public vote: the tally (voided votes never count), anomaly flags, the votes most recent first. */
export const VoteAdminSchema = T.Object({
  tally: T.Array(TallyRowSchema),
  flags: T.Array(T.Object({ kind: T.String(), key: T.String(), voteIds: T.Array(T.String()) })),
  votes: T.Array(
    T.Object({
      id: T.String(),
      voter: T.Object({ username: T.String() }),
      submissionId: T.String(),
      network: T.String(),
      createdAt: T.String(),
      voidedAt: T.Union([T.String(), T.Null()]),
      voidReason: T.Union([T.String(), T.Null()]),
    }),
  ),
  /** More than VOTES_ADMIN_MAX votes: only the most recent are listed. */
  truncated: T.Boolean(),
});
export type VoteAdmin = Static<typeof VoteAdminSchema>;

export const VoidVotesBodySchema = T.Object({
  voteIds: T.Array(T.String({ maxLength: 64 }), {
    minItems: 1,
    maxItems: VOID_VOTES_MAX,
    error: VOTE_MESSAGES.voidIds,
  }),
  reason: T.String({ minLength: 1, maxLength: VOID_REASON_MAX_LENGTH, pattern: "\\S", error: VOTE_MESSAGES.voidReason }),
});
export const VoidVotesResultSchema = T.Object({ voided: T.Integer() });
