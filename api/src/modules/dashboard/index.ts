// The admin dashboard's data (SPEC §2 Dashboard): GET /api/admin/dashboard for the admin_dashboard section. The /admin
// page renders the cards and lists on the server from it; its chart island gets the series as props.
import { Elysia } from "elysia";
import { errorResponses } from "../../lib/http-schema";
import { authPlugin } from "../auth/guard";
import { DashboardSchema } from "./schema";
import { dashboard } from "./service";

export const dashboardModule = new Elysia({ name: "dashboard", tags: ["dashboard"] })
  .use(authPlugin)
  .get("/admin/dashboard", () => dashboard(), {
    section: "admin_dashboard",
    response: { 200: DashboardSchema, ...errorResponses(401, 403) },
    detail: { summary: "Stat cards, recent orders, active challenges and weekly series for the admin dashboard" },
  });
