// Test support: the built site (Astro's server bundle + the in-process API) served on a free loopback port for one
// test file — started before its tests, stopped after — and `page()` to fetch one page as a visitor or with a cookie;
// and `freePort()` for tests that start a server process of their own.
import { afterAll, beforeAll } from "bun:test";
import { createServer } from "node:net";
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
