// Prisma's Wasm schema engine, used to create and apply Prisma-format migrations on machines where the native
// engine cannot be downloaded (docs/decisions/002-migrations-with-the-wasm-schema-engine.md).
import { readdir, readFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { createRequire } from "node:module";
import { bindMigrationAwareSqlAdapterFactory, type SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import type { MigrationList, SchemaEngine } from "@prisma/schema-engine-wasm";

export const MIGRATIONS_DIR = join(import.meta.dir, "../../../prisma/migrations");
export const SCHEMA_PATH = join(import.meta.dir, "../../../prisma/schema.prisma");

type EngineModule = { SchemaEngine: typeof SchemaEngine };
const engineKey = Symbol.for("platform.schemaEngineModule");

// Under Bun the package's own entry fails (`__wbindgen_start is not a function`), and a second instance in one
// process corrupts string decoding, so the module is instantiated by hand, once, and kept on globalThis.
async function loadEngineModule(): Promise<EngineModule> {
  const store = globalThis as unknown as Record<symbol, Promise<EngineModule> | undefined>;
  store[engineKey] ??= (async () => {
    const require = createRequire(import.meta.url);
    const gluePath = require.resolve("@prisma/schema-engine-wasm/schema_engine_bg");
    const glue = await import(gluePath);
    const bytes = await readFile(join(dirname(gluePath), "schema_engine_bg.wasm"));
    const { instance } = await WebAssembly.instantiate(bytes, { "./schema_engine_bg.js": glue });
    glue.__wbg_set_wasm(instance.exports);
    (instance.exports as { __wbindgen_start?: () => void }).__wbindgen_start?.();
    return glue as EngineModule;
  })();
  return store[engineKey];
}

export async function readMigrationList(dir = MIGRATIONS_DIR): Promise<MigrationList> {
  const lockPath = join(dir, "migration_lock.toml");
  const names = existsSync(dir)
    ? (await readdir(dir, { withFileTypes: true }))
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
        .sort()
    : [];
  return {
    baseDir: dir,
    lockfile: { path: "migration_lock.toml", content: existsSync(lockPath) ? await readFile(lockPath, "utf8") : null },
    shadowDbInitScript: "",
    migrationDirectories: await Promise.all(
      names.map(async (name) => {
        const file = join(dir, name, "migration.sql");
        const content = existsSync(file)
          ? { tag: "ok" as const, value: await readFile(file, "utf8") }
          : { tag: "error" as const, value: `${file} is missing` };
        return { path: name, migrationFile: { path: "migration.sql", content } };
      }),
    ),
  };
}

export const NO_FILTERS = { externalTables: [], externalEnums: [] };

/** Runs `work` with a schema engine bound to the given driver adapter, and frees the engine afterwards. */
export async function withSchemaEngine<T>(
  adapterFactory: SqlMigrationAwareDriverAdapterFactory,
  work: (engine: SchemaEngine) => Promise<T>,
): Promise<T> {
  const { SchemaEngine } = await loadEngineModule();
  const schema = await readFile(SCHEMA_PATH, "utf8");
  const engine = await SchemaEngine.new(
    { datamodels: [[SCHEMA_PATH, schema]] },
    () => {},
    bindMigrationAwareSqlAdapterFactory(adapterFactory),
  );
  try {
    return await work(engine);
  } finally {
    engine.free();
  }
}
