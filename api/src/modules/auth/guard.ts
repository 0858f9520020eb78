// Who is calling. `auth: true` on a route requires a signed-in user (401 otherwise); `section: "<tool>"` also
// requires that admin section (403 otherwise) — the one permission rule, canAccessSection, decides; `section: "any"`
// asks for any admin section (hasAdminAccess).
import { Elysia } from "elysia";
import { AppError } from "../../lib/errors";
import { carriesSessionCookie } from "./cookie-names";
import { readSession, SESSION_COOKIE } from "./sessions";
import { canAccessSection, hasAdminAccess, type AdminSection } from "./permissions";

/**
 * The session cookie as OpenAPI names it (a security scheme). Every route behind `auth` or `section` declares it, so
 * the document says which operations need a session; the openapi plugin lists the scheme itself.
 */
const SESSION_SECURITY = "sessionCookie";
export const sessionSecuritySchemes = {
  [SESSION_SECURITY]: {
    type: "apiKey" as const,
    in: "cookie" as const,
    name: SESSION_COOKIE,
    description: "The session set by POST /api/login (HttpOnly). Writes must also come from the site's own origin.",
  },
};
const needsSession = { security: [{ [SESSION_SECURITY]: [] }] };

const cache = new WeakMap<Request, Promise<Awaited<ReturnType<typeof readSession>>>>();

/** The session of this request, read once however many guards ask. */
function sessionOf(request: Request, token: string | undefined) {
  let pending = cache.get(request);
  if (!pending) {
    pending = readSession(token);
    cache.set(request, pending);
  }
  return pending;
}

/** The signed-in user if there is one, for public routes that show more to some (a DRAFT to its editors). */
export async function optionalUser(request: Request, cookie: Record<string, { value?: unknown } | undefined>) {
  const session = await sessionOf(request, cookie[SESSION_COOKIE]?.value as string | undefined);
  return session?.user ?? null;
}

async function requireUser(request: Request, token: string | undefined) {
  const session = await sessionOf(request, token);
  if (!session) throw new AppError("unauthorized", "Not authenticated");
  return session;
}

/** A section, or "any": any admin section at all (ADMIN, or a delegate holding one) — e.g. uploading files. */
type SectionRule = AdminSection | "any";

/** The one check behind the `section` macro: 401 without a session, 403 without the section. */
async function requireSection(request: Request, token: string | undefined, section: SectionRule) {
  const session = await requireUser(request, token);
  const allowed = section === "any" ? hasAdminAccess(session.user) : canAccessSection(session.user, section);
  if (!allowed) throw new AppError("forbidden", "You don't have permission to do this");
  return session;
}

/** The session cookie's value from the request's headers (before Elysia has parsed cookies). */
function cookieToken(request: Request): string | undefined {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [key, ...value] = part.split("=");
    if (key?.trim() === SESSION_COOKIE) {
      try {
        return decodeURIComponent(value.join("=").trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/**
 * The `section` macro's check for code that runs before routing — the security plugin's `authorize`, so a caller
 * who may not use a route never gets a large body read. Same rule, same (cached) session read; returns the user.
 */
export async function authorizeSection(request: Request, section: SectionRule) {
  return (await requireSection(request, cookieToken(request), section)).user;
}

/** The `auth` macro's check for code that runs before routing (a body's `authorize`): 401 without a session. */
export async function authorizeUser(request: Request) {
  return (await requireUser(request, cookieToken(request))).user;
}

// The session is checked in `transform`, which runs before the body is validated: an anonymous caller learns
// "401", never the route's schema from a 400. `resolve` then hands the (cached) user to the handler.
export const authPlugin = new Elysia({ name: "auth-guard" })
  // An answer to a signed-in caller may hold their own data (their account, plans, applications): no shared cache
  // (a proxy, a CDN) may keep it for the next visitor. A route's own caching rule (a file, an export) is kept.
  .onAfterHandle({ as: "global" }, ({ request, set, response }) => {
    if (!carriesSessionCookie(request.headers.get("cookie")) || set.headers["cache-control"]) return;
    if (response instanceof Response && response.headers.has("cache-control")) return;
    set.headers["cache-control"] = "private, no-store";
  })
  .macro({
    auth: {
      detail: needsSession,
      async transform({ request, cookie }) {
        await requireUser(request, cookie[SESSION_COOKIE]?.value as string | undefined);
      },
      async resolve({ request, cookie }) {
        const { user, sid } = await requireUser(request, cookie[SESSION_COOKIE]?.value as string | undefined);
        return { user, sessionId: sid };
      },
    },
    section: (section: SectionRule) => ({
      detail: needsSession,
      async transform({ request, cookie }) {
        await requireSection(request, cookie[SESSION_COOKIE]?.value as string | undefined, section);
      },
      async resolve({ request, cookie }) {
        const { user, sid } = await requireUser(request, cookie[SESSION_COOKIE]?.value as string | undefined);
        return { user, sessionId: sid };
      },
    }),
  });
