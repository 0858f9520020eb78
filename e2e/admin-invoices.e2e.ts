// /admin/invoices on a 390 px phone: each payment is a card with labelled lines, nothing scrolls sideways, and the
// filters, Export CSV and every row's Stripe cell are on screen and usable (the seeded demo payments, which Stripe never
// made: no link to a payment that does not exist).
import { expect, test } from "@playwright/test";
import { AUTH_STATE } from "./support/auth";

test.use({ storageState: AUTH_STATE.admin, viewport: { width: 390, height: 844 } });

test("at 390 px the invoices are cards that fit the screen, with every action reachable", async ({ page }) => {
  await page.goto("/admin/invoices");
  await expect(page.getByRole("heading", { level: 1, name: "Invoices" })).toBeVisible();
  const rows = page.getByTestId("invoices").locator("tbody tr");
  expect(await rows.count()).toBeGreaterThan(1);

  // No sideways scroll, for the page or for the list.
  const overflow = await page.evaluate(() => {
    const table = document.querySelector("[data-testid=invoices]") as HTMLElement;
    return {
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      table: table.scrollWidth - table.clientWidth,
      tableRight: table.getBoundingClientRect().right,
    };
  });
  expect(overflow.page).toBeLessThanOrEqual(0);
  expect(overflow.table).toBeLessThanOrEqual(0);
  expect(overflow.tableRight).toBeLessThanOrEqual(390);

  // Each card names its lines (the header row is hidden at this width).
  await expect(page.getByTestId("invoices").locator("thead")).toBeHidden();
  const labels = await rows
    .first()
    .locator("td")
    .evaluateAll((cells) => cells.map((cell) => getComputedStyle(cell, "::before").content));
  expect(labels).toEqual(['"Date"', '"Customer"', '"What"', '"Amount"', '"Status"', '"Stripe"']);

  // Every row's Stripe cell fits within the screen once scrolled to, and so do the filters and Export CSV. The demo
  // payments were never made at Stripe: each says so instead of linking to Stripe's dashboard.
  const stripeCells = page.getByTestId("invoices").locator("td[data-label=Stripe] > *");
  expect(await stripeCells.count()).toBe(await rows.count());
  await expect(page.getByTestId("invoices").getByRole("link", { name: /View/ })).toHaveCount(0);
  for (const cell of await stripeCells.all()) {
    await expect(cell).toHaveText("Test payment");
    await cell.scrollIntoViewIfNeeded();
    await expect(cell).toBeInViewport({ ratio: 1 });
  }
  for (const control of [
    page.getByRole("link", { name: "Export CSV" }),
    page.getByLabel("Status"),
    page.getByLabel("Customer e-mail"),
    page.getByRole("button", { name: "Filter" }),
  ]) {
    await control.scrollIntoViewIfNeeded();
    await expect(control).toBeInViewport({ ratio: 1 });
  }

  // The filter still works at this width.
  await page.getByLabel("Status").selectOption("CANCELLED");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/status=CANCELLED/);
  // The demo's cancelled monthly plan and its tee Printify cancelled (refund due): only cancelled payments are listed.
  await expect(rows.filter({ hasText: "$4.99" })).toHaveCount(1);
  for (const row of await rows.all()) await expect(row).toContainText("Cancelled");
});
