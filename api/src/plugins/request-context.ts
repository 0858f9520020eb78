// A request id for every API request (taken from X-Request-Id when it looks sane, else new), echoed in the
// response and written on the one access-log line per request.
import { Elysia } from "elysia";
import { log } from "../lib/logger";

const context = new WeakMap<Request, { id: string; startedAt: number }>();
const SANE_ID = /^[A-Za-z0-9._-]{8,128}$/;

export function requestIdOf(request: Request): string | undefined {
  return context.get(request)?.id;
}

// Paths that carry a secret (a one-time token) are logged without it: logs travel further than the database.
// Private (premium) file names stay out of logs too (docs/decisions/009).
const SECRET_PATH_SEGMENTS = [/^(\/api\/auth\/verify-email\/)[^/]+/, /^(\/api\/files\/private\/)[^/]+/];

/** The request's path as it may appear in logs. */
export function loggedPath(request: Request): string {
  let path = new URL(request.url).pathname;
  for (const pattern of SECRET_PATH_SEGMENTS) path = path.replace(pattern, "$1[redacted]");
  return path;
}

export const requestContextPlugin = new Elysia({ name: "request-context" })
  .onRequest(({ request, set }) => {
    const incoming = request.headers.get("x-request-id");
    const id = incoming && SANE_ID.test(incoming) ? incoming : crypto.randomUUID();
    context.set(request, { id, startedAt: performance.now() });
    set.headers["x-request-id"] = id;
  })
  .onAfterResponse({ as: "global" }, ({ request, set }) => {
    const ctx = context.get(request);
    log.info("request", {
      requestId: ctx?.id,
      method: request.method,
      path: loggedPath(request),
      status: typeof set.status === "number" ? set.status : undefined,
      ms: ctx ? Math.round((performance.now() - ctx.startedAt) * 10) / 10 : undefined,
    });
  });
