#!/usr/bin/env node
// The platform's command-line entry, runnable with nothing but Node.js >= 20 and npm (README's commands):
//   npm start        install if needed, build the site if its sources changed (prepare-start), then the npm script
//                    execs the server: site + API in one Bun process (demo data in dev), npm's only child
//   npm run dev      install if needed (prepare-dev), then the npm script execs one watched Bun process: Astro's dev
//                    server with reload on http://127.0.0.1:$DEV_PORT (4321) and the API beside it (scripts/dev.ts)
//   npm run build    build the site into dist/ (always) and record the build stamp
//   npm test         every test: API on PGlite and on PostgreSQL, then Playwright in Chromium; prints a summary
// It only bootstraps Bun (from the npm registry) and orchestrates; the app itself runs under Bun.
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildInputsHash, buildSite, isBuildCurrent, readStamp } from "./build-stamp.mjs";
import { devEnv, serverEnv } from "./server-env.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const bun = join(root, "node_modules/.bin/bun");
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const baseEnv = { ...process.env, ASTRO_TELEMETRY_DISABLED: "1" };
const serverSettings = serverEnv();

/** One line saying what happens next, so a first start that takes a minute never looks stuck. */
function step(message) {
  console.log(`▶ ${message}`);
}
const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

function run(cmd, args, { env = baseEnv, allowFail = false } = {}) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: "inherit", env });
  if (result.status !== 0 && !allowFail) {
    console.error(`\n✗ ${[cmd, ...args].join(" ")} exited with ${result.status ?? result.signal}`);
    process.exit(result.status || 1);
  }
  return result.status ?? 1;
}

const hashOf = (...parts) => parts.reduce((h, part) => h.update(part).update("\0"), createHash("sha256")).digest("hex");

// ---------------------------------------------------------------------------------------------------- install
// The dependency tree matches bun.lock + package.json as they were at the last install; a pull that changes either
// reinstalls (bun, ≈7 s), anything else starts straight away.
const INSTALL_STAMP = join(root, "node_modules/.platform-install-stamp");
const installInputs = () => hashOf(readFileSync(join(root, "bun.lock")), readFileSync(join(root, "package.json")));

function ensureInstalled() {
  const wanted = installInputs();
  const installed = existsSync(bun) && existsSync(join(root, "api/src/generated/prisma/client.ts"));
  if (installed && readStamp(INSTALL_STAMP) === wanted) return;
  const started = performance.now();
  if (existsSync(bun)) {
    step("Installing dependencies (bun.lock or package.json changed) …");
    run(bun, ["install", "--frozen-lockfile"]);
  } else {
    const version = pkg.devDependencies.bun;
    step(`Installing dependencies with bun@${version} from the npm registry (first run, about a minute) …`);
    run("npx", ["-y", `bun@${version}`, "install", "--frozen-lockfile"]);
  }
  writeFileSync(INSTALL_STAMP, wanted);
  console.log(`  installed in ${seconds(started)}`);
}

// ---------------------------------------------------------------------------------------------------- build
/** Builds the site into dist/; with `ifChanged`, only when the sources differ from the last build's. */
function build({ ifChanged = false } = {}) {
  const inputs = buildInputsHash(root);
  if (ifChanged && isBuildCurrent(root, inputs)) {
    console.log("▶ Site is up to date (no source changed since the last build)");
    return;
  }
  const started = performance.now();
  step("Building the site into dist/ …");
  const status = buildSite(root, { bun, env: baseEnv, inputs });
  if (status !== 0) {
    console.error(`\n✗ the site build exited with ${status}`);
    process.exit(status);
  }
  console.log(`  built in ${seconds(started)}`);
}

// ---------------------------------------------------------------------------------------------------- serve
/** Runs long-lived children and forwards SIGINT/SIGTERM to them; when one ends, the others are stopped too. */
function serve(children) {
  const procs = children.map(([cmd, args, env]) =>
    spawn(cmd, args, { cwd: root, stdio: "inherit", env: { ...baseEnv, ...env } }),
  );
  const stop = (signal) => {
    for (const p of procs) if (p.exitCode === null && p.signalCode === null) p.kill(signal);
  };
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
if (!["start", "prepare-start", "dev", "prepare-dev", "build", "test"].includes(command)) {
  console.error(
    "Usage: node scripts/platform.mjs start | prepare-start | dev | prepare-dev | build | test [--no-e2e] [--no-postgres]",
  );
  process.exit(2);
}
ensureInstalled();

if (command === "start" || command === "prepare-start") {
  build({ ifChanged: true });
  step("Starting the server (database, migrations, demo data when empty) …");
  // `npm start` runs `prepare-start`, then its shell execs the server: Bun replaces the shell and this script has
  // ended, so npm's only child is the server (no Node or sh kept alive beside it). `start` keeps the server as a child.
  if (command === "start") serve([[bun, ["server/main.ts", "--ready-line"], serverSettings]]);
} else if (command === "build") {
  build();
} else if (command === "dev" || command === "prepare-dev") {
  step(`Starting Astro's dev server and the API on http://127.0.0.1:${process.env.DEV_PORT ?? "4321"} …`);
  // `npm run dev` runs `prepare-dev`, then its shell execs the dev process (npm's only child, as for `npm start`);
  // `dev` keeps it as a child.
  if (command === "dev") serve([[bun, ["--watch", "scripts/dev.ts"], devEnv()]]);
} else if (command === "test") {
  const { runAllTests } = await import("./run-tests.mjs");
  process.exit(
    await runAllTests({ root, bun, build: () => build({ ifChanged: true }), env: baseEnv, args: process.argv.slice(3) }),
  );
}
