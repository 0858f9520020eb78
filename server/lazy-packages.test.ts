// A server holds in memory only what it has used (decision 003, "Loaded when used"). The Stripe SDK, sharp (libvips),
// nodemailer, sanitize-html and the OpenAPI generator are loaded by the first request that needs them, not at start: a
// server that has started, run its job queue and served pages and lists has loaded none. The real server process
// (`bun server/main.ts`) on a new embedded database, asked through a preloaded probe (api/test/loaded-packages.ts).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Subprocess } from "bun";
import { freePort, ownServerEnv, siteBuilt } from "../api/test/served-site";

const root = join(import.meta.dir, "..");
const scratch = mkdtempSync(join(tmpdir(), "lazy-packages-"));
const listFile = join(scratch, "packages.txt");
const LAZY = ["stripe", "sharp", "nodemailer", "sanitize-html", "@elysiajs/openapi"];

let server: Subprocess;
let base = "";
beforeAll(async () => {
  await siteBuilt();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = Bun.spawn([process.execPath, "--preload", "./api/test/loaded-packages.ts", "server/main.ts"], {
    cwd: root,
    stdout: "ignore",
    stderr: "inherit",
    env: ownServerEnv(port, scratch, {
      SMTP_URL: "",
      STRIPE_SECRET_KEY: "",
      // Not seeded: seeding a new database stores the demo catalogue the way a sync does (sanitize-html), once.
      SEED_DEMO_DATA: "false",
      LOADED_PACKAGES_FILE: listFile,
    }),
  });
  for (let i = 0; ; i++) {
    const ready = await fetch(`${base}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (i > 600) throw new Error("the server did not become ready within 60 s");
    await Bun.sleep(100);
  }
}, 90_000);
afterAll(async () => {
  server?.kill("SIGTERM");
  await server?.exited;
  rmSync(scratch, { recursive: true, force: true });
});

/** The packages the server has loaded by now. */
async function loadedPackages(): Promise<string[]> {
  rmSync(listFile, { force: true });
  server.kill("SIGUSR2");
  for (let i = 0; !existsSync(listFile); i++) {
    if (i > 100) throw new Error("the probe wrote nothing");
    await Bun.sleep(50);
  }
  return readFileSync(listFile, "utf8").split("\n");
}

test("a server that has served pages and lists has loaded none of the packages it loads on first use", async () => {
  for (const path of ["/", "/challenges", "/merchandise", "/resources", "/login", "/api/challenges", "/api/resources"]) {
    expect((await fetch(`${base}${path}`)).status).toBe(200);
  }
  const loaded = await loadedPackages();
  expect(loaded).toContain("elysia"); // the probe sees what is loaded …
  expect(loaded).toContain("pg-boss");
  expect(LAZY.filter((name) => loaded.includes(name))).toEqual([]); // … and none of these
});

test("the first request that needs one loads it", async () => {
  expect((await fetch(`${base}/api/openapi/json`)).status).toBe(200);
  expect(await loadedPackages()).toContain("@elysiajs/openapi");
});
