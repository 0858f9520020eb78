// mayDownload: the one question pages, API responses and downloads ask (docs/decisions/009). It loads the member's paid
// orders and plans with two indexed queries (orders(resourceId), subscriptions(userId, status)) and applies the pure
// rule in rule.ts. Stripe fulfilment (decision 010) only writes those rows: it never changes this file.
import { db } from "../../db/client";
import {
  allowsDownload,
  NO_ENTITLEMENTS,
  PAST_DUE_GRACE_MS,
  type EntitledResource,
  type EntitlementSubject,
  type Entitlements,
} from "./rule";

export { PAST_DUE_GRACE_MS, subscriptionCurrent, type EntitledResource, type EntitlementSubject } from "./rule";

/** A one-time purchase counts once paid: its order is COMPLETED (PENDING means checkout never finished). */
const PAID_ONE_TIME = { orderType: "RESOURCE_ONETIME", status: "COMPLETED" } as const;

/** The member's entitlements that could matter for these resources at `now`. */
async function loadEntitlements(
  user: EntitlementSubject | null,
  resourceIds: readonly string[],
  now: Date,
): Promise<Entitlements> {
  if (!user || resourceIds.length === 0) return NO_ENTITLEMENTS;
  const prisma = await db();
  const [orders, subscriptions] = await Promise.all([
    prisma.order.findMany({
      where: { userId: user.id, resourceId: { in: [...resourceIds] }, ...PAID_ONE_TIME },
      select: { resourceId: true },
    }),
    prisma.subscription.findMany({
      where: {
        userId: user.id,
        status: { in: ["ACTIVE", "PAST_DUE"] },
        endDate: { gt: new Date(now.getTime() - PAST_DUE_GRACE_MS) },
      },
      select: { plan: true, resourceId: true, status: true, endDate: true },
    }),
  ]);
  return { purchasedResourceIds: new Set(orders.flatMap((o) => (o.resourceId ? [o.resourceId] : []))), subscriptions };
}

/** May this user (null: anonymous) download this resource now? */
export async function mayDownload(
  user: EntitlementSubject | null,
  resource: EntitledResource,
  now = new Date(),
): Promise<boolean> {
  if (resource.accessLevel === "FREE" || !user) return allowsDownload(user, resource, NO_ENTITLEMENTS, now);
  return allowsDownload(user, resource, await loadEntitlements(user, [resource.id], now), now);
}

/** The same rule for a page of resources at once (the list's `access` flags): two queries, not two per item. */
export async function downloadableIds(
  user: EntitlementSubject | null,
  resources: readonly EntitledResource[],
  now = new Date(),
): Promise<Set<string>> {
  const premium = resources.filter((r) => r.accessLevel === "PREMIUM").map((r) => r.id);
  const entitlements = await loadEntitlements(user, premium, now);
  return new Set(resources.filter((r) => allowsDownload(user, r, entitlements, now)).map((r) => r.id));
}
