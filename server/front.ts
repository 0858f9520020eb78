// The one production process: Bun.serve routes /api to Elysia, serves the built client assets from dist/client,
// and hands every other request to Astro's SSR App; it compresses what it sends (compress.ts).
// docs/decisions/001-one-bun-process-serves-site-and-api.md
import { existsSync, readdirSync } from "node:fs";
import { join, posix, relative, sep } from "node:path";
import type { Server } from "bun";
import { app as apiApp } from "../api/src/app";
import { env } from "../api/src/env";
import { allowedOrigins } from "../api/src/plugins/security";
import { log } from "../api/src/lib/logger";
import { clientIpOf, recordClientIp } from "../api/src/lib/client-ip";
import { contentSecurityPolicy, inlineScriptHashes } from "../api/src/lib/csp";
import { finishRenderedPage, isHtml } from "./finished-page";
import { keepPagesInStep, pagesChanged } from "../api/src/db/page-changes";
import { tagsChangedBy } from "../api/src/lib/page-tags";
import type { PageCacheRegistry } from "./page-cache";
import { compressResponse, negotiateEncoding, respondCompressed, varyOnAcceptEncoding, type ContentEncoding } from "./compress";

export const DIST_DIR = join(import.meta.dir, "../dist");

/** The built site (dist/server/entry.mjs, site/adapter/entrypoint.mjs): Astro's App and the bundle's route cache. */
type AstroApp = {
  render(request: Request, options?: { clientAddress?: string; addCookieHeader?: boolean; locals?: object }): Promise<Response>;
  pageCache: () => PageCacheRegistry | undefined;
};

export async function loadAstroApp(distDir = DIST_DIR): Promise<AstroApp> {
  const entry = join(distDir, "server/entry.mjs");
  if (!existsSync(entry)) throw new Error(`The site is not built (${entry} is missing): run \`npm run build\` first.`);
  const built = (await import(entry)) as { app: Omit<AstroApp, "pageCache">; pageCacheRegistry: AstroApp["pageCache"] };
  return { render: (request, options) => built.app.render(request, options), pageCache: built.pageCacheRegistry };
}

/**
 * Every file under dist/client by the URL path that names it: the path itself and, for a prerendered `…/index.html`,
 * its directory with and without the slash. Built once: the build's output does not change under a running process,
 * and a lookup in memory costs nothing where two stat calls per page request were a tenth of a cached page's time.
 */
function indexBuiltFiles(clientDir: string): Map<string, string> {
  const index = new Map<string, string>();
  if (!existsSync(clientDir)) return index;
  for (const entry of readdirSync(clientDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = join(entry.parentPath, entry.name);
    const path = `/${relative(clientDir, file).split(sep).join("/")}`;
    index.set(path, file);
    if (path.endsWith("/index.html")) {
      const dir = path.slice(0, -"index.html".length);
      index.set(dir, file);
      if (dir !== "/") index.set(dir.slice(0, -1), file);
    }
  }
  return index;
}

/** The built file a GET path names, if any (dot segments resolved as a file system would; nothing outside the index). */
function staticFile(index: Map<string, string>, pathname: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (decoded.includes("\0")) return undefined;
  return (
    index.get(decoded) ?? (decoded.includes("/.") || decoded.includes("//") ? index.get(posix.normalize(decoded)) : undefined)
  );
}

function cacheControl(pathname: string) {
  // Astro fingerprints everything under /_astro/, so those never change; other files may.
  return pathname.startsWith("/_astro/") ? "public, max-age=31536000, immutable" : "public, max-age=0, must-revalidate";
}

/** An in-process call into the API, for Astro pages (same routes and checks as a browser request). */
function apiFetcher(request: Request): typeof fetch {
  return ((input: RequestInfo | URL, init?: RequestInit) => {
    const outer = input instanceof Request ? input : new Request(String(input), init);
    const headers = new Headers(init?.headers ?? outer.headers);
    const forwardedId = request.headers.get("x-request-id");
    if (forwardedId && !headers.has("x-request-id")) headers.set("x-request-id", forwardedId);
    const url = new URL(outer.url);
    const inner = new Request(new URL(url.pathname + url.search, env.SITE_URL), {
      ...init,
      method: init?.method ?? outer.method,
      headers,
    });
    recordClientIp(inner, clientIpOf(request)); // rate limits see the visitor, not the server
    return apiApp.handle(inner);
  }) as typeof fetch;
}

/**
 * Browser features the site never uses, denied to its pages and to anything they might embed, so an injected
 * script cannot ask for them either. Only names Chromium knows: an unknown one (ambient-light-sensor, bluetooth and
 * web-share on Linux) costs a console error on every page, which e2e/audits/csp.e2e.ts fails on.
 */
const DENIED_FEATURES = [
  "accelerometer",
  "autoplay",
  "browsing-topics",
  "camera",
  "clipboard-read",
  "clipboard-write",
  "display-capture",
  "encrypted-media",
  "fullscreen",
  "gamepad",
  "geolocation",
  "gyroscope",
  "hid",
  "identity-credentials-get",
  "idle-detection",
  "local-fonts",
  "magnetometer",
  "microphone",
  "midi",
  "otp-credentials",
  "payment",
  "picture-in-picture",
  "publickey-credentials-create",
  "publickey-credentials-get",
  "screen-wake-lock",
  "serial",
  "storage-access",
  "usb",
  "window-management",
  "xr-spatial-tracking",
];

/**
 * Sent with every response: no MIME sniffing, no framing (clickjacking), no full URLs leaked to other sites, no
 * powerful features, and a browsing context group of our own (no window.opener handle to or from other sites).
 * HTML pages also get a Content-Security-Policy (lib/csp.ts).
 */
const SECURITY_HEADERS: Record<string, string> = {
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "strict-origin-when-cross-origin",
  "permissions-policy": DENIED_FEATURES.map((feature) => `${feature}=()`).join(", "),
  "cross-origin-opener-policy": "same-origin",
  ...(env.SITE_URL.startsWith("https://") ? { "strict-transport-security": "max-age=31536000; includeSubDomains" } : {}),
};

const SECURITY_HEADER_ENTRIES = Object.entries(SECURITY_HEADERS);

function secured(response: Response): Response {
  for (const [name, value] of SECURITY_HEADER_ENTRIES) {
    if (!response.headers.has(name)) response.headers.set(name, value);
  }
  return response;
}

/** A rendered page, finished (CSP) and compressed for this request. */
async function sendRenderedPage(request: Request, response: Response, pathname: string): Promise<Response> {
  const { status, statusText, headers, html } = await finishRenderedPage(response, pathname);
  if (!response.body) return new Response(null, { status, statusText, headers });
  return respondCompressed(request, html, { status, statusText, headers }); // the text is in hand: no second read
}

type FrontOptions = {
  port: number;
  hostname: string;
  astro?: AstroApp;
  distDir?: string;
  /** Told each request's path as it arrives (server/idle-trim.ts). */
  onRequest?: (pathname: string) => void;
};

/** Without `astro` only the API is served (the dev API process behind `astro dev`). */
export function startServer({ port, hostname, astro, distDir = DIST_DIR, onRequest }: FrontOptions): Server<undefined> {
  // The API's writes (here and, on PostgreSQL, in other processes) drop this process's kept pages.
  if (astro) keepPagesInStep((tags) => astro.pageCache()?.invalidate(tags === "all" ? "all" : { tags }));
  const clientDir = join(distDir, "client");
  const builtFiles = indexBuiltFiles(clientDir);
  // Prerendered pages are build output and never change while the process runs: each file's policy is worked out
  // once. Every inline script in them came from the build, so all are allowed.
  const filePolicies = new Map<string, Promise<string>>();
  const policyOfFile = (file: string) => {
    let policy = filePolicies.get(file);
    if (!policy) {
      policy = Bun.file(file)
        .text()
        .then((html) => contentSecurityPolicy(inlineScriptHashes(html)));
      filePolicies.set(file, policy);
      policy.catch(() => filePolicies.delete(file)); // a failed read is tried again next time
    }
    return policy;
  };
  // The brotli and gzip copies the build wrote beside each file (site/adapter/precompress.mjs), looked up once per file
  // and in order of preference: brotli first, 13–18% smaller than gzip at the best ratios.
  const fileCopies = new Map<string, Map<ContentEncoding, string>>();
  const copiesOf = (file: string) => {
    let copies = fileCopies.get(file);
    if (!copies) {
      copies = new Map();
      for (const [encoding, suffix] of [
        ["br", ".br"],
        ["gzip", ".gz"],
      ] as const) {
        if (existsSync(file + suffix)) copies.set(encoding, file + suffix);
      }
      fileCopies.set(file, copies);
    }
    return copies;
  };
  return Bun.serve({
    port,
    hostname,
    // Elysia enforces its own per-route limits while a body streams in (1 MiB of JSON, 5 MB images…); this is the
    // hard ceiling for any request body: a submission's file entry (at most 200 MB, decision 019) and its framing.
    maxRequestBodySize: 201 * 1024 * 1024,
    // Bun's default of 10 s closes a connection whose answer is late, and a browser resends a POST whose reused
    // connection closed unanswered: under load, a late answer would become a second write. The slowest answers by
    // design (the Printify sync, 8 s) stay well inside 30.
    idleTimeout: 30,
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
    onRequest?.(url.pathname);
    recordClientIp(request, server.requestIP(request)?.address);
    if (url.pathname === "/api" || url.pathname.startsWith("/api/")) {
      const response = await apiApp.handle(request);
      // A write that changed what kept pages show drops them (every process) before its answer goes out, so the
      // next page anyone loads shows it.
      const changed = tagsChangedBy(request.method, url.pathname);
      if (changed.length > 0 && response.status < 400) await pagesChanged(changed);
      return compressResponse(request, response);
    }
    if (!astro) return new Response("Not found: this process serves only /api", { status: 404 });
    if (request.method === "GET" || request.method === "HEAD") {
      const file = staticFile(builtFiles, url.pathname);
      if (file) return serveFile(request, url.pathname, file);
    }
    // A kept anonymous page (Astro's route cache, page-cache.ts) goes out without entering Astro's pipeline.
    const kept = astro.pageCache()?.hit(request, url);
    if (kept) return kept;
    const rendered = await astro.render(onSiteOrigin(request, url), {
      clientAddress: clientIpOf(request),
      addCookieHeader: true,
      locals: { fetch: apiFetcher(request) },
    });
    // A page from the route cache (page-cache.ts) is finished already: policy worked out, bytes compressed.
    if (rendered.headers.has("x-astro-cache")) return rendered;
    return isHtml(rendered.headers) ? sendRenderedPage(request, rendered, url.pathname) : compressResponse(request, rendered);
  }

  /** A built file, or its precompressed copy when the request accepts one; headers (type, CSP) are the file's own. */
  async function serveFile(request: Request, pathname: string, file: string): Promise<Response> {
    const headers = new Headers({ "cache-control": cacheControl(pathname), "content-type": Bun.file(file).type });
    if (isHtml(headers)) headers.set("content-security-policy", await policyOfFile(file));
    let sent = file;
    const copies = copiesOf(file);
    if (copies.size > 0) {
      varyOnAcceptEncoding(headers);
      const encoding = negotiateEncoding(request.headers.get("accept-encoding"), [...copies.keys()]);
      if (encoding) {
        headers.set("content-encoding", encoding);
        sent = copies.get(encoding)!;
      }
    }
    const body = Bun.file(sent);
    headers.set("content-length", String(body.size)); // a HEAD answer says what a GET would send
    return new Response(request.method === "HEAD" ? null : body, { headers });
  }
}

const SITE_ORIGINS = allowedOrigins(env.SITE_URL, env.NODE_ENV);

/**
 * The request as Astro should see it: on SITE_URL's origin (or, in development, the loopback alias the browser
 * used), never an arbitrary Host header's. Astro's own cross-site check (security.checkOrigin) compares a form
 * POST's Origin with the request URL's origin; behind a TLS-terminating proxy that URL would say http:// and refuse
 * every real form POST, and a forged Host must not widen it either.
 */
function onSiteOrigin(request: Request, url: URL): Request {
  return SITE_ORIGINS.has(url.origin) ? request : new Request(new URL(url.pathname + url.search, env.SITE_URL), request);
}
