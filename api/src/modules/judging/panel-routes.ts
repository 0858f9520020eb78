// Judges (add by username or e-mail, remove), conflicts, assignment (automatic and by hand), recusal, the judge's queue
// (decisions 020, 021). Admin routes are the `challenges` section's; /judging routes are any signed-in user's and
// answer only what access.ts lets the caller see.
import { Elysia, t } from "elysia";
import { errorResponses, NoContent } from "../../lib/http-schema";
import { ID_MAX_LENGTH } from "../../lib/typebox";
import { authPlugin } from "../auth/guard";
import { assignByHand, reassignRound, removeAssignment, roundAssignments } from "./assignment";
import { addJudge, claimInvitations, listJudges, removeInvitation, removeJudge } from "./judges";
import { assignmentDetail, assignmentFile, myOverview, myQueue, recuse } from "./queue";
import {
  AddJudgeBodySchema,
  AddJudgeResultSchema,
  AssignByHandBodySchema,
  EntryAssignmentsSchema,
  JudgeAssignmentDetailSchema,
  JudgeQueueSchema,
  JudgesListSchema,
  JudgingOverviewSchema,
  RecuseBodySchema,
} from "./schema";

const id = t.String({ maxLength: ID_MAX_LENGTH });
const ChallengeParams = t.Object({ id });
const RoundParams = t.Object({ roundId: id });
const AssignmentParams = t.Object({ assignmentId: id });
const errors = errorResponses(400, 401, 403, 404, 409);

export const panelRoutes = new Elysia({ name: "judging-panel", tags: ["judging"] })
  .use(authPlugin)
  .post(
    "/challenges/:id/judges",
    async ({ params, body, user, set }) => {
      const result = await addJudge(params.id, body.usernameOrEmail, user.id);
      set.status = result.status;
      return result.body;
    },
    {
      section: "challenges",
      params: ChallengeParams,
      body: AddJudgeBodySchema,
      response: { 200: AddJudgeResultSchema, 201: AddJudgeResultSchema, ...errors },
      detail: { summary: "Add a judge by username or e-mail; an address with no account is invited by e-mail" },
    },
  )
  .get("/challenges/:id/judges", ({ params }) => listJudges(params.id), {
    section: "challenges",
    params: ChallengeParams,
    response: { 200: JudgesListSchema, ...errors },
    detail: { summary: "The challenge's judges with names and affiliations, and the open invitations" },
  })
  .delete(
    "/challenges/:id/judges/:userId",
    async ({ params, set }) => {
      await removeJudge(params.id, params.userId);
      set.status = 204;
    },
    {
      section: "challenges",
      params: t.Object({ id, userId: id }),
      response: { 204: NoContent, ...errors },
      detail: { summary: "Remove a judge: their access to the entries ends at once" },
    },
  )
  .delete(
    "/challenges/:id/judge-invitations/:invitationId",
    async ({ params, set }) => {
      await removeInvitation(params.id, params.invitationId);
      set.status = 204;
    },
    {
      section: "challenges",
      params: t.Object({ id, invitationId: id }),
      response: { 204: NoContent, ...errors },
      detail: { summary: "Withdraw an open judge invitation" },
    },
  )
  .post("/rounds/:roundId/assign", ({ params }) => reassignRound(params.roundId), {
    section: "challenges",
    params: RoundParams,
    response: { 200: t.Array(EntryAssignmentsSchema), ...errors },
    detail: { summary: "Run the automatic assignment again (an open rubric round): fills gaps, keeps manual placements" },
  })
  .get("/rounds/:roundId/assignments", ({ params }) => roundAssignments(params.roundId), {
    section: "challenges",
    params: RoundParams,
    response: { 200: t.Array(EntryAssignmentsSchema), ...errors },
    detail: { summary: "Per entry: its judges (complete or not), recusals, and the judges excluded with the reason" },
  })
  .post(
    "/rounds/:roundId/assignments",
    async ({ params, body, set }) => {
      set.status = 201;
      return assignByHand(params.roundId, body.submissionId, body.judgeId);
    },
    {
      section: "challenges",
      params: RoundParams,
      body: AssignByHandBodySchema,
      response: { 201: EntryAssignmentsSchema, ...errors },
      detail: { summary: "Place a judge on an entry by hand (409 with the reason when the judge has a conflict)" },
    },
  )
  .delete(
    "/rounds/:roundId/assignments/:assignmentId",
    async ({ params, set }) => {
      await removeAssignment(params.roundId, params.assignmentId);
      set.status = 204;
    },
    {
      section: "challenges",
      params: t.Object({ roundId: id, assignmentId: id }),
      response: { 204: NoContent, ...errors },
      detail: { summary: "Take a judge off an entry (its scores go too); only while the round is a draft or open, else 409" },
    },
  )
  .get(
    "/judging",
    async ({ user }) => {
      await claimInvitations(user);
      return myOverview(user.id);
    },
    {
      auth: true,
      response: { 200: JudgingOverviewSchema, ...errors },
      detail: { summary: "The challenges the caller judges, their open rounds and the caller's progress in each" },
    },
  )
  .get(
    "/judging/assignments",
    async ({ user }) => {
      await claimInvitations(user);
      return myQueue(user.id);
    },
    {
      auth: true,
      response: { 200: JudgeQueueSchema, ...errors },
      detail: { summary: "The caller's judging queue in open rounds, with progress per round" },
    },
  )
  .get(
    "/judging/assignments/:assignmentId",
    async ({ user, params }) => {
      await claimInvitations(user);
      return assignmentDetail(user.id, params.assignmentId);
    },
    {
      auth: true,
      params: AssignmentParams,
      response: { 200: JudgeAssignmentDetailSchema, ...errors },
      detail: { summary: "One of the caller's assignments: the entry's latest submitted items, the rubric, own scores" },
    },
  )
  .get(
    "/judging/assignments/:assignmentId/items/:itemId/file",
    async ({ user, params }) => {
      await claimInvitations(user);
      return assignmentFile(user.id, params.assignmentId, params.itemId);
    },
    {
      auth: true,
      params: t.Object({ assignmentId: id, itemId: id }),
      response: { 200: t.Unknown({ description: "The file's bytes" }), ...errors },
      detail: { summary: "Download a file item of the entry of one of the caller's assignments (its latest submitted version)" },
    },
  )
  .post(
    "/judging/assignments/:assignmentId/recuse",
    async ({ user, params, body, set }) => {
      await recuse(user.id, params.assignmentId, body.reason);
      set.status = 204;
    },
    {
      auth: true,
      params: AssignmentParams,
      body: RecuseBodySchema,
      response: { 204: NoContent, ...errors },
      detail: { summary: "Recuse from an assignment with a reason; the entry goes to another judge who may judge it" },
    },
  );
