// A page Astro rendered, made ready to send: its Content-Security-Policy worked out from the HTML (lib/csp.ts).
// Shared by the front (server/front.ts, every rendered page) and the page cache (server/page-cache.ts, which keeps
// the finished bytes so a cached page is never re-hashed or re-compressed).
import { contentSecurityPolicy, hashSourcesOf, inlineScriptHashes } from "../api/src/lib/csp";
import { log } from "../api/src/lib/logger";

type FinishedPage = { status: number; statusText: string; headers: Headers; html: string };

export const isHtml = (headers: Headers) => headers.get("content-type")?.startsWith("text/html") ?? false;

/**
 * An Astro-rendered page with the CSP added. Its inline scripts are hashed from the body, but a hash is listed only
 * if Astro's own header vouches for it: Astro hashes the scripts it emits (island runtime, client directives,
 * bundled scripts, and `is:inline` ones registered with `Astro.csp.insertScriptHash`) when it builds, not from the
 * rendered page. Any other inline script got there some other way, e.g. through an XSS hole, and stays blocked;
 * allow-listing whatever the body contains would defeat the policy (the hole behind CVE-2024-29896).
 */
export async function finishRenderedPage(response: Response, pathname: string): Promise<FinishedPage> {
  const html = response.body ? await response.text() : "";
  const vouched = hashSourcesOf(response.headers.get("content-security-policy"));
  const hashes = inlineScriptHashes(html);
  const unknown = hashes.filter((h) => !vouched.has(h));
  if (unknown.length > 0)
    log.warn("inline script that Astro did not emit: blocked by the CSP", { path: pathname, hashes: unknown });
  const headers = new Headers(response.headers);
  headers.set("content-security-policy", contentSecurityPolicy(hashes.filter((h) => vouched.has(h))));
  headers.delete("content-length"); // recomputed for the re-sent body
  return { status: response.status, statusText: response.statusText, headers, html };
}
