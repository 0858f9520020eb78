// The dashboard's words and series (SPEC §2 Dashboard, and the charts beside it), shared by the server-rendered cards
// and tables and by the chart script, so a chart and the table beside it always show the same figures.
import type { Dashboard } from "@api/modules/dashboard/schema";

/** SPEC's five stat cards: a total and, for four of them, the count that matters. */
export function statCards({ stats: s }: Dashboard) {
  return [
    { title: "Total Challenges", value: s.challenges, note: `${s.activeChallenges} active` },
    { title: "Total Projects", value: s.projects, note: null },
    { title: "Total Resources", value: s.resources, note: `${s.premiumResources} premium` },
    { title: "Total Orders", value: s.orders, note: `${s.pendingOrders} pending` },
    { title: "Merchandise Items", value: s.merchandise, note: null },
  ];
}

/** "Nov 24" for the Monday a week starts on (UTC). */
export function weekLabel(week: string): string {
  const d = new Date(`${week}T00:00:00Z`);
  return `${d.toLocaleString("en-US", { month: "short", timeZone: "UTC" })} ${d.getUTCDate()}`;
}

/** SPEC §4 application labels, in the order the chart shows them. */
export const APPLICATION_BARS = [
  ["PENDING", "Pending Review"],
  ["ACTIVE", "Approved"],
  ["REJECTED", "Rejected"],
] as const satisfies readonly (readonly [keyof Dashboard["applications"], string])[];

/** What the chart script needs, as the page embeds it (data-series). */
export type ChartSeries = Pick<Dashboard, "weekly" | "applications" | "subscriptions">;
