// Builds the API (everything under /api) without listening. The server, the tests and the site's server-side
// client all use this one app. docs/architecture.md follows one request through it.
import { Elysia } from "elysia";
import { errorPlugin } from "./plugins/errors";
import { requestContextPlugin } from "./plugins/request-context";
import { healthModule } from "./modules/health";
import { authModule } from "./modules/auth";
import { challengesModule } from "./modules/challenges";

/** Request bodies above this are refused before parsing (uploads get their own limit when they arrive). */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

export function createApp() {
  return new Elysia({ prefix: "/api", normalize: true })
    .use(requestContextPlugin)
    .use(errorPlugin) // global, and registered before the modules so it sees their errors
    .use(healthModule)
    .use(authModule)
    .use(challengesModule);
}

export const app = createApp();
export type App = typeof app;
