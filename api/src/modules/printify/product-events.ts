// Printify's product events (its docs, "Events": product:deleted, product:publish:started), for the catalogue this
// module owns. The receiver (orders/tracking.ts processPrintifyEvent) records every event in the webhook ledger and
// hands product topics here, inside the transaction that marks the event processed:
// - product:deleted takes the product off sale at once (available false; never deleted: orders keep their links);
// - product:publish:started enqueues the publishing job (publishing.ts), which lists the product and tells Printify
//   how it went (publishing_succeeded / publishing_failed) so the merchant's product unlocks. The job, not the
//   webhook, calls Printify: a slow or failing Printify never holds the ledger's transaction or fails the delivery.
import type { Prisma } from "../../generated/prisma/client";
import { enqueue } from "../../jobs/jobs";
import { log } from "../../lib/logger";
import { PUBLISH_JOB, type PublishJob } from "./publishing";
import type { PrintifyWebhookEvent } from "./shapes";

type Tx = Prisma.TransactionClient;

export type ProductEvent =
  | { kind: "deleted"; shopId: string | null; productId: string }
  /** `action`: "create" or "update" (list it) or "delete" (take it off). */
  | { kind: "publish"; shopId: string | null; productId: string; action: string };

const shopIdOf = (data: Record<string, unknown> | null) => {
  const id = data?.shop_id;
  return typeof id === "number" || (typeof id === "string" && /^\d{1,20}$/.test(id)) ? String(id) : null;
};

/** What a product event says, or null for any other event (orders, shop:disconnected, topics Printify may add). */
export function readProductEvent(event: PrintifyWebhookEvent): ProductEvent | null {
  const { resource } = event;
  if (resource.type !== "product" || typeof resource.id !== "string") return null;
  const shopId = shopIdOf(resource.data);
  if (event.type === "product:deleted") return { kind: "deleted", shopId, productId: resource.id };
  if (event.type === "product:publish:started") {
    const action = typeof resource.data?.action === "string" ? resource.data.action : "create";
    return { kind: "publish", shopId, productId: resource.id, action };
  }
  return null;
}

/** Whether the receiver should hand this event to applyProductEvent. */
export const isProductEvent = (event: PrintifyWebhookEvent) => readProductEvent(event) !== null;

/** The product's rows: this shop's when the event names it, else wherever we synced that Printify id from. */
const productWhere = (e: ProductEvent) => ({ printifyId: e.productId, ...(e.shopId ? { printifyShopId: e.shopId } : {}) });

/**
 * A product event's effect, in the ledger's transaction (`eventId` keys the job, so a replay enqueues nothing new).
 * Returns whether the catalogue changed at once (the receiver then drops the store's kept pages).
 */
export async function applyProductEvent(tx: Tx, event: PrintifyWebhookEvent): Promise<boolean> {
  const product = readProductEvent(event);
  if (!product) return false;
  if (product.kind === "deleted") {
    const { count } = await tx.merchandise.updateMany({
      where: { ...productWhere(product), isDemo: false, available: true },
      data: { available: false },
    });
    log.info("printify product deleted: off sale", { productId: product.productId, shopId: product.shopId, count });
    return count > 0;
  }
  let shopId = product.shopId;
  if (!shopId) {
    const known = await tx.merchandise.findFirst({
      where: { printifyId: product.productId, isDemo: false, printifyShopId: { not: null } },
      select: { printifyShopId: true },
    });
    shopId = known?.printifyShopId ?? null;
  }
  if (!shopId) {
    log.warn("printify publish event for a product of no known shop: recorded", { productId: product.productId });
    return false;
  }
  // A "delete" publishing takes the listing off now; the job confirms it to Printify.
  let changed = false;
  if (product.action === "delete") {
    const { count } = await tx.merchandise.updateMany({
      where: { printifyId: product.productId, printifyShopId: shopId, isDemo: false, available: true },
      data: { available: false },
    });
    changed = count > 0;
  }
  await enqueue<PublishJob>(
    tx,
    PUBLISH_JOB,
    { shopId, productId: product.productId, action: product.action },
    { key: `publish:${event.id}` },
  );
  return changed;
}
