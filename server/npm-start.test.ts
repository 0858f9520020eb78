// `npm start` as a person sees it: with the site already built from these sources it skips the build (the build
// stamp), says what it is doing, and ends with the "ready" line naming the URL and the demo sign-in.
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_ACCOUNTS } from "../api/src/cli/seed";
import { freePort, ownServerEnv, siteBuilt } from "../api/test/served-site";

const root = join(import.meta.dir, "..");
const scratch = mkdtempSync(join(tmpdir(), "npm-start-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// npm test builds first, so the stamp matches there; a standalone run after an edit builds here, before the start.
await siteBuilt();

// It starts `npm start` on a PGlite data directory of its own whatever TEST_DATABASE says: the PGlite pass runs it,
// the PostgreSQL pass skips it (it would test the same thing again).
test.skipIf(process.env.TEST_DATABASE === "postgres")(
  "a second start skips the build and prints the ready line with the demo sign-in",
  async () => {
    const port = await freePort();
    const started = performance.now();
    const proc = Bun.spawn(["npm", "start", "--silent"], {
      cwd: root,
      stdout: "pipe",
      stderr: "pipe",
      env: ownServerEnv(port, scratch, { SEED_DEMO_DATA: "" }),
    });
    let output = "";
    const decoder = new TextDecoder();
    const reader = proc.stdout.getReader();
    try {
      while (!output.includes("Stop with Ctrl+C")) {
        const { done, value } = await reader.read();
        if (done) throw new Error(`npm start ended early:\n${output}\n${await new Response(proc.stderr).text()}`);
        output += decoder.decode(value);
      }
      const seconds = (performance.now() - started) / 1000;
      console.log(`npm start: ready after ${seconds.toFixed(1)} s (empty database: migrations and demo seed included)`);
      expect(output).toContain("Site is up to date");
      expect(output).not.toContain("Building the site");
      expect(output).toContain(`✓ InnovateHub is ready: http://localhost:${port}`);
      const { username, password } = DEMO_ACCOUNTS.admin;
      expect(output).toContain(`Demo sign-in: ${username} / ${password}`);
      expect((await fetch(`http://127.0.0.1:${port}/api/ready`)).status).toBe(200);
      // Once ready, npm's only child is the server itself: the preparing Node script has ended and the shell was
      // replaced by Bun (exec), so nothing but npm and the server stays alive.
      const children = readFileSync(`/proc/${proc.pid}/task/${proc.pid}/children`, "utf8").trim().split(/\s+/);
      expect(children.map((pid) => readFileSync(`/proc/${pid}/comm`, "utf8").trim())).toEqual(["bun"]);
      // … run with its collector's budget (decision 003, "The collector's budget").
      expect(readFileSync(`/proc/${children[0]}/environ`, "utf8").split("\0")).toContain("BUN_JSC_forceRAMSize=268435456");
    } finally {
      reader.releaseLock();
      proc.kill("SIGTERM");
      await proc.exited;
    }
  },
  90_000,
);
