// Submission routes (issue 32): a team's submission for a challenge (start, read), its team (invite, cancel an
// invitation, remove a member, hand ownership on, leave), and the caller's invitations (accept, decline).
// Every route is the signed-in caller's own: the submission is the caller's team's, found through the challenge.
import { Elysia, t } from "elysia";
import { errorResponses, NoContent } from "../../lib/http-schema";
import { ID_MAX_LENGTH } from "../../lib/typebox";
import { authPlugin } from "../auth/guard";
import {
  ENTRY_MESSAGES,
  EntryBodySchema,
  EntrySchema,
  InviteBodySchema,
  MyInvitationSchema,
  StaleEntrySchema,
  SubmissionSchema,
  UserIdBodySchema,
  VersionSchema,
  VersionSummarySchema,
} from "./schema";
import { getVersion, listVersions, putEntry, submit, withdraw } from "./entries";
import {
  acceptInvitation,
  cancelInvitation,
  declineInvitation,
  invite,
  leaveTeam,
  myInvitations,
  mySubmission,
  removeMember,
  startSubmission,
  transferOwnership,
} from "./teams";

const id = t.String({ maxLength: ID_MAX_LENGTH });
const ChallengeParams = t.Object({ id });
const errors = errorResponses(400, 401, 403, 404, 409);

export const submissionsModule = new Elysia({ name: "submissions", tags: ["submissions"] })
  .use(authPlugin)
  .get("/challenges/:id/submission", ({ params, user }) => mySubmission(params.id, user.id), {
    auth: true,
    params: ChallengeParams,
    response: { 200: SubmissionSchema, ...errors },
    detail: { summary: "The caller's team submission for the challenge (404 when they are on none)" },
  })
  .post(
    "/challenges/:id/submission",
    async ({ params, user, set }) => {
      const { submission, created } = await startSubmission(params.id, user.id);
      set.status = created ? 201 : 200;
      return submission;
    },
    {
      auth: true,
      params: ChallengeParams,
      response: { 200: SubmissionSchema, 201: SubmissionSchema, ...errors },
      detail: { summary: "Start the team's submission (approved participants only; repeating it answers the same one)" },
    },
  )
  .post("/challenges/:id/submission/invitations", ({ params, body, user }) => invite(params.id, user.id, body.usernameOrEmail), {
    auth: true,
    params: ChallengeParams,
    body: InviteBodySchema,
    response: { 200: SubmissionSchema, ...errors },
    detail: { summary: "The owner invites an approved participant of the challenge by username or e-mail" },
  })
  .delete(
    "/challenges/:id/submission/invitations/:invitationId",
    async ({ params, user, set }) => {
      await cancelInvitation(params.id, user.id, params.invitationId);
      set.status = 204;
    },
    {
      auth: true,
      params: t.Object({ id, invitationId: id }),
      response: { 204: NoContent, ...errors },
      detail: { summary: "The owner withdraws an open invitation" },
    },
  )
  .delete(
    "/challenges/:id/submission/members/:userId",
    async ({ params, user, set }) => {
      await removeMember(params.id, user.id, params.userId);
      set.status = 204;
    },
    {
      auth: true,
      params: t.Object({ id, userId: id }),
      response: { 204: NoContent, ...errors },
      detail: { summary: "The owner removes a member" },
    },
  )
  .post("/challenges/:id/submission/owner", ({ params, body, user }) => transferOwnership(params.id, user.id, body.userId), {
    auth: true,
    params: ChallengeParams,
    body: UserIdBodySchema,
    response: { 200: SubmissionSchema, ...errors },
    detail: { summary: "The owner hands the team to another member" },
  })
  .post(
    "/challenges/:id/submission/leave",
    async ({ params, user, set }) => {
      await leaveTeam(params.id, user.id);
      set.status = 204;
    },
    {
      auth: true,
      params: ChallengeParams,
      response: { 204: NoContent, ...errors },
      detail: { summary: "Leave the team (an owner hands it on first, unless alone with a never-submitted draft)" },
    },
  )
  .get("/my-invitations", ({ user }) => myInvitations(user.id), {
    auth: true,
    response: { 200: t.Array(MyInvitationSchema), ...errorResponses(401) },
    detail: { summary: "The caller's open team invitations" },
  })
  .post("/my-invitations/:id/accept", ({ params, user }) => acceptInvitation(params.id, user.id), {
    auth: true,
    params: ChallengeParams,
    response: { 200: SubmissionSchema, ...errors },
    detail: { summary: "Accept a team invitation: join the team" },
  })
  .post(
    "/my-invitations/:id/decline",
    async ({ params, user, set }) => {
      await declineInvitation(params.id, user.id);
      set.status = 204;
    },
    {
      auth: true,
      params: ChallengeParams,
      response: { 204: NoContent, ...errors },
      detail: { summary: "Decline a team invitation" },
    },
  )
  .put(
    "/challenges/:id/submission/items/:deliverableId",
    async ({ params, body, user, set }) => {
      const result = await putEntry(params.id, user.id, params.deliverableId, body);
      if ("entry" in result) return result.entry;
      set.status = 409;
      return { type: "conflict" as const, message: ENTRY_MESSAGES.stale, current: result.stale };
    },
    {
      auth: true,
      params: t.Object({ id, deliverableId: id }),
      body: EntryBodySchema,
      response: {
        ...errors,
        200: EntrySchema,
        // A stale write carries the entry as it now is; a closed deadline or a hidden deliverable, the error body.
        409: t.Union([StaleEntrySchema, t.Object({ type: t.String(), message: t.String(), requestId: t.Optional(t.String()) })]),
      },
      detail: {
        summary:
          "Write the team's entry for a deliverable ({ url, revision } or { text, revision }); a stale revision: 409 with the entry as it is",
      },
    },
  )
  .post("/challenges/:id/submission/submit", ({ params, user }) => submit(params.id, user.id), {
    auth: true,
    params: ChallengeParams,
    response: { 200: SubmissionSchema, ...errors },
    detail: { summary: "Submit: every required deliverable filled; makes version 1 (later changes make the next ones)" },
  })
  .post("/challenges/:id/submission/withdraw", ({ params, user }) => withdraw(params.id, user.id), {
    auth: true,
    params: ChallengeParams,
    response: { 200: SubmissionSchema, ...errors },
    detail: { summary: "Withdraw the submission from judging" },
  })
  .get("/challenges/:id/submission/versions", ({ params, user }) => listVersions(params.id, user.id), {
    auth: true,
    params: ChallengeParams,
    response: { 200: t.Array(VersionSummarySchema), ...errors },
    detail: { summary: "The team's submitted versions, newest first" },
  })
  .get("/challenges/:id/submission/versions/:number", ({ params, user }) => getVersion(params.id, user.id, params.number), {
    auth: true,
    params: t.Object({ id, number: t.Integer({ minimum: 1, maximum: 1_000_000, error: "Version numbers start at 1" }) }),
    response: { 200: VersionSchema, ...errors },
    detail: { summary: "One version as it was handed in" },
  });
