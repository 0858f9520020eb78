// The one production process: Bun.serve routes /api to Elysia, serves the built client assets from dist/client,
// and hands every other request to Astro's SSR App. docs/decisions/001-one-bun-process-serves-site-and-api.md
import { existsSync, statSync } from "node:fs";
import { join, normalize, sep } from "node:path";
import type { Server } from "bun";
import { app as apiApp } from "./app";
import { env } from "./env";
import { log } from "./lib/logger";
import { clientIpOf, recordClientIp } from "./lib/client-ip";

export const DIST_DIR = join(import.meta.dir, "../../dist");

type AstroApp = {
  render(request: Request, options?: { clientAddress?: string; addCookieHeader?: boolean; locals?: object }): Promise<Response>;
};

export async function loadAstroApp(distDir = DIST_DIR): Promise<AstroApp> {
  const entry = join(distDir, "server/entry.mjs");
  if (!existsSync(entry)) throw new Error(`The site is not built (${entry} is missing): run \`bun run build\` first.`);
  return (await import(entry)).app as AstroApp;
}

/** The file under dist/client a GET path names, if any: the path itself, or its prerendered index.html. */
function staticFile(clientDir: string, pathname: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (decoded.includes("\0")) return undefined;
  const target = normalize(join(clientDir, decoded));
  if (target !== clientDir && !target.startsWith(clientDir + sep)) return undefined; // no escaping dist/client
  for (const candidate of [target, join(target, "index.html")]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not there: try the next candidate
    }
  }
  return undefined;
}

function cacheControl(pathname: string) {
  // Astro fingerprints everything under /_astro/, so those never change; other files may.
  return pathname.startsWith("/_astro/") ? "public, max-age=31536000, immutable" : "public, max-age=0, must-revalidate";
}

/** An in-process call into the API, for Astro pages (same routes and checks as a browser request). */
function apiCaller(request: Request) {
  return (path: string, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    const forwardedId = request.headers.get("x-request-id");
    if (forwardedId && !headers.has("x-request-id")) headers.set("x-request-id", forwardedId);
    const inner = new Request(new URL(path, env.SITE_URL), { ...init, headers });
    recordClientIp(inner, clientIpOf(request)); // rate limits see the visitor, not the server
    return apiApp.handle(inner);
  };
}

/** Without `astro` only the API is served (the dev API process behind `astro dev`). */
/** Sent with every response: no MIME sniffing, no framing (clickjacking), no full URLs leaked to other sites. */
const SECURITY_HEADERS: Record<string, string> = {
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "strict-origin-when-cross-origin",
  ...(env.SITE_URL.startsWith("https://") ? { "strict-transport-security": "max-age=31536000; includeSubDomains" } : {}),
};

function secured(response: Response): Response {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    if (!response.headers.has(name)) response.headers.set(name, value);
  }
  return response;
}

export type FrontOptions = { port: number; hostname: string; astro?: AstroApp; distDir?: string };

export function startServer({ port, hostname, astro, distDir = DIST_DIR }: FrontOptions): Server<undefined> {
  const clientDir = join(distDir, "client");
  return Bun.serve({
    port,
    hostname,
    // Elysia enforces its own per-route limits; this is the hard ceiling for any request body.
    maxRequestBodySize: 12 * 1024 * 1024,
    async fetch(request, server) {
      return secured(await route(request, server));
    },
    error(error) {
      log.error("unhandled server error", { err: error });
      return secured(new Response("Internal Server Error", { status: 500 }));
    },
  });

  async function route(request: Request, server: Server<undefined>): Promise<Response> {
    const url = new URL(request.url);
    recordClientIp(request, server.requestIP(request)?.address);
    if (url.pathname === "/api" || url.pathname.startsWith("/api/")) return apiApp.handle(request);
    if (!astro) return new Response("Not found: this process serves only /api", { status: 404 });
    if (request.method === "GET" || request.method === "HEAD") {
      const file = staticFile(clientDir, url.pathname);
      if (file) {
        return new Response(request.method === "HEAD" ? null : Bun.file(file), {
          headers: { "cache-control": cacheControl(url.pathname), "content-type": Bun.file(file).type },
        });
      }
    }
    return astro.render(onSiteOrigin(request, url), { clientAddress: clientIpOf(request), addCookieHeader: true, locals: { api: apiCaller(request) } });
  }
}

const SITE_ORIGIN = new URL(env.SITE_URL).origin;

/**
 * The request as Astro should see it: on SITE_URL's origin, never the Host header's. Astro's own cross-site check
 * (security.checkOrigin) compares a form POST's Origin with the request URL's origin; behind a TLS-terminating
 * proxy that URL would say http:// and refuse every real form POST, and a forged Host must not widen it either.
 */
function onSiteOrigin(request: Request, url: URL): Request {
  return url.origin === SITE_ORIGIN ? request : new Request(new URL(url.pathname + url.search, SITE_ORIGIN), request);
}
