// Results (live for admins, frozen at publish), GET /challenges/:id/results, awards, exports and the entrants'
// feedback (decisions 020, 021). Admin routes are the `challenges` section's; the public results need no account; a
// team's feedback answers only the caller's own team.
import { Elysia, t } from "elysia";
import { errorResponses, NoContent } from "../../lib/http-schema";
import { literalUnion, ID_MAX_LENGTH } from "../../lib/typebox";
import { authPlugin } from "../auth/guard";
import { createAward, deleteAward, listAwards, publishAwards, updateAward } from "./awards";
import { roundExport } from "./exports";
import { myResults, publicResults } from "./published";
import { liveResults } from "./results";
import { AwardBodySchema, AwardSchema, LiveResultsSchema, MyResultsSchema, PublicResultsSchema } from "./schema";

const id = t.String({ maxLength: ID_MAX_LENGTH });
const ChallengeParams = t.Object({ id });
const RoundParams = t.Object({ roundId: id });
const AwardParams = t.Object({ awardId: id });
const AwardsSchema = t.Object({ awards: t.Array(AwardSchema) });
const ExportQuery = t.Object({ format: literalUnion(["csv", "json"]), by: literalUnion(["judge", "entry"]) });
const errors = errorResponses(400, 401, 403, 404, 409);

export const resultsRoutes = new Elysia({ name: "judging-results", tags: ["judging"] })
  .use(authPlugin)
  .get("/rounds/:roundId/results", ({ params }) => liveResults(params.roundId), {
    section: "challenges",
    params: RoundParams,
    response: { 200: LiveResultsSchema, ...errors },
    detail: { summary: "The round's live results: rubric scores, pairwise μ ± σ or vote counts, ranked" },
  })
  .get(
    "/rounds/:roundId/export",
    async ({ params, query }) => {
      const file = await roundExport(params.roundId, query.format, query.by);
      return new Response(file.body, {
        headers: {
          "content-type": file.type,
          "content-disposition": `attachment; filename="${file.filename}"`,
          "cache-control": "private, no-store",
        },
      });
    },
    {
      section: "challenges",
      params: RoundParams,
      query: ExportQuery,
      response: { 200: t.String({ description: "text/csv or application/json" }), ...errors },
      detail: { summary: "The round's results as a CSV (formula-safe cells) or JSON file, by judge or by entry" },
    },
  )
  .get("/challenges/:id/results", ({ params }) => publicResults(params.id), {
    params: ChallengeParams,
    response: { 200: PublicResultsSchema, ...errors },
    detail: {
      summary:
        "Published rounds' frozen snapshots with their SHA-256 (of the snapshot's RFC 8785 canonical JSON) and published awards",
    },
  })
  .get("/challenges/:id/my-results", ({ params, user }) => myResults(params.id, user.id), {
    auth: true,
    params: ChallengeParams,
    response: { 200: MyResultsSchema, ...errors },
    detail: { summary: "The caller's team's rank and feedback (ENTRANT criteria, judges unnamed) in published rounds" },
  })
  .get("/challenges/:id/awards", ({ params }) => listAwards(params.id), {
    section: "challenges",
    params: ChallengeParams,
    response: { 200: AwardsSchema, ...errors },
    detail: { summary: "The challenge's awards, drafts too, by rank" },
  })
  .post(
    "/challenges/:id/awards",
    async ({ params, body, set }) => {
      set.status = 201;
      return createAward(params.id, body);
    },
    {
      section: "challenges",
      params: ChallengeParams,
      body: AwardBodySchema,
      response: { 201: AwardSchema, ...errors },
      detail: { summary: "A draft award (label, rank, a submitted entry of the challenge)" },
    },
  )
  .post("/challenges/:id/awards/publish", ({ params }) => publishAwards(params.id), {
    section: "challenges",
    params: ChallengeParams,
    response: { 200: AwardsSchema, ...errors },
    detail: { summary: "Publishes every draft award of the challenge (publishing again changes nothing)" },
  })
  .patch("/awards/:awardId", ({ params, body }) => updateAward(params.awardId, body), {
    section: "challenges",
    params: AwardParams,
    body: t.Partial(AwardBodySchema),
    response: { 200: AwardSchema, ...errors },
    detail: { summary: "Change an award's label, rank or entry" },
  })
  .delete(
    "/awards/:awardId",
    async ({ params, set }) => {
      await deleteAward(params.awardId);
      set.status = 204;
    },
    {
      section: "challenges",
      params: AwardParams,
      response: { 204: NoContent, ...errors },
      detail: { summary: "Delete an award" },
    },
  );
