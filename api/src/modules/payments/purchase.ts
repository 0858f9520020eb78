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
