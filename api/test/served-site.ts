// Test support: the built site (Astro's server bundle + the in-process API) served on a free loopback port for one
// test file — started before its tests, stopped after — and `page()` to fetch one page as a visitor or with a cookie;
// `siteBuilt()` for tests that serve dist/ (built on demand, so `npm run test:api` needs no build first); and
// `freePort()` and `ownServerEnv()` for tests that start a server process of their own.
import { afterAll, beforeAll } from "bun:test";
import { createServer } from "node:net";
import { join } from "node:path";
import type { Server } from "bun";
import { loadAstroApp, startServer } from "../../server/front";
import { buildSite, isBuildCurrent } from "../../scripts/build-stamp.mjs";

const ROOT = join(import.meta.dir, "../..");
let building: Promise<void> | undefined;

/**
 * Resolves once dist/ holds a build of the current sources: at once when the build stamp matches (`npm test` builds
 * first), else after building it as `npm run build` does (a few seconds), once per test process. Every test that
 * serves the built site, or starts a server process that does, awaits it first.
 */
export function siteBuilt(): Promise<void> {
  building ??= (async () => {
    if (isBuildCurrent(ROOT)) return;
    console.log("dist/ is missing or older than the sources: building the site first (npm run build)");
    // The build's own environment, not this test process's (the preload set NODE_ENV=test, a test database, …).
    const env = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ASTRO_TELEMETRY_DISABLED: "1" };
    const status = buildSite(ROOT, { env });
    if (status !== 0) throw new Error(`the site build failed (exit ${status}): run npm run build to see why`);
  })();
  return building;
}

/** The built site's Astro app (server/front.ts's loader), built first when stale. */
export async function builtAstroApp() {
  await siteBuilt();
  return loadAstroApp();
}

export function servedSite() {
  let server: Server<undefined> | undefined;
  let base = "";
  beforeAll(async () => {
    server = startServer({ port: 0, hostname: "127.0.0.1", astro: await builtAstroApp() });
    base = `http://127.0.0.1:${server.port}`;
  });
  afterAll(() => server?.stop(true));
  return {
    /** The absolute URL of `path` on the served site. */
    url: (path: string) => `${base}${path}`,
    /** One page: its status and HTML (redirects followed unless told `manual`). */
    async page(path: string, cookie?: string, redirect: RequestRedirect = "follow") {
      const res = await fetch(`${base}${path}`, { headers: cookie ? { cookie } : {}, redirect });
      return { status: res.status, html: await res.text() };
    },
  };
}

/** A loopback port nothing listens on right now (for a test that starts a server process of its own). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/**
 * The environment of a server process a test starts itself (`bun server/main.ts`, `npm start`) on `port`: development,
 * a new embedded database, its mail and uploads, all under `scratch`; logs at warn. `more` adds to it or overrides it.
 */
export function ownServerEnv(port: number, scratch: string, more: Record<string, string> = {}) {
  return {
    ...process.env,
    NODE_ENV: "development",
    PORT: String(port),
    HOST: "127.0.0.1",
    SITE_URL: "",
    PGLITE_DATA_DIR: join(scratch, "pglite"),
    MAIL_OUTBOX_DIR: join(scratch, "outbox"),
    STORAGE_DIR: join(scratch, "uploads"),
    DATABASE_URL: "",
    LOG_LEVEL: "warn",
    ...more,
  };
}
