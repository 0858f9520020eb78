// Application routes (SPEC §7): a member applies and reads their own; the `challenges` section reviews.
import { Elysia, t } from "elysia";
import { errorResponses, IdParams } from "../../lib/http-schema";
import { authPlugin } from "../auth/guard";
import {
  ApplicationBodySchema,
  ApplicationSchema,
  DecisionBodySchema,
  MyChallengeSchema,
  ReviewApplicationSchema,
} from "./schema";
import {
  APPLICATION_LIMIT,
  applyToChallenge,
  decideApplication,
  listChallengeApplications,
  listMyApplications,
  listMyChallenges,
  type Decision,
} from "./service";

const errors = errorResponses(400, 401, 403, 404, 409);
/** `/challenges/:id/applications/:applicationId/…`: both ids bounded like every record id. */
const DecisionParams = t.Object({ ...IdParams.properties, applicationId: IdParams.properties.id });

const decisionRoute = (decision: Decision) =>
  ({
    section: "challenges",
    params: DecisionParams,
    body: t.Optional(DecisionBodySchema),
    response: { 200: ApplicationSchema, ...errors },
    detail: {
      summary: `${decision === "approve" ? "Approve" : "Reject"} a PENDING application (409 once decided; 403 for one's own); e-mails the applicant`,
    },
  }) as const;

export const applicationsModule = new Elysia({ name: "applications", tags: ["applications"] })
  .use(authPlugin)
  .post(
    "/challenges/:id/register",
    async ({ params, body, user, set }) => {
      set.status = 201;
      return applyToChallenge(user.id, params.id, body);
    },
    {
      auth: true,
      parse: "json",
      params: IdParams,
      body: ApplicationBodySchema,
      response: { 201: ApplicationSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      detail: {
        summary: `Apply to an ACTIVE challenge (once per user; 409 otherwise; ${APPLICATION_LIMIT.perMember} an hour per member, then 429)`,
      },
    },
  )
  .get("/my-applications", ({ user }) => listMyApplications(user.id), {
    auth: true,
    response: { 200: t.Array(ApplicationSchema), ...errorResponses(401) },
    detail: { summary: "The caller's own applications, newest first" },
  })
  .get("/my-challenges", ({ user }) => listMyChallenges(user.id), {
    auth: true,
    response: { 200: t.Array(MyChallengeSchema), ...errorResponses(401) },
    detail: { summary: "The caller's approved challenges for /dashboard: dates, next due, other participants" },
  })
  .get("/challenges/:id/applications", ({ params, user }) => listChallengeApplications(params.id, user.id), {
    section: "challenges",
    params: IdParams,
    response: { 200: t.Array(ReviewApplicationSchema), ...errors },
    detail: { summary: "Every application of one challenge, pending first; isOwn marks the reviewer's own (challenges section)" },
  })
  .patch(
    "/challenges/:id/applications/:applicationId/approve",
    ({ params, body, user }) => decideApplication(user.id, params.id, params.applicationId, "approve", body?.decisionNote),
    decisionRoute("approve"),
  )
  .patch(
    "/challenges/:id/applications/:applicationId/reject",
    ({ params, body, user }) => decideApplication(user.id, params.id, params.applicationId, "reject", body?.decisionNote),
    decisionRoute("reject"),
  );
