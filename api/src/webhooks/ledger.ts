// The webhook ledger (docs/decisions/010-payments.md, "The webhook ledger"): how a verified provider event is handled
// once, and kept so it can be seen and replayed on /admin/operations. Infrastructure below the modules that stand on
// it: both webhooks (payments for Stripe, orders/tracking.ts for Printify) and the operations screen's replay go
// through `handleEvent`:
//
//   1. the event is recorded RECEIVED with its payload (insert or nothing: a repeat keeps the first row);
//   2. one transaction claims it — RECEIVED or FAILED → PROCESSED, a single conditional update — and runs its effect:
//      a concurrent repeat waits on the row and then finds it PROCESSED, a later one finds it at once (duplicate);
//   3. when preparing or applying the effect throws, the transaction has rolled back: the row is marked FAILED with
//      the error on its own, and the error goes on to the caller (the provider gets its non-2xx and retries).
import { db } from "../db/client";
import type { Prisma, PrismaClient, WebhookStatus } from "../generated/prisma/client";
import { shortMessage } from "../lib/errors";
import { log } from "../lib/logger";
import type { WebhookProvider } from "./vocabulary";

type Tx = Prisma.TransactionClient;
/** What an event does, inside the transaction that claims it; null when it needs nothing (recorded all the same). */
export type Effect = (tx: Tx) => Promise<void>;
type LedgerEntry = { id: string; type: string; resourceId?: string | null; payload: Prisma.InputJsonValue };
type LedgerOutcome = { duplicate: boolean };

type Row = { status: WebhookStatus } | null;
type Change = { status: WebhookStatus; error: string | null; processedAt?: Date };
/** The two ledger tables share these columns; each provider's is its own Prisma model. */
type LedgerTable = {
  findUnique(args: { where: { id: string }; select: { status: true } }): Promise<Row>;
  updateMany(args: { where: { id: string; status: { not: WebhookStatus } }; data: Change }): Promise<{ count: number }>;
};
const table = (client: Tx | PrismaClient, provider: WebhookProvider): LedgerTable =>
  provider === "stripe" ? client.stripeEvent : client.printifyEvent;

async function record(prisma: PrismaClient, provider: WebhookProvider, { id, type, resourceId, payload }: LedgerEntry) {
  if (provider === "stripe") await prisma.stripeEvent.createMany({ data: [{ id, type, payload }], skipDuplicates: true });
  else await prisma.printifyEvent.createMany({ data: [{ id, type, resourceId, payload }], skipDuplicates: true });
}

/**
 * Handles a verified event once (see the top of the file). `prepare` reads what the effect needs outside the
 * transaction (Stripe's current subscription: no transaction waits on the network) and answers the effect.
 */
export async function handleEvent(
  provider: WebhookProvider,
  entry: LedgerEntry,
  prepare: () => Promise<Effect | null>,
): Promise<LedgerOutcome> {
  const prisma = await db();
  await record(prisma, provider, entry);
  try {
    // A repeat of a processed event stops here, before any read from the provider.
    if ((await table(prisma, provider).findUnique({ where: { id: entry.id }, select: { status: true } }))?.status === "PROCESSED")
      return { duplicate: true };
    const effect = await prepare();
    return await prisma.$transaction(async (tx) => {
      const { count } = await table(tx, provider).updateMany({
        where: { id: entry.id, status: { not: "PROCESSED" } },
        data: { status: "PROCESSED", error: null, processedAt: new Date() },
      });
      if (count === 0) return { duplicate: true };
      if (effect) await effect(tx);
      return { duplicate: false };
    });
  } catch (err) {
    await markFailed(prisma, provider, entry.id, err);
    throw err;
  }
}

/** FAILED with the error, unless another delivery processed it meanwhile (PROCESSED is final). */
async function markFailed(prisma: PrismaClient, provider: WebhookProvider, id: string, err: unknown) {
  const error = shortMessage(err); // stored for people to read: one line, never a stack or our source
  log.warn("webhook event failed", { provider, id, err });
  try {
    await table(prisma, provider).updateMany({ where: { id, status: { not: "PROCESSED" } }, data: { status: "FAILED", error } });
  } catch (markErr) {
    // The database itself may be what failed: the event stays RECEIVED, and the provider's retry comes back to it.
    log.error("could not record a webhook event as failed", { provider, id, err: markErr });
  }
}
