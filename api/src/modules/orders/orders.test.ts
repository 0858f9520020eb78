// Order management and the admin dashboard through the API: who may call them, the list's filters and keyset pages,
// the update (validation, 404, one timeline event per real change, also under concurrent repeats), the timeline,
// the formula-safe CSV export, and dashboard figures that move exactly by what the factories created.
import { describe, expect, test } from "bun:test";
import { BASE_URL, type Client, invalid, raw, signedInClient, visitor } from "../../../test/client";
import { createApplication, createChallenge, createOrder, createProject, createUser, unique } from "../../../test/factories";
import { db } from "../../db/client";
import type { ToolAccess } from "../auth/schema";
import { NEXT_CURSOR_HEADER } from "../../lib/keyset";
import { DASHBOARD_WEEKS, type Dashboard } from "../dashboard/schema";
import type { OrderUpdate } from "./schema";

async function as(toolAccess: ToolAccess[] | "ADMIN"): Promise<Client> {
  const user = await createUser(toolAccess === "ADMIN" ? { role: "ADMIN" } : { toolAccess });
  return signedInClient(user);
}

const at = (iso: string) => new Date(iso);

describe("who may manage orders", () => {
  test("anonymous 401, a member or another section's delegate 403, an order_management delegate and an admin 200", async () => {
    await createOrder();
    expect((await visitor().api.orders.get({ query: {} })).status).toBe(401);
    expect((await (await as([])).api.orders.get({ query: {} })).status).toBe(403);
    const challenges = await as(["challenges", "admin_dashboard"]);
    expect((await challenges.api.orders.get({ query: {} })).status).toBe(403);
    const order = await createOrder();
    expect((await challenges.api.orders({ id: order.id }).patch({ status: "SHIPPED" })).status).toBe(403);
    expect((await challenges.api.orders({ id: order.id }).timeline.get()).status).toBe(403);
    expect((await raw(new Request(`${BASE_URL}/api/orders/export.csv`))).status).toBe(401);
    const delegate = await as(["order_management"]);
    expect((await delegate.api.orders.get({ query: {} })).status).toBe(200);
    expect((await delegate.api.orders({ id: order.id }).patch({ status: "SHIPPED" })).status).toBe(200);
    expect((await (await as("ADMIN")).api.orders.get({ query: {} })).status).toBe(200);
  });

  test("the dashboard: anonymous 401, without admin_dashboard 403, with it 200", async () => {
    expect((await visitor().api.admin.dashboard.get()).status).toBe(401);
    expect((await (await as(["order_management"])).api.admin.dashboard.get()).status).toBe(403);
    expect((await (await as(["admin_dashboard"])).api.admin.dashboard.get()).status).toBe(200);
  });
});

describe("the orders list", () => {
  test("SPEC's fields, newest first, filtered by status and by type", async () => {
    const admin = await as("ADMIN");
    const shirt = await createOrder({
      orderType: "MERCHANDISE",
      status: "SHIPPED",
      customerName: "Ada Buyer",
      amount: "24.5",
      trackingNumber: "1Z999",
      shippingAddress: "1 Main St, Springfield",
      variantTitle: "Black / M",
      printifyOrderId: "pfy-1",
      createdAt: at("2091-01-03T00:00:00Z"),
    });
    const kit = await createOrder({ status: "PENDING", createdAt: at("2091-01-02T00:00:00Z") });
    const mug = await createOrder({ orderType: "MERCHANDISE", status: "PENDING", createdAt: at("2091-01-01T00:00:00Z") });

    const all = await admin.api.orders.get({ query: { limit: 3 } });
    expect(all.status).toBe(200);
    expect(all.data!.map((o) => o.id)).toEqual([shirt.id, kit.id, mug.id]);
    expect(all.data![0]).toEqual({
      id: shirt.id,
      customerName: "Ada Buyer",
      customerEmail: shirt.customerEmail,
      orderType: "MERCHANDISE",
      amount: "24.50",
      status: "SHIPPED",
      trackingNumber: "1Z999",
      shippingAddress: "1 Main St, Springfield",
      variantTitle: "Black / M",
      createdAt: "2091-01-03T00:00:00.000Z",
      printifyOrderId: "pfy-1",
      submissionError: null,
      printifyStatus: null,
      itemTitle: null,
      stripeUrl: null,
      refundDue: false,
      refundedAt: null,
      printifyAlert: null,
    });
    const pending = await admin.api.orders.get({ query: { status: "PENDING", limit: 2 } });
    expect(pending.data!.map((o) => o.id)).toEqual([kit.id, mug.id]);
    const merch = await admin.api.orders.get({ query: { type: "MERCHANDISE", limit: 2 } });
    expect(merch.data!.map((o) => o.id)).toEqual([shirt.id, mug.id]);
    const both = await admin.api.orders.get({ query: { type: "MERCHANDISE", status: "PENDING", limit: 1 } });
    expect(both.data!.map((o) => o.id)).toEqual([mug.id]);

    expect((await admin.api.orders.get({ query: { status: invalid<"PENDING">("PAID") } })).status).toBe(400);
    expect((await admin.api.orders.get({ query: { type: invalid<"MERCHANDISE">("SHIRT") } })).status).toBe(400);
    expect((await admin.api.orders.get({ query: { limit: 1000 } })).status).toBe(400);
    expect((await admin.api.orders.get({ query: { cursor: "not a cursor" } })).status).toBe(400);
  });

  test("the Stripe link only for payments Stripe made: none for a local test payment's or the demo seed's", async () => {
    const admin = await as("ADMIN");
    const email = unique("links");
    for (const stripePaymentId of ["pi_3Qx9StripeMade", "pi_local_0123456789ab", "pi_demo_tee_black_m"]) {
      await createOrder({ customerEmail: `${email}-${stripePaymentId}@example.com`, stripePaymentId });
    }
    const links = Object.fromEntries(
      (await admin.api.orders.get({ query: { email } })).data!.map((o) => [o.customerEmail.split("-").pop(), o.stripeUrl]),
    );
    expect(links).toEqual({
      "pi_3Qx9StripeMade@example.com": "https://dashboard.stripe.com/test/payments/pi_3Qx9StripeMade",
      "pi_local_0123456789ab@example.com": null,
      "pi_demo_tee_black_m@example.com": null,
    });
  });

  test("the e-mail search (/admin/invoices): a literal, case-insensitive part of the address; bad input is a 400", async () => {
    const admin = await as("ADMIN");
    const name = unique("Search_Me%");
    const resource = await (await db()).resource.create({
      data: { title: `Searched kit ${name}`, description: "d", type: "TOOL", accessLevel: "PREMIUM" },
    });
    const order = await createOrder({ customerEmail: `${name}@example.com`, resourceId: resource.id });
    const found = await admin.api.orders.get({ query: { email: name.toUpperCase() } });
    expect(found.data!.map((o) => o.id)).toEqual([order.id]);
    expect(found.data![0]!.itemTitle).toBe(resource.title);
    // "_" and "%" are characters here, not wildcards.
    expect((await admin.api.orders.get({ query: { email: name.replace("_", "x") } })).data).toEqual([]);
    for (const email of ["a\u0000b", "x".repeat(255)]) {
      expect((await admin.api.orders.get({ query: { email } })).status).toBe(400);
    }
    const csv = await raw(
      new Request(`${BASE_URL}/api/orders/export.csv?email=${encodeURIComponent("\u0000")}`, {
        headers: { cookie: admin.jar.header() },
      }),
    );
    expect(csv.status).toBe(400);
  });

  test("keyset pages: every order once, in order, with the next cursor in headers until the last page", async () => {
    const admin = await as("ADMIN");
    // Same timestamp for three of them: ties are broken by id, so none repeats or goes missing across pages.
    const made = await Promise.all(
      ["2092-01-05", "2092-01-04", "2092-01-04", "2092-01-04", "2092-01-01"].map((d) =>
        createOrder({ orderType: "ANNUAL_SUBSCRIPTION", status: "PROCESSING", createdAt: at(`${d}T00:00:00Z`) }),
      ),
    );
    const mine = new Set(made.map((o) => o.id));
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const res = await admin.api.orders.get({ query: { type: "ANNUAL_SUBSCRIPTION", status: "PROCESSING", limit: 2, cursor } });
      expect(res.status).toBe(200);
      seen.push(...res.data!.map((o) => o.id));
      cursor = res.response.headers.get(NEXT_CURSOR_HEADER) ?? undefined;
      if (cursor) expect(res.response.headers.get("link")).toContain('rel="next"');
      pages += 1;
    } while (cursor && pages < 50);
    const ours = seen.filter((id) => mine.has(id));
    expect(new Set(seen).size).toBe(seen.length);
    expect(ours).toHaveLength(5);
    const byTime = [...made].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
    expect(ours).toEqual(byTime.map((o) => o.id));
  });
});

describe("updating an order", () => {
  test("sets status and tracking, writes one STATUS_CHANGED event naming who and what; a repeat writes none", async () => {
    const user = await createUser({ role: "ADMIN", username: unique("boss") });
    const admin = await signedInClient(user);
    const order = await createOrder({ orderType: "MERCHANDISE", status: "PROCESSING" });
    const res = await admin.api.orders({ id: order.id }).patch({ status: "SHIPPED", trackingNumber: " 1Z42 " });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ id: order.id, status: "SHIPPED", trackingNumber: "1Z42" });
    expect((await admin.api.orders({ id: order.id }).patch({ status: "SHIPPED", trackingNumber: "1Z42" })).status).toBe(200);
    expect((await admin.api.orders({ id: order.id }).patch({ status: "SHIPPED" })).data?.trackingNumber).toBe("1Z42");
    const events = await (await db()).orderEvent.findMany({ where: { orderId: order.id } });
    expect(events).toHaveLength(1);
    expect(events[0]!.kind).toBe("STATUS_CHANGED");
    expect(events[0]!.message).toContain("PROCESSING → SHIPPED");
    expect(events[0]!.message).toContain("1Z42");
    expect(events[0]!.message).toContain(user.username);
  });

  test("five identical updates at once change the order once and write one event", async () => {
    const admin = await as("ADMIN");
    const order = await createOrder({ status: "PENDING" });
    const results = await Promise.all(
      Array.from({ length: 5 }, () => admin.api.orders({ id: order.id }).patch({ status: "COMPLETED" })),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await (await db()).orderEvent.count({ where: { orderId: order.id } })).toBe(1);
  });

  test("only the contract's statuses and sane tracking numbers; unknown orders 404; nothing changes on a 400", async () => {
    const admin = await as("ADMIN");
    const order = await createOrder({ status: "PENDING" });
    const patch = (body: unknown) => admin.api.orders({ id: order.id }).patch(invalid<OrderUpdate>(body));
    for (const body of [
      { status: "PAID" },
      { status: "pending" },
      {},
      { status: 3 },
      { status: "SHIPPED", trackingNumber: 123 },
      { status: "SHIPPED", trackingNumber: "x".repeat(101) },
      { status: "SHIPPED", trackingNumber: "1Z\u0000" },
      { status: "SHIPPED\u0000" },
      { status: ["SHIPPED"] },
    ]) {
      const res = await patch(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const huge = await raw(
      new Request(`${BASE_URL}/api/orders/${order.id}`, {
        method: "PATCH",
        headers: { "content-type": "application/json", origin: BASE_URL, cookie: admin.jar.header() },
        body: JSON.stringify({ status: "SHIPPED", trackingNumber: "9".repeat(2_000_000) }),
      }),
    );
    expect([400, 413]).toContain(huge.status);
    const prisma = await db();
    expect((await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("PENDING");
    expect(await prisma.orderEvent.count({ where: { orderId: order.id } })).toBe(0);
    const missing = await admin.api.orders({ id: "00000000-0000-4000-8000-000000000000" }).patch({ status: "SHIPPED" });
    expect(missing.status).toBe(404);
    expect((await admin.api.orders({ id: "x".repeat(65) }).patch({ status: "SHIPPED" })).status).toBe(400);
  });
});

describe("an order's timeline", () => {
  test("events oldest first with Printify's errors, and the shipments", async () => {
    const admin = await as(["order_management"]);
    const order = await createOrder({
      orderType: "MERCHANDISE",
      status: "SHIPPED",
      submissionAttempts: 2,
      shipments: [{ carrier: "UPS", number: "1Z1", url: "https://ups.example/1Z1", deliveredAt: null, extra: "ignored" }],
    });
    const prisma = await db();
    const steps = [
      ["PAID", null, "2026-01-01T10:00:00Z"],
      ["SUBMISSION_FAILED", "Printify: 503 Service Unavailable", "2026-01-01T10:01:00Z"],
      ["SUBMITTED", "Printify order pfy-9", "2026-01-01T10:05:00Z"],
      ["IN_PRODUCTION", null, "2026-01-02T09:00:00Z"],
      ["SHIPPED", "UPS 1Z1", "2026-01-04T09:00:00Z"],
    ] as const;
    // Inserted out of order: the answer is sorted by time, not by insertion.
    for (const [kind, message, when] of [...steps].reverse()) {
      await prisma.orderEvent.create({ data: { orderId: order.id, kind, message, createdAt: at(when) } });
    }
    const res = await admin.api.orders({ id: order.id }).timeline.get();
    expect(res.status).toBe(200);
    expect(res.data!.events.map((e) => [e.kind, e.message, e.createdAt])).toEqual(
      steps.map(([kind, message, when]) => [kind, message, at(when).toISOString()]),
    );
    expect(res.data!.shipments).toEqual([{ carrier: "UPS", number: "1Z1", url: "https://ups.example/1Z1", deliveredAt: null }]);
    expect(res.data!.submissionAttempts).toBe(2);
    expect((await admin.api.orders({ id: "00000000-0000-4000-8000-000000000001" }).timeline.get()).status).toBe(404);
  });
});

describe("the orders CSV export", () => {
  test("filtered, with every formula-looking cell neutralised and quotes doubled", async () => {
    const admin = await as("ADMIN");
    const order = await createOrder({
      orderType: "RESOURCE_MONTHLY",
      status: "CANCELLED",
      customerName: '=HYPERLINK("http://evil.example","click")',
      customerEmail: `${unique("csv")}@example.com`,
      trackingNumber: "+1+2",
      shippingAddress: "@SUM(A1:A9)",
      variantTitle: "-2+3",
      createdAt: at("2093-01-01T00:00:00Z"),
    });
    const res = await raw(
      new Request(`${BASE_URL}/api/orders/export.csv?status=CANCELLED&type=RESOURCE_MONTHLY`, {
        headers: { cookie: admin.jar.header() },
      }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toStartWith("text/csv");
    expect(res.headers.get("content-disposition")).toContain('filename="orders.csv"');
    const lines = (await res.text()).split("\r\n");
    expect(lines[0]).toStartWith('"Order","Date","Customer name","Customer email","Type"');
    const line = lines.find((l) => l.includes(order.id))!;
    expect(line).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(line).toContain(`"'+1+2"`);
    expect(line).toContain(`"'@SUM(A1:A9)"`);
    expect(line).toContain(`"'-2+3"`);
    expect(line).toContain('"19.00","CANCELLED"');
    // Nothing but cancelled monthly orders.
    expect(
      lines.filter((l) => l.startsWith('"') && !l.startsWith('"Order"')).every((l) => l.includes('"RESOURCE_MONTHLY"')),
    ).toBe(true);
    const member = await as([]);
    expect(
      (await raw(new Request(`${BASE_URL}/api/orders/export.csv`, { headers: { cookie: member.jar.header() } }))).status,
    ).toBe(403);
  });

  test("the export has no ceiling: every order, read a page at a time, each once", async () => {
    const admin = await as("ADMIN");
    const prisma = await db();
    await prisma.order.createMany({
      data: Array.from({ length: 1100 }, (_, i) => ({
        orderType: "MERCHANDISE" as const,
        customerEmail: `bulk-${i}@example.com`,
        amount: "5.00",
        createdAt: new Date(Date.UTC(2019, 0, 1) + Math.floor(i / 4) * 1000),
      })),
    });
    const res = await raw(new Request(`${BASE_URL}/api/orders/export.csv`, { headers: { cookie: admin.jar.header() } }));
    const rows = (await res.text()).trim().split("\r\n").slice(1);
    const ids = rows.map((l) => l.slice(1, l.indexOf('"', 1)));
    expect(ids.length).toBe(await prisma.order.count());
    expect(new Set(ids).size).toBe(ids.length);
    await prisma.order.deleteMany({ where: { customerEmail: { startsWith: "bulk-" }, amount: "5.00" } });
  });
});

describe("the admin dashboard", () => {
  const get = async (client: Client): Promise<Dashboard> => {
    const res = await client.api.admin.dashboard.get();
    expect(res.status).toBe(200);
    return res.data!;
  };

  test("every figure moves by exactly what was created; lists and weekly series", async () => {
    const admin = await as("ADMIN");
    const before = await get(admin);
    const prisma = await db();
    const now = new Date();
    const early = await createChallenge({ status: "ACTIVE", startDate: at("1990-01-01T00:00:00Z") });
    await createChallenge({ status: "UPCOMING" });
    const [a, b, c] = await Promise.all([createUser(), createUser(), createUser()]);
    await createApplication(early.id, a.id, { status: "ACTIVE" });
    await createApplication(early.id, b.id, { status: "ACTIVE" });
    await createApplication(early.id, c.id, { status: "REJECTED" });
    await createProject();
    await prisma.resource.create({ data: { title: unique("Free"), description: "d", type: "TOOL" } });
    await prisma.resource.create({ data: { title: unique("Paid"), description: "d", type: "TOOL", accessLevel: "PREMIUM" } });
    await prisma.merchandise.create({ data: { title: unique("Tee"), description: "<p>Tee</p>", price: "20.00" } });
    const lastWeek = new Date(now.getTime() - 7 * 86_400_000);
    await createOrder({ amount: "10.00", status: "COMPLETED", createdAt: lastWeek });
    await createOrder({ amount: "5.50", status: "PENDING", createdAt: lastWeek });
    await createOrder({ amount: "99.00", status: "CANCELLED", createdAt: lastWeek });
    const newest = await createOrder({ amount: "1.25", status: "PENDING", createdAt: at("2099-01-01T00:00:00Z") });
    await prisma.subscription.create({
      data: { userId: a.id, startDate: new Date(now.getTime() - 21 * 86_400_000), endDate: at("2099-01-01T00:00:00Z") },
    });

    const after = await get(admin);
    const delta = Object.fromEntries(
      Object.entries(after.stats).map(([k, v]) => [k, v - before.stats[k as keyof Dashboard["stats"]]]),
    );
    expect(delta).toEqual({
      challenges: 2,
      activeChallenges: 1,
      projects: 1,
      resources: 2,
      premiumResources: 1,
      orders: 4,
      pendingOrders: 2,
      merchandise: 1,
    });
    expect(after.applications.ACTIVE - before.applications.ACTIVE).toBe(2);
    expect(after.applications.REJECTED - before.applications.REJECTED).toBe(1);
    expect(after.applications.PENDING - before.applications.PENDING).toBe(0);

    expect(after.recentOrders).toHaveLength(5);
    expect(after.recentOrders[0]).toEqual({
      id: newest.id,
      customerEmail: newest.customerEmail,
      orderType: "RESOURCE_ONETIME",
      amount: "1.25",
      status: "PENDING",
    });
    expect(after.activeChallenges.length).toBeLessThanOrEqual(5);
    expect(after.activeChallenges[0]).toEqual({ id: early.id, title: early.title, participantCount: 2 });

    // Twelve Monday-starting weeks ending with this one; last week's bucket gained the two orders not cancelled.
    expect(after.weekly).toHaveLength(DASHBOARD_WEEKS);
    for (const w of after.weekly) expect(new Date(`${w.week}T00:00:00Z`).getUTCDay()).toBe(1);
    const monday = new Date(now);
    monday.setUTCHours(0, 0, 0, 0);
    monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
    expect(after.weekly.at(-1)!.week).toBe(monday.toISOString().slice(0, 10));
    const i = after.weekly.findIndex(
      (w) => w.week <= lastWeek.toISOString().slice(0, 10) && lastWeek.getTime() - Date.parse(w.week) < 7 * 86_400_000,
    );
    expect(i).toBe(DASHBOARD_WEEKS - 2);
    expect(after.weekly[i]!.orders - before.weekly[i]!.orders).toBe(2);
    expect(Number(after.weekly[i]!.revenue) - Number(before.weekly[i]!.revenue)).toBeCloseTo(15.5, 2);
    expect(after.weekly.slice(0, i).map((w, k) => w.orders - before.weekly[k]!.orders)).toEqual(Array(i).fill(0));

    // The subscription started three weeks ago: it counts in the last three or four weeks, not before.
    const subs = after.subscriptions.map((s, k) => s.active - before.subscriptions[k]!.active);
    expect(subs).toHaveLength(DASHBOARD_WEEKS);
    expect(subs.at(-1)).toBe(1);
    expect(subs.slice(0, DASHBOARD_WEEKS - 4)).toEqual(Array(DASHBOARD_WEEKS - 4).fill(0));
  });
});
