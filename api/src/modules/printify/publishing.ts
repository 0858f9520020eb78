// Publishing a product from Printify (its docs, "Publishing properties"): the merchant's Publish button locks the
// product and sends product:publish:started; a custom integration lists the product itself, then calls
// publishing_succeeded (with our id and the product's page as `external`) or publishing_failed (with the reason), which
// unlocks it. Until then the merchant cannot edit the product. The webhook (product-events.ts) enqueues this job in
// the ledger's transaction; the job does the network work and retries what a retry can fix.
import { db } from "../../db/client";
import { pagesChanged } from "../../db/page-changes";
import { env } from "../../env";
import { PermanentJobError, type JobRun, work } from "../../jobs/jobs";
import { log } from "../../lib/logger";
import { type PrintifyClient, PrintifyError, printify } from "./client";
import { storeProduct } from "./sync";

export const PUBLISH_JOB = "printify-publish";
/** `action`: Printify's publish action, "create", "update" or "delete". */
export type PublishJob = { shopId: string; productId: string; action: string };

/** Retries after the first failure: Printify or the image host down for a while. */
const PUBLISH_RETRY_LIMIT = 5;

/** The reasons Printify shows the merchant when we could not list the product. */
export const PUBLISH_FAILURES = {
  hidden: "The product is hidden (visible is false) and cannot be listed in the store.",
  deleted: "The product is deleted at Printify.",
  nothingToSell: "No enabled variant of the product is in stock: there is nothing to sell.",
} as const;

/** Our product page: the `handle` Printify shows the merchant. */
export const productPageUrl = (merchandiseId: string) => new URL(`/merchandise/${merchandiseId}`, env.SITE_URL).href;

/**
 * Lists (or, for "delete", withdraws) the product and tells Printify how it went. A Printify failure that may pass is
 * thrown for the queue to retry; the last retry, and any failure a retry cannot fix, becomes publishing_failed with
 * the reason, so the product never stays locked.
 */
export async function runPublish(
  job: PublishJob,
  run: Pick<JobRun, "retryCount"> = { retryCount: 0 },
  client: PrintifyClient | null = printify(),
  fetchImpl?: typeof fetch,
): Promise<void> {
  if (!client) throw new PermanentJobError("Printify is not configured: set PRINTIFY_API_TOKEN");
  const { shopId, productId } = job;
  const lastTry = run.retryCount >= PUBLISH_RETRY_LIMIT;
  try {
    if (job.action === "delete") {
      const prisma = await db();
      await prisma.merchandise.updateMany({
        where: { printifyShopId: shopId, printifyId: productId, isDemo: false, available: true },
        data: { available: false },
      });
      const row = await prisma.merchandise.findFirst({
        where: { printifyShopId: shopId, printifyId: productId },
        select: { id: true },
      });
      await pagesChanged(["merchandise"]);
      // Withdrawn: confirmed like a listing, so the product unlocks (with our former page as its handle).
      await client.publishingSucceeded(shopId, productId, {
        id: row?.id ?? productId,
        handle: row ? productPageUrl(row.id) : env.SITE_URL,
      });
      return;
    }
    const product = await client.getProduct(shopId, productId);
    // Published explicitly: stored even when hidden (as unavailable), so the catalogue card shows why.
    const stored = await storeProduct(product, shopId, new Date(), fetchImpl);
    await pagesChanged(["merchandise"]);
    const refusal =
      product.is_deleted === true
        ? PUBLISH_FAILURES.deleted
        : product.visible === false
          ? PUBLISH_FAILURES.hidden
          : product.variants.some((v) => v.is_enabled && v.is_available)
            ? null
            : PUBLISH_FAILURES.nothingToSell;
    if (refusal) {
      await client.publishingFailed(shopId, productId, refusal);
      log.info("printify publishing refused", { shopId, productId, reason: refusal });
      return;
    }
    await client.publishingSucceeded(shopId, productId, { id: stored.id, handle: productPageUrl(stored.id) });
    log.info("printify product published", { shopId, productId, merchandiseId: stored.id, change: stored.change });
  } catch (e) {
    const retryable = !(e instanceof PrintifyError) || e.retryable;
    if (retryable && !lastTry) throw e;
    const reason = e instanceof PrintifyError ? `Printify: ${e.reason}` : "Unexpected error while listing the product";
    log.warn("printify publishing failed", { shopId, productId, reason, err: e });
    // Best effort: if Printify cannot be told either, the error is the job's (the queue records it).
    await client.publishingFailed(shopId, productId, reason.slice(0, 500));
  }
}

void work<PublishJob>(PUBLISH_JOB, (data, run) => runPublish(data, run), {
  retryLimit: PUBLISH_RETRY_LIMIT,
  retryDelay: 30,
  retryBackoff: true,
  expireInSeconds: 600,
});
