// Judges (add by username or e-mail, remove), affiliations, conflicts, assignment (automatic and by hand), recusal, the judge's queue (decisions 020, 021).
import { Elysia } from "elysia";
import { authPlugin } from "../auth/guard";

export const panelRoutes = new Elysia({ name: "judging-panel", tags: ["judging"] }).use(authPlugin);
