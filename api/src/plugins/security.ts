// What every request must pass before any route runs: no cross-site writes, only the body types a route
// accepts, bodies limited while they are read, and no input a database or a schema should never see.
// docs/decisions/004-accounts-sessions-and-abuse-limits.md ("Bodies and input").
//
// A JSON body is an object: an array, a string, a number, a boolean or null is refused with 400 on every route that
// reads a JSON body (raw webhooks and multipart uploads aside). Elysia's validation would otherwise turn `[1,2,3]`
// into `{}` (or skip an optional body), so a route whose fields are all optional took it as "no changes".
//
// Cross-site: a state-changing request from a browser always carries Origin (or at least Sec-Fetch-Site); when
// either says "another site", the request is refused with 403 and nothing changes. Clients that send neither
// (curl, server to server, webhooks) hold no ambient browser cookies, so they cannot be a CSRF vector.
import { Elysia } from "elysia";
import { env } from "../env";
import { AppError } from "../lib/errors";
import { findInputProblem, findListNotSent } from "../lib/input-guard";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/**
 * The origins a browser may write from: SITE_URL's, and in development also its loopback aliases on the same
 * port (a newcomer opening http://127.0.0.1:3000 when SITE_URL says localhost). Production stays strict.
 */
export function allowedOrigins(siteUrl: string, nodeEnv: string): Set<string> {
  const site = new URL(siteUrl);
  const origins = new Set([site.origin]);
  const loopback = ["localhost", "127.0.0.1", "[::1]"];
  if (nodeEnv === "development" && loopback.includes(site.hostname)) {
    for (const host of loopback) origins.add(`${site.protocol}//${host}${site.port ? `:${site.port}` : ""}`);
  }
  return origins;
}
const ALLOWED_ORIGINS = allowedOrigins(env.SITE_URL, env.NODE_ENV);
/** JSON bodies above this are refused. */
const MAX_JSON_BODY_BYTES = 1024 * 1024;

export type BodyRule = {
  mediaType: "application/json" | "multipart/form-data";
  /** The most a body may hold; a function when the limit depends on the request (e.g. `?type=pdf`). */
  maxBytes: number | ((url: URL) => number);
  /**
   * Runs after the header checks and before a byte of the body is read: a caller who may not use the route (401,
   * 403) never gets to make the server read megabytes.
   */
  authorize?: (request: Request) => Promise<void> | void;
  /** Hand the route the body as the exact text received, unparsed (a signature is computed over those bytes). */
  raw?: boolean;
  /**
   * The route reads its own body (at most `maxBytes`) and returns what the route's schema checks — e.g. an upload
   * streamed to disk instead of held in memory. Every other check here still applies.
   */
  read?: (request: Request, maxBytes: number) => Promise<unknown>;
};
/** Every route's rule unless it declares another (createApp sets it on all of them): a JSON object, ≤ 1 MiB. */
export const JSON_BODY: BodyRule = { mediaType: "application/json", maxBytes: MAX_JSON_BODY_BYTES };

/**
 * A route that takes multipart/form-data of at most `maxBytes` — the route's file limit plus room for the multipart
 * framing — optionally checking the caller (`authorize`) before reading it. Set as the route's `body` option:
 * `{ accepts: multipartBody(…) }`. Any other route keeps refusing multipart with 415.
 */
export const multipartBody = (options: Pick<BodyRule, "maxBytes" | "authorize" | "read">): BodyRule => ({
  mediaType: "multipart/form-data",
  ...options,
});

/**
 * A route (e.g. Stripe's webhook) that takes a JSON body of at most `maxBytes` and receives it as the exact text
 * sent, unparsed: a signed webhook verifies its signature over those bytes, and a re-serialised object would not
 * match. Every other check (media type, size while reading, the input guard) still applies.
 */
export const rawJsonBody = (maxBytes: number): BodyRule => ({ mediaType: "application/json", maxBytes, raw: true });

const limitOf = (rule: BodyRule, request: Request) =>
  typeof rule.maxBytes === "number" ? rule.maxBytes : rule.maxBytes(new URL(request.url));
const mediaTypeOf = (request: Request) => (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
/** Whether a body is coming: a positive Content-Length, or none declared but a stream present (chunked). */
function declaresBody(request: Request) {
  const length = request.headers.get("content-length");
  return length !== null ? Number(length) > 0 : request.body !== null;
}

function isCrossSite(request: Request): boolean {
  const origin = request.headers.get("origin");
  if (origin) return !ALLOWED_ORIGINS.has(origin);
  const fetchSite = request.headers.get("sec-fetch-site");
  return fetchSite !== null && fetchSite !== "same-origin" && fetchSite !== "none";
}

/** The answer to a JSON body that is not an object. */
export const BODY_NOT_OBJECT = "The request body must be a JSON object";
const isJsonObject = (value: unknown) => typeof value === "object" && value !== null && !Array.isArray(value);
/**
 * Requests whose JSON body is not an object. Found while parsing, refused only after the route's own access checks
 * (the `auth` / `section` macros run in transform, before validation): an anonymous caller still learns only 401.
 */
const nonObjectBodies = new WeakSet<Request>();
/** Whether the request's JSON body was not an object (errorPlugin words a failed body validation as BODY_NOT_OBJECT). */
export const hasNonObjectBody = (request: Request) => nonObjectBodies.has(request);

/**
 * Each JSON body as it was sent, before the route's schema normalised it. Elysia's normaliser (exact-mirror) copies
 * a list of choices or objects by its `length`, so a string or any object with a `length` sent there passed as a list:
 * `{"toolAccess": ""}` cleared a user's delegations as `[]` would, `"ab"` became `["a", "b"]`.
 */
const sentBodies = new WeakMap<Request, unknown>();

const tooLarge = () => new AppError("invalid_data", "The request body is too large", 413);

/** Reads a body chunk by chunk and stops at the limit: a hostile body costs at most `maxBytes` of memory. */
async function readLimited(request: Request, maxBytes: number): Promise<Buffer> {
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** FormData as the plain object Elysia's schemas expect: one value per name, or an array when repeated. */
function formToObject(form: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of form.entries()) {
    const previous = out[key];
    out[key] = previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
  }
  return out;
}

/**
 * The body of a request to a route that takes `rule`, read at most once and never past the rule's limit: refused on
 * the headers alone (media type 415, declared length 413, the rule's `authorize`) before a byte of it is read.
 */
async function readBody(request: Request, accepted: BodyRule | readonly BodyRule[]): Promise<unknown> {
  if (SAFE_METHODS.has(request.method)) return;
  // A route that takes more than one kind of body (a JSON entry or a multipart file): the rule of the kind sent.
  const rules: readonly BodyRule[] = Array.isArray(accepted) ? accepted : [accepted as BodyRule];
  const rule = rules.find((r) => r.mediaType === mediaTypeOf(request)) ?? rules[0]!;
  const limit = limitOf(rule, request);
  if (declaresBody(request)) {
    await rule.authorize?.(request);
    if (mediaTypeOf(request) !== rule.mediaType) {
      const kinds = rules.map((r) => r.mediaType).join(" or ");
      throw new AppError("invalid_data", `This endpoint accepts ${kinds} bodies only`, 415);
    }
    if (Number(request.headers.get("content-length") ?? 0) > limit) throw tooLarge();
  }
  if (rule.read) return rule.read(request, limit);
  const bytes = await readLimited(request, limit);
  if (rule.raw) {
    try {
      return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      throw new AppError("invalid_data", "The request body is not valid UTF-8");
    }
  }
  if (bytes.byteLength === 0) return {};
  if (rule.mediaType === "multipart/form-data") {
    try {
      const form = await new Response(new Uint8Array(bytes), {
        headers: { "content-type": request.headers.get("content-type") ?? "" },
      }).formData();
      return formToObject(form);
    } catch {
      throw new AppError("invalid_data", "The request body is not valid multipart/form-data");
    }
  }
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    throw new AppError("invalid_data", "The request body is not valid JSON");
  }
  if (isJsonObject(value)) {
    sentBodies.set(request, value);
    return value;
  }
  // The schema sees `{}` instead: TypeBox's error walk lists a value's own property names before it can say "not an
  // object", which for a 1 MB string is a million names, twice (3–4 s of CPU for one request). The refusal comes
  // later either way (errorPlugin or onBeforeHandle below), after the route's access checks.
  nonObjectBodies.add(request);
  return {};
}

export const securityPlugin = new Elysia({ name: "security" })
  .onRequest(({ request }) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (isCrossSite(request)) throw new AppError("forbidden", "Cross-site request refused");
  })
  // What a route's body may be, as a route option: `accepts: JSON_BODY` on every route (createApp's guard), and a
  // route of its own kind says so beside its path (`accepts: rawJsonBody(…)`, `multipartBody(…)`, or a list of rules
  // of different media types, one per kind it takes). Every body is
  // read by this one parser, so the limit holds whatever the client declared (chunked bodies have no length).
  .macro({
    accepts: (rule: BodyRule | readonly BodyRule[]) => ({
      parse: [({ request }: { request: Request }) => readBody(request, rule)],
    }),
  })
  // After parsing, before any schema: one guard for body, query and path parameters alike.
  .onTransform({ as: "global" }, ({ body, query, params }) => {
    const problem = findInputProblem(body, "body") ?? findInputProblem(query, "query") ?? findInputProblem(params, "params");
    if (problem) throw new AppError("invalid_data", problem);
  })
  // After the route's access checks and its schema: a body that was not an object is refused here when the schema
  // let it through (coerced to `{}`, or an optional body skipped); when the schema failed on it, errorPlugin says so.
  .onBeforeHandle({ as: "global" }, ({ request, body }) => {
    if (nonObjectBodies.has(request)) throw new AppError("invalid_data", BODY_NOT_OBJECT);
    const sent = sentBodies.get(request);
    const problem = sent === undefined ? null : findListNotSent(body, sent);
    if (problem) throw new AppError("invalid_data", problem);
  });
