// Admin merchandise without a Printify token (SPEC §2 Merchandise Management, §8 sync toasts): the demo shop and the
// demo catalogue with its notice, Sync saying a token is needed, and axe in both themes.
import { audit } from "./support/axe";
import { expect, type Page, test } from "@playwright/test";
import { AUTH_STATE } from "./support/auth";
import { expectToast, waitForHydration } from "./support/ui";

test.use({ storageState: AUTH_STATE.admin });

async function open(page: Page) {
  await page.goto("/admin/merchandise");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Merchandise Management" })).toBeVisible();
  await expect(page.getByTestId("catalogue-item").first()).toBeVisible();
}

test("the admin sees the demo shop and the demo catalogue, marked as such", async ({ page }) => {
  await open(page);
  const shops = page.getByRole("region", { name: "Printify Shops" });
  await expect(shops.getByText("InnovateHub Demo Shop")).toBeVisible();
  await expect(shops.getByText("Sales channel: custom_integration")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Demo catalogue." })).toContainText("PRINTIFY_API_TOKEN");
  // Six demo products: five on sale and the unpublished Retired Cap, which the admin still sees, marked so.
  await expect(page.getByTestId("catalogue-count")).toHaveText("6 products");
  await expect(page.getByTestId("catalogue-item").filter({ hasText: "Retired Cap" })).toContainText("Unavailable");
  const tee = page.getByTestId("catalogue-item").filter({ hasText: "InnovateHub Logo Tee" });
  await expect(tee).toContainText("$24.00");
  await expect(tee).toContainText("Available");
  await expect(tee.locator("img")).toHaveAttribute("src", /\/merch\/demo\/tee-black-front\.svg$/);
  // The description is shown as text: its markup never reaches the card as tags.
  await expect(tee).toContainText("The classic tee of our community");
});

test("Sync Products says a token is needed, with SPEC's failure toast", async ({ page }) => {
  await open(page);
  await page.getByRole("button", { name: "Sync Products" }).click();
  await expectToast(page, "Sync Failed", /PRINTIFY_API_TOKEN/);
  await expect(page.getByRole("button", { name: "Sync Products" })).toBeEnabled();
});

for (const theme of ["dark", "light"] as const) {
  test(`no accessibility violations (${theme} theme)`, async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem("theme", t), theme);
    await open(page);
    expect(await audit(page)).toEqual([]);
  });
}
