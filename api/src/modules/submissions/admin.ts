// The admin Submissions routes (decision 019), for the `challenges` section like the applications review: one
// challenge's submissions (keyset pages, filter by state), the same list as CSV, "Download all" as one streamed ZIP,
// disqualify with a reason and grant an extension.
import { Elysia, t } from "elysia";
import { errorResponses } from "../../lib/http-schema";
import { withNextLink } from "../../lib/keyset";
import { pageParams } from "../../lib/page-params";
import { ID_MAX_LENGTH } from "../../lib/typebox";
import { authPlugin } from "../auth/guard";
import { disqualify, grantExtension, listSubmissions, submissionsCsv, submissionsZip } from "./admin-service";
import {
  AdminSubmissionSchema,
  DisqualifyBodySchema,
  ExtensionBodySchema,
  SUBMISSIONS_LIST_MAX,
  SubmissionFilterSchema,
} from "./schema";

const id = t.String({ maxLength: ID_MAX_LENGTH });
const ChallengeParams = t.Object({ id });
const SubmissionParams = t.Object({ id, submissionId: id });
const errors = errorResponses(400, 401, 403, 404, 409);

export const submissionsAdminModule = new Elysia({ name: "submissions-admin", tags: ["submissions"] })
  .use(authPlugin)
  .get(
    "/challenges/:id/submissions",
    async ({ params, query, set }) =>
      withNextLink(
        await listSubmissions(params.id, query),
        `/api/challenges/${encodeURIComponent(params.id)}/submissions`,
        query,
        set.headers,
      ),
    {
      section: "challenges",
      params: ChallengeParams,
      query: t.Object({ ...SubmissionFilterSchema.properties, ...pageParams(SUBMISSIONS_LIST_MAX) }),
      response: { 200: t.Array(AdminSubmissionSchema), ...errors },
      detail: {
        summary:
          "One challenge's submissions, newest first, keyset pages (next cursor in headers); one state's with ?status= (challenges section)",
      },
    },
  )
  .get(
    "/challenges/:id/submissions.csv",
    async ({ params, query }) =>
      new Response(await submissionsCsv(params.id, query), {
        headers: {
          "content-type": "text/csv; charset=utf-8",
          "content-disposition": 'attachment; filename="submissions.csv"',
          "cache-control": "private, no-store",
        },
      }),
    {
      section: "challenges",
      params: ChallengeParams,
      query: SubmissionFilterSchema,
      response: { 200: t.String({ description: "text/csv" }), ...errors },
      detail: { summary: "The same list as CSV (formula-safe cells), ?status= as the list" },
    },
  )
  .get(
    "/challenges/:id/submissions.zip",
    async ({ params }) => {
      const { body, filename } = await submissionsZip(params.id);
      return new Response(body, {
        headers: {
          "content-type": "application/zip",
          "content-disposition": `attachment; filename="${filename}"`,
          "cache-control": "private, no-store",
        },
      });
    },
    {
      section: "challenges",
      params: ChallengeParams,
      response: { 200: t.String({ description: "application/zip" }), ...errors },
      detail: {
        summary:
          "Download all: every SUBMITTED submission's latest version as one streamed ZIP — a folder per team, manifest.json with versions, sizes and SHA-256",
      },
    },
  )
  .post(
    "/challenges/:id/submissions/:submissionId/disqualify",
    ({ params, body }) => disqualify(params.id, params.submissionId, body.reason),
    {
      section: "challenges",
      params: SubmissionParams,
      body: DisqualifyBodySchema,
      response: { 200: AdminSubmissionSchema, ...errors },
      detail: { summary: "Disqualify a submission with a reason the team sees; e-mails the team (a repeat changes nothing)" },
    },
  )
  .post(
    "/challenges/:id/submissions/:submissionId/extension",
    ({ params, body }) => grantExtension(params.id, params.submissionId, body.until),
    {
      section: "challenges",
      params: SubmissionParams,
      body: ExtensionBodySchema,
      response: { 200: AdminSubmissionSchema, ...errors },
      detail: {
        summary: "Grant a submission more time, until a future date-time; e-mails the team (the same end again changes nothing)",
      },
    },
  );
