// The part of the submissions contract /dashboard reads (decision 019), on its own so that the applications contract
// (GET /api/my-challenges) carries it without the rest of schema.ts into the islands that import it (JS budgets).
import * as T from "@sinclair/typebox/type";
import type { Static } from "@sinclair/typebox/type";
import { literalUnion } from "../../lib/typebox";

export const SUBMISSION_STATUSES = ["DRAFT", "SUBMITTED", "WITHDRAWN", "DISQUALIFIED"] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];
export const TEAM_ROLES = ["OWNER", "MEMBER"] as const;

export const Person = T.Object({ userId: T.String(), username: T.String(), name: T.String() });

// ── /dashboard (decision 019): per approved challenge, each deliverable's state and due time, and the team ─────────

export const DELIVERABLE_STATES = ["NOT_STARTED", "DRAFT", "SUBMITTED"] as const;
export type DeliverableState = (typeof DELIVERABLE_STATES)[number];

export const ChallengeWorkSchema = T.Object({
  deliverables: T.Array(
    T.Object({
      id: T.String(),
      title: T.String(),
      kind: literalUnion(["FILE", "URL", "TEXT"] as const),
      required: T.Boolean(),
      /** When it closes for the caller's team: its due time, or the team's extension when later; null: open until the challenge is COMPLETED. */
      dueAt: T.Union([T.String({ format: "date-time" }), T.Null()]),
      /** NOT_STARTED: no entry; DRAFT: an entry not handed in; SUBMITTED: in the team's latest submitted version. */
      state: literalUnion(DELIVERABLE_STATES),
    }),
  ),
  /** The caller's team (null: on none yet). */
  team: T.Union([
    T.Object({
      status: literalUnion(SUBMISSION_STATUSES),
      version: T.Integer({ minimum: 0 }),
      members: T.Array(T.Object({ ...Person.properties, role: literalUnion(TEAM_ROLES) })),
      invitations: T.Array(T.Object({ id: T.String(), invitee: Person })),
    }),
    T.Null(),
  ]),
});
export type ChallengeWork = Static<typeof ChallengeWorkSchema>;
