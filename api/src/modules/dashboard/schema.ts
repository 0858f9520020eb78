// The admin dashboard's contract (SPEC §2 Dashboard; /admin, section admin_dashboard): the stat cards, the recent
// orders and active challenges, and the weekly series. TypeBox only: the site imports it.
// Builders by name (not `Type`, one object holding them all): an island bundles only those it calls (lib/typebox.ts).
import * as T from "@sinclair/typebox/type";
import type { Static } from "@sinclair/typebox/type";
import { OrderStatusSchema, OrderTypeSchema } from "../orders/schema";

/** SPEC §9: the dashboard lists 5 items. */
export const DASHBOARD_LIST_SIZE = 5;
/** Revenue and orders per week over this many weeks (this one included). */
export const DASHBOARD_WEEKS = 12;

const WeekPoint = T.Object({ week: T.String({ description: "Monday of the week, YYYY-MM-DD (UTC)" }) });

export const DashboardSchema = T.Object({
  stats: T.Object({
    challenges: T.Integer(),
    activeChallenges: T.Integer(),
    projects: T.Integer(),
    resources: T.Integer(),
    premiumResources: T.Integer(),
    orders: T.Integer(),
    pendingOrders: T.Integer(),
    merchandise: T.Integer(),
  }),
  recentOrders: T.Array(
    T.Object({
      id: T.String(),
      customerEmail: T.String(),
      orderType: OrderTypeSchema,
      amount: T.String(),
      status: OrderStatusSchema,
    }),
  ),
  activeChallenges: T.Array(T.Object({ id: T.String(), title: T.String(), participantCount: T.Integer() })),
  /** Orders waiting for an admin, oldest first: Printify's problem not yet handled, or a refund due. */
  attention: T.Array(
    T.Object({
      id: T.String(),
      customerEmail: T.String(),
      printifyAlert: T.Union([T.String(), T.Null()]),
      refundDue: T.Boolean(),
    }),
  ),
  /** Oldest week first; revenue counts orders not cancelled, in dollars with 2 decimals. */
  weekly: T.Array(T.Composite([WeekPoint, T.Object({ orders: T.Integer(), revenue: T.String() })])),
  applications: T.Object({ PENDING: T.Integer(), ACTIVE: T.Integer(), REJECTED: T.Integer() }),
  /** Subscriptions (ACTIVE or PAST_DUE) running at the end of each week. */
  subscriptions: T.Array(T.Composite([WeekPoint, T.Object({ active: T.Integer() })])),
});
export type Dashboard = Static<typeof DashboardSchema>;
