// Pairwise rounds (next pair, decide, undo) and the public vote (ballot, vote, tallies, anomaly flags, voiding) (decisions 020, 021).
import { Elysia } from "elysia";
import { authPlugin } from "../auth/guard";

export const pairwiseRoutes = new Elysia({ name: "judging-pairwise", tags: ["judging"] }).use(authPlugin);
