// The admin dashboard (SPEC §2 Dashboard) on the seeded data: the five stat cards, Recent Orders and Active Challenges
// agree with what the list routes report at the same moment (the API test proves each figure against the database); the
// three charts draw with uPlot, loaded on this page only, each beside a table of its figures; no axe violations in
// either theme; nothing scrolls sideways at 390 px.
import { audit } from "./support/axe";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { AUTH_STATE } from "./support/auth";

test.use({ storageState: AUTH_STATE.admin });

/** Every item of a keyset-paged list route, following x-next-cursor. */
async function all<T>(request: APIRequestContext, path: string): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  do {
    const url: string = `${path}${path.includes("?") ? "&" : "?"}limit=100${cursor ? `&cursor=${cursor}` : ""}`;
    const res: Awaited<ReturnType<APIRequestContext["get"]>> = await request.get(url);
    expect(res.status(), url).toBe(200);
    items.push(...((await res.json()) as T[]));
    cursor = res.headers()["x-next-cursor"] ?? null;
  } while (cursor);
  return items;
}

type Order = { customerEmail: string; status: string; amount: string };
type Challenge = { title: string; status: string; participantCount: number };

const statCard = (page: Page, title: string) => page.getByTestId("stat-card").filter({ hasText: title });

test("stat cards and both lists match the data; charts are drawn beside their tables", async ({ page }) => {
  const loaded: string[] = [];
  page.on("request", (r) => loaded.push(new URL(r.url()).pathname));
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();

  const request = page.request;
  const [challenges, projects, orders, resourcesRes, dashboardRes] = await Promise.all([
    all<Challenge>(request, "/api/challenges/manage"),
    all<unknown>(request, "/api/projects"),
    all<Order>(request, "/api/orders"),
    request.get("/api/resources?drafts=true"),
    request.get("/api/admin/dashboard"),
  ]);
  const resources = (await resourcesRes.json()) as { accessLevel: string }[];
  const dashboard = (await dashboardRes.json()) as { stats: { merchandise: number } };
  const expected: [string, number, string | null][] = [
    ["Total Challenges", challenges.length, `${challenges.filter((c) => c.status === "ACTIVE").length} active`],
    ["Total Projects", projects.length, null],
    ["Total Resources", resources.length, `${resources.filter((r) => r.accessLevel === "PREMIUM").length} premium`],
    ["Total Orders", orders.length, `${orders.filter((o) => o.status === "PENDING").length} pending`],
    ["Merchandise Items", dashboard.stats.merchandise, null],
  ];
  await expect(page.getByTestId("stat-card")).toHaveCount(5);
  for (const [title, value, note] of expected) {
    await expect(statCard(page, title).getByTestId("stat-value")).toHaveText(String(value));
    if (note) await expect(statCard(page, title).getByTestId("stat-note")).toHaveText(note);
  }
  expect(challenges.length).toBeGreaterThan(0);
  expect(orders.length).toBeGreaterThan(0);

  // Recent Orders: the five newest, each with its e-mail, amount and status.
  const recent = page.getByTestId("recent-orders").locator("li");
  await expect(recent).toHaveCount(Math.min(5, orders.length));
  for (const [i, order] of orders.slice(0, 5).entries()) {
    await expect(recent.nth(i)).toContainText(order.customerEmail);
    await expect(recent.nth(i)).toContainText(`$${order.amount}`);
  }
  // Active Challenges: the first five active ones (soonest start first) with their approved participants.
  const active = challenges.filter((c) => c.status === "ACTIVE").slice(0, 5);
  const rows = page.getByTestId("active-challenges").locator("li");
  await expect(rows).toHaveCount(active.length);
  for (const [i, c] of active.entries()) {
    await expect(rows.nth(i)).toContainText(c.title);
    await expect(rows.nth(i)).toContainText(`${c.participantCount} participant`);
  }

  // Three charts drawn by uPlot, each beside a table with the same figures.
  await expect(page.locator("[data-chart] canvas")).toHaveCount(3);
  // Each legend shows the latest week's (or bar's) figures before any hover, not uPlot's "--".
  await expect.poll(() => page.locator("[data-chart] .u-legend .u-value").allTextContents()).not.toContain("--");
  await expect(page.locator("[data-chart] .u-legend .u-value").first()).not.toHaveText("");
  await expect(page.getByTestId("table-weekly").locator("tbody tr")).toHaveCount(12);
  await expect(page.getByTestId("table-subscriptions").locator("tbody tr")).toHaveCount(12);
  await expect(page.getByTestId("table-applications").getByRole("rowheader")).toHaveText([
    "Pending Review",
    "Approved",
    "Rejected",
  ]);
  expect(loaded.some((p) => /\/_astro\/charts\.[\w-]+\.js$/.test(p))).toBe(true);

  // Other admin pages never download the chart library.
  loaded.length = 0;
  await page.goto("/admin/orders");
  await expect(page.getByRole("heading", { level: 1, name: "Order Management" })).toBeVisible();
  expect(loaded.some((p) => /charts\.[\w-]+\.js$/.test(p))).toBe(false);
});

test("Export orders (CSV) downloads every order", async ({ page }) => {
  await page.goto("/admin");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export orders (CSV)" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("orders.csv");
});

for (const theme of ["dark", "light"] as const) {
  test(`no accessibility violations (${theme} theme)`, async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem("theme", t), theme);
    await page.goto("/admin");
    await expect(page.locator("[data-chart] canvas")).toHaveCount(3);
    // Each legend shows the latest week's (or bar's) figures before any hover, not uPlot's "--".
    await expect.poll(() => page.locator("[data-chart] .u-legend .u-value").allTextContents()).not.toContain("--");
    await expect(page.locator("[data-chart] .u-legend .u-value").first()).not.toHaveText("");
    expect(await audit(page)).toEqual([]);
  });
}

test.describe("on a 390 px phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("cards, lists, charts and tables fit the screen", async ({ page }) => {
    await page.goto("/admin");
    await expect(page.locator("[data-chart] canvas")).toHaveCount(3);
    // Each legend shows the latest week's (or bar's) figures before any hover, not uPlot's "--".
    await expect.poll(() => page.locator("[data-chart] .u-legend .u-value").allTextContents()).not.toContain("--");
    await expect(page.locator("[data-chart] .u-legend .u-value").first()).not.toHaveText("");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    for (const canvas of await page.locator("[data-chart] canvas").all()) {
      const box = await canvas.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    }
  });
});
