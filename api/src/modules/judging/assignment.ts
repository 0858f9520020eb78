// PLACEHOLDER until the panel/scores branch lands: the panel helper owns this file (automatic assignment, by hand,
// exclusions); the integrator keeps the owner's version. Only the name opening a rubric round calls is here.
import type { Prisma } from "../../generated/prisma/client";

/** Assigns the round's entries to its judges inside the opening transaction (the panel branch does the work). */
export async function assignRound(_tx: Prisma.TransactionClient, _roundId: string): Promise<void> {}
