// Hostile bodies against the real server process: 40 concurrent 11 MB bodies of each kind (declared length,
// chunked, multipart) are answered 413/415 while the server's memory stays flat (limits hold while reading).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

// It starts a server of its own on PGlite data directories whatever TEST_DATABASE says: the PGlite pass
// runs it, the PostgreSQL pass skips it (it would test the same thing again).
const skipOnPostgres = process.env.TEST_DATABASE === "postgres";
const ORIGIN = "http://localhost:3000";
const ELEVEN_MB = 11 * 1024 * 1024;
const payload = new Uint8Array(ELEVEN_MB).fill(0x61); // one buffer shared by every request
let proc: ReturnType<typeof Bun.spawn>;
let base: string;
let dir: string;

/** Resident memory of a process, in MB. (VmHWM is no use: start-up, PGlite's initdb, already peaks higher.) */
function rssOf(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) / 1024;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "pglite-limits-"));
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  base = `http://127.0.0.1:${port}`;
  proc = Bun.spawn([process.execPath, "server/main.ts", "--api-only"], {
    cwd: join(import.meta.dir, ".."),
    env: {
      ...process.env,
      DATABASE_URL: "",
      PGLITE_DATA_DIR: dir,
      PORT: String(port),
      HOST: "127.0.0.1",
      SITE_URL: ORIGIN,
      LOG_LEVEL: "error",
    },
    stdout: "ignore",
    stderr: "inherit",
  });
  for (let i = 0; i < 150; i++) {
    if (
      await fetch(`${base}/api/ready`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await Bun.sleep(200);
  }
  throw new Error("the server did not become ready");
});

afterAll(async () => {
  // bun runs afterAll even when every test was skipped, and beforeAll then did not start anything.
  if (!proc) return;
  proc.kill("SIGTERM");
  await proc.exited;
  rmSync(dir, { recursive: true, force: true });
});

/** The status the server answered, or "reset" when it closed the connection before the client finished sending. */
async function statusOf(init: RequestInit): Promise<number | "reset"> {
  try {
    const res = await fetch(`${base}/api/login`, { method: "POST", ...init, headers: { origin: ORIGIN, ...init.headers } });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return "reset";
  }
}

function chunkedBody() {
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= payload.length) return controller.close();
      controller.enqueue(payload.subarray(offset, offset + 256 * 1024));
      offset += 256 * 1024;
    },
  });
}

describe.skipIf(skipOnPostgres)("40 concurrent 11 MB bodies of each kind", () => {
  test("are refused (413/415) and the server's memory grows by less than 150 MB", async () => {
    // Warm up the routes first so their compilation is not counted as growth.
    await statusOf({ body: "{}", headers: { "content-type": "application/json" } });
    const before = rssOf(proc.pid);
    let highest = before;
    const sampler = setInterval(() => (highest = Math.max(highest, rssOf(proc.pid))), 10);
    const kinds: Record<string, () => RequestInit> = {
      declared: () => ({ body: payload, headers: { "content-type": "application/json" } }),
      chunked: () => ({ body: chunkedBody(), headers: { "content-type": "application/json" }, duplex: "half" }) as RequestInit,
      multipart: () => {
        const form = new FormData();
        form.set("file", new Blob([payload]), "big.bin");
        return { body: form };
      },
    };
    const results: Record<string, (number | "reset")[]> = {};
    for (const [kind, init] of Object.entries(kinds)) {
      results[kind] = await Promise.all(Array.from({ length: 40 }, () => statusOf(init())));
    }
    clearInterval(sampler);
    console.log(`server RSS: ${before.toFixed(0)} MB before, at most ${highest.toFixed(0)} MB during`);

    // A refusal may arrive as the status or, for a sender still writing, as the connection closing on it.
    expect(results.declared!.every((s) => s === 413 || s === "reset")).toBe(true);
    expect(results.chunked!.every((s) => s === 413 || s === "reset")).toBe(true);
    expect(results.multipart!.every((s) => s === 415 || s === "reset")).toBe(true);
    for (const kind of Object.keys(kinds)) expect(results[kind]!.filter((s) => s !== "reset").length).toBeGreaterThan(0);
    expect(highest - before).toBeLessThan(150);
    // And the server is still fine.
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
  }, 120_000);
});
