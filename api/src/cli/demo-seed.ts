// The demo seed (seed.ts) with the accounts' own password hasher: what `npm run db:seed`, `npm run db:reset`
// and a development start (server/main.ts, SEED_DEMO_DATA) run. The seed takes the hasher as a parameter, so neither
// it nor the database layer imports a feature module.
import { seedDemoData } from "./seed";
import type { PrismaClient } from "../generated/prisma/client";
import { env } from "../env";
import { hashPassword } from "../modules/auth/password";

/**
 * The demo merchandise catalogue only without a Printify token (with one, the admin syncs the real shop) and never in
 * production (`npm run db:seed` there seeds accounts and content, not products nobody can order).
 */
export const wantsDemoCatalogue = (settings: { PRINTIFY_API_TOKEN?: string; NODE_ENV: string }) =>
  !settings.PRINTIFY_API_TOKEN && settings.NODE_ENV !== "production";

export const seedDemo = (prisma: PrismaClient) => seedDemoData(prisma, hashPassword, { demoCatalogue: wantsDemoCatalogue(env) });
