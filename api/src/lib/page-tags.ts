// Which public pages Astro's route cache keeps (astro.config.mjs `routeRules` → server/page-cache.ts) and which API
// writes make them stale. A tag names data a page shows; a successful write under a prefix invalidates its tags in
// every process (page-cache.ts). docs/decisions/015-page-cache.md.

/** Seconds a kept page is served without rendering; then once more while a fresh one renders in the background. */
const FRESH = { maxAge: 30, swr: 30 } as const;

/** Every kept page carries "pages": a settings write (prices shown on resource pages, say) drops them all. */
const rule = (...tags: string[]) => ({ ...FRESH, tags: ["pages", ...tags] });

/** Route patterns (Astro's syntax) of the pages kept for anonymous visitors, with what each shows. */
export const CACHED_PAGES: Record<string, { maxAge: number; swr: number; tags: string[] }> = {
  "/": rule("challenges"),
  "/challenges": rule("challenges"),
  "/challenges/[id]": rule("challenges", "projects"),
  "/projects": rule("projects", "challenges"),
  "/projects/[id]": rule("projects", "challenges", "resources"),
  "/resources": rule("resources", "projects"),
  "/resources/[id]": rule("resources", "projects"),
  "/merchandise": rule("merchandise"),
  "/merchandise/[id]": rule("merchandise"),
  "/privacy": rule(),
  "/terms": rule(),
  "/contact": rule(),
};

/**
 * API prefixes whose successful writes (not GET/HEAD, status < 400) change what kept pages show. Application decisions
 * live under /api/challenges; users count because participant numbers are approved applications and deleting an
 * account removes its applications.
 */
const WRITES: [prefix: string, tags: string[]][] = [
  ["/api/challenges", ["challenges"]],
  // Judging rounds: opening, closing and publishing change a challenge's page (its People's vote, Published results).
  ["/api/rounds", ["challenges"]],
  // An award's edit or removal (a published one is on the challenge and project pages).
  ["/api/awards", ["challenges"]],
  ["/api/users", ["challenges"]],
  ["/api/projects", ["projects"]],
  ["/api/resources", ["resources"]],
  ["/api/merchandise", ["merchandise"]],
  ["/api/printify", ["merchandise"]],
  ["/api/webhooks/printify", ["merchandise"]],
  ["/api/settings", ["pages"]],
];

/**
 * Writes under a prefix above that no kept page shows, and frequent enough that dropping pages on each would empty the
 * cache: a member's public-vote ballot (the tally appears only once the round closes, which is a round write).
 */
const UNSEEN_WRITES = [/^\/api\/rounds\/[^/]+\/votes$/];

/** The tags a request's success makes stale: none for reads and for writes no kept page shows. */
export function tagsChangedBy(method: string, pathname: string): string[] {
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return [];
  if (method === "PUT" && UNSEEN_WRITES.some((pattern) => pattern.test(pathname))) return [];
  const write = WRITES.find(([prefix]) => pathname === prefix || pathname.startsWith(`${prefix}/`));
  return write ? write[1] : [];
}
