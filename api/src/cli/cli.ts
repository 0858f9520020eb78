// Database commands (package.json db:*):
//   bun api/src/cli/cli.ts migrate           apply pending migrations to the configured database
//   bun api/src/cli/cli.ts new-migration NAME  write prisma/migrations/<ts>_NAME from schema changes
//   bun api/src/cli/cli.ts check-migrations  exit 1 when schema.prisma has changes no migration holds yet
//   bun api/src/cli/cli.ts seed              insert or refresh the demo data (idempotent)
//   bun api/src/cli/cli.ts admin:create --email … --username …   create (or --promote) an administrator; admin-create.ts
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";

// Config first, as in main.ts: a bad or missing setting (SESSION_SECRET in production) ends in one line, not a stack.
let env: typeof import("../env").env;
try {
  ({ env } = await import("../env"));
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}
const { closeDatabase, getDatabase, openDatabase } = await import("../db/client");
const { createMigration } = await import("../db/migrate");

const [command, name] = process.argv.slice(2);

switch (command) {
  case "migrate": {
    const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.PGLITE_DATA_DIR });
    await database.close();
    console.log("Migrations are up to date.");
    break;
  }
  case "new-migration": {
    if (!name || !/^[a-z0-9_]+$/.test(name)) {
      console.error("Usage: npm run db:new-migration -- <name>   (lower-case letters, digits and _)");
      process.exit(2);
    }
    // A scratch in-memory PGlite serves as the target; the engine replays history into a shadow database and
    // diffs it against prisma/schema.prisma. Policy (STACK_NOTES): create on PGlite, apply everywhere.
    const scratch = new PGlite("memory://new-migration");
    const created = await createMigration(new PrismaPGlite(scratch), name);
    await scratch.close();
    console.log(created ? `Created ${created.path}` : "No schema changes: no migration created.");
    break;
  }
  case "check-migrations": {
    // Needs a process of its own: the Wasm engine refuses a shadow database once another engine ran in-process.
    const scratch = new PGlite("memory://check-migrations");
    const pending = await createMigration(new PrismaPGlite(scratch), "pending", { write: false });
    await scratch.close();
    if (pending) {
      console.error(
        `prisma/schema.prisma has changes without a migration. Run: npm run db:new-migration -- <name>\n\n${pending.script}`,
      );
      process.exit(1);
    }
    console.log("Migrations match prisma/schema.prisma.");
    break;
  }
  case "seed": {
    const { seedDemo } = await import("./demo-seed");
    const database = await getDatabase();
    await seedDemo(database.prisma);
    await closeDatabase();
    console.log("Demo data seeded.");
    break;
  }
  case "admin:create": {
    const { adminCreate } = await import("./admin-create");
    process.exit(await adminCreate(process.argv.slice(3)));
    break; // not reached: process.exit ends the process
  }
  default:
    console.error(
      "Usage: bun api/src/cli/cli.ts migrate | new-migration <name> | check-migrations | seed | admin:create --email … --username …",
    );
    process.exit(2);
}

// The schema engine leaves a timer behind on PostgreSQL (its lock timeout) that would hold the process ~10 s.
process.exit(0);
