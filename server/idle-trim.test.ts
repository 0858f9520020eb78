// A server at rest gives memory back once per quiet spell (server/idle-trim.ts; decision 003, "At rest"): never
// under traffic, not for health probes, and it still answers everything correctly after its compiled code is gone.
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { trimWhenIdle } from "./idle-trim";
import { freePort, ownServerEnv, siteBuilt } from "../api/test/served-site";

describe("when a server trims", () => {
  /** A trimmer whose checks the test runs; its own timer (15 s apart) never fires during a test. */
  function trimmer() {
    let trims = 0;
    const idle = trimWhenIdle({ idleMs: 60_000, trim: () => trims++ });
    return {
      idle,
      trims: () => trims,
      /** `ms` pass: the checks the timer would run in that time, one every quarter of the idle time. */
      pass(ms: number, during?: () => void) {
        for (let t = 0; t < ms; t += 15_000) {
          during?.();
          idle.check();
        }
      },
    };
  }

  test("after start-up, once the idle time has passed, and only once while nothing happens", () => {
    const { idle, trims, pass } = trimmer();
    pass(45_000);
    expect(trims()).toBe(0);
    pass(15_000);
    expect(trims()).toBe(1);
    pass(10 * 60_000);
    expect(trims()).toBe(1);
    idle.stop();
  });

  test("again after a request, a whole idle time after it", () => {
    const { idle, trims, pass } = trimmer();
    pass(60_000);
    idle.request("/challenges");
    pass(60_000);
    expect(trims()).toBe(1); // the check that saw the request starts the quiet spell
    pass(15_000);
    expect(trims()).toBe(2);
    pass(10 * 60_000);
    expect(trims()).toBe(2);
    idle.stop();
  });

  test("never under steady traffic, however long it lasts", () => {
    const { idle, trims, pass } = trimmer();
    pass(60 * 60_000, () => idle.request("/api/challenges"));
    expect(trims()).toBe(0);
    idle.stop();
  });

  test("health probes are not activity: a load balancer checking all the time does not keep it from trimming", () => {
    const { idle, trims, pass } = trimmer();
    pass(60_000);
    idle.request("/challenges");
    const probes = () => {
      idle.request("/api/health");
      idle.request("/api/ready");
    };
    pass(75_000, probes);
    expect(trims()).toBe(2);
    pass(60 * 60_000, probes);
    expect(trims()).toBe(2);
    idle.stop();
  });
});

describe("the real server at rest", () => {
  const scratch = mkdtempSync(join(tmpdir(), "idle-trim-"));
  let server: ReturnType<typeof Bun.spawn> | undefined;
  afterAll(async () => {
    server?.kill("SIGTERM");
    await server?.exited;
    rmSync(scratch, { recursive: true, force: true });
  });

  test("gives memory back after start-up and after requests, and serves the same answers after", async () => {
    await siteBuilt();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const proc = Bun.spawn([process.execPath, "server/main.ts"], {
      cwd: join(import.meta.dir, ".."),
      stdout: "pipe",
      stderr: "inherit",
      env: ownServerEnv(port, scratch, { IDLE_TRIM_SECONDS: "1", LOG_LEVEL: "info", SEED_DEMO_DATA: "true" }),
    });
    server = proc;
    // The server's log lines as they come.
    const lines: string[] = [];
    void (async () => {
      let rest = "";
      for await (const chunk of proc.stdout as ReadableStream<Uint8Array>) {
        rest += new TextDecoder().decode(chunk);
        const parts = rest.split("\n");
        rest = parts.pop() ?? "";
        lines.push(...parts);
      }
    })();
    const trims = () => lines.filter((line) => line.includes('"at rest: memory given back"'));
    const until = async (what: () => boolean, label: string) => {
      for (let i = 0; !what(); i++) {
        if (i > 600 || proc.exitCode !== null) throw new Error(`waited in vain for ${label}`);
        await Bun.sleep(100);
      }
    };
    await until(() => lines.some((line) => line.includes('"listening"')), "the server to listen");

    await until(() => trims().length === 1, "the trim after start-up");
    const first = JSON.parse(trims()[0]!) as { rssMbBefore: unknown; rssMb: unknown };
    expect(typeof first.rssMbBefore).toBe("number");
    expect(typeof first.rssMb).toBe("number");

    // Everything it compiled is gone: pages, the API and a signed-in action still answer as before.
    const home = await fetch(`${base}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("<html");
    const list = await fetch(`${base}/api/challenges`);
    expect(list.status).toBe(200);
    expect(((await list.json()) as unknown[]).length).toBeGreaterThan(0);
    const login = await fetch(`${base}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base },
      body: JSON.stringify({ usernameOrEmail: "admin", password: "admin-demo-1234" }),
    });
    expect(login.status).toBe(200);

    await until(() => trims().length === 2, "the trim after those requests");
    // A page, then health probes far more often than the idle time: they are not activity, so it trims all the same.
    expect((await fetch(`${base}/challenges`)).status).toBe(200);
    for (let i = 0; trims().length < 3; i++) {
      if (i > 100) throw new Error("probes kept the server from trimming");
      expect((await fetch(`${base}/api/health`)).status).toBe(200);
      await Bun.sleep(200);
    }
  }, 90_000);
});
