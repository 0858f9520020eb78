// Test support: the built site (Astro's server bundle + the in-process API) served on a free loopback port for one
// test file — started before its tests, stopped after — and `page()` to fetch one page as a visitor or with a cookie;
// and `freePort()` and `ownServerEnv()` for tests that start a server process of their own.
import { afterAll, beforeAll } from "bun:test";
import { createServer } from "node:net";
import { join } from "node:path";
import type { Server } from "bun";
import { loadAstroApp, startServer } from "./front";

export function servedSite() {
  let server: Server<undefined> | undefined;
  let base = "";
  beforeAll(async () => {
    server = startServer({ port: 0, hostname: "127.0.0.1", astro: await loadAstroApp() });
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
