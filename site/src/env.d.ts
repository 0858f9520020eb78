/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /**
     * Calls the platform API: in production the Bun front hands in Elysia's handler (in-process, with the
     * visitor's address for rate limits); under `astro dev` the middleware fetches the dev API over loopback.
     * Used through `serverApi` (site/src/lib/api.server.ts).
     */
    fetch: typeof fetch;
    /** The signed-in user, resolved once per request by the middleware; null for visitors. */
    user: import("@api/modules/auth/schema").CurrentUser | null;
    /** Set by the middleware on an /admin page whose section this user may not open (rendered as Access Denied). */
    adminDenied?: boolean;
  }
}
