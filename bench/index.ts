// Performance figures for the one-process front (decision 001). Prints requests/second for each route and its
// ratio to a bare Bun.serve answering fixed JSON, measured in the same run on the same machine, so the figures
// compare across machines, then the bytes a few answers take on the wire, plain and compressed. Requests ask for
// compression as a browser does (Bun's fetch sends "gzip, deflate, br, zstd"), so its cost is in the rates.
// Traffic stays on loopback; every loop is bounded in time and count.
//   bun run bench            (needs a built site: bun run build)
//   BENCH_SECONDS=5 BENCH_CONNECTIONS=32 DATABASE_URL=postgres://… bun run bench
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const MAX_REQUESTS = 200_000; // hard stop per measurement, whatever the speed
const ROOT = join(import.meta.dir, "..");

async function waitFor(url: string) {
  for (let i = 0; i < 300; i++) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await Bun.sleep(100);
  }
  throw new Error(`${url} did not come up`);
}

async function measure(url: string): Promise<number> {
  let done = 0;
  let failed = 0;
  const deadline = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < deadline && done < MAX_REQUESTS) {
        const res = await fetch(url);
        await res.arrayBuffer();
        if (res.ok) done++;
        else failed++;
      }
    }),
  );
  if (failed) console.warn(`  ${failed} non-2xx answers from ${url}`);
  return done / ((performance.now() - started) / 1000);
}

const basePort = 20_000 + Math.floor(Math.random() * 20_000);
const baseline = Bun.spawn(
  [
    process.execPath,
    "-e",
    `Bun.serve({ port: ${basePort}, hostname: "127.0.0.1", fetch: () => Response.json({ status: "ok" }) })`,
  ],
  { stdout: "ignore", stderr: "inherit" },
);
const dataDir = mkdtempSync(join(tmpdir(), "bench-pglite-"));
const appPort = basePort + 1;
// Production mode, explicitly seeded: the measured routes should list the demo rows, which production omits by default.
const app = Bun.spawn([process.execPath, "server/main.ts"], {
  cwd: ROOT,
  env: {
    ...process.env,
    PORT: String(appPort),
    HOST: "127.0.0.1",
    PGLITE_DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    NODE_ENV: "production",
    SEED_DEMO_DATA: "true",
    SESSION_SECRET: crypto.randomUUID() + crypto.randomUUID(),
  },
  stdout: "ignore",
  stderr: "inherit",
});

try {
  await Promise.all([waitFor(`http://127.0.0.1:${basePort}/`), waitFor(`http://127.0.0.1:${appPort}/api/ready`)]);
  const target = (path: string) => `http://127.0.0.1:${appPort}${path}`;
  // Warm up JITs and caches before measuring.
  for (const path of ["/api/health", "/api/challenges", "/"])
    await Promise.all(Array.from({ length: 50 }, () => fetch(target(path)).then((r) => r.arrayBuffer())));

  const base = await measure(`http://127.0.0.1:${basePort}/`);
  console.log(`database: ${process.env.DATABASE_URL ? "postgres" : "pglite"}, ${CONNECTIONS} connections, ${SECONDS}s each`);
  console.log(`baseline  bare Bun.serve fixed JSON      ${base.toFixed(0).padStart(8)} req/s   1.00`);
  for (const [label, path] of [
    ["api       GET /api/health (fixed JSON)", "/api/health"],
    ["api       GET /api/challenges (Prisma)", "/api/challenges"],
    ["static    GET /logo.svg", "/logo.svg"],
    ["ssr       GET / (Astro + API call)", "/"],
  ] as const) {
    const rate = await measure(target(path));
    console.log(`${label.padEnd(40)}${rate.toFixed(0).padStart(8)} req/s   ${(rate / base).toFixed(2)}`);
  }

  // Bytes as sent (decompress: false keeps fetch from undoing the encoding): built files are precompressed at the
  // best ratios, pages and API answers compressed per request (server/compress.ts).
  const onTheWire = async (path: string, acceptEncoding: string) => {
    const res = await fetch(target(path), { headers: { "accept-encoding": acceptEncoding }, decompress: false });
    const bytes = (await res.arrayBuffer()).byteLength;
    return `${(bytes / 1024).toFixed(1).padStart(6)} KB ${(res.headers.get("content-encoding") ?? "").padEnd(4)}`;
  };
  const built = readdirSync(join(ROOT, "dist/client/_astro"));
  console.log(
    `\n${"bytes on the wire".padEnd(40)}${["identity", "gzip only", "browser"].map((h) => h.padStart(9).padEnd(14)).join("  ")}`,
  );
  for (const [label, path] of [
    ["stylesheet (render-blocking)", `/_astro/${built.find((f) => f.endsWith(".css"))}`],
    ["React runtime", `/_astro/${built.find((f) => f.startsWith("client.") && f.endsWith(".js"))}`],
    ["ssr home page", "/"],
    ["api GET /api/challenges", "/api/challenges"],
  ] as const) {
    const sizes = await Promise.all(["identity", "gzip", "gzip, deflate, br, zstd"].map((accept) => onTheWire(path, accept)));
    console.log(`${label.padEnd(40)}${sizes.join("  ")}`);
  }
} finally {
  baseline.kill();
  app.kill("SIGTERM");
  await app.exited;
  rmSync(dataDir, { recursive: true, force: true });
}
