// What every Bun process of the server is started with, beyond the app's own settings (api/src/env.ts): read by
// scripts/platform.mjs (`start`, both dev processes) and `npm run bench`'s app servers. package.json's `start`
// cannot import it and writes the same value; server/npm-start.test.ts checks the server it leaves running has it.

/**
 * The memory JavaScriptCore's collector sizes its cycles by (decision 003, "The collector's budget"): PGlite's 128 MiB
 * of Wasm memory makes the heap look large, and the collector then lets garbage pile up to 450–700 MB before a full
 * collection, keeping the pages it touched. Read when Bun starts, never from `.env`. An explicit value wins.
 */
export const serverEnv = (env = process.env) => ({ BUN_JSC_forceRAMSize: env.BUN_JSC_forceRAMSize ?? "268435456" });
