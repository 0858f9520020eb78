// Challenge routes (SPEC §7): the public list and detail, and management for the `challenges` section.
import { Elysia, t } from "elysia";
import {
  ANY_STATUS_QUERY_PATTERN,
  ArchiveBodySchema,
  ArchiveResultSchema,
  CHALLENGE_LIST_MAX,
  ChallengeInputSchema,
  ChallengeSchema,
  ChallengeUpdateSchema,
  SEARCH_MAX_LENGTH,
  STATUS_QUERY_PATTERN,
  type ChallengeStatus,
} from "./schema";
import { getChallenge, listAllChallenges, listPublicChallenges } from "./service";
import { archiveChallenge, createChallenge, deleteChallenge, updateChallenge } from "./admin-service";
import { calendarFileName, challengeCalendar } from "./calendar";
import { errorResponses, GUARDED_ERRORS, IdParams, NoContent } from "../../lib/http-schema";
import { withNextLink, type PageInput } from "../../lib/keyset";
import { pageParams } from "../../lib/page-params";
import { env } from "../../env";
import { authPlugin, optionalUser } from "../auth/guard";
import { canAccessSection } from "../auth/permissions";

const errors = { ...GUARDED_ERRORS, ...errorResponses(409) };

// Query strings need Elysia's `t` (it coerces "3" to 3); the shared limits come from the contract.
const listQuery = (statusPattern: string) =>
  t.Object({
    status: t.Optional(t.String({ pattern: statusPattern, error: "Unknown challenge status" })),
    search: t.Optional(
      t.String({ maxLength: SEARCH_MAX_LENGTH, error: `Search text must be at most ${SEARCH_MAX_LENGTH} characters` }),
    ),
    ...pageParams(CHALLENGE_LIST_MAX),
  });

type ListQuery = PageInput & { status?: string; search?: string };
const toInput = (query: ListQuery) => ({
  statuses: query.status?.split(",") as ChallengeStatus[] | undefined,
  search: query.search,
  limit: query.limit,
  cursor: query.cursor,
});

export const challengesModule = new Elysia({ name: "challenges", tags: ["challenges"], prefix: "/challenges" })
  .use(authPlugin)
  .get(
    "/",
    async ({ query, set }) => withNextLink(await listPublicChallenges(toInput(query)), "/api/challenges", query, set.headers),
    {
      query: listQuery(STATUS_QUERY_PATTERN),
      response: { 200: t.Array(ChallengeSchema), ...errorResponses(400) },
      detail: { summary: "Public challenges: status filter, full-text search, keyset pages (next cursor in headers)" },
    },
  )
  .get(
    "/manage",
    async ({ query, set }) => withNextLink(await listAllChallenges(toInput(query)), "/api/challenges/manage", query, set.headers),
    {
      section: "challenges",
      query: listQuery(ANY_STATUS_QUERY_PATTERN),
      response: { 200: t.Array(ChallengeSchema), ...errors },
      detail: { summary: "Every challenge including drafts, for the admin grid" },
    },
  )
  .get(
    "/:id",
    async ({ params, request, cookie }) => {
      const viewer = await optionalUser(request, cookie);
      return getChallenge(params.id, { includeDraft: canAccessSection(viewer, "challenges") });
    },
    {
      params: IdParams,
      response: { 200: ChallengeSchema, ...errorResponses(400, 404) },
      detail: { summary: "One challenge (a DRAFT only for users with the challenges section)" },
    },
  )
  .get(
    "/:id/calendar.ics",
    async ({ params, set }) => {
      const challenge = await getChallenge(params.id);
      set.headers["content-type"] = "text/calendar; charset=utf-8";
      set.headers["content-disposition"] = `attachment; filename="${calendarFileName(challenge)}"`;
      return challengeCalendar(challenge, env.SITE_URL);
    },
    { params: IdParams, detail: { summary: "The challenge's dates as an iCalendar event (Add to calendar)" } },
  )
  .post(
    "/",
    async ({ body, set }) => {
      set.status = 201;
      return createChallenge(body);
    },
    {
      section: "challenges",
      body: ChallengeInputSchema,
      response: { 201: ChallengeSchema, ...errors },
      detail: { summary: "Create a challenge (status UPCOMING unless given)" },
    },
  )
  .patch("/:id", ({ params, body }) => updateChallenge(params.id, body), {
    section: "challenges",
    params: IdParams,
    body: ChallengeUpdateSchema,
    response: { 200: ChallengeSchema, ...errors },
    detail: { summary: "Edit a challenge" },
  })
  .delete(
    "/:id",
    async ({ params, set }) => {
      await deleteChallenge(params.id);
      set.status = 204;
    },
    {
      section: "challenges",
      params: IdParams,
      response: { 204: NoContent, ...errors },
      detail: { summary: "Delete a challenge with its applications and projects" },
    },
  )
  .post(
    "/:id/archive",
    async ({ params, body, set }) => {
      set.status = 201;
      return archiveChallenge(params.id, { spawnResources: body?.spawnResources ?? false, submissionId: body?.submissionId });
    },
    {
      section: "challenges",
      params: IdParams,
      body: t.Optional(ArchiveBodySchema),
      response: { 201: ArchiveResultSchema, ...errors },
      detail: {
        summary:
          "Archive a COMPLETED challenge into a project (and draft resources when asked); a submissionId seeds its white paper, problem and solution",
      },
    },
  );
