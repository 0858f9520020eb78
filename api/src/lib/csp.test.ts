// The CSP helper: which inline scripts it hashes (and which it skips), reading hashes back from a policy, and the policy's directives.
import { describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { checkoutOrigins, contentSecurityPolicy, hashSourcesOf, inlineScriptHashes, scriptHash } from "./csp";
import { loadEnv } from "../env";
import { storageOrigins } from "./storage";

const sha = (text: string) => `sha256-${createHash("sha256").update(text).digest("base64")}` as const;

describe("inlineScriptHashes", () => {
  test("hashes classic, module and JavaScript-typed inline scripts, in order, once each", () => {
    const html = `<!doctype html><html><head><script>a()</script></head><body>
      <script type="module">b()</script><script type="text/javascript">c()</script><script type="">d()</script>
      <script>a()</script></body></html>`;
    expect(inlineScriptHashes(html)).toEqual([sha("a()"), sha("b()"), sha("c()"), sha("d()")]);
  });

  test("skips scripts with src (even with text inside), JSON and JSON-LD data blocks, and commented-out scripts", () => {
    const html = `<script src="/_astro/x.js"></script><script src="/y.js">ignored()</script>
      <script type="application/ld+json">{"@type":"Thing"}</script><script type="application/json">{"a":1}</script>
      <!-- <script>old()</script> --><script type="text/plain">not code</script>`;
    expect(inlineScriptHashes(html)).toEqual([]);
  });

  test("import maps are checked by script-src, so they are hashed too", () => {
    expect(inlineScriptHashes(`<script type="importmap">{"imports":{}}</script>`)).toEqual([sha(`{"imports":{}}`)]);
  });

  test("reads the script the way the browser does: a quoted > in an attribute, CRLF as LF, multi-byte text", () => {
    const html = `<script data-note="a > b">x()\r\ny("é→")</script><script type="module" data-x='1'></script>`;
    expect(inlineScriptHashes(html)).toEqual([sha(`x()\ny("é→")`), sha("")]);
    expect(scriptHash("a\r\nb\rc")).toBe(sha("a\nb\nc"));
  });
});

describe("hashSourcesOf", () => {
  test("collects the quoted sha256 sources of a policy; none from an absent one", () => {
    const policy = `script-src 'self' 'sha256-AbC+/9=' 'sha256-xyz'; style-src 'self' 'sha256-Sty1e=' 'unsafe-inline'`;
    expect([...hashSourcesOf(policy)]).toEqual(["sha256-AbC+/9=", "sha256-xyz", "sha256-Sty1e="]);
    expect(hashSourcesOf(null).size).toBe(0);
  });
});

describe("contentSecurityPolicy", () => {
  test("script-src is our origin plus the given hashes only; the fixed directives lock the rest down", () => {
    const policy = contentSecurityPolicy([sha("a()"), sha("a()")]);
    const directives = Object.fromEntries(policy.split("; ").map((d) => [d.split(" ")[0], d.split(" ").slice(1).join(" ")]));
    expect(directives).toEqual({
      "default-src": "'self'",
      "script-src": `'self' '${sha("a()")}'`,
      "style-src": "'self' 'unsafe-inline'",
      "img-src": "'self' data:",
      "font-src": "'self'",
      "connect-src": "'self'",
      "object-src": "'none'",
      "base-uri": "'self'",
      "form-action": "'self' https://checkout.stripe.com", // purchase forms are redirected to Stripe Checkout
      "frame-ancestors": "'none'",
    });
    expect(directives["script-src"]).not.toMatch(/unsafe|\*|data:|https?:/);
  });

  test("extra image origins (object storage) join img-src", () => {
    expect(contentSecurityPolicy([], ["https://media.example.com"])).toContain("img-src 'self' data: https://media.example.com;");
  });

  test("the S3 endpoint's origin joins img-src when a bucket is configured; the local directory adds none", () => {
    const bucket = { S3_BUCKET: "uploads", S3_ENDPOINT: "https://acct.r2.cloudflarestorage.com", S3_REGION: undefined };
    expect(contentSecurityPolicy([], storageOrigins(bucket))).toContain(
      "img-src 'self' data: https://acct.r2.cloudflarestorage.com;",
    );
    expect(storageOrigins({ S3_BUCKET: "uploads", S3_ENDPOINT: undefined, S3_REGION: "eu-west-1" })).toContain(
      "https://s3.eu-west-1.amazonaws.com",
    );
    expect(storageOrigins({ S3_BUCKET: undefined, S3_ENDPOINT: undefined, S3_REGION: undefined })).toEqual([]);
  });

  test("form-action takes the configured custom Checkout domain beside Stripe's own (decision 010)", () => {
    const origins = checkoutOrigins(loadEnv({ STRIPE_CHECKOUT_DOMAIN: "Pay.Example.com" }));
    expect(origins).toEqual(["https://checkout.stripe.com", "https://pay.example.com"]);
    expect(contentSecurityPolicy([], [], origins)).toContain(
      "form-action 'self' https://checkout.stripe.com https://pay.example.com;",
    );
    // An origin is accepted as well as a bare host; without the setting only Stripe's own domain is allowed.
    expect(checkoutOrigins(loadEnv({ STRIPE_CHECKOUT_DOMAIN: "https://pay.example.com" }))).toContain("https://pay.example.com");
    expect(checkoutOrigins(loadEnv({}))).toEqual(["https://checkout.stripe.com"]);
  });

  test("STRIPE_CHECKOUT_DOMAIN refuses what is not one https host: a path, a wildcard, http, a port-less IP list", () => {
    for (const bad of [
      "pay.example.com/c",
      "*.example.com",
      "http://pay.example.com",
      "pay example.com",
      "https://",
      "'self' *",
    ]) {
      expect(() => loadEnv({ STRIPE_CHECKOUT_DOMAIN: bad })).toThrow(/STRIPE_CHECKOUT_DOMAIN/);
    }
  });
});
