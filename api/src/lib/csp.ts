// The Content-Security-Policy every HTML page is sent with (docs/decisions/005), built in this one place: scripts only
// from our origin plus the page's own inline scripts, listed by SHA-256 hash (which ones count as the page's own:
// server/front.ts). No 'unsafe-inline' or 'unsafe-eval' for scripts, so an injected onclick="…" does not run.
// docs/decisions/005-content-security-policy.md
import { createHash } from "node:crypto";
import { type Env, env } from "../env";
import { storageOrigins } from "./storage";

/**
 * Origins besides our own that pages may show images from: the S3 endpoint when a bucket is configured (its
 * presigned links point there; public uploads are served by the site itself, /api/files). None for the local
 * directory. docs/decisions/007-uploads-and-storage.md
 */
const EXTRA_IMAGE_ORIGINS: readonly string[] = storageOrigins(env);

/** A `sha256-…` source, as CSP writes it without the quotes. */
type ScriptHash = `sha256-${string}`;

export function scriptHash(text: string): ScriptHash {
  // The browser hashes the script's text after HTML parsing, which turns CRLF and lone CR into LF.
  return `sha256-${createHash("sha256").update(text.replace(/\r\n?/g, "\n"), "utf8").digest("base64")}`;
}

// A `type` the HTML standard runs as script; any other (application/ld+json, application/json, text/plain…) makes a
// data block, which CSP ignores. Import maps and speculation rules are checked by script-src like scripts are.
const JAVASCRIPT_TYPES = new Set([
  "module",
  "importmap",
  "speculationrules",
  "application/ecmascript",
  "application/javascript",
  "application/x-ecmascript",
  "application/x-javascript",
  "text/ecmascript",
  "text/javascript",
  "text/javascript1.0",
  "text/javascript1.1",
  "text/javascript1.2",
  "text/javascript1.3",
  "text/javascript1.4",
  "text/javascript1.5",
  "text/jscript",
  "text/livescript",
  "text/x-ecmascript",
  "text/x-javascript",
]);

function runsAsScript(type: string | null): boolean {
  if (type === null) return true;
  const essence = type.trim().toLowerCase();
  return essence === "" || JAVASCRIPT_TYPES.has(essence);
}

/**
 * The hashes of the inline scripts in a document, in order, without repeats: every <script> without `src` whose
 * type runs. Bun's HTMLRewriter parses the HTML, so scripts inside comments and `>` inside attributes are read the
 * way the browser reads them.
 */
export function inlineScriptHashes(html: string): ScriptHash[] {
  const scripts: { text: string }[] = [];
  let current: { text: string } | undefined;
  new HTMLRewriter()
    .on("script", {
      element(element) {
        current = element.hasAttribute("src") || !runsAsScript(element.getAttribute("type")) ? undefined : { text: "" };
        if (current) scripts.push(current);
      },
      text(chunk) {
        if (current) current.text += chunk.text;
      },
    })
    .transform(html);
  return [...new Set(scripts.map((s) => scriptHash(s.text)))];
}

/** The `'sha256-…'` sources a policy lists (Astro's own header on the pages it renders). */
export function hashSourcesOf(policy: string | null | undefined): Set<ScriptHash> {
  return new Set([...(policy ?? "").matchAll(/'(sha256-[A-Za-z0-9+/]+={0,2})'/g)].map((m) => m[1] as ScriptHash));
}

/**
 * The policy for one page. Styles may be inline: Astro writes <style> elements and `style` attributes, and React
 * sets style props; injected CSS cannot run code. form-action also governs where a form POST may be redirected:
 * the purchase buttons are plain forms whose answer is a 303 to Stripe Checkout, so Stripe's checkout origin is
 * allowed there (and nowhere else). frame-ancestors replaces X-Frame-Options in current browsers.
 */
/** Where Stripe-hosted Checkout Sessions live without a custom domain. */
const STRIPE_CHECKOUT_ORIGIN = "https://checkout.stripe.com";

/**
 * The origins a purchase form may be redirected to: Stripe's own checkout origin, and the custom Checkout domain when
 * one is configured (STRIPE_CHECKOUT_DOMAIN: Stripe then answers session URLs on it, and a form-action without it
 * would stop every purchase button at our own redirect).
 */
export function checkoutOrigins(settings: Pick<Env, "STRIPE_CHECKOUT_DOMAIN">): string[] {
  const domain = settings.STRIPE_CHECKOUT_DOMAIN;
  if (!domain) return [STRIPE_CHECKOUT_ORIGIN];
  const origin = new URL(domain.includes("://") ? domain : `https://${domain}`).origin;
  return [...new Set([STRIPE_CHECKOUT_ORIGIN, origin])];
}

const CHECKOUT_ORIGINS: readonly string[] = checkoutOrigins(env);

export function contentSecurityPolicy(
  scriptHashes: Iterable<ScriptHash>,
  imageOrigins: readonly string[] = EXTRA_IMAGE_ORIGINS,
  formOrigins: readonly string[] = CHECKOUT_ORIGINS,
): string {
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    ["script-src", "'self'", ...[...new Set(scriptHashes)].map((h) => `'${h}'`)],
    ["style-src", "'self'", "'unsafe-inline'"],
    // data: for the SVG icons daisyUI draws as CSS masks.
    ["img-src", "'self'", "data:", ...imageOrigins],
    ["font-src", "'self'"],
    ["connect-src", "'self'"],
    ["object-src", "'none'"],
    ["base-uri", "'self'"],
    ["form-action", "'self'", ...formOrigins],
    ["frame-ancestors", "'none'"],
  ];
  return directives.map((d) => d.join(" ")).join("; ");
}
