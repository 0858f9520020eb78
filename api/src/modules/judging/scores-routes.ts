// Score sheets, results (live for admins, frozen at publish), GET /challenges/:id/results, awards, exports, entrants' feedback (decisions 020, 021).
import { Elysia } from "elysia";
import { authPlugin } from "../auth/guard";

export const scoresRoutes = new Elysia({ name: "judging-scores", tags: ["judging"] }).use(authPlugin);
