// Judging (decisions 020 and 021): one module, its routes in five files by concern. Every route's rule is the one
// access rule in access.ts; no route computes a score itself (scoring.ts, crowd-bt.ts).
import { Elysia } from "elysia";
import { pairwiseRoutes } from "./pairwise-routes";
import { panelRoutes } from "./panel-routes";
import { resultsRoutes } from "./results-routes";
import { roundsRoutes } from "./rounds-routes";
import { scoresRoutes } from "./scores-routes";

export const judgingModule = new Elysia({ name: "judging" })
  .use(roundsRoutes)
  .use(panelRoutes)
  .use(scoresRoutes)
  .use(resultsRoutes)
  .use(pairwiseRoutes);
