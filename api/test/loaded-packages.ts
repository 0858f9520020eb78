// Test support, preloaded into a server process (`bun --preload` this file): on SIGUSR2 it writes the packages the
// process has loaded so far, one name per line, to LOADED_PACKAGES_FILE. server/lazy-packages.test.ts reads it.
import { renameSync, writeFileSync } from "node:fs";

const file = process.env.LOADED_PACKAGES_FILE;
if (!file) throw new Error("LOADED_PACKAGES_FILE is not set");

process.on("SIGUSR2", () => {
  const packages = new Set<string>();
  // Bun's require.cache holds every module loaded so far, ES modules and CommonJS alike.
  for (const path of Object.keys(require.cache)) {
    const name = path.match(/.*\/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1];
    if (name) packages.add(name);
  }
  // Whole or not at all: the test waits for the file to appear and reads it at once.
  writeFileSync(`${file}.partial`, [...packages].sort().join("\n"));
  renameSync(`${file}.partial`, file);
});
