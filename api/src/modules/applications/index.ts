// Application routes (SPEC §7): a member applies and reads their own; the `challenges` section reviews.
import { ChallengeWorkSchema } from "../submissions/work-schema";
import { Elysia, t } from "elysia";
import { errorResponses, IdParams } from "../../lib/http-schema";
import { withNextLink } from "../../lib/keyset";
import { PageQuery, pageParams } from "../../lib/page-params";
import { ID_MAX_LENGTH } from "../../lib/typebox";
import { authPlugin } from "../auth/guard";
import {
  APPLICATION_LIST_MAX,
  ApplicationBodySchema,
  ApplicationSchema,
  DecisionBodySchema,
  MyChallengeSchema,
  REVIEW_COUNT_HEADERS,
  ReviewApplicationSchema,
  type Decision,
} from "./schema";
import {
  APPLICATION_LIMIT,
  applyToChallenge,
  decideApplication,
  listChallengeApplications,
  listMyApplications,
  listMyChallenges,
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
      params: IdParams,
      body: ApplicationBodySchema,
      response: { 201: ApplicationSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      detail: {
        summary: `Apply to an ACTIVE challenge (once per user; 409 otherwise; ${APPLICATION_LIMIT.perMember} an hour per member, then 429)`,
      },
    },
  )
  .get(
    "/my-applications",
    async ({ query, user, set }) =>
      withNextLink(await listMyApplications(user.id, query), "/api/my-applications", query, set.headers),
    {
      auth: true,
      query: t.Object({
        challengeId: t.Optional(t.String({ maxLength: ID_MAX_LENGTH, error: "Invalid challenge id" })),
        ...pageParams(APPLICATION_LIST_MAX),
      }),
      response: { 200: t.Array(ApplicationSchema), ...errorResponses(400, 401) },
      detail: {
        summary:
          "The caller's own applications, newest first, keyset pages (next cursor in headers); one challenge's with ?challengeId=",
      },
    },
  )
  .get(
    "/my-challenges",
    async ({ query, user, set }) =>
      withNextLink(await listMyChallenges(user.id, query), "/api/my-challenges", query, set.headers),
    {
      auth: true,
      query: PageQuery(APPLICATION_LIST_MAX),
      // With the caller's team's work per challenge (decision 019): joined here, so the applications contract the
      // admin islands import stays without the submissions' part (JS budgets).
      response: {
        200: t.Array(t.Composite([MyChallengeSchema, t.Object({ work: ChallengeWorkSchema })])),
        ...errorResponses(400, 401),
      },
      detail: {
        summary:
          "The caller's approved challenges for /dashboard, soonest first, keyset pages: dates, next due, other participants",
      },
    },
  )
  .get(
    "/challenges/:id/applications",
    async ({ params, query, user, set }) => {
      const page = await listChallengeApplications(params.id, user.id, query);
      set.headers[REVIEW_COUNT_HEADERS.total] = String(page.total);
      set.headers[REVIEW_COUNT_HEADERS.pending] = String(page.pending);
      return withNextLink(page, `/api/challenges/${encodeURIComponent(params.id)}/applications`, query, set.headers);
    },
    {
      section: "challenges",
      params: IdParams,
      query: PageQuery(APPLICATION_LIST_MAX),
      response: { 200: t.Array(ReviewApplicationSchema), ...errors },
      detail: {
        summary:
          "One challenge's applications, pending first then newest, keyset pages; the whole list's counts in x-total-count / x-pending-count; isOwn marks the reviewer's own (challenges section)",
      },
    },
  )
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
