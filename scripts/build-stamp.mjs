// The build stamp: dist/.build-stamp holds the hash of every file the site build reads (the site, the API contracts
// it imports, config, lockfile). `npm start` and `npm test` skip the build while it matches, so a second start is up
// in about 2 s. Tests are not build inputs; server/ is not either (it is not bundled, Bun runs it from source).
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";

/** Relative to the project root. */
const BUILD_STAMP = "dist/.build-stamp";
const BUILD_INPUT_FILES = ["astro.config.mjs", "package.json", "bun.lock", "tsconfig.json", "prisma/schema.prisma"];
const BUILD_INPUT_DIRS = ["site", "api/src"];
const NOT_BUILD_INPUT = /(^|\/)(node_modules|generated|\.astro)(\/|$)|\.test\.[cm]?[jt]sx?$/;

function* filesUnder(root, dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (NOT_BUILD_INPUT.test(relative(root, path))) continue;
    if (entry.isDirectory()) yield* filesUnder(root, path);
    else if (entry.isFile()) yield path;
  }
}

/** The hash of the build's inputs: paths and contents, in a stable order (≈10 ms for the whole tree). */
export function buildInputsHash(root) {
  const files = [
    ...BUILD_INPUT_FILES.map((f) => join(root, f)),
    ...BUILD_INPUT_DIRS.flatMap((d) => [...filesUnder(root, join(root, d))]),
  ]
    .filter((f) => existsSync(f))
    .sort();
  const hash = createHash("sha256");
  for (const file of files) hash.update(relative(root, file)).update("\0").update(readFileSync(file)).update("\0");
  return hash.digest("hex");
}

export function readStamp(file) {
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    return undefined;
  }
}

/** Whether dist/ holds a finished build of exactly these sources. */
export function isBuildCurrent(root, inputs = buildInputsHash(root)) {
  return existsSync(join(root, "dist/server/entry.mjs")) && readStamp(join(root, BUILD_STAMP)) === inputs;
}

/**
 * Builds the site into dist/ and records the stamp; the exit status of the build (`npm run build`, `npm start` and the
 * tests that serve the built site all build this way).
 */
export function buildSite(
  root,
  { bun = join(root, "node_modules/.bin/bun"), env = process.env, inputs = buildInputsHash(root) } = {},
) {
  rmSync(join(root, BUILD_STAMP), { force: true }); // an interrupted build must not pass for a finished one
  const result = spawnSync(bun, ["--bun", "astro", "build", "--silent"], { cwd: root, stdio: "inherit", env });
  if (result.status !== 0) return result.status ?? 1;
  writeFileSync(join(root, BUILD_STAMP), inputs);
  return 0;
}
