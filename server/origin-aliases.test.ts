// The origin check as a real server applies it: a form posted from http://127.0.0.1:PORT while SITE_URL says
// localhost goes through in development (the newcomer's case) and is refused as cross-site in production.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Subprocess } from "bun";
import { freePort } from "../api/test/served-site";

const root = join(import.meta.dir, "..");
// It starts two API servers of its own on PGlite data directories whatever TEST_DATABASE says: the PGlite pass
// runs it, the PostgreSQL pass skips it (it would test the same thing again).
const skipOnPostgres = process.env.TEST_DATABASE === "postgres";
const started: Subprocess[] = [];
const scratch = mkdtempSync(join(tmpdir(), "origin-aliases-"));

afterAll(async () => {
  for (const proc of started) proc.kill("SIGTERM");
  await Promise.all(started.map((proc) => proc.exited));
  rmSync(scratch, { recursive: true, force: true });
});

/** Starts the API process (as `npm run dev` does) with SITE_URL on localhost, and waits until it is ready. */
async function startApi(nodeEnv: "development" | "production"): Promise<number> {
  const port = await freePort();
  const proc = Bun.spawn([process.execPath, "server/main.ts", "--api-only"], {
    cwd: root,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      ...process.env,
      NODE_ENV: nodeEnv,
      PORT: String(port),
      HOST: "127.0.0.1",
      SITE_URL: `http://localhost:${port}`,
      SESSION_SECRET: "origin-alias-test-secret-0123456789abcdef",
      PGLITE_DATA_DIR: join(scratch, nodeEnv), // a fresh directory starts faster than memory://
      DATABASE_URL: "",
      SEED_DEMO_DATA: "false",
      LOG_LEVEL: "error",
    },
  });
  started.push(proc);
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`the ${nodeEnv} server exited: ${await new Response(proc.stderr).text()}`);
    if (
      await fetch(`http://127.0.0.1:${port}/api/ready`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return port;
    await Bun.sleep(200);
  }
  throw new Error(`the ${nodeEnv} server was not ready within 45 s`);
}

/** A sign-in posted the way a browser on `origin` posts it. */
const postLogin = (port: number, origin: string) =>
  fetch(`http://127.0.0.1:${port}/api/login`, {
    method: "POST",
    headers: { origin, "content-type": "application/json", "sec-fetch-site": "same-origin" },
    body: JSON.stringify({ usernameOrEmail: "nobody", password: "not-the-password" }),
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as { message?: string } }));

let devPort: number;
let productionPort: number;
// At the top (bun runs a top-level beforeAll only when a test of the file runs; one inside a skipped describe is
// reported as a skipped test of its own).
beforeAll(async () => {
  [devPort, productionPort] = await Promise.all([startApi("development"), startApi("production")]);
}, 60_000);

describe.skipIf(skipOnPostgres)("loopback aliases of SITE_URL", () => {
  test("development accepts 127.0.0.1 and [::1] for localhost on the same port; another port stays cross-site", async () => {
    const port = devPort;
    for (const origin of [`http://127.0.0.1:${port}`, `http://[::1]:${port}`, `http://localhost:${port}`]) {
      const res = await postLogin(port, origin);
      expect(res.status, origin).toBe(401); // the check passed; the credentials are wrong
    }
    expect(await postLogin(port, `http://127.0.0.1:${port + 1}`)).toEqual({
      status: 403,
      body: expect.objectContaining({ message: "Cross-site request refused" }),
    });
  });

  test("production accepts SITE_URL's origin only", async () => {
    const port = productionPort;
    expect((await postLogin(port, `http://localhost:${port}`)).status).toBe(401);
    for (const origin of [`http://127.0.0.1:${port}`, `http://[::1]:${port}`]) {
      expect(await postLogin(port, origin)).toEqual({
        status: 403,
        body: expect.objectContaining({ message: "Cross-site request refused" }),
      });
    }
  });
});
