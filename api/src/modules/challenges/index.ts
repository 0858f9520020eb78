// Public challenge routes (SPEC §7). Admin routes arrive in admin.ts with the challenges issue.
import { Elysia, t } from "elysia";
import {
  CHALLENGE_LIST_MAX,
  ChallengeSchema,
  SEARCH_MAX_LENGTH,
  STATUS_QUERY_PATTERN,
  type ChallengeStatus,
} from "./schema";
import { getPublicChallenge, listPublicChallenges } from "./service";
import { ErrorBodySchema } from "../../lib/http-schema";

// Query strings need Elysia's `t` (it coerces "3" to 3); the shared limits come from the contract.
const ListQuery = t.Object({
  status: t.Optional(t.String({ pattern: STATUS_QUERY_PATTERN, error: "Unknown challenge status" })),
  search: t.Optional(t.String({ maxLength: SEARCH_MAX_LENGTH, error: `Search text must be at most ${SEARCH_MAX_LENGTH} characters` })),
  limit: t.Optional(t.Integer({ minimum: 1, maximum: CHALLENGE_LIST_MAX, error: `limit must be between 1 and ${CHALLENGE_LIST_MAX}` })),
});

export const challengesModule = new Elysia({ name: "challenges", prefix: "/challenges" })
  .get(
    "/",
    ({ query }) =>
      listPublicChallenges({
        statuses: query.status?.split(",") as ChallengeStatus[] | undefined,
        search: query.search,
        limit: query.limit,
      }),
    {
      query: ListQuery,
      response: { 200: t.Array(ChallengeSchema), 400: ErrorBodySchema },
      detail: { summary: "List public challenges, optionally filtered by status and search text" },
    },
  )
  .get("/:id", ({ params }) => getPublicChallenge(params.id), {
    params: t.Object({ id: t.String({ maxLength: 64 }) }),
    response: { 200: ChallengeSchema, 404: ErrorBodySchema },
    detail: { summary: "One public challenge" },
  });
