// Submission routes (decision 019): a team's submission for a challenge (start, read), its team (invite, cancel an
// invitation, remove a member, hand ownership on, leave), and the caller's invitations (accept, decline).
// Every route is the signed-in caller's own: the submission is the caller's team's, found through the challenge.
import { Elysia, t } from "elysia";
import { errorResponses, NoContent } from "../../lib/http-schema";
import { ID_MAX_LENGTH } from "../../lib/typebox";
import { JSON_BODY, securityPlugin } from "../../plugins/security";
import { authPlugin } from "../auth/guard";
import { finishUpload } from "../uploads/service";
import {
  ENTRY_MESSAGES,
  EntryBodySchema,
  EntrySchema,
  FileLinkQuerySchema,
  InviteBodySchema,
  MyInvitationSchema,
  StaleEntrySchema,
  SubmissionSchema,
  UserIdBodySchema,
  VersionSchema,
  VersionSummarySchema,
} from "./schema";
import { getVersion, listVersions, putEntry, submit, withdraw } from "./entries";
import { ENTRY_FILE_BODY, entryFileLink, myEntryFileLink, putFileEntry, receivedEntryFile } from "./files";
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

const versionOf = (query: { version?: string }) => (query.version === undefined ? undefined : Number(query.version));

/** A file link is personal and short-lived: never cached, never sent on as a Referer. */
const toSignedLink = (location: string) =>
  new Response(null, {
    status: 303,
    headers: { location, "cache-control": "private, no-store", "referrer-policy": "no-referrer" },
  });
const linkResponses = {
  303: t.Null({ description: "Location: a signed link to the file, valid for a few minutes" }),
  ...errorResponses(400, 401, 404),
};

export const submissionsModule = new Elysia({ name: "submissions", tags: ["submissions"] })
  .use(authPlugin)
  .use(securityPlugin)
  // However a file entry's request ends (refused, stale, stored), its upload slot and spool file go.
  .onAfterResponse(({ request }) => finishUpload(request))
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
    async ({ params, body, user, set, request }) => {
      const file = receivedEntryFile(request);
      const result = file
        ? await putFileEntry(params.id, user.id, params.deliverableId, body.revision, file).finally(() => finishUpload(request))
        : await putEntry(params.id, user.id, params.deliverableId, body);
      if ("entry" in result) return result.entry;
      set.status = 409;
      return { type: "conflict" as const, message: ENTRY_MESSAGES.stale, current: result.stale };
    },
    {
      auth: true,
      params: t.Object({ id, deliverableId: id }),
      // JSON for a link or a text; multipart/form-data (`file`, `revision`) for a file, checked while it streams in.
      accepts: [JSON_BODY, ENTRY_FILE_BODY],
      body: EntryBodySchema,
      response: {
        ...errors,
        ...errorResponses(413, 429, 503),
        200: EntrySchema,
        // A stale write carries the entry as it now is; a closed deadline or a hidden deliverable, the error body.
        409: t.Union([StaleEntrySchema, t.Object({ type: t.String(), message: t.String(), requestId: t.Optional(t.String()) })]),
      },
      detail: {
        summary:
          "Write the team's entry for a deliverable (JSON { url, revision } or { text, revision }, or multipart/form-data with file and revision); a stale revision: 409 with the entry as it is",
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
  })
  .get(
    "/challenges/:id/submission/items/:deliverableId/file",
    async ({ params, query, user }) =>
      toSignedLink(await myEntryFileLink(user, params.id, params.deliverableId, versionOf(query))),
    {
      auth: true,
      params: t.Object({ id, deliverableId: id }),
      query: FileLinkQuerySchema,
      response: linkResponses,
      detail: { summary: "Download the team's file entry (or, with version, that version's file): 303 to a signed link" },
    },
  )
  .get(
    "/submissions/:submissionId/items/:deliverableId/file",
    async ({ params, query, user }) =>
      toSignedLink(await entryFileLink(user, params.submissionId, params.deliverableId, versionOf(query))),
    {
      auth: true,
      params: t.Object({ submissionId: id, deliverableId: id }),
      query: FileLinkQuerySchema,
      response: linkResponses,
      detail: {
        summary:
          "Download a submission's file entry (its team, admins, the challenges section): 303 to a signed link; anyone else 404",
      },
    },
  );
