// Server entrypoint of the built site (dist/server/entry.mjs): exports Astro's App for server/front.ts, and the route
// cache of this bundle (its copy of server/page-cache.ts, the one Astro's provider runs in) for the front's fast path
// and for the API's writes to drop pages through.
import { createApp } from "astro/app/entrypoint";

export { pageCacheRegistry } from "../../server/page-cache.ts";
export const app = createApp();
