// Score sheets: the judge reads and writes their own sheet on an assignment (decisions 020, 021). Results, awards,
// exports and the teams' feedback are in results-routes.ts.
import { Elysia, t } from "elysia";
import { errorResponses } from "../../lib/http-schema";
import { ID_MAX_LENGTH } from "../../lib/typebox";
import { authPlugin } from "../auth/guard";
import { ScoreSheetSchema, ScoresBodySchema } from "./schema";
import { readSheet, writeScores } from "./sheets";

const id = t.String({ maxLength: ID_MAX_LENGTH });
const AssignmentParams = t.Object({ assignmentId: id });
const errors = errorResponses(400, 401, 403, 404, 409);

export const scoresRoutes = new Elysia({ name: "judging-scores", tags: ["judging"] })
  .use(authPlugin)
  .get("/judging/assignments/:assignmentId/scores", ({ params, user }) => readSheet(user.id, params.assignmentId), {
    auth: true,
    params: AssignmentParams,
    response: { 200: ScoreSheetSchema, ...errors },
    detail: { summary: "The caller's score sheet on one of their assignments (while the round is open)" },
  })
  .put("/judging/assignments/:assignmentId/scores", ({ params, body, user }) => writeScores(user.id, params.assignmentId, body), {
    auth: true,
    params: AssignmentParams,
    body: ScoresBodySchema,
    response: { 200: ScoreSheetSchema, ...errors },
    detail: { summary: "Score criteria on the caller's assignment; answers the sheet and whether it is complete" },
  });
