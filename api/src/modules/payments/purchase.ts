// What a checkout sells and to whom, and the idempotency key of a creating call: shared by Stripe checkout
// (service.ts), the local test payment (local.ts) and billing (billing.ts). Below all three: it imports none of them.
import { createHash } from "node:crypto";
import type { PurchaseKind } from "./schema";

export type Buyer = { id: string; email: string; firstName: string | null; lastName: string | null };

/** What the checkout sells, all read from the database. */
export type Purchase = {
  kind: PurchaseKind;
  userId: string;
  resourceId: string | null;
  name: string;
  /** In cents. */
  amount: number;
  successUrl: string;
  cancelUrl: string;
};

/** Double clicks inside this window reuse the same Checkout Session. */
const IDEMPOTENCY_WINDOW_MS = 60_000;

export function idempotencyKey(parts: readonly string[], now = Date.now()): string {
  const bucket = Math.floor(now / IDEMPOTENCY_WINDOW_MS);
  return createHash("sha256")
    .update([...parts, bucket].join("\u0000"))
    .digest("hex")
    .slice(0, 40);
}

/**
 * A digest of the exact parameters of a creating call, for its idempotency key: Stripe answers `idempotency_error`
 * when a key is reused with other parameters (a product renamed within the window), so a key that covers them makes
 * a new session instead, and identical parameters (the double click) still share one. Keys sorted: the same
 * parameters always give the same digest.
 */
export function paramsDigest(params: unknown): string {
  const canonical = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(canonical)
      : value && typeof value === "object"
        ? Object.fromEntries(
            Object.entries(value as Record<string, unknown>)
              .filter(([, v]) => v !== undefined)
              .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
              .map(([k, v]) => [k, canonical(v)]),
          )
        : value;
  return createHash("sha256")
    .update(JSON.stringify(canonical(params)))
    .digest("hex");
}

/** A merchandise checkout (decision 010): one variant, its price and title read from the catalogue rows. */
export type MerchandisePurchase = {
  merchandiseId: string;
  /** Our MerchandiseVariant row. */
  merchandiseVariantId: string;
  /** Printify's variant id (text). */
  printifyVariantId: string;
  /** The stored option titles joined with ' / '. */
  variantTitle: string;
  /** What the checkout page shows: product title and variant. */
  name: string;
  /** In cents. */
  amount: number;
  successUrl: string;
  cancelUrl: string;
};

export const MERCHANDISE_KIND = "merchandise";

/**
 * The Checkout Session's metadata for a merchandise purchase: everything the webhook needs to create the order, all
 * written by us (Stripe signs the event carrying it back). `userId` is "" for a guest.
 */
export function merchandiseMetadata(userId: string | null, purchase: MerchandisePurchase): Record<string, string> {
  return {
    kind: MERCHANDISE_KIND,
    userId: userId ?? "",
    merchandiseId: purchase.merchandiseId,
    merchandiseVariantId: purchase.merchandiseVariantId,
    printifyVariantId: purchase.printifyVariantId,
    variantTitle: purchase.variantTitle,
  };
}
