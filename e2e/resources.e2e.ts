// Resources journeys: a visitor filters the library by type, opens a free resource and downloads it; the demo admin
// creates a premium resource with prices, saves a new annual price in Subscription Settings and sees it on the
// /resources promo card, then deletes a resource; a file over the upload limit is refused before it is sent. The
// pages and dialogs pass an axe audit in both themes.
import { expect, test, type Page } from "@playwright/test";
import { audit } from "./support/axe";
import { AUTH_STATE, DEMO, signIn, uniqueName } from "./support/auth";
import { expectToast, waitForHydration } from "./support/ui";

const card = (page: Page, title: string) =>
  page.getByTestId("resource-card").filter({ has: page.getByRole("heading", { name: title, exact: true }) });

test("a visitor filters resources by type, opens a free one and downloads it", async ({ page }) => {
  await page.goto("/resources");
  await expect(page.getByRole("heading", { level: 1, name: "Resource Library" })).toBeVisible();
  await expect(page.getByTestId("promo-card")).toContainText(/Subscribe for \$\d+(\.\d\d)?\/year/);
  await expect(card(page, "Challenge Canvas Toolkit")).toBeVisible();

  const filters = page.getByRole("navigation", { name: "Filter by type" });
  await filters.getByRole("link", { name: "RESEARCH", exact: true }).click();
  await expect(page).toHaveURL(/\/resources\?type=RESEARCH$/);
  await expect(card(page, "State of Civic Tech 2026")).toBeVisible();
  await expect(card(page, "Challenge Canvas Toolkit")).toHaveCount(0);
  await filters.getByRole("link", { name: "All Resources" }).click();
  await expect(page).toHaveURL(/\/resources$/);

  await filters.getByRole("link", { name: "TOOL", exact: true }).click();
  await card(page, "Challenge Canvas Toolkit")
    .getByRole("link", { name: /View Details/ })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Challenge Canvas Toolkit" })).toBeVisible();
  await expect(page.getByText("Free", { exact: true })).toBeVisible();
  const download = page.getByRole("link", { name: "Download Now" });
  const href = await download.getAttribute("href");
  expect(href).toMatch(/\/api\/resources\/[^/]+\/download$/);
  // The download route answers with a short-lived link to the file, which then downloads.
  const response = await page.request.get(href!);
  expect(response.status()).toBe(200);
  expect((await response.body()).subarray(0, 5).toString()).toBe("%PDF-");

  // A premium resource shows its purchase options to a visitor, never a download link.
  await page.goto("/resources?type=TOOL");
  await card(page, "Impact Measurement Dashboard Kit")
    .getByRole("link", { name: /View Details/ })
    .click();
  await expect(page.getByText("One-time purchase")).toBeVisible();
  await expect(page.getByText("Monthly subscription")).toBeVisible();
  await expect(page.getByText("Annual plan")).toBeVisible();
  await expect(page.getByRole("link", { name: /Download/ })).toHaveCount(0);
  expect(await audit(page)).toEqual([]);

  const missing = await page.goto("/resources/00000000-0000-4000-8000-000000000000");
  expect(missing?.status()).toBe(404);
  await expect(page.getByText("Resource not found")).toBeVisible();
  await expect(page.getByRole("link", { name: /Back to Resources/ })).toBeVisible();
});

test("the admin creates a premium resource, sets the annual price, and deletes a resource", async ({ page }) => {
  await signIn(page, DEMO.admin.username, DEMO.admin.password);
  const title = `Data Toolkit ${uniqueName("res")}`;
  await page.goto("/admin/resources");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Resource Management" })).toBeVisible();
  await expect(card(page, "Challenge Canvas Toolkit")).toBeVisible();

  // Create: PREMIUM reveals the prices.
  await page.getByRole("button", { name: "Create Resource" }).click();
  const dialog = page.getByRole("dialog", { name: "Create Resource" });
  await expect(dialog.getByLabel("One-time Price ($)")).toHaveCount(0);
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Description").fill("Spreadsheets and scripts for open data projects.");
  await dialog.getByLabel("Type").selectOption("TEMPLATE");
  await dialog.getByLabel("Access Level").selectOption("PREMIUM");
  await dialog.getByLabel("One-time Price ($)").fill("12.5");
  await dialog.getByLabel("Monthly Price ($)").fill("3");
  await dialog.getByRole("button", { name: "Create Resource" }).click();
  await expectToast(page, "Resource created successfully");
  const created = card(page, title);
  await expect(created).toContainText("PREMIUM");
  await expect(created).toContainText("$12.50");
  await expect(created).toContainText("$3.00/mo");

  // Closing a dialog resets it: the next one opens at FREE without prices.
  await page.getByRole("button", { name: "Create Resource" }).click();
  await expect(page.getByRole("dialog", { name: "Create Resource" }).getByLabel("Access Level")).toHaveValue("FREE");
  await page.getByRole("dialog", { name: "Create Resource" }).getByRole("button", { name: "Cancel" }).click();

  // Subscription Settings persists the annual price; the promo card shows it.
  const price = (100 + Math.floor(Math.random() * 800)).toString();
  await page.getByRole("button", { name: "Subscription Settings" }).click();
  const settings = page.getByRole("dialog", { name: "Subscription Settings" });
  await expect(settings.getByText("Annual Subscription Configuration")).toBeVisible();
  await expect(settings.getByText(/unlimited access to all premium resources/)).toBeVisible();
  await settings.getByLabel("Annual Price ($)").fill(price);
  await settings.getByRole("button", { name: "Save Configuration" }).click();
  await expect(settings).toHaveCount(0);
  await page.goto("/resources");
  await expect(page.getByTestId("promo-card")).toContainText(`Subscribe for $${price}/year`);

  // Delete, with the confirmation's exact text.
  await page.goto("/admin/resources");
  await waitForHydration(page);
  await card(page, title)
    .getByRole("button", { name: `Delete ${title}` })
    .click();
  const confirm = page.getByRole("dialog", { name: "Are you sure?" });
  await expect(confirm).toContainText("This will permanently delete this resource. This action cannot be undone.");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expectToast(page, "Resource deleted successfully");
  await expect(card(page, title)).toHaveCount(0);
  // A free resource without a file: Download Now answers with SPEC's toast.
  const origin = new URL(page.url()).origin;
  const noFile = await page.request.post("/api/resources", {
    data: { title: `No file ${uniqueName("res")}`, description: "Just a description.", type: "TOOL", accessLevel: "FREE" },
    headers: { origin },
  });
  expect(noFile.status()).toBe(201);
  await page.goto(`/resources/${((await noFile.json()) as { id: string }).id}`);
  await page.getByRole("button", { name: "Download Now" }).click();
  await expectToast(page, "Resource downloaded successfully!");
  await page.request.put("/api/settings/subscription", {
    data: { annualPrice: "99" },
    headers: { origin: new URL(page.url()).origin },
  });
});

test("the resource dialog refuses a file over the upload limit before sending it", async ({ page }) => {
  await signIn(page, DEMO.admin.username, DEMO.admin.password);
  await page.goto("/admin/resources");
  await waitForHydration(page);
  const uploads: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/upload") uploads.push(request.url());
  });
  await page.getByRole("button", { name: "Create Resource" }).click();
  const dialog = page.getByRole("dialog", { name: "Create Resource" });
  const picker = dialog.getByLabel("Or upload the file");
  await picker.setInputFiles({ name: "big.pdf", mimeType: "application/pdf", buffer: Buffer.alloc(10 * 1024 * 1024 + 1) });
  await expectToast(page, "Failed to upload file", "PDF files must be 10 MB or smaller");
  await expect(dialog.getByText("PDF files must be 10 MB or smaller")).toBeVisible();
  await expect(dialog.getByLabel("File URL (optional)")).toHaveValue("");
  expect(uploads).toEqual([]);
});

for (const theme of ["dark", "light"] as const) {
  test.describe(`${theme} theme, as the admin`, () => {
    test.use({ storageState: AUTH_STATE.admin });
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((t) => localStorage.setItem("theme", t), theme);
    });

    test("the library, a premium resource and Resource Management with its dialogs have no accessibility violations", async ({
      page,
    }) => {
      for (const path of [
        "/resources",
        "/resources/e0000002-5eed-4e00-8000-000000000002",
        "/resources/e0000001-5eed-4e00-8000-000000000001",
      ]) {
        await page.goto(path);
        await page.waitForLoadState("networkidle");
        expect(await audit(page), path).toEqual([]);
      }
      await page.goto("/admin/resources");
      await waitForHydration(page);
      await expect(card(page, "Challenge Canvas Toolkit")).toBeVisible();
      expect(await audit(page)).toEqual([]);
      await page.getByRole("button", { name: "Subscription Settings" }).click();
      await expect(page.getByRole("dialog", { name: "Subscription Settings" })).toBeVisible();
      expect(await audit(page)).toEqual([]);
      await page.getByRole("dialog", { name: "Subscription Settings" }).getByRole("button", { name: "Cancel" }).click();
      await page.getByRole("button", { name: "Create Resource" }).click();
      const dialog = page.getByRole("dialog", { name: "Create Resource" });
      await dialog.getByLabel("Access Level").selectOption("PREMIUM");
      expect(await audit(page)).toEqual([]);
    });
  });
}
