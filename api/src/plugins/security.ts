// Cross-site request forgery and oversized bodies, checked before any route runs.
// A state-changing request from a browser always carries Origin (or at least Sec-Fetch-Site); when either says
// "another site", the request is refused with 403 and nothing changes. Clients that send neither (curl, server
// to server, webhooks) hold no ambient browser cookies, so they cannot be a CSRF vector.
import { Elysia } from "elysia";
import { env } from "../env";
import { AppError } from "../lib/errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const SITE_ORIGIN = new URL(env.SITE_URL).origin;
/** JSON bodies above this are refused (uploads, when they arrive, get their own limit). */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

export function isCrossSite(request: Request): boolean {
  const origin = request.headers.get("origin");
  if (origin) return origin !== SITE_ORIGIN;
  const fetchSite = request.headers.get("sec-fetch-site");
  return fetchSite !== null && fetchSite !== "same-origin" && fetchSite !== "none";
}

const tooLarge = () => new AppError("invalid_data", "The request body is too large", 413);

export const securityPlugin = new Elysia({ name: "security" })
  .onRequest(({ request }) => {
  if (SAFE_METHODS.has(request.method)) return;
  if (isCrossSite(request)) throw new AppError("forbidden", "Cross-site request refused");
  const length = Number(request.headers.get("content-length") ?? 0);
  const type = request.headers.get("content-type") ?? "";
  if (length > MAX_JSON_BODY_BYTES && !type.startsWith("multipart/form-data")) {
    throw tooLarge();
  }
  })
  // A body without Content-Length (chunked) is measured while it is read; JSON is parsed here so that the limit
  // holds whatever the client declared.
  .onParse({ as: "global" }, async ({ request, contentType }) => {
    if (!contentType?.startsWith("application/json")) return;
    const bytes = await request.arrayBuffer();
    if (bytes.byteLength > MAX_JSON_BODY_BYTES) throw tooLarge();
    const text = new TextDecoder().decode(bytes);
    if (!text.trim()) return {};
    try {
      return JSON.parse(text);
    } catch {
      throw new AppError("invalid_data", "The request body is not valid JSON");
    }
  });
