// A member follows their store orders to the door on /subscriptions (decision 010, "Members' billing"), on the demo
// seed: `member`'s tee is shipped — Shipped badge, "Shipped" the current step, the UPS tracking link opening the
// carrier's page — and `diego`'s hoodie is in production with no tracking yet; neither sees the other's order. On a
// 390 px phone the cards fit without sideways scrolling. (axe on /subscriptions in both themes:
// e2e/audits/accessibility.e2e.ts.)
import { expect, type Page, test } from "@playwright/test";
import { AUTH_STATE, signIn } from "./support/auth";
import { DEMO_MERCH } from "./support/merchandise";

// Seeded (api/src/cli/seed.ts ORDERS): member's tee, diego's hoodie.
const TEE = "Order #7f3c9a12";
const HOODIE = "Order #2b8d4e67";
const UPS = "https://www.ups.com/track?tracknum=1Z999AA10123456784";

const order = (page: Page, title: string) =>
  page.getByTestId("store-order").filter({ has: page.getByRole("heading", { name: title, exact: true }) });

test.describe("as the member", () => {
  test.use({ storageState: AUTH_STATE.member });

  test("the shipped tee: product link, badge, current step and the UPS tracking link", async ({ page }) => {
    await page.goto("/subscriptions");
    await expect(page.getByRole("heading", { level: 2, name: "Store orders" })).toBeVisible();
    const tee = order(page, TEE);
    await expect(tee).toContainText("Black / M");
    await expect(tee).toContainText("$24.00");
    await expect(tee.getByRole("link", { name: DEMO_MERCH.tee, exact: true })).toHaveAttribute(
      "href",
      /^\/merchandise\/[0-9a-f-]{36}$/,
    );
    await expect(tee.getByText("Shipped", { exact: true }).first()).toHaveClass(/badge-primary/);
    const steps = tee.getByRole("list", { name: "Progress" }).getByRole("listitem");
    await expect(steps).toHaveCount(4);
    await expect(steps.nth(2)).toHaveAttribute("aria-current", "step");
    await expect(tee.locator('[aria-current="step"]')).toHaveCount(1);
    const tracking = tee.getByRole("link", { name: /^UPS 1Z999AA10123456784/ });
    await expect(tracking).toHaveAttribute("href", UPS);
    await expect(tracking).toHaveAttribute("target", "_blank");
    await expect(tracking).toHaveAttribute("rel", "noopener noreferrer");
    await expect(order(page, HOODIE)).toHaveCount(0);
  });

  test("a 390 px phone shows the store orders without sideways scrolling", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/subscriptions");
    await expect(order(page, TEE)).toBeVisible();
    const tracking = order(page, TEE).getByRole("link", { name: /^UPS 1Z999AA10123456784/ });
    await tracking.scrollIntoViewIfNeeded();
    await expect(tracking).toBeInViewport();
    const card = await order(page, TEE).boundingBox();
    expect(card!.x + card!.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test("diego's hoodie is in production, with no tracking yet, and the member's tee is not his", async ({ page }) => {
  await signIn(page, "diego", "demo-member-1234");
  await page.goto("/subscriptions");
  const hoodie = order(page, HOODIE);
  await expect(hoodie).toContainText("Charcoal / L");
  await expect(hoodie.getByText("Processing", { exact: true })).toHaveClass(/badge-info/);
  await expect(hoodie.locator('[aria-current="step"]')).toHaveText(/In production/);
  await expect(hoodie.getByRole("list", { name: "Tracking" })).toHaveCount(0);
  await expect(order(page, TEE)).toHaveCount(0);
});
