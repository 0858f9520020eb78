// Catalogue sync (SPEC §7 POST /api/printify/sync/{shopId}): one shop's products from Printify into Merchandise /
// MerchandiseVariant.
//
// One sync per shop at a time, across processes: a run is claimed by inserting a MerchSyncRun whose `activeShopId`
// (unique) is the shop's id; a second claim hits the unique index and answers 409. Finishing (either way) clears
// `activeShopId`. A run whose process died keeps its claim until it is STALE_RUN_MS old; the next claim then marks it
// FAILED and takes over.
//
// Only products the merchant shows in the sales channel are synced (`visible` not false): a hidden one is not added,
// and one hidden since the last sync becomes unavailable like a vanished one. The admin may include hidden products
// explicitly (POST /api/printify/sync/{shopId}?includeHidden=true; they are stored unavailable, for the catalogue card).
// Each product's images are mirrored into our storage as it is saved (images.ts); images that could not be fetched
// are counted on the run (`imagesFailed`) and named in its summary.
//
// Idempotent: a product or variant is written only when something differs, so a second sync of an unchanged shop
// counts 0 added and 0 updated and touches no row. Products the provider no longer lists are marked unavailable,
// never deleted (orders keep their links); variants it no longer lists are disabled the same way.
//
// The run itself is a job (`printify-sync`, enqueued with the claim in one transaction): it survives a restart (the
// job runs again and finishes the same run) and does not hold a request open. The request waits for it a few seconds
// (ANSWER_WITHIN_MS, well under the server's 30-second idle timeout, server/front.ts), then answers the run as it stands;
// the admin screen follows a longer one through GET /api/printify/sync/{shopId} to its end.
//
// Without a token, where the demo catalogue is on, the demo shop syncs the same way from the built-in catalogue
// (demo-client.ts): its rows stay flagged isDemo, and its images are our own files already (images.ts keeps them).
import { db } from "../../db/client";
import { env } from "../../env";
import { isUniqueViolation } from "../../db/constraint-errors";
import type { Prisma } from "../../generated/prisma/client";
import { AppError } from "../../lib/errors";
import { log } from "../../lib/logger";
import { pagesChanged } from "../../db/page-changes";
import { enqueue, work } from "../../jobs/jobs";
import { type MerchandiseImage, type MerchandiseRow, type MerchandiseVariantRow, toMerchandise } from "./catalogue";
import { mirrorImages } from "./images";
import type { PrintifyProduct } from "./shapes";
import { releaseFiles } from "../uploads/references";
import { type PrintifyClient, PrintifyError, printify } from "./client";
import { wantsDemoCatalogue } from "./demo-catalogue";
import { demoPrintify } from "./demo-client";
import type { SyncRun } from "./schema";
import { dollars } from "../../lib/money";

/** A RUNNING run older than this is taken to be dead (its process stopped) and may be taken over. */
export const STALE_RUN_MS = 30 * 60_000;

/**
 * The client a sync reads from: Printify with a token; without one, the built-in demo shop where the demo catalogue
 * is on (never in production); else none (the sync says a token is needed).
 */
export function syncClient(): PrintifyClient | null {
  return printify() ?? (wantsDemoCatalogue(env) ? demoPrintify : null);
}

export const NOT_CONFIGURED_MESSAGE = "Printify is not configured: set PRINTIFY_API_TOKEN to sync products.";
const SYNC_RUNNING_MESSAGE = "A sync of this shop is already running. Please wait for it to finish.";

type RunRow = Prisma.MerchSyncRunGetPayload<object>;
const toSyncRun = (r: RunRow): SyncRun => ({
  id: r.id,
  shopId: r.shopId,
  status: r.status,
  total: r.total,
  processed: r.processed,
  added: r.added,
  updated: r.updated,
  unavailable: r.unavailable,
  imagesFailed: r.imagesFailed,
  error: r.error,
  startedAt: r.startedAt.toISOString(),
  finishedAt: r.finishedAt?.toISOString() ?? null,
  message: r.status === "SUCCEEDED" ? syncMessage(r) : null,
});

/** The shop's latest run (progress while it runs, its summary after), or null. */
export async function latestSyncRun(shopId: string): Promise<SyncRun | null> {
  const run = await (await db()).merchSyncRun.findFirst({ where: { shopId }, orderBy: { startedAt: "desc" } });
  return run ? toSyncRun(run) : null;
}

const SYNC_JOB = "printify-sync";
type SyncJob = { runId: string; includeHidden?: boolean };

/**
 * Claims the shop for a new run (taking over a stale one) and enqueues the run's job with the claim: both or
 * neither. 409 while another run of the shop is alive.
 */
async function claimRun(shopId: string, startedById: string | null, includeHidden: boolean): Promise<RunRow> {
  const prisma = await db();
  await prisma.merchSyncRun.updateMany({
    where: { activeShopId: shopId, status: "RUNNING", startedAt: { lt: new Date(Date.now() - STALE_RUN_MS) } },
    data: {
      status: "FAILED",
      activeShopId: null,
      finishedAt: new Date(),
      error: "Interrupted: the sync stopped before it finished",
    },
  });
  try {
    return await prisma.$transaction(async (tx) => {
      const run = await tx.merchSyncRun.create({ data: { shopId, activeShopId: shopId, startedById } });
      await enqueue<SyncJob>(tx, SYNC_JOB, { runId: run.id, ...(includeHidden ? { includeHidden } : {}) }, { key: run.id });
      return run;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError("conflict", SYNC_RUNNING_MESSAGE);
    throw e;
  }
}

/** JSON with sorted keys: jsonb does not keep key order, so stored and fresh values compare by content. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

type Change = "added" | "updated" | "unchanged";

type ExistingProduct = Prisma.MerchandiseGetPayload<{ include: { variants: true } }>;

/** The stored images list (JSON written by this module), or none when it is not a list. */
const storedImages = (value: Prisma.JsonValue): MerchandiseImage[] =>
  Array.isArray(value) ? (value as unknown as MerchandiseImage[]) : [];

/** What storing one product did: added, updated or unchanged; its row's id; the images it could not fetch. */
export type StoredProduct = { change: Change; id: string; imagesFailed: number };

/**
 * Stores one Printify product (the sync, and publishing it: publishing.ts): its images mirrored first (network, outside
 * any transaction), then the row and its variants if anything differs.
 */
export async function storeProduct(
  product: PrintifyProduct,
  shopId: string,
  syncedAt: Date,
  fetchImpl?: typeof fetch,
  /** The built-in demo shop's product (stays flagged isDemo: nothing can be ordered from it at Printify). */
  { isDemo = false }: { isDemo?: boolean } = {},
): Promise<StoredProduct> {
  const prisma = await db();
  const { merchandise, variants } = toMerchandise(product, shopId);
  const existing = await prisma.merchandise.findUnique({
    where: { printifyShopId_printifyId: { printifyShopId: merchandise.printifyShopId, printifyId: merchandise.printifyId } },
    include: { variants: true },
  });
  const mirrored = await mirrorImages(merchandise, existing ? storedImages(existing.images) : null, fetchImpl);
  const row = { ...merchandise, images: mirrored.images, imageUrl: mirrored.imageUrl };
  const saved = await saveProduct(row, variants, syncedAt, existing, mirrored.dropped, isDemo);
  return { ...saved, imagesFailed: mirrored.failed };
}

/** Writes one product and its variants if anything differs; says what happened. */
async function saveProduct(
  merchandise: MerchandiseRow,
  variants: MerchandiseVariantRow[],
  syncedAt: Date,
  existing: ExistingProduct | null,
  droppedImages: string[],
  isDemo: boolean,
): Promise<{ change: Change; id: string }> {
  const prisma = await db();
  const data = {
    ...merchandise,
    isDemo,
    options: merchandise.options as Prisma.InputJsonValue,
    images: merchandise.images as Prisma.InputJsonValue,
  };
  if (!existing) {
    const created = await prisma.merchandise.create({
      data: { ...data, syncedAt, variants: { create: variants } },
      select: { id: true },
    });
    return { change: "added", id: created.id };
  }
  const productChanged =
    existing.title !== data.title ||
    existing.description !== data.description ||
    dollars(existing.price) !== dollars(data.price) ||
    existing.imageUrl !== data.imageUrl ||
    existing.available !== data.available ||
    existing.isDemo !== isDemo ||
    canonical(existing.options) !== canonical(data.options) ||
    canonical(existing.images) !== canonical(data.images);
  const stored = new Map(existing.variants.map((v) => [v.providerVariantId, v]));
  const changedVariants = variants.filter((v) => {
    const s = stored.get(v.providerVariantId);
    return (
      !s ||
      s.title !== v.title ||
      dollars(s.price) !== dollars(v.price) ||
      s.isEnabled !== v.isEnabled ||
      s.isDefault !== v.isDefault ||
      s.isAvailable !== v.isAvailable ||
      canonical(s.optionValueIds) !== canonical(v.optionValueIds)
    );
  });
  const listed = new Set(variants.map((v) => v.providerVariantId));
  // A variant the provider dropped stays (orders name it) but can no longer be bought.
  const dropped = existing.variants.filter(
    (v) => !listed.has(v.providerVariantId) && (v.isEnabled || v.isAvailable || v.isDefault),
  );
  if (!productChanged && changedVariants.length === 0 && dropped.length === 0) return { change: "unchanged", id: existing.id };
  await prisma.$transaction(async (tx) => {
    await tx.merchandise.update({ where: { id: existing.id }, data: { ...data, syncedAt } });
    // Copies of images the product no longer shows go once this commits (the clean-up job, decision 016).
    await releaseFiles(tx, droppedImages, `merch-images:${existing.id}:${syncedAt.getTime()}`);
    for (const v of changedVariants) {
      await tx.merchandiseVariant.upsert({
        where: { merchandiseId_providerVariantId: { merchandiseId: existing.id, providerVariantId: v.providerVariantId } },
        create: { ...v, merchandiseId: existing.id },
        update: v,
      });
    }
    if (dropped.length > 0) {
      await tx.merchandiseVariant.updateMany({
        where: { id: { in: dropped.map((v) => v.id) } },
        data: { isEnabled: false, isAvailable: false, isDefault: false },
      });
    }
  });
  return { change: "updated", id: existing.id };
}

/** Printify's reason for a failed run, as the admin reads it. */
function failureReason(e: unknown): string {
  if (e instanceof PrintifyError) return `Printify: ${e.reason}`;
  if (e instanceof AppError) return e.message;
  return "Unexpected error while saving the catalogue";
}

/** How long the sync request waits for its run before answering it as it stands (below the server's 30 s idle timeout). */
const ANSWER_WITHIN_MS = 8_000;
const WAIT_POLL_MS = 150;

/**
 * Starts a sync of the shop and answers its run: finished when it ended within `answerWithinMs`, else still RUNNING
 * (it goes on in the background). Throws 409 while the shop syncs elsewhere, and a 503 carrying Printify's reason
 * when the run failed within the wait.
 */
export async function syncShop(
  shopId: string,
  startedById: string | null = null,
  answerWithinMs = ANSWER_WITHIN_MS,
  { includeHidden = false }: { includeHidden?: boolean } = {},
): Promise<SyncRun> {
  const prisma = await db();
  const claimed = await claimRun(shopId, startedById, includeHidden);
  const deadline = Date.now() + answerWithinMs;
  let run = claimed;
  while (run.status === "RUNNING" && Date.now() < deadline) {
    await Bun.sleep(Math.min(WAIT_POLL_MS, deadline - Date.now()));
    // A look that has not come back by the deadline is not waited for: on a busy database (the job writes after
    // every product) one could hold the answer past the server's idle timeout, which closes the connection, and a
    // browser resends a POST whose connection closed unanswered: a second sync, whose summary ("0 added") replaced
    // the first's in a loaded CI run.
    const looked = await Promise.race([
      prisma.merchSyncRun.findUnique({ where: { id: claimed.id } }),
      Bun.sleep(Math.max(0, deadline - Date.now())).then(() => undefined),
    ]);
    if (looked === undefined) break;
    run = looked ?? run;
  }
  if (run.status === "FAILED")
    throw new AppError("unavailable", `Failed to sync products from Printify. ${run.error ?? ""}`.trim());
  return toSyncRun(run);
}

/**
 * The job: runs the sync of one claimed run to its end, recording success or failure on the run (never thrown:
 * a failed sync is the admin's to retry, not the queue's). A run already finished is left alone (the job ran
 * again). A run cut off by a restart starts over from the first page; the counts it recorded are kept, and the
 * products it saved already count as unchanged.
 */
export async function runSync(
  { runId, includeHidden = false }: SyncJob,
  client: PrintifyClient | null = syncClient(),
  fetchImpl?: typeof fetch,
): Promise<void> {
  const prisma = await db();
  const run = await prisma.merchSyncRun.findUnique({ where: { id: runId } });
  if (run?.status !== "RUNNING") return;
  const { shopId } = run;
  const isDemo = client === demoPrintify;
  const seen = new Set<string>();
  const counts = {
    total: run.total,
    processed: 0,
    added: run.added,
    updated: run.updated,
    unavailable: 0,
    imagesFailed: 0,
  };
  try {
    if (!client) throw new AppError("unavailable", NOT_CONFIGURED_MESSAGE);
    for await (const page of client.productPages(shopId)) {
      counts.total = Math.max(page.total ?? 0, counts.processed + page.products.length);
      await prisma.merchSyncRun.update({ where: { id: run.id }, data: { total: counts.total } });
      for (const product of page.products) {
        // A hidden product is not synced unless asked for: one stored before counts as gone (below).
        if (product.visible !== false || includeHidden) {
          const { change, imagesFailed } = await storeProduct(product, shopId, run.startedAt, fetchImpl, { isDemo });
          if (change !== "unchanged") counts[change]++;
          counts.imagesFailed += imagesFailed;
          seen.add(product.id);
        }
        counts.processed++;
        // Progress after every product: the admin screen shows "n of N products".
        await prisma.merchSyncRun.update({ where: { id: run.id }, data: { ...counts } });
      }
    }
    // Gone from the provider: unavailable, never deleted (orders keep merchandiseId). Demo rows go with them once a
    // real catalogue arrives, since nothing can be ordered from the demo shop (a sync of the demo shop is not one).
    const gone = await prisma.merchandise.updateMany({
      where: {
        available: true,
        OR: [
          { printifyShopId: shopId, printifyId: { notIn: [...seen] } },
          ...(isDemo ? [] : [{ isDemo: true, printifyShopId: { not: shopId } }]),
        ],
      },
      data: { available: false },
    });
    counts.unavailable = gone.count;
    await prisma.merchSyncRun.update({
      where: { id: run.id },
      data: { ...counts, status: "SUCCEEDED", activeShopId: null, finishedAt: new Date() },
    });
    log.info("printify sync finished", { shopId, ...counts });
  } catch (e) {
    const reason = failureReason(e);
    await prisma.merchSyncRun.update({
      where: { id: run.id },
      data: { ...counts, status: "FAILED", activeShopId: null, finishedAt: new Date(), error: reason.slice(0, 1000) },
    });
    log.warn("printify sync failed", { shopId, reason, err: e });
  } finally {
    // Succeeded or not, products may have changed: the store's kept pages go (every process).
    await pagesChanged(["merchandise"]);
  }
}

// One attempt: a failure is recorded on the run (the admin retries by hand). A crash runs the job again, which picks
// the same run up (above). A run may take minutes for a large shop.
void work<SyncJob>(SYNC_JOB, (data) => runSync(data), {
  retryLimit: 1,
  retryDelay: 5,
  retryBackoff: false,
  expireInSeconds: 1800,
});

// ---- The safety net -----------------------------------------------------------------------------------------------
// product:deleted and publishing arrive by webhook (product-events.ts), but Printify blocks a webhook for an hour after
// three failed deliveries, and stock changes have no event at all. So every shop the store sells from is synced again
// on a schedule: a product deleted, hidden or sold out meanwhile is off sale within the hour anyway.

const CATALOGUE_CHECK_JOB = "printify-catalogue-check";

/** Starts a sync of each shop the catalogue holds products of (a shop already syncing is left to its run). */
export async function checkCatalogues(): Promise<string[]> {
  if (!printify()) return [];
  const prisma = await db();
  const shops = await prisma.merchandise.findMany({
    where: { isDemo: false, printifyShopId: { not: null } },
    distinct: ["printifyShopId"],
    select: { printifyShopId: true },
  });
  const started: string[] = [];
  for (const { printifyShopId } of shops) {
    try {
      await claimRun(printifyShopId!, null, false);
      started.push(printifyShopId!);
    } catch (e) {
      if (!(e instanceof AppError && e.type === "conflict")) throw e;
    }
  }
  return started;
}

// Hourly, in one process. Not scheduled under tests (a run would sync other tests' shops mid-test): they call it.
void work(CATALOGUE_CHECK_JOB, () => checkCatalogues().then(() => undefined), {
  ...(env.NODE_ENV === "test" ? {} : { cron: "23 * * * *" }),
  retryLimit: 0,
});

/** The 'Sync Successful' toast's text (SPEC §9: the server's message). */
function syncMessage(run: Pick<SyncRun, "processed" | "added" | "updated" | "unavailable" | "imagesFailed">): string {
  const products = `${run.processed} ${run.processed === 1 ? "product" : "products"}`;
  const summary = `Synced ${products}: ${run.added} added, ${run.updated} updated, ${run.unavailable} now unavailable.`;
  if (run.imagesFailed === 0) return summary;
  const images = `${run.imagesFailed} ${run.imagesFailed === 1 ? "image" : "images"}`;
  return `${summary} ${images} could not be fetched from Printify: the previous copies are kept.`;
}
