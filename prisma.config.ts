// Prisma CLI configuration. The CLI would try to download a native schema engine that these machines cannot
// fetch; pointing it at /bin/false lets `generate`, `validate` and `format` run (they never start the engine).
// Migrations are created and applied with the Wasm schema engine instead (api/src/db/migrate.ts).
import { defineConfig } from "prisma/config";

process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= "/bin/false";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});
