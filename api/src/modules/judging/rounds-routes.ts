// Rounds (create, list, order), criteria, the eligibility screen, round entries, open/close/publish, close at its time (decisions 020, 021).
import { Elysia } from "elysia";
import { authPlugin } from "../auth/guard";

export const roundsRoutes = new Elysia({ name: "judging-rounds", tags: ["judging"] }).use(authPlugin);
