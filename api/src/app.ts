// Builds the API (everything under /api) without listening. The server, the tests and the site's server-side
// client all use this one app. docs/architecture.md follows one request through it.
import { Elysia } from "elysia";
import { errorPlugin } from "./plugins/errors";
import { requestContextPlugin } from "./plugins/request-context";
import { healthModule } from "./modules/health";
import { authModule } from "./modules/auth";
import { sessionSecuritySchemes } from "./modules/auth/guard";
import { challengesModule } from "./modules/challenges";
import { projectsModule } from "./modules/projects";
import { usersModule } from "./modules/users";
import { applicationsModule } from "./modules/applications";
import { deliverablesModule } from "./modules/deliverables";
import { submissionsModule } from "./modules/submissions";
import { submissionsAdminModule } from "./modules/submissions/admin";
import { judgingModule } from "./modules/judging";
import { sitemapModule } from "./modules/sitemap";
import { uploadsModule } from "./modules/uploads";
import { resourcesModule } from "./modules/resources";
import { settingsModule } from "./modules/settings";
import { paymentsModule } from "./modules/payments";
import { checkoutModule } from "./modules/checkout";
import { billingModule } from "./modules/billing";
import { localPaymentsModule } from "./dev";
import { printifyModule } from "./modules/printify";
import { merchandiseModule } from "./modules/merchandise";
import { ordersModule, printifyWebhookModule } from "./modules/orders";
import { dashboardModule } from "./modules/dashboard";
import { operationsModule } from "./modules/operations";
import { JSON_BODY, securityPlugin } from "./plugins/security";
import { openapiPlugin } from "./plugins/openapi";

export function createApp() {
  return (
    new Elysia({ prefix: "/api", normalize: true })
      .use(requestContextPlugin)
      .use(errorPlugin) // global, and registered before the modules so it sees their errors
      .use(securityPlugin) // cross-site and oversized requests stop here, before any route
      .use(openapiPlugin({ securitySchemes: sessionSecuritySchemes })) // GET /api/openapi (page) and /api/openapi/json, generated from every route's schemas
      // Every route takes a JSON object body unless it declares another kind beside its path (`accepts`).
      .guard({ accepts: JSON_BODY }, (api) =>
        api
          .use(healthModule)
          .use(authModule)
          .use(challengesModule)
          .use(applicationsModule)
          .use(deliverablesModule)
          .use(submissionsModule)
          .use(submissionsAdminModule)
          .use(judgingModule)
          .use(projectsModule)
          .use(usersModule)
          .use(sitemapModule)
          .use(uploadsModule)
          .use(resourcesModule)
          .use(settingsModule)
          .use(checkoutModule)
          .use(paymentsModule)
          .use(billingModule)
          .use(localPaymentsModule) // development without Stripe keys only: 404 otherwise
          .use(printifyModule)
          .use(merchandiseModule)
          .use(ordersModule)
          .use(printifyWebhookModule)
          .use(dashboardModule)
          .use(operationsModule),
      )
  );
}

export const app = createApp();
export type App = typeof app;
