// The one-process front: /api goes to Elysia, built assets and prerendered pages are served as files, everything
// else is rendered by Astro (seeded home, 404s, the account pages' own form POSTs); security headers and each
// page's CSP; compression by Accept-Encoding; SIGTERM drains, closes the database and exits.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { Server } from "bun";
import { builtAstroApp } from "../api/test/served-site";
import { DIST_DIR, startServer } from "./front";
import { createChallenge, createUserWithPassword, unique } from "../api/test/factories";
import { signedInClient, SITE_ORIGIN } from "../api/test/client";
import { withJobQueue } from "../api/test/jobs";
import { env } from "../api/src/env";
import { limits } from "../api/src/modules/auth/service";

withJobQueue(); // as server/main.ts starts it: a sign-up enqueues its verification mail (decision 011)

let server: Server<undefined>;
let base: string;

beforeAll(async () => {
  server = startServer({ port: 0, hostname: "127.0.0.1", astro: await builtAstroApp() });
  base = `http://127.0.0.1:${server.port}`;
});
afterAll(() => server.stop(true));

describe("routing", () => {
  test("/api/* reaches the API", async () => {
    const res = await fetch(`${base}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  test("the home page is rendered with featured ACTIVE/UPCOMING challenges from the database", async () => {
    const title = unique("Featured");
    await createChallenge({ title, status: "ACTIVE", startDate: new Date("2000-01-01T00:00:00Z") }); // soonest: first of 3
    const hidden = unique("Finished");
    await createChallenge({ title: hidden, status: "COMPLETED", startDate: new Date("1999-01-01T00:00:00Z") });
    const res = await fetch(`${base}/`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Featured Challenges");
    expect(html).toContain(title);
    expect(html).not.toContain(hidden);
  });

  test("prerendered pages and fingerprinted assets are served as files, assets cached for a year", async () => {
    const page = await fetch(`${base}/privacy`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    const asset = readdirSync(join(DIST_DIR, "client/_astro")).find((f) => f.endsWith(".css") || f.endsWith(".js"));
    const res = await fetch(`${base}/_astro/${asset}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  test("unknown paths, including unknown /admin/* paths, get the 404 page with status 404", async () => {
    for (const path of ["/no-such-page", "/admin/no-such-section"]) {
      const res = await fetch(`${base}${path}`);
      expect(res.status).toBe(404);
      expect(await res.text()).toContain("404 Page Not Found");
    }
  });

  test("pages, files and API answers carry the security headers", async () => {
    for (const path of ["/", "/privacy", "/logo.svg", "/api/health", "/no-such-page"]) {
      const res = await fetch(`${base}${path}`);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("cross-origin-opener-policy")).toBe("same-origin");
      const permissions = res.headers.get("permissions-policy") ?? "";
      for (const feature of ["camera", "microphone", "geolocation", "payment", "usb"])
        expect(permissions).toContain(`${feature}=()`);
    }
  });

  test("rendered and prerendered pages carry a CSP listing exactly their inline scripts' hashes; API answers none", async () => {
    for (const path of ["/", "/privacy", "/no-such-page"]) {
      const res = await fetch(`${base}${path}`);
      const html = await res.text();
      // Worked out here without lib/csp.ts: the text of every inline <script> with no type or type="module".
      const inline = [...html.matchAll(/<script(?: type="module")?>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
      expect(inline.length).toBeGreaterThanOrEqual(3); // the theme script, the island runtime, its load directive…
      const hashes = new Set(inline.map((text) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`));
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp).toContain(`script-src 'self' ${[...hashes].join(" ")};`);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'self'");
    }
    expect((await fetch(`${base}/api/health`)).headers.get("content-security-policy")).toBeNull();
  });

  test("paths cannot escape the client directory", async () => {
    for (const path of ["/..%2f..%2fpackage.json", "/%2e%2e/%2e%2e/package.json", "/_astro/..%2f..%2fserver%2fentry.mjs"]) {
      const res = await fetch(`${base}${path}`);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('"devDependencies"');
    }
  });
});

describe("compression by Accept-Encoding", () => {
  /** The bytes as they travel (Bun's fetch would otherwise ask for and undo compression itself). */
  const onTheWire = async (path: string, acceptEncoding?: string, method = "GET") => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {},
      decompress: false,
    });
    return { res, bytes: Buffer.from(await res.arrayBuffer()) };
  };
  const stylesheet = readdirSync(join(DIST_DIR, "client/_astro")).find((f) => f.endsWith(".css"))!;
  const stylesheetBytes = readFileSync(join(DIST_DIR, "client/_astro", stylesheet));

  test("the stylesheet goes out as brotli to a browser, gzip to a gzip-only client, as it is to others", async () => {
    const br = await onTheWire(`/_astro/${stylesheet}`, "gzip, deflate, br, zstd");
    expect(br.res.headers.get("content-encoding")).toBe("br");
    expect(br.bytes.length).toBeLessThan(stylesheetBytes.length / 4);
    expect(brotliDecompressSync(br.bytes).equals(stylesheetBytes)).toBe(true);

    const gzip = await onTheWire(`/_astro/${stylesheet}`, "gzip");
    expect(gzip.res.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(gzip.bytes).equals(stylesheetBytes)).toBe(true);

    const refused = await onTheWire(`/_astro/${stylesheet}`, "br;q=0, gzip");
    expect(refused.res.headers.get("content-encoding")).toBe("gzip");

    const plain = await onTheWire(`/_astro/${stylesheet}`);
    expect(plain.res.headers.get("content-encoding")).toBeNull();
    expect(plain.bytes.equals(stylesheetBytes)).toBe(true);

    for (const { res, bytes } of [br, gzip, plain]) {
      expect(res.headers.get("vary")).toBe("Accept-Encoding");
      expect(res.headers.get("content-type")).toStartWith("text/css");
      expect(res.headers.get("content-length")).toBe(String(bytes.length));
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    }
  });

  test("HEAD says what GET would send", async () => {
    const get = await onTheWire(`/_astro/${stylesheet}`, "br");
    const head = await onTheWire(`/_astro/${stylesheet}`, "br", "HEAD");
    expect(head.res.status).toBe(200);
    expect(head.bytes.length).toBe(0);
    for (const name of ["content-encoding", "content-length", "content-type", "vary"]) {
      expect(head.res.headers.get(name)).toBe(get.res.headers.get(name));
    }
  });

  test("a prerendered page is sent compressed with the CSP of its own inline scripts", async () => {
    const plain = await onTheWire("/privacy");
    const br = await onTheWire("/privacy", "br");
    expect(br.res.headers.get("content-encoding")).toBe("br");
    expect(brotliDecompressSync(br.bytes).equals(plain.bytes)).toBe(true);
    expect(br.res.headers.get("content-security-policy")).toBe(plain.res.headers.get("content-security-policy"));
    expect(plain.res.headers.get("content-security-policy")).toContain("'sha256-");
  });

  test("a rendered page is compressed when the browser accepts it, and is the same page", async () => {
    const plain = await onTheWire("/login");
    const gzip = await onTheWire("/login", "gzip, deflate, br, zstd");
    expect(plain.res.headers.get("content-encoding")).toBeNull();
    expect(gzip.res.headers.get("content-encoding")).toBe("gzip");
    expect(gzip.res.headers.get("vary")).toBe("Accept-Encoding");
    expect(gzip.bytes.length).toBeLessThan(plain.bytes.length / 2);
    const html = gunzipSync(gzip.bytes).toString();
    expect(html).toContain("Sign in"); // the same page, not a broken one
    expect(gzip.res.headers.get("content-security-policy")).toContain("script-src 'self' 'sha256-");
  });

  test("a JSON answer above 1 KB is compressed; a small one is not", async () => {
    const tag = unique("Compressed");
    for (let i = 0; i < 6; i++) {
      await createChallenge({
        title: `${tag} ${i}`,
        description: "A description long enough to make the list worth compressing. ".repeat(3),
      });
    }
    const path = `/api/challenges?search=${encodeURIComponent(tag)}`;
    const plain = await onTheWire(path);
    expect(plain.bytes.length).toBeGreaterThan(1024);
    expect(JSON.parse(plain.bytes.toString())).toHaveLength(6);

    const gzip = await onTheWire(path, "gzip, deflate, br, zstd");
    expect(gzip.res.status).toBe(200);
    expect(gzip.res.headers.get("content-encoding")).toBe("gzip");
    expect(gzip.res.headers.get("vary")).toBe("Accept-Encoding");
    expect(gzip.res.headers.get("content-type")).toStartWith("application/json");
    expect(gunzipSync(gzip.bytes).equals(plain.bytes)).toBe(true);

    const br = await onTheWire(path, "br");
    expect(br.res.headers.get("content-encoding")).toBe("br");
    expect(brotliDecompressSync(br.bytes).equals(plain.bytes)).toBe(true);

    const health = await onTheWire("/api/health", "gzip, deflate, br, zstd");
    expect(health.res.headers.get("content-encoding")).toBeNull();
    expect(JSON.parse(health.bytes.toString())).toEqual({ status: "ok" });
  });
});

describe("the CSP of rendered pages", () => {
  const sha = (text: string) => `sha256-${createHash("sha256").update(text).digest("base64")}`;

  test("lists only the inline scripts Astro vouched for; keeps status, cookies and body", async () => {
    const body = `<!doctype html><title>t</title><script>astro()</script><script>injected()</script>`;
    const fakeAstro = {
      pageCache: () => undefined,
      render: async () =>
        new Response(body, {
          status: 201,
          headers: [
            ["content-type", "text/html"],
            ["content-security-policy", `script-src 'self' '${sha("astro()")}' '${sha("elsewhere()")}'`],
            ["set-cookie", "a=1; Path=/"],
            ["set-cookie", "b=2; Path=/"],
          ],
        }),
    };
    const front = startServer({ port: 0, hostname: "127.0.0.1", astro: fakeAstro });
    try {
      const res = await fetch(`http://127.0.0.1:${front.port}/somewhere`);
      expect(res.status).toBe(201);
      expect(await res.text()).toBe(body);
      expect(res.headers.getSetCookie()).toEqual(["a=1; Path=/", "b=2; Path=/"]);
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp).toContain(`script-src 'self' '${sha("astro()")}';`); // not injected(), nor a hash the page lacks
      expect(csp).toContain("frame-ancestors 'none'");
    } finally {
      front.stop(true);
    }
  });
});

describe("account pages handle their own form POST (no JavaScript yet)", () => {
  /** A browser's native form submit: form-encoded, with the Origin it was sent from (the site's own by default). */
  const postForm = (path: string, fields: Record<string, string>, init: { origin?: string; cookie?: string } = {}) =>
    fetch(`${base}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: init.origin ?? SITE_ORIGIN, ...(init.cookie ? { cookie: init.cookie } : {}) },
      body: new URLSearchParams(fields),
    });
  const sessionCookie = (res: Response) =>
    res.headers
      .getSetCookie()
      .find((c) => c.startsWith("sid="))
      ?.split(";")[0];
  const alerts = (html: string) => [...html.matchAll(/role="alert"[^>]*>(?:<span>)?([^<]*)/g)].map((m) => m[1]);

  test("a cross-site form POST is refused with 403 before the page runs (Astro's security.checkOrigin)", async () => {
    const password = "cross-site-pass-1";
    const user = await createUserWithPassword(password);
    for (const path of ["/login", "/register", "/forgot-password", "/profile", "/reset-password/some-token"]) {
      const res = await postForm(
        path,
        { usernameOrEmail: user.username, password, email: user.email },
        { origin: "https://evil.example" },
      );
      expect(res.status, path).toBe(403);
      expect(res.headers.getSetCookie(), path).toEqual([]);
    }
  });

  test("the origin compared is SITE_URL's, never the Host header's", async () => {
    // The test server listens on 127.0.0.1 while SITE_URL is http://localhost:3000: a form on the Host's origin is
    // not the site's (and behind a TLS proxy the Host-derived origin would say http:// and refuse the real site).
    expect(new URL(base).origin).not.toBe(new URL(env.SITE_URL).origin);
    const res = await postForm("/login", { usernameOrEmail: "someone", password: "whatever-1" }, { origin: base });
    expect(res.status).toBe(403);
  });

  test("signing in: 303 to / with the session cookie, which then works for the API", async () => {
    const password = "form-login-pass-1";
    const user = await createUserWithPassword(password);
    const res = await postForm("/login", { usernameOrEmail: user.username, password });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/");
    const cookie = sessionCookie(res);
    expect(cookie).toBeDefined();
    const me = await fetch(`${base}/api/auth/user`, { headers: { cookie: cookie! } });
    expect(me.status).toBe(200);
    expect((await me.json()).username).toBe(user.username);
  });

  test("a wrong password re-renders the form with 'Invalid credentials', the username kept, the password not", async () => {
    const user = await createUserWithPassword("right-pass-123");
    const res = await postForm("/login", { usernameOrEmail: user.username, password: "wrong-pass-456" });
    expect(res.status).toBe(400);
    expect(res.headers.getSetCookie().some((c) => c.startsWith("sid="))).toBe(false);
    const html = await res.text();
    expect(alerts(html)).toEqual(["Invalid credentials"]);
    expect(html).toContain(`value="${user.username}"`);
    expect(html).not.toContain("wrong-pass-456");
  });

  test("empty fields, a JSON body and an oversized body get a message, never a 500", async () => {
    const empty = await postForm("/login", {});
    expect(empty.status).toBe(400);
    expect(alerts(await empty.text())).toEqual(["This field is required", "This field is required"]);

    const json = await fetch(`${base}/login`, {
      method: "POST",
      headers: { origin: SITE_ORIGIN, "content-type": "application/json" },
      body: JSON.stringify({ usernameOrEmail: "a", password: "b" }),
    });
    expect(json.status).toBe(415);
    expect(alerts(await json.text())).toEqual(["The form could not be read. Please try again."]);

    const big = await postForm("/login", { usernameOrEmail: "x".repeat(20_000), password: "p" });
    expect(big.status).toBe(413);

    const nul = await postForm("/login", { usernameOrEmail: "ad\0min", password: "p" });
    expect(nul.status).toBe(400);
  });

  test("a sign-in through the page counts against the visitor's own per-IP sign-in limit", async () => {
    const ip = "127.0.0.1"; // the test's socket address, as the Bun front records it
    const user = await createUserWithPassword("limit-pass-123");
    await limits.loginPerIp.reset(ip); // the tests above signed in from here too
    try {
      for (let i = 1; i < limits.loginPerIp.limit; i++) await limits.loginPerIp.hit(ip);
      // The last allowed attempt: counted under the visitor's address, not the server's own.
      const last = await postForm("/login", { usernameOrEmail: user.username, password: "wrong-pass-1" });
      expect(last.status).toBe(400);
      expect(await limits.loginPerIp.retryAfter(ip)).toBeGreaterThan(0);
      const refused = await postForm("/login", { usernameOrEmail: user.username, password: "limit-pass-123" });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(alerts(await refused.text())).toEqual(["Too many sign-in attempts. Please try again later."]);
    } finally {
      await limits.loginPerIp.reset(ip);
    }
  });

  test("register: the site's checks first ('Passwords do not match'), then an account and a session", async () => {
    const username = unique("form").replaceAll("-", "_");
    const email = `${username}@example.com`;
    const mismatch = await postForm("/register", {
      username,
      email,
      password: "long-enough-1",
      confirmPassword: "long-enough-2",
    });
    expect(mismatch.status).toBe(400);
    const html = await mismatch.text();
    expect(alerts(html)).toEqual(["Passwords do not match"]);
    expect(html).toContain(`value="${username}"`);
    expect(html).toContain(`value="${email}"`);
    expect(html).not.toContain("long-enough-");

    const short = await postForm("/register", { username, email, password: "short", confirmPassword: "short" });
    expect(alerts(await short.text())).toEqual(["Password must be at least 8 characters long"]);

    const created = await postForm("/register", {
      username,
      email,
      password: "long-enough-1",
      confirmPassword: "long-enough-1",
      firstName: "Form",
    });
    expect(created.status).toBe(303);
    expect(created.headers.get("location")).toBe("/");
    const me = await fetch(`${base}/api/auth/user`, { headers: { cookie: sessionCookie(created)! } });
    expect(await me.json()).toMatchObject({ username, email, firstName: "Form" });

    const taken = await postForm("/register", { username, email, password: "long-enough-1", confirmPassword: "long-enough-1" });
    expect(taken.status).toBe(409);
    expect(alerts(await taken.text())).toHaveLength(1);
  });

  test("forgot password answers with the 'Check Your Email' view; reset shows the API's refusal", async () => {
    const forgot = await postForm("/forgot-password", { email: "nobody@example.com" });
    expect(forgot.status).toBe(200);
    expect(await forgot.text()).toContain("Check Your Email");

    const reset = await postForm("/reset-password/not-a-real-token", {
      newPassword: "new-pass-123",
      confirmPassword: "new-pass-123",
    });
    expect(reset.status).toBe(400);
    const html = await reset.text();
    expect(alerts(html)).toHaveLength(1);
    expect(html).not.toContain("new-pass-123");
  });

  test("/profile changes nothing on a POST and asks for JavaScript", async () => {
    const user = await createUserWithPassword("profile-pass-1");
    const { jar } = await signedInClient(user);
    const res = await postForm(
      "/profile",
      { currentPassword: "profile-pass-1", newPassword: "changed-1", confirmPassword: "changed-1" },
      { cookie: jar.header() },
    );
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(alerts(html)).toEqual(["Please enable JavaScript to use this form, or try again once the page has finished loading."]);
    expect(html).not.toContain("profile-pass-1");
    const stillWorks = await postForm("/login", { usernameOrEmail: user.username, password: "profile-pass-1" });
    expect(stillWorks.status).toBe(303);
  });
});

describe("process lifecycle", () => {
  test("SIGTERM: stops serving, closes the database, releases the data directory and exits 0", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pglite-main-"));
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const proc = Bun.spawn([process.execPath, "server/main.ts"], {
      cwd: join(import.meta.dir, ".."),
      env: {
        ...process.env,
        DATABASE_URL: "",
        PGLITE_DATA_DIR: dir,
        PORT: String(port),
        HOST: "127.0.0.1",
        LOG_LEVEL: "info",
        SEED_DEMO_DATA: "false",
      },
      stdout: "pipe",
      stderr: "pipe",
    });
    try {
      let ready = false;
      // A fresh data directory (initdb) on a busy machine: up to a minute, as api/test/server-process.ts waits.
      for (let i = 0; i < 300 && !ready; i++) {
        ready = await fetch(`http://127.0.0.1:${port}/api/ready`).then(
          (r) => r.ok,
          () => false,
        );
        if (!ready) await Bun.sleep(200);
      }
      expect(ready).toBe(true);
      expect(existsSync(join(dir, "platform.lock"))).toBe(true);
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
      await Bun.sleep(300); // the access log is written just after the response leaves
      proc.kill("SIGTERM");
      expect(await proc.exited).toBe(0);
      const out = await new Response(proc.stdout).text();
      const lines = out
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l));
      expect(lines.map((l) => l.msg)).toContain("stopped");
      const access = lines.find((l) => l.msg === "request" && l.path === "/api/health");
      expect(access).toMatchObject({ method: "GET", path: "/api/health", status: 200 });
      expect(access.requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(existsSync(join(dir, "platform.lock"))).toBe(false);
    } finally {
      proc.kill("SIGKILL");
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  test("invalid configuration stops start-up with a message naming the variable", async () => {
    const proc = Bun.spawnSync([process.execPath, "server/main.ts"], {
      cwd: join(import.meta.dir, ".."),
      env: { ...process.env, PORT: "not-a-port" },
    });
    expect(proc.exitCode).toBe(1);
    expect(proc.stderr.toString()).toContain("Invalid configuration: PORT");
  });
});
