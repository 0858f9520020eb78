// What only the bench needs (Lighthouse, and puppeteer-core to drive Chromium for it) lives in bench/package.json,
// out of the project's install (a newcomer's `npm start` and CI's `npm test` never fetch it): the first bench run
// installs it into bench/node_modules with the project's Bun, from bench/bun.lock, and again whenever either changed.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const BENCH = dirname(fileURLToPath(import.meta.url));
const STAMP = join(BENCH, "node_modules/.bench-install-stamp");

/** Installs bench/package.json's dependencies unless bench/node_modules already holds exactly them. */
export function ensureBenchDependencies() {
  const wanted = createHash("sha256")
    .update(readFileSync(join(BENCH, "package.json")))
    .update("\0")
    .update(readFileSync(join(BENCH, "bun.lock")))
    .digest("hex");
  if (existsSync(STAMP) && readFileSync(STAMP, "utf8") === wanted) return;
  // On stderr: `node bench/lighthouse.mjs --json` prints its results on stdout, which bench/index.ts reads.
  console.error("▶ Installing the bench's own dependencies (Lighthouse, puppeteer-core) into bench/node_modules …");
  const result = spawnSync(join(BENCH, "../node_modules/.bin/bun"), ["install", "--frozen-lockfile"], {
    cwd: BENCH,
    stdio: ["ignore", 2, 2],
  });
  if (result.status !== 0) throw new Error(`installing the bench's dependencies failed (bun install exited ${result.status})`);
  writeFileSync(STAMP, wanted);
}
