// The demo seed (seed.ts) with the accounts' own password hasher: what `npm run db:seed`, `npm run db:reset`
// and a development start (server/main.ts, SEED_DEMO_DATA) run. The seed takes the hasher as a parameter, so neither
// it nor the database layer imports a feature module.
import { seedDemoJudging } from "./demo-judging";
import { seedDemoData } from "./seed";
import type { PrismaClient } from "../generated/prisma/client";
import { env } from "../env";
import { hashPassword } from "../modules/auth/password";
import { wantsDemoCatalogue } from "../modules/printify/demo-catalogue";

// The rule lives with the demo catalogue: the sync reads it too (Sync Products on the demo shop).
export { wantsDemoCatalogue };

export async function seedDemo(prisma: PrismaClient): Promise<void> {
  await seedDemoData(prisma, hashPassword, { demoCatalogue: wantsDemoCatalogue(env) });
  // Judging after: its published round is frozen by the results' own code, which reads through `prisma`.
  await seedDemoJudging(prisma);
}
