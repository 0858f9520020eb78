// The admin dashboard's figures (SPEC §2 Dashboard) in a few SQL queries: the five stat cards in one
// statement of counts, the recent orders and active challenges, and three series — revenue and orders per week and
// active subscriptions at the end of each week over the last DASHBOARD_WEEKS weeks (weekly buckets from
// generate_series + date_trunc, the same SQL on PGlite and PostgreSQL) — and applications by status.
import { db } from "../../db/client";
import { dollars } from "../../lib/money";
import { orderRows, ordersNeedingAttention } from "../orders/service";
import { DASHBOARD_LIST_SIZE, DASHBOARD_WEEKS, type Dashboard } from "./schema";

type Counts = {
  challenges: bigint;
  activeChallenges: bigint;
  projects: bigint;
  resources: bigint;
  premiumResources: bigint;
  orders: bigint;
  pendingOrders: bigint;
  merchandise: bigint;
  pendingApplications: bigint;
  approvedApplications: bigint;
  rejectedApplications: bigint;
};

const int = (value: bigint | number | null) => Number(value ?? 0);

export async function dashboard(now = new Date()): Promise<Dashboard> {
  const prisma = await db();
  const [countsRows, weekly, subscriptions, recentOrders, activeChallenges, attention] = await Promise.all([
    prisma.$queryRaw<Counts[]>`
      SELECT
        (SELECT count(*) FROM challenges) AS "challenges",
        (SELECT count(*) FROM challenges WHERE status = 'ACTIVE') AS "activeChallenges",
        (SELECT count(*) FROM projects) AS "projects",
        (SELECT count(*) FROM resources) AS "resources",
        (SELECT count(*) FROM resources WHERE "accessLevel" = 'PREMIUM') AS "premiumResources",
        (SELECT count(*) FROM orders) AS "orders",
        (SELECT count(*) FROM orders WHERE status = 'PENDING') AS "pendingOrders",
        (SELECT count(*) FROM merchandise) AS "merchandise",
        (SELECT count(*) FROM challenge_participants WHERE status = 'PENDING') AS "pendingApplications",
        (SELECT count(*) FROM challenge_participants WHERE status = 'ACTIVE') AS "approvedApplications",
        (SELECT count(*) FROM challenge_participants WHERE status = 'REJECTED') AS "rejectedApplications"`,
    // Weeks start on Monday (date_trunc('week')), in UTC; the current week is the last bucket. Cancelled orders
    // earned nothing, so they count neither as orders nor as revenue.
    prisma.$queryRaw<{ week: Date; orders: bigint; revenue: string | null }[]>`
      WITH weeks AS (
        SELECT generate_series(
          date_trunc('week', (${now}::timestamptz AT TIME ZONE 'UTC')) - make_interval(weeks => ${DASHBOARD_WEEKS - 1}::int),
          date_trunc('week', (${now}::timestamptz AT TIME ZONE 'UTC')),
          interval '1 week') AS week
      )
      SELECT w.week, count(o.id) AS orders, COALESCE(sum(o.amount), 0)::text AS revenue
      FROM weeks w
      LEFT JOIN orders o ON o."createdAt" >= w.week AND o."createdAt" < w.week + interval '1 week' AND o.status <> 'CANCELLED'
      GROUP BY w.week ORDER BY w.week`,
    // A subscription counts in a week when its paid period covers the week's end (or now, for this week).
    prisma.$queryRaw<{ week: Date; active: bigint }[]>`
      WITH weeks AS (
        SELECT generate_series(
          date_trunc('week', (${now}::timestamptz AT TIME ZONE 'UTC')) - make_interval(weeks => ${DASHBOARD_WEEKS - 1}::int),
          date_trunc('week', (${now}::timestamptz AT TIME ZONE 'UTC')),
          interval '1 week') AS week
      ), points AS (
        SELECT week, LEAST(week + interval '1 week', (${now}::timestamptz AT TIME ZONE 'UTC')) AS at FROM weeks
      )
      SELECT p.week, count(s.id) AS active
      FROM points p
      LEFT JOIN subscriptions s ON s."startDate" <= p.at AND s."endDate" > p.at AND s.status <> 'EXPIRED'
      GROUP BY p.week ORDER BY p.week`,
    // The newest orders, through the orders module's one list (it owns the table).
    orderRows({}, { limit: DASHBOARD_LIST_SIZE }),
    prisma.challenge.findMany({
      where: { status: "ACTIVE" },
      orderBy: [{ startDate: "asc" }, { id: "asc" }],
      take: DASHBOARD_LIST_SIZE,
      select: { id: true, title: true, _count: { select: { participants: { where: { status: "ACTIVE" } } } } },
    }),
    ordersNeedingAttention(DASHBOARD_LIST_SIZE),
  ]);
  const c = countsRows[0]!;
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return {
    stats: {
      challenges: int(c.challenges),
      activeChallenges: int(c.activeChallenges),
      projects: int(c.projects),
      resources: int(c.resources),
      premiumResources: int(c.premiumResources),
      orders: int(c.orders),
      pendingOrders: int(c.pendingOrders),
      merchandise: int(c.merchandise),
    },
    recentOrders: recentOrders.items.map((o) => ({
      id: o.id,
      customerEmail: o.customerEmail,
      orderType: o.orderType,
      amount: dollars(o.amount),
      status: o.status,
    })),
    activeChallenges: activeChallenges.map(({ _count, ...c }) => ({ ...c, participantCount: _count.participants })),
    attention,
    weekly: weekly.map((w) => ({ week: day(w.week), orders: int(w.orders), revenue: dollars(w.revenue ?? "0") })),
    applications: {
      PENDING: int(c.pendingApplications),
      ACTIVE: int(c.approvedApplications),
      REJECTED: int(c.rejectedApplications),
    },
    subscriptions: subscriptions.map((s) => ({ week: day(s.week), active: int(s.active) })),
  };
}
