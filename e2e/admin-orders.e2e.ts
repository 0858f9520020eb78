// Order Management (SPEC §2, §5, §8) on the seeded demo orders: five skeleton rows while loading, SPEC's card fields,
// the status and type filters, an order's timeline, the Update dialog with both toasts and the new badge, the refund
// of an order Printify cancelled and the handling of Printify's problem (decision 012), no axe violations in either
// theme, and a 390 px phone that can still do all of it.
import { audit } from "./support/axe";
import { expect, test, type Page } from "@playwright/test";
import { AUTH_STATE } from "./support/auth";
import { waitForMail } from "./support/mail";
import { expectToast, waitForHydration } from "./support/ui";

// Seeded (prisma/seed.ts): a shipped tee with tracking, a hoodie whose first submission failed, a guest's mug.
const TEE = "Order #7f3c9a12";
const HOODIE = "Order #2b8d4e67";
const MUG = "Order #c41e7f90";
// Seeded too: a guest's tee Printify cancelled (a refund due) and a guest's mug Printify has a problem with.
const CANCELLED_TEE = "Order #4c5d6e7f";
const ISSUES_MUG = "Order #6e7f8091";

const card = (page: Page, title: string) =>
  page.getByTestId("order-card").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
const dialog = (page: Page) => page.getByRole("dialog");

async function open(page: Page) {
  await page.goto("/admin/orders");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Order Management" })).toBeVisible();
  await expect(card(page, TEE)).toBeVisible();
}

test.use({ storageState: AUTH_STATE.admin });

test("five skeleton rows while loading, then SPEC's card fields", async ({ page }) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/api\/orders\?/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/admin/orders");
  await expect(page.getByTestId("order-skeleton")).toHaveCount(5);
  release();
  await expect(card(page, TEE)).toBeVisible();
  await expect(page.getByTestId("order-skeleton")).toHaveCount(0);
  const tee = card(page, TEE);
  for (const text of [
    "Morgan Lee",
    "member@example.com",
    "Merchandise",
    "$24.00",
    "Shipped",
    "1Z999AA10123456784",
    "12 Harbour Street",
  ])
    await expect(tee).toContainText(text);
  // A guest order without tracking shows no tracking line; its badge reads Pending.
  await expect(card(page, MUG)).toContainText("Sam Guest");
  await expect(card(page, MUG)).not.toContainText("Tracking");
});

test("filters by status and by type", async ({ page }) => {
  await open(page);
  await page.getByLabel("Status").selectOption("SHIPPED");
  await expect(card(page, HOODIE)).toHaveCount(0);
  await expect(card(page, TEE)).toBeVisible();
  await page.getByLabel("Status").selectOption("");
  await page.getByLabel("Type").selectOption("ANNUAL_SUBSCRIPTION");
  await expect(card(page, TEE)).toHaveCount(0);
  await expect(page.getByTestId("order-card").first()).toContainText("Annual subscription");
  await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute(
    "href",
    "/api/orders/export.csv?type=ANNUAL_SUBSCRIPTION",
  );
});

test("an order's timeline: paid, a failed submission with Printify's reason, submitted, in production", async ({ page }) => {
  await open(page);
  await card(page, HOODIE)
    .getByRole("button", { name: `Timeline of ${HOODIE}` })
    .click();
  const steps = dialog(page).getByTestId("order-timeline").locator("li");
  await expect(steps).toHaveCount(4);
  await expect(steps.nth(0)).toContainText("Paid");
  await expect(steps.nth(1)).toContainText("Submission failed");
  await expect(steps.nth(1)).toContainText("Printify: 503 Service Unavailable");
  await expect(steps.nth(2)).toContainText("Submitted to Printify");
  await expect(steps.nth(3)).toContainText("In production");
  await expect(steps.nth(0)).toContainText("UTC");
  await dialog(page).getByRole("button", { name: "Close", exact: true }).first().click();
  await expect(dialog(page)).toHaveCount(0);
});

test("update: a failure keeps the dialog with SPEC's toast; a success toasts, closes and shows the new badge", async ({
  page,
}) => {
  await open(page);
  await card(page, MUG)
    .getByRole("button", { name: `Update ${MUG}` })
    .click();
  await expect(dialog(page).getByRole("heading", { name: `Update ${MUG}` })).toBeVisible();
  await expect(dialog(page).getByLabel("Status")).toHaveValue("PENDING");
  await dialog(page).getByLabel("Status").selectOption("SHIPPED");
  await dialog(page).getByLabel("Tracking Number").fill("1ZE2E0000000001");

  await page.route(/\/api\/orders\/[^/?]+$/, (route) =>
    route.request().method() === "PATCH" ? route.fulfill({ status: 500, body: "" }) : route.continue(),
  );
  await dialog(page).getByRole("button", { name: "Update Order" }).click();
  await expectToast(page, "Failed to update order");
  await expect(dialog(page).getByLabel("Tracking Number")).toHaveValue("1ZE2E0000000001");
  await page.unrouteAll();

  await dialog(page).getByRole("button", { name: "Update Order" }).click();
  await expectToast(page, "Order updated successfully");
  await expect(dialog(page)).toHaveCount(0);
  await expect(card(page, MUG)).toContainText("Shipped");
  await expect(card(page, MUG)).toContainText("1ZE2E0000000001");
  await card(page, MUG)
    .getByRole("button", { name: `Timeline of ${MUG}` })
    .click();
  await expect(dialog(page).getByTestId("order-timeline")).toContainText("PENDING → SHIPPED");
});

test("a cancelled order: Refund asks first, refunds once on a double click, and the card, timeline and buyer's mail say so", async ({
  page,
}) => {
  await open(page);
  const tee = card(page, CANCELLED_TEE);
  await expect(tee).toContainText("Cancelled");
  await expect(tee).toContainText("the buyer is owed a refund of $24.00");
  await tee.getByRole("button", { name: `Refund ${CANCELLED_TEE}` }).click();
  await expect(dialog(page).getByRole("heading", { name: `Refund ${CANCELLED_TEE}?` })).toBeVisible();
  await dialog(page).getByRole("button", { name: "Refund $24.00" }).dblclick();
  await expectToast(page, "Order refunded");
  await expect(dialog(page)).toHaveCount(0);
  await expect(tee).toContainText("Refunded $24.00 on");
  await expect(tee).not.toContainText("owed a refund");
  await expect(tee.getByRole("button", { name: `Refund ${CANCELLED_TEE}` })).toHaveCount(0);

  await tee.getByRole("button", { name: `Timeline of ${CANCELLED_TEE}` }).click();
  const steps = dialog(page).getByTestId("order-timeline").locator("li");
  await expect(steps.filter({ hasText: "Refunded" })).toHaveCount(1);
  await expect(steps.filter({ hasText: "Refunded" })).toContainText("re_local_");
  const mail = await waitForMail("jo.guest@example.org", /refunded/);
  expect(mail.text).toContain("$24.00");
});

test("Printify's problem shows on the card and the dashboard until an admin marks it handled", async ({ page }) => {
  await page.goto("/admin");
  await expect(page.getByTestId("orders-attention")).toContainText(ISSUES_MUG);
  await open(page);
  const mug = card(page, ISSUES_MUG);
  await expect(mug).toContainText("Printify reports a problem with this order");
  await mug.getByRole("button", { name: `Mark handled alert of ${ISSUES_MUG}` }).click();
  await expectToast(page, "Alert handled");
  await expect(mug).not.toContainText("Printify reports a problem");
  await expect(mug.getByRole("button", { name: `Mark handled alert of ${ISSUES_MUG}` })).toHaveCount(0);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Recent Orders" })).toBeVisible();
  // The notice goes with its last order (the cancelled tee may have been refunded by then).
  await expect(page.getByTestId("orders-attention").filter({ hasText: ISSUES_MUG })).toHaveCount(0);
});

for (const theme of ["dark", "light"] as const) {
  test(`no accessibility violations (${theme} theme, timeline open too)`, async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem("theme", t), theme);
    await open(page);
    expect(await audit(page)).toEqual([]);
    await card(page, TEE)
      .getByRole("button", { name: `Timeline of ${TEE}` })
      .click();
    await expect(dialog(page).getByTestId("order-timeline")).toBeVisible();
    expect(await audit(page)).toEqual([]);
  });
}

test.describe("on a 390 px phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("cards fit the screen and the filters, timeline and Update are usable", async ({ page }) => {
    await open(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const box = await card(page, TEE).boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    for (const control of [page.getByLabel("Status"), page.getByLabel("Type"), page.getByRole("link", { name: "Export CSV" })]) {
      await control.scrollIntoViewIfNeeded();
      await expect(control).toBeInViewport({ ratio: 1 });
    }
    const update = card(page, HOODIE).getByRole("button", { name: `Update ${HOODIE}` });
    await update.scrollIntoViewIfNeeded();
    await expect(update).toBeInViewport({ ratio: 1 });
    await update.click();
    await expect(dialog(page).getByRole("button", { name: "Update Order" })).toBeInViewport({ ratio: 1 });
    await dialog(page).getByRole("button", { name: "Cancel" }).click();
    await expect(dialog(page)).toHaveCount(0);
  });
});
