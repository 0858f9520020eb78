// Where one route's time goes (decision 014): the app as production runs it (server/main.ts on a fresh PostgreSQL
// database, or PGlite with BENCH_PGLITE=1) under Bun's sampling profiler, loaded with wrk, then the profile of the
// loaded seconds only (start-up and shutdown cut off), summed three ways: CPU by layer (each sample's time to the
// innermost frame of ours or a library's, natives to their caller), time inside each global plugin and front step
// (inclusive), and the top frames. The profiler slows everything alike, so read shares, not rates.
//   npm run bench:profile                       GET /api/challenges, 8 s
//   npm run bench:profile -- /api/health        BENCH_SECONDS=15 BENCH_PGLITE=1 npm run bench:profile
//   npm run bench:profile -- bare               the bare Bun.serve + pg baseline (bench/bare-pg.ts), for comparison
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../api/test/served-site";
import { asPostgresAdmin } from "./faults-scenarios";
import { waitUntilReady } from "./ready";

const PATH = process.argv[2] ?? "/api/challenges";
/** `bare`: profile bench/bare-pg.ts instead, what the app's first page costs without the app. */
const BARE = PATH === "bare";
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const ON_PGLITE = process.env.BENCH_PGLITE === "1";
const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const ROOT = join(import.meta.dir, "..");
const WRK = Bun.which("wrk");
if (!WRK) throw new Error("bench:profile needs wrk (apt-get install wrk)");

type Frame = { functionName: string; url: string; lineNumber: number };
type ProfileNode = { id: number; callFrame: Frame; children?: number[] };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

/** Layers, first match wins, by the frame's file. Natives (no file) count for the nearest caller that has one. */
const LAYERS: [string, RegExp][] = [
  ["plugin request-context (request id, access log)", /api\/src\/plugins\/request-context\.ts/],
  ["logger (JSON lines)", /api\/src\/lib\/logger\.ts/],
  ["plugin security (origin, body, input guard)", /api\/src\/plugins\/security\.ts|api\/src\/lib\/input-guard\.ts/],
  ["plugin errors", /api\/src\/plugins\/errors\.ts/],
  ["front (routing, security headers)", /server\/front\.ts|api\/src\/lib\/client-ip\.ts/],
  ["compression", /server\/compress\.ts/],
  ["challenges module + keyset", /api\/src\/modules\/challenges\/|api\/src\/lib\/keyset\.ts/],
  ["other app code", /\/work\/[^/]+\/(api|server)\//],
  ["Prisma client (query compiler, interpreter)", /@prisma\/client|generated\/prisma/],
  ["Prisma adapter", /@prisma\/adapter-|@prisma\/driver-adapter-utils|pglite-prisma-adapter/],
  ["pg driver", /node_modules\/pg(-[a-z]+)?\//],
  ["PGlite (Wasm PostgreSQL)", /@electric-sql\/pglite/],
  ["Elysia (routing, hooks, validation)", /node_modules\/elysia\//],
  ["TypeBox", /@sinclair\/typebox/],
  ["pg-boss (job queue)", /pg-boss/],
  ["other libraries", /node_modules\//],
  ["Bun runtime (JS builtins)", /^(builtin|node:|bun:)|^[a-z]+:\/\/?internal/],
];
// The request-context plugin's two hooks are anonymous: told apart by the line they start on.
const requestContextSource = readFileSync(join(ROOT, "api/src/plugins/request-context.ts"), "utf8").split("\n");
const afterResponseLine = requestContextSource.findIndex((line) => line.includes(".onAfterResponse("));
/** Inclusive steps: a sample counts for each of these it is inside of (async stacks start at the last await). */
const STEPS: [string, (f: Frame) => boolean][] = [
  ["compressResponse", (f) => f.functionName === "compressResponse"],
  ["secured (security headers)", (f) => f.functionName === "secured"],
  ["request-context onRequest (id)", (f) => f.url.endsWith("request-context.ts") && f.lineNumber < afterResponseLine],
  [
    "request-context onAfterResponse (access log)",
    (f) => f.url.endsWith("request-context.ts") && f.lineNumber >= afterResponseLine,
  ],
  ["security plugin hooks", (f) => f.url.endsWith("plugins/security.ts")],
  ["findInputProblem (input guard)", (f) => f.functionName === "findInputProblem"],
  ["challenges service (listChallenges)", (f) => f.functionName === "listChallenges"],
  ["Prisma client (all calls)", (f) => /@prisma\/client/.test(f.url)],
  ["Elysia (all frames)", (f) => /node_modules\/elysia\//.test(f.url)],
  ["TypeBox (validation)", (f) => /@sinclair\/typebox/.test(f.url)],
];

const databaseName = `bench_profile_${Date.now().toString(36)}`;
const databaseUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${databaseName}` }).toString();
const dir = mkdtempSync(join(tmpdir(), "bench-profile-"));
if (BARE && ON_PGLITE) throw new Error("the bare baseline runs on PostgreSQL only");
if (!ON_PGLITE) await asPostgresAdmin(ADMIN_URL, (c) => c.query(`CREATE DATABASE "${databaseName}"`));
try {
  const port = await freePort();
  const startApp = (profiled: boolean) =>
    Bun.spawn([process.execPath, ...(profiled ? ["--cpu-prof", `--cpu-prof-dir=${dir}`] : []), "server/main.ts"], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        SITE_URL: `http://127.0.0.1:${port}`,
        LOG_LEVEL: "info",
        NODE_ENV: "production",
        SEED_DEMO_DATA: "true",
        SESSION_SECRET: crypto.randomUUID() + crypto.randomUUID(),
        DATABASE_URL: ON_PGLITE ? "" : databaseUrl,
        PGLITE_DATA_DIR: join(dir, "pglite"),
      },
      stdout: "ignore",
      stderr: "inherit",
    });
  let server: ReturnType<typeof Bun.spawn>;
  if (BARE) {
    // The app migrates and seeds the database, then the bare baseline answers from it, profiled.
    const app = startApp(false);
    await waitUntilReady(`http://127.0.0.1:${port}/api/ready`);
    app.kill("SIGTERM");
    await app.exited;
    server = Bun.spawn([process.execPath, "--cpu-prof", `--cpu-prof-dir=${dir}`, "bench/bare-pg.ts"], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), DATABASE_URL: databaseUrl },
      stdout: "ignore",
      stderr: "inherit",
    });
    await waitUntilReady(`http://127.0.0.1:${port}/`);
  } else {
    server = startApp(true);
    await waitUntilReady(`http://127.0.0.1:${port}/api/ready`);
  }
  const url = `http://127.0.0.1:${port}${BARE ? "/api/challenges" : PATH}`;
  const wrk = async (seconds: number) => {
    const run = Bun.spawn(
      [WRK, "-t2", `-c${CONNECTIONS}`, `-d${seconds}s`, "-H", "Accept-Encoding: gzip, deflate, br, zstd", url],
      {
        stdout: "pipe",
      },
    );
    const out = await new Response(run.stdout).text();
    return Number(/^Requests\/sec:\s+([\d.]+)/m.exec(out)?.[1]);
  };
  await wrk(10); // warm-up (PGlite's Wasm takes the longest to reach its optimised tier), cut off below
  const loadStarted = performance.now();
  const rate = await wrk(SECONDS);
  const loadEnded = performance.now();
  server.kill("SIGTERM");
  await server.exited;
  const exited = performance.now();

  const file = readdirSync(dir).find((f) => f.endsWith(".cpuprofile"));
  if (!file) throw new Error("the server wrote no profile");
  const profile = JSON.parse(readFileSync(join(dir, file), "utf8")) as Profile;
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  // The loaded window, counted back from the profile's end (written as the process exits).
  const windowEnd = profile.endTime - (exited - loadEnded) * 1000;
  const windowStart = profile.endTime - (exited - loadStarted) * 1000;

  const self = new Map<string, number>();
  const steps = new Map<string, number>();
  const frames = new Map<string, number>();
  let total = 0;
  let idle = 0;
  let t = profile.startTime;
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i]!;
    if (t < windowStart || t > windowEnd) return;
    const dt = profile.timeDeltas[i + 1] ?? profile.timeDeltas[i]!;
    total += dt;
    const leaf = nodes.get(id)!;
    if (leaf.callFrame.functionName === "(idle)" || leaf.callFrame.functionName === "(program)") {
      idle += dt;
      return;
    }
    const stack: Frame[] = [];
    for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) stack.push(nodes.get(n)!.callFrame);
    const owner = stack.find((f) => f.url) ?? leaf.callFrame;
    const layer =
      leaf.callFrame.functionName === "(garbage collector)"
        ? "garbage collector"
        : (LAYERS.find(([, re]) => re.test(owner.url))?.[0] ?? (owner.url ? "other" : "native, no JS caller"));
    self.set(layer, (self.get(layer) ?? 0) + dt);
    for (const [step, inside] of STEPS) if (stack.some(inside)) steps.set(step, (steps.get(step) ?? 0) + dt);
    const where = (f: Frame) =>
      `${f.functionName || "(anonymous)"} ${f.url.replace(/^file:\/\/\/work\/[^/]+\//, "").replace(/^.*node_modules\//, "")}:${f.lineNumber + 1}`;
    const name = leaf.callFrame.url ? where(leaf.callFrame) : `${leaf.callFrame.functionName} ← ${where(owner)}`;
    frames.set(name, (frames.get(name) ?? 0) + dt);
  });
  const busy = total - idle;
  const pct = (us: number) => `${((100 * us) / busy).toFixed(1).padStart(5)}%`;
  const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n);
  console.log(
    `${BARE ? "bare Bun.serve + pg, first page" : `GET ${PATH}`} on ${ON_PGLITE ? "PGlite" : "PostgreSQL"}: ${rate.toFixed(0)} req/s under the profiler (${CONNECTIONS} connections, ${SECONDS} s)`,
  );
  console.log(`server JS thread busy ${((100 * busy) / total).toFixed(0)}% of the window; shares below are of the busy time`);
  console.log(`per request: ${(busy / 1000 / (rate * SECONDS)).toFixed(3)} ms of JS-thread CPU`);
  console.log("\nself time by layer");
  for (const [layer, us] of top(self, 30)) console.log(`  ${pct(us)}  ${layer}`);
  console.log("\ninside (inclusive)");
  for (const [step] of STEPS) console.log(`  ${pct(steps.get(step) ?? 0)}  ${step}`);
  console.log("\ntop frames (self)");
  for (const [name, us] of top(frames, 30)) console.log(`  ${pct(us)}  ${name}`);
} finally {
  if (!ON_PGLITE) await asPostgresAdmin(ADMIN_URL, (c) => c.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`));
  rmSync(dir, { recursive: true, force: true });
}
