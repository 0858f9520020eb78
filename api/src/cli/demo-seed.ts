// The demo seed (seed.ts) with the accounts' own password hasher: what `npm run db:seed`, `npm run db:reset`
// and a development start (server/main.ts, SEED_DEMO_DATA) run. The seed takes the hasher as a parameter, so neither
// it nor the database layer imports a feature module.
import { seedDemoData } from "./seed";
import type { PrismaClient } from "../generated/prisma/client";
import { hashPassword } from "../modules/auth/password";

export const seedDemo = (prisma: PrismaClient) => seedDemoData(prisma, hashPassword);
