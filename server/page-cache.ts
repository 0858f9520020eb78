// Astro's route cache for anonymous public pages (astro.config.mjs: `cache.provider` and `routeRules`), kept in this
// process's memory. docs/decisions/015-page-cache.md.
//
// Astro's built-in memory provider runs before the middleware and keys on the URL alone, so it would hand a page
// stored for a visitor to a signed-in member (and the member's page to the next visitor if a page forgot to opt
// out). This provider is the same LRU with the rules that make it safe here:
//   - only GET, never /admin, /api or /payments, and never a request carrying a session cookie (no lookup, no store);
//   - only a 200 HTML page whose route asked for caching (CDN-Cache-Control from `routeRules` / `Astro.cache.set`)
//     and that sets no cookie;
//   - what is kept is the finished page: its CSP worked out (finished-page.ts) and its brotli and gzip bytes, so a hit
//     is neither re-hashed nor re-compressed. The CSP is hash-based, the same for every visitor.
// Tags name what a page shows (routeRules); a write that changes it invalidates the tag here and, through
// api/src/db/page-changes.ts, in every other process.
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { CacheProvider, InvalidateOptions } from "astro";
import { type ContentEncoding, rememberedNegotiation, varyOnAcceptEncoding } from "./compress";
import { carriesSessionCookie } from "../api/src/modules/auth/cookie-names";
import { finishRenderedPage, isHtml } from "./finished-page";

/**
 * The route cache as the front uses it: drop pages (its writes, and other processes' through api/src/db/page-changes.ts)
 * and answer a kept page without Astro. The built site's entry exports `pageCacheRegistry` (site/adapter/
 * entrypoint.mjs) from its own copy of this module, the one Astro's provider runs in; server/front.ts hands it on.
 */
export type PageCacheRegistry = {
  invalidate(options: InvalidateOptions | "all"): void;
  /** A fresh kept page for this request, without going through Astro's render pipeline (the front's fast path). */
  hit(request: Request, url: URL): Response | undefined;
  size(): number;
};

/** Pages kept per process: about 40 KB each with both encodings, so ≤ 20 MB. */
const MAX_ENTRIES = 500;
const NEVER_CACHED = /^\/(?:admin|api|payments)(?:\/|$)/;

type Entry = {
  status: number;
  headers: [string, string][];
  bodies: Record<"identity" | ContentEncoding, Uint8Array<ArrayBuffer>>;
  storedAt: number;
  maxAgeMs: number;
  swrMs: number;
  tags: string[];
};

function isCacheable(request: Request, url: URL): boolean {
  return request.method === "GET" && !NEVER_CACHED.test(url.pathname) && !carriesSessionCookie(request.headers.get("cookie"));
}

/** The key: the path and its sorted query (`?a=1&b=2` and `?b=2&a=1` are one page); the origin is always SITE_URL's. */
function keyOf(url: URL): string {
  const params = new URLSearchParams(url.searchParams);
  params.sort();
  const query = params.toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}

function directives(header: string | null): { maxAge: number; swr: number } {
  const maxAge = /(?:^|,)\s*max-age=(\d+)/i.exec(header ?? "")?.[1];
  const swr = /stale-while-revalidate=(\d+)/i.exec(header ?? "")?.[1];
  return { maxAge: Number(maxAge ?? 0), swr: Number(swr ?? 0) };
}

/** Compressed once per render, at ratios a per-request compression could not afford. */
function compressAll(html: string): Entry["bodies"] {
  const identity = new TextEncoder().encode(html) as Uint8Array<ArrayBuffer>;
  return {
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }) as Uint8Array<ArrayBuffer>,
    gzip: gzipSync(identity, { level: 9 }) as Uint8Array<ArrayBuffer>,
  };
}

/** Kept pages come in both encodings, brotli first (compressed once, at the best ratio). */
const pageEncoding = rememberedNegotiation(["br", "gzip"]);

function respond(request: Request, entry: Entry, state: "HIT" | "MISS" | "STALE"): Response {
  const headers = new Headers(entry.headers); // Vary: Accept-Encoding is among them (entryOf)
  const encoding = pageEncoding(request.headers.get("accept-encoding"));
  const body = entry.bodies[encoding ?? "identity"];
  if (encoding) headers.set("content-encoding", encoding);
  headers.set("content-length", String(body.byteLength));
  // Also the front's sign that the page is finished (CSP, encoding): it sends it as it is.
  headers.set("x-astro-cache", state);
  return new Response(body, { status: entry.status, headers });
}

export default function pageCacheProvider(): CacheProvider {
  const entries = new Map<string, Entry>(); // insertion order = least recently used first
  const revalidating = new Set<string>();
  /** Counts invalidations, so a render that overlapped one is served but not kept. */
  let invalidations = 0;

  const remember = (key: string, entry: Entry) => {
    entries.delete(key);
    entries.set(key, entry);
    while (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  };

  /** The finished entry for a fresh render, or null when it must not be kept. */
  async function entryOf(response: Response, pathname: string): Promise<Entry | null> {
    const { maxAge, swr } = directives(response.headers.get("cdn-cache-control"));
    if (maxAge <= 0 || response.status !== 200 || !isHtml(response.headers) || response.headers.has("set-cookie")) return null;
    const tags = (response.headers.get("cache-tag") ?? "")
      .split(",")
      .map((t) => t.trim())
      .filter(Boolean);
    const page = await finishRenderedPage(response, pathname);
    for (const name of ["cdn-cache-control", "cache-tag"]) page.headers.delete(name);
    varyOnAcceptEncoding(page.headers); // once here, not on every hit
    return {
      status: page.status,
      headers: [...page.headers],
      bodies: compressAll(page.html),
      storedAt: Date.now(),
      maxAgeMs: maxAge * 1000,
      swrMs: swr * 1000,
      tags,
    };
  }

  const provider: CacheProvider = {
    name: "platform-pages",
    async onRequest(context, next) {
      if (!isCacheable(context.request, context.url)) return next();
      const fresh = hit(context.request, context.url);
      if (fresh) return fresh;
      const key = keyOf(context.url);
      const cached = entries.get(key);
      const age = cached ? Date.now() - cached.storedAt : Number.POSITIVE_INFINITY;
      if (cached && age <= cached.maxAgeMs + cached.swrMs) {
        // Stale: this visitor gets it now, one background render (per key, per process) replaces it.
        if (!revalidating.has(key)) {
          revalidating.add(key);
          next()
            .then((fresh) => entryOf(fresh, context.url.pathname))
            .then((entry) => {
              // An invalidation while it rendered dropped the stale entry: keep the fresh one only if nothing did.
              if (entry && entries.get(key) === cached) remember(key, entry);
            })
            .catch((error) => context.logger.warn(`page cache: revalidating ${key} failed: ${String(error)}`))
            .finally(() => revalidating.delete(key));
        }
        return respond(context.request, cached, "STALE");
      }
      const generation = invalidations;
      const response = await next();
      const entry = await entryOf(response.clone(), context.url.pathname);
      if (!entry) return response;
      // A write that invalidated while this page rendered may not be in it: serve it, keep it only if none did.
      if (generation === invalidations) remember(key, entry);
      return respond(context.request, entry, "MISS");
    },
    async invalidate(options) {
      dropMatching(options);
    },
  };

  function hit(request: Request, url: URL): Response | undefined {
    if (!isCacheable(request, url)) return undefined;
    const key = keyOf(url);
    const cached = entries.get(key);
    if (!cached || Date.now() - cached.storedAt > cached.maxAgeMs) return undefined;
    remember(key, cached);
    return respond(request, cached, "HIT");
  }

  function dropMatching(options: InvalidateOptions | "all") {
    invalidations++;
    if (options === "all") return entries.clear();
    const tags = new Set(typeof options.tags === "string" ? [options.tags] : (options.tags ?? []));
    for (const [key, entry] of entries) {
      if (options.path === key.split("?")[0] || entry.tags.some((tag) => tags.has(tag))) entries.delete(key);
    }
  }

  registry = { invalidate: dropMatching, hit, size: () => entries.size };
  return provider;
}

let registry: PageCacheRegistry | undefined;
/** The route cache, once Astro has created its provider (on the first render); undefined before. */
export const pageCacheRegistry = (): PageCacheRegistry | undefined => registry;
