// Automated accessibility audit (axe-core, WCAG 2.1 A/AA rules) of the public pages, the account forms, the member's
// /subscriptions (plans, purchases, store orders with steps and tracking) and the admin users screen, in both themes:
// no serious or critical violations.
import { test, expect } from "@playwright/test";
import { audit } from "./support/axe";
import { AUTH_STATE, DEMO } from "./support/auth";

for (const theme of ["dark", "light"] as const) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((t) => localStorage.setItem("theme", t), theme);
    });

    for (const path of ["/", "/login", "/register", "/forgot-password", "/privacy", "/contact", "/no-such-page"]) {
      test(`${path} has no serious accessibility violations`, async ({ page }) => {
        await page.goto(path);
        await page.waitForLoadState("networkidle");
        expect(await audit(page)).toEqual([]);
      });
    }

    test.describe("signed in as the member", () => {
      test.use({ storageState: AUTH_STATE.member });

      test("/subscriptions has no serious accessibility violations", async ({ page }) => {
        await page.goto("/subscriptions");
        await expect(page.getByTestId("store-order").first()).toBeVisible();
        expect(await audit(page)).toEqual([]);
      });
    });

    test.describe("signed in as the admin", () => {
      test.use({ storageState: AUTH_STATE.admin });

      test("/admin/users has no serious accessibility violations", async ({ page }) => {
        await page.goto("/admin/users");
        await expect(page.getByRole("cell", { name: DEMO.admin.username, exact: true })).toBeVisible();
        expect(await audit(page)).toEqual([]);
      });
    });
  });
}
