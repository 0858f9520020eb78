// How a plan's status reads on /subscriptions: a label and a badge tone for every status of the contract (in a .ts
// file, not the page: a status added to SUBSCRIPTION_STATUSES breaks tsc here until it has both).
import type { SubscriptionStatus } from "@api/modules/billing/schema";
import type { BadgeTone } from "../../components/ui/Badge";

const SHOWN = {
  ACTIVE: { label: "ACTIVE", tone: "success" },
  PAST_DUE: { label: "PAST DUE", tone: "warning" },
  CANCELED: { label: "CANCELED", tone: "neutral" },
  EXPIRED: { label: "EXPIRED", tone: "neutral" },
} as const satisfies Record<SubscriptionStatus, { label: string; tone: BadgeTone }>;

export const subscriptionStatus = (status: SubscriptionStatus) => SHOWN[status];
