#!/usr/bin/env node
// The platform's command-line entry, runnable with nothing but Node.js >= 20 and npm (README's two commands):
//   npm start        install if needed, build the site, serve site + API with demo data on embedded PGlite
//   npm run dev      API (watched) + Astro dev server with reload, on http://127.0.0.1:4321
//   npm test         every test: API on PGlite and on PostgreSQL, then Playwright in Chromium; prints a summary
// It only bootstraps Bun (from the npm registry) and orchestrates; the app itself runs under Bun.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const bun = join(root, "node_modules/.bin/bun");
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const baseEnv = { ...process.env, ASTRO_TELEMETRY_DISABLED: "1" };

function run(cmd, args, { env = baseEnv, allowFail = false } = {}) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: "inherit", env });
  if (result.status !== 0 && !allowFail) {
    console.error(`\n✗ ${[cmd, ...args].join(" ")} exited with ${result.status ?? result.signal}`);
    process.exit(result.status || 1);
  }
  return result.status ?? 1;
}

function ensureInstalled() {
  if (existsSync(bun) && existsSync(join(root, "api/src/generated/prisma/client.ts"))) return;
  const version = pkg.devDependencies.bun;
  console.log(`Installing dependencies with bun@${version} …`);
  run("npx", ["-y", `bun@${version}`, "install", "--frozen-lockfile"]);
}

function build() {
  run(bun, ["--bun", "astro", "build", "--silent"]);
}

/** Runs a long-lived child and forwards SIGINT/SIGTERM to it, exiting with its code. */
function serve(children) {
  const procs = children.map(([cmd, args, env]) =>
    spawn(cmd, args, { cwd: root, stdio: "inherit", env: { ...baseEnv, ...env } }),
  );
  const stop = (signal) => procs.forEach((p) => p.exitCode === null && p.kill(signal));
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
  let remaining = procs.length;
  for (const p of procs) {
    p.on("exit", (code) => {
      stop("SIGTERM"); // one side gone: stop the other too
      if (--remaining === 0) process.exit(code ?? 0);
    });
  }
}

const command = process.argv[2];
ensureInstalled();

if (command === "start") {
  build();
  serve([[bun, ["server/main.ts"], {}]]);
} else if (command === "dev") {
  const apiPort = process.env.API_DEV_PORT ?? "3001";
  serve([
    [
      bun,
      ["--watch", "server/main.ts", "--api-only"],
      { PORT: apiPort, HOST: "127.0.0.1", SITE_URL: process.env.SITE_URL ?? "http://127.0.0.1:4321" },
    ],
    [bun, ["--bun", "astro", "dev"], { API_DEV_PORT: apiPort }],
  ]);
} else if (command === "test") {
  const { runAllTests } = await import("./run-tests.mjs");
  process.exit(await runAllTests({ root, bun, run, build, env: baseEnv, args: process.argv.slice(3) }));
} else {
  console.error("Usage: node scripts/platform.mjs start | dev | test [--no-e2e] [--no-postgres]");
  process.exit(2);
}
