// Operations routes (decisions 010 and 011), all for the `operations` section (ADMIN by default): failed and retrying
// jobs with Retry, and the webhook ledger with Replay. Lists page by keyset, the next cursor in headers
// (lib/keyset.ts).
import { Elysia, t } from "elysia";
import { errorResponses, GUARDED_ERRORS } from "../../lib/http-schema";
import { withNextLink } from "../../lib/keyset";
import { pageParams } from "../../lib/page-params";
import { authPlugin } from "../auth/guard";
import {
  JobParamsSchema,
  JobSchema,
  JobStateSchema,
  OPERATIONS_LIST_MAX,
  ReplayResultSchema,
  WebhookEventSchema,
  WebhookParamsSchema,
  WebhookProviderSchema,
  WebhookStatusSchema,
} from "./schema";
import { listJobs, listWebhookEvents, replayWebhookEvent, retryJob } from "./service";

// Query strings need Elysia's `t` (it coerces "20" to 20); the unions come from the contract.
const paging = pageParams(OPERATIONS_LIST_MAX);
const listErrors = errorResponses(400, 401, 403);

export const operationsModule = new Elysia({ name: "operations", tags: ["operations"], prefix: "/operations" })
  .use(authPlugin)
  .get("/jobs", async ({ query, set }) => withNextLink(await listJobs(query), "/api/operations/jobs", query, set.headers), {
    section: "operations",
    query: t.Object({ state: t.Optional(JobStateSchema), ...paging }),
    response: { 200: t.Array(JobSchema), ...listErrors },
    detail: { summary: "Failed and retrying jobs of every queue, newest first, with their error; keyset pages" },
  })
  .post("/jobs/:queue/:id/retry", ({ params }) => retryJob(params.queue, params.id), {
    section: "operations",
    params: JobParamsSchema,
    response: { 200: t.Object({ message: t.String() }), ...GUARDED_ERRORS, ...errorResponses(409) },
    detail: { summary: "Run a failed job again (once: 409 when it is not failed any more)" },
  })
  .get(
    "/webhooks",
    async ({ query, set }) => withNextLink(await listWebhookEvents(query), "/api/operations/webhooks", query, set.headers),
    {
      section: "operations",
      query: t.Object({ provider: WebhookProviderSchema, status: t.Optional(WebhookStatusSchema), ...paging }),
      response: { 200: t.Array(WebhookEventSchema), ...listErrors },
      detail: { summary: "The webhook ledger of one provider, newest first, with each payload's summary; keyset pages" },
    },
  )
  .post("/webhooks/:provider/:id/replay", ({ params }) => replayWebhookEvent(params.provider, params.id), {
    section: "operations",
    params: WebhookParamsSchema,
    response: { 200: ReplayResultSchema, ...GUARDED_ERRORS, ...errorResponses(409) },
    detail: {
      summary: "Run the provider's idempotent handler again on the stored event: a processed one changes nothing",
    },
  });
