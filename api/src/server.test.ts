// The one-process front: /api goes to Elysia, built assets and prerendered pages are served as files, everything
// else is rendered by Astro (seeded home, 404s); security headers and each page's CSP; SIGTERM drains, closes the
// database and exits.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Server } from "bun";
import { DIST_DIR, loadAstroApp, startServer } from "./server";
import { createChallenge, unique } from "../test/factories";

const built = existsSync(join(DIST_DIR, "server/entry.mjs"));
if (!built) throw new Error("The site is not built: run `bun run build` (npm test does it) before the server tests.");

let server: Server<undefined>;
let base: string;

beforeAll(async () => {
  server = startServer({ port: 0, hostname: "127.0.0.1", astro: await loadAstroApp() });
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
      for (const feature of ["camera", "microphone", "geolocation", "payment", "usb"]) expect(permissions).toContain(`${feature}=()`);
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

describe("the CSP of rendered pages", () => {
  const sha = (text: string) => `sha256-${createHash("sha256").update(text).digest("base64")}`;

  test("lists only the inline scripts Astro vouched for; keeps status, cookies and body", async () => {
    const body = `<!doctype html><title>t</title><script>astro()</script><script>injected()</script>`;
    const fakeAstro = {
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

describe("process lifecycle", () => {
  test("SIGTERM: stops serving, closes the database, releases the data directory and exits 0", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pglite-main-"));
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const proc = Bun.spawn([process.execPath, "api/src/main.ts"], {
      cwd: join(import.meta.dir, "../.."),
      env: { ...process.env, DATABASE_URL: "", PGLITE_DATA_DIR: dir, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "info", SEED_DEMO_DATA: "false" },
      stdout: "pipe",
      stderr: "pipe",
    });
    try {
      let ready = false;
      for (let i = 0; i < 100 && !ready; i++) {
        ready = await fetch(`http://127.0.0.1:${port}/api/ready`).then((r) => r.ok, () => false);
        if (!ready) await Bun.sleep(200);
      }
      expect(ready).toBe(true);
      expect(existsSync(join(dir, "platform.lock"))).toBe(true);
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
      await Bun.sleep(300); // the access log is written just after the response leaves
      proc.kill("SIGTERM");
      expect(await proc.exited).toBe(0);
      const out = await new Response(proc.stdout).text();
      const lines = out.trim().split("\n").map((l) => JSON.parse(l));
      expect(lines.map((l) => l.msg)).toContain("stopped");
      const access = lines.find((l) => l.msg === "request" && l.path === "/api/health");
      expect(access).toMatchObject({ method: "GET", path: "/api/health", status: 200 });
      expect(access.requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(existsSync(join(dir, "platform.lock"))).toBe(false);
    } finally {
      proc.kill("SIGKILL");
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("invalid configuration stops start-up with a message naming the variable", async () => {
    const proc = Bun.spawnSync([process.execPath, "api/src/main.ts"], {
      cwd: join(import.meta.dir, "../.."),
      env: { ...process.env, PORT: "not-a-port" },
    });
    expect(proc.exitCode).toBe(1);
    expect(proc.stderr.toString()).toContain("Invalid configuration: PORT");
  });
});
