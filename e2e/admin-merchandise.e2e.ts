// Admin merchandise without a Printify token (SPEC §2 Merchandise Management, §8 sync toasts): the demo shop and the
// demo catalogue with its notice, Sync Products syncing the built-in demo shop, and axe in both themes.
import { audit } from "./support/axe";
import { expect, type Page, test } from "@playwright/test";
import { AUTH_STATE } from "./support/auth";
import { expectToast, toastArea, waitForHydration } from "./support/ui";

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

// Issue 31, item 12: a newcomer's first click. Without a token the demo shop syncs from the built-in catalogue through
// the same job, progress and summary as a real shop (before, it failed with "set PRINTIFY_API_TOKEN").
test("Sync Products on the demo shop syncs it: the button and status show the sync, then SPEC's toast and the summary", async ({
  page,
}) => {
  await open(page);
  const shop = page
    .getByRole("region", { name: "Printify Shops" })
    .getByRole("listitem")
    .filter({ hasText: "InnovateHub Demo Shop" });
  const status = shop.getByTestId(/^sync-status-/);
  // Holds the sync's answer until the screen has been seen syncing: six products sync faster than a look.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/printify/sync/*", async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    const response = await route.fetch();
    await held;
    await route.fulfill({ response });
  });
  await shop.getByRole("button", { name: "Sync Products" }).click();
  await expect(shop.getByRole("button", { name: "Syncing..." })).toBeDisabled();
  await expect(status).toHaveText(/^(Starting sync\.\.\.|\d+ of 6 products)$/);
  release();
  // The seed stored the demo catalogue through the sync's own mapper, so syncing it changes nothing (idempotent).
  await expectToast(page, "Sync Successful", "Synced 6 products: 0 added, 0 updated, 0 now unavailable.");
  await expect(status).toHaveText(/^Last sync: 6 products — 0 added, 0 updated, 0 now unavailable\.$/);
  await expect(shop.getByRole("button", { name: "Sync Products" })).toBeEnabled();
  // Still the demo catalogue, pictures and all: its images are our own files, not fetched from anywhere.
  await expect(page.getByRole("status").filter({ hasText: "Demo catalogue." })).toBeVisible();
  await expect(page.getByTestId("catalogue-count")).toHaveText("6 products");
  const tee = page.getByTestId("catalogue-item").filter({ hasText: "InnovateHub Logo Tee" });
  await expect(tee.locator("img")).toHaveAttribute("src", /\/merch\/demo\/tee-black-front\.svg$/);
  await expect(toastArea(page).getByText("Sync Failed")).toHaveCount(0);
});

for (const theme of ["dark", "light"] as const) {
  test(`no accessibility violations (${theme} theme)`, async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem("theme", t), theme);
    await open(page);
    expect(await audit(page)).toEqual([]);
  });
}
