// What the server's Bun process is started with, beyond the app's own settings (api/src/env.ts): read by
// scripts/platform.mjs (`start`, `dev`) and `npm run bench`'s app servers. package.json's `start` and `dev` cannot
// import it and write the same values; server/npm-start.test.ts and e2e/audits/dev-server.e2e.ts check the processes they
// leave running have them.

/**
 * The memory JavaScriptCore's collector sizes its cycles by (decision 003, "The collector's budget"): PGlite's 128 MiB
 * of Wasm memory makes the heap look large, and the collector then lets garbage pile up to 450–700 MB before a full
 * collection, keeping the pages it touched. Read when Bun starts, never from `.env`. An explicit value wins.
 */
export const serverEnv = (env = process.env) => ({ BUN_JSC_forceRAMSize: env.BUN_JSC_forceRAMSize ?? "268435456" });

/**
 * The dev process (scripts/dev.ts: Astro's dev server and the API) also hands freed memory back to the system at once
 * rather than after mimalloc's delay: 566–575 MB instead of 593–600 for `npm run dev` after nine pages twice, three
 * runs each (bench/processes.ts), for no visible cost to one developer's page loads (decision 001, "Development").
 */
export const devEnv = (env = process.env) => ({ ...serverEnv(env), MIMALLOC_PURGE_DELAY: env.MIMALLOC_PURGE_DELAY ?? "0" });
