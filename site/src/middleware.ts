// Runs before every server-rendered page: provides the API fetcher, resolves the signed-in user once (pages and
// islands get it from `locals.user`, never from a call of their own), and guards the admin area from its nav
// config (SPEC §6): anonymous → /login; signed in without the page's section → Access Denied with 403.
import { defineMiddleware } from "astro:middleware";
import { canAccessSection } from "@api/modules/auth/permissions";
import { serverApi } from "./lib/api.server";
import { adminSectionOf } from "./features/admin/nav";

// Under `npm run dev` the API listens on its own loopback port beside Astro's dev server (scripts/dev.ts); in
// production the Bun front has already put an in-process fetcher here.
const devApiOrigin = `http://127.0.0.1:${import.meta.env.API_DEV_PORT ?? process.env.API_DEV_PORT ?? "3001"}`;
/** A refused connection, as Bun's fetch (`code`) or Node's (`cause.code`) reports it. */
const isRefused = (e: unknown) => {
  const error = e as { code?: string; cause?: { code?: string } } | null;
  return [error?.code, error?.cause?.code].some((code) => code === "ECONNREFUSED" || code === "ConnectionRefused");
};
/**
 * While the dev API is starting (Astro's dev server, started beside it, answers within seconds; a first start also
 * creates and seeds the database), its port refuses connections: a page waits for it, up to a minute, instead of
 * failing with a 500.
 * A refused connection sent nothing, so asking again cannot repeat a write.
 */
const devFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  for (let waited = 0; ; waited += 250) {
    try {
      return await fetch(devApiOrigin + url.pathname + url.search, init);
    } catch (e) {
      if (!isRefused(e) || waited >= 60_000) throw e;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}) as typeof fetch;

export const onRequest = defineMiddleware(async (context, next) => {
  if (context.isPrerendered) return next();
  context.locals.fetch ??= devFetch;
  const { data } = await serverApi(context).auth.user.get();
  context.locals.user = data ?? null;
  // A member's page is never kept (server/page-cache.ts does not even look for one when a session cookie comes).
  if (context.locals.user) context.cache.set(false);

  const section = adminSectionOf(context.url.pathname);
  if (section) {
    if (!context.locals.user) return context.redirect("/login");
    if (!canAccessSection(context.locals.user, section)) {
      context.locals.adminDenied = true;
      const page = await next();
      return new Response(page.body, { status: 403, headers: page.headers });
    }
    // An admin screen carries what only its section may read (its list's first page, the dashboard's figures): no
    // cache, shared or the browser's own, keeps it.
    const page = await next();
    page.headers.set("Cache-Control", "private, no-store");
    return page;
  }
  return next();
});
