// Public challenge routes (SPEC §7). Admin routes arrive in admin.ts with the challenges issue.
import { Elysia, t } from "elysia";
import { ChallengeListQuery, ChallengeSchema, type ChallengeStatus } from "./schema";
import { getPublicChallenge, listPublicChallenges } from "./service";
import { ErrorBodySchema } from "../../lib/http-schema";

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
      query: ChallengeListQuery,
      response: { 200: t.Array(ChallengeSchema), 400: ErrorBodySchema },
      detail: { summary: "List public challenges, optionally filtered by status and search text" },
    },
  )
  .get("/:id", ({ params }) => getPublicChallenge(params.id), {
    params: t.Object({ id: t.String({ maxLength: 64 }) }),
    response: { 200: ChallengeSchema, 404: ErrorBodySchema },
    detail: { summary: "One public challenge" },
  });
