// The entitlement rule as a pure function over facts already loaded (docs/decisions/009): who may download a
// resource. `mayDownload` (index.ts) loads the facts and asks this; nothing else decides access.
import { canAccessSection } from "../auth/permissions";

/** A renewal that failed keeps access this long after the paid period ends (Stripe retries meanwhile). */
export const PAST_DUE_GRACE_MS = 3 * 24 * 60 * 60 * 1000;

export type EntitlementSubject = { id: string; role: string; toolAccess: readonly string[] };
export type EntitledResource = { id: string; accessLevel: "FREE" | "PREMIUM" };
/** A plan the member holds: ANNUAL covers every premium resource, MONTHLY the one it names. */
type HeldSubscription = {
  plan: "MONTHLY" | "ANNUAL";
  resourceId: string | null;
  status: "ACTIVE" | "PAST_DUE" | "CANCELED" | "EXPIRED";
  endDate: Date;
};
/** What the member has paid for: completed one-time orders (resource ids) and their subscriptions. */
export type Entitlements = { purchasedResourceIds: ReadonlySet<string>; subscriptions: readonly HeldSubscription[] };

export const NO_ENTITLEMENTS: Entitlements = { purchasedResourceIds: new Set(), subscriptions: [] };

/**
 * Whether a plan is current at `now`: paid up, or past due inside the grace period. The one rule: downloads ask it
 * here, and /subscriptions shows its answer (`current` in GET /api/my-billing/subscriptions) to offer Cancel and the renewal date.
 */
export function subscriptionCurrent(subscription: Pick<HeldSubscription, "status" | "endDate">, now: Date): boolean {
  const end = subscription.endDate.getTime();
  if (subscription.status === "ACTIVE") return end > now.getTime();
  if (subscription.status === "PAST_DUE") return end + PAST_DUE_GRACE_MS > now.getTime();
  return false;
}

/**
 * Free → yes. ADMIN or a `resources` delegate → yes. Otherwise a signed-in member needs a completed one-time
 * order for it, a current monthly plan for it, or a current annual plan.
 */
export function allowsDownload(
  user: EntitlementSubject | null,
  resource: EntitledResource,
  entitlements: Entitlements,
  now: Date,
): boolean {
  if (resource.accessLevel === "FREE") return true;
  if (!user) return false;
  if (canAccessSection(user, "resources")) return true;
  if (entitlements.purchasedResourceIds.has(resource.id)) return true;
  return entitlements.subscriptions.some(
    (s) => subscriptionCurrent(s, now) && (s.plan === "ANNUAL" || (s.plan === "MONTHLY" && s.resourceId === resource.id)),
  );
}
