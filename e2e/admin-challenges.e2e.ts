// Admin challenge management (SPEC §2 Admin challenges, §5, §8): the form's checks, create with an uploaded image,
// edit, delete with confirmation — each with SPEC's toast — and what visitors then see; long texts stay inside cards.
import { expect, test, type Page } from "@playwright/test";
import { AUTH_STATE, siteOrigin, uniqueName } from "./support/auth";
import { expectToast, waitForHydration } from "./support/ui";

/** A 1×1 PNG: the server decides the type from these bytes, whatever the file is called. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

const card = (page: Page, title: string) =>
  page.getByTestId("admin-challenge-card").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
const dialog = (page: Page) => page.getByRole("dialog");

test.use({ storageState: AUTH_STATE.admin });

test.beforeEach(async ({ page }) => {
  await page.goto("/admin/challenges");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Challenge Management" })).toBeVisible();
});

test("the grid lists every challenge, drafts included, each with Applications, Edit and Delete", async ({ page }) => {
  await expect(page.getByTestId("admin-challenge-card").first()).toBeVisible();
  const first = page.getByTestId("admin-challenge-card").first();
  for (const action of ["Applications", "Edit", "Delete"])
    await expect(first.getByRole("button", { name: new RegExp(action) })).toBeVisible();
  // The seeded draft is here (visitors never see it), with its Draft badge.
  await expect(card(page, "Heat Relief Mapping")).toContainText("Draft");
});

test("create with an image, edit, then delete: each says so, and visitors see the change", async ({ page }) => {
  const title = `Quiet streets ${uniqueName("c")}`;
  await page.getByRole("button", { name: "Create Challenge" }).click();
  await expect(dialog(page).getByRole("heading", { name: "Create Challenge" })).toBeVisible();

  // Nothing filled: the required fields say so and no request is made.
  await dialog(page).getByRole("button", { name: "Create Challenge" }).click();
  await expect(dialog(page).getByText("Title is required")).toBeVisible();
  await expect(dialog(page).getByText("Short description is required")).toBeVisible();
  await expect(dialog(page).getByLabel("Status")).toHaveValue("UPCOMING");

  await dialog(page).getByLabel("Title").fill(title);
  await dialog(page).getByLabel("Short Description").fill("Less traffic noise near homes");
  await dialog(page).getByLabel("Status").selectOption("ACTIVE");
  await dialog(page).getByLabel("Start Date").fill("2031-03-01");
  await dialog(page).getByLabel("End Date").fill("2031-02-01");
  await dialog(page).getByLabel("Requirements").fill("Acousticians\nResidents");
  await expect(dialog(page).getByText("JPEG, PNG, GIF or WebP, max 5MB")).toBeVisible();
  await dialog(page).getByLabel("Image").setInputFiles({ name: "street.png", mimeType: "image/png", buffer: PNG });
  await expect(dialog(page).getByTestId("image-preview")).toHaveAttribute("src", /\/api\/files\//);
  await dialog(page).getByRole("button", { name: "Create Challenge" }).click();
  await expect(dialog(page).getByText("End date must be on or after the start date")).toBeVisible();
  await dialog(page).getByLabel("End Date").fill("2031-04-30");
  await dialog(page).getByRole("button", { name: "Create Challenge" }).click();
  await expectToast(page, "Challenge created successfully");
  await expect(dialog(page)).toHaveCount(0);
  await expect(card(page, title)).toBeVisible();
  const imageSrc = await card(page, title).locator("img").getAttribute("src");
  expect(imageSrc).toMatch(/\/api\/files\//);
  const image = await page.request.get(imageSrc!);
  expect(image.headers()["content-type"]).toBe("image/png");

  // Visitors find it on the public list with its image.
  const visitor = await page.context().browser()!.newContext();
  const publicPage = await visitor.newPage();
  await publicPage.goto(`/challenges?q=${encodeURIComponent(title)}`);
  await expect(publicPage.getByTestId("challenge-card").getByRole("heading", { name: title })).toBeVisible();
  await expect(publicPage.getByTestId("challenge-card").locator("img")).toHaveAttribute("src", imageSrc!);

  // Edit: the dialog opens filled; the change shows in the grid.
  await card(page, title).getByRole("button", { name: /Edit/ }).click();
  await expect(dialog(page).getByLabel("Title")).toHaveValue(title);
  await expect(dialog(page).getByLabel("Start Date")).toHaveValue("2031-03-01");
  await expect(dialog(page).getByLabel("Requirements")).toHaveValue("Acousticians\nResidents");
  await dialog(page).getByLabel("Title").fill(`${title} (renamed)`);
  await dialog(page).getByRole("button", { name: "Update Challenge" }).click();
  await expectToast(page, "Challenge updated successfully");
  await expect(card(page, `${title} (renamed)`)).toBeVisible();

  // Delete asks first; Cancel keeps it, Delete removes it.
  await card(page, `${title} (renamed)`)
    .getByRole("button", { name: /Delete/ })
    .click();
  await expect(dialog(page).getByText("This action cannot be undone.")).toBeVisible();
  await dialog(page).getByRole("button", { name: "Cancel" }).click();
  await expect(card(page, `${title} (renamed)`)).toBeVisible();
  await card(page, `${title} (renamed)`)
    .getByRole("button", { name: /Delete/ })
    .click();
  await dialog(page).getByRole("button", { name: "Delete" }).click();
  await expectToast(page, "Challenge deleted successfully");
  await expect(card(page, `${title} (renamed)`)).toHaveCount(0);
  await publicPage.goto(`/challenges?q=${encodeURIComponent(title)}`);
  await expect(publicPage.getByText("No challenges found matching your filters.")).toBeVisible();
  await visitor.close();
});

test("a file that is not an image is refused before upload", async ({ page }) => {
  await page.getByRole("button", { name: "Create Challenge" }).click();
  await dialog(page)
    .getByLabel("Image")
    .setInputFiles({
      name: "logo.svg",
      mimeType: "image/svg+xml",
      buffer: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"),
    });
  await expect(dialog(page).getByText("Only JPEG, PNG, GIF or WebP images can be uploaded")).toBeVisible();
});

for (const width of [390, 1280]) {
  test(`at ${width} px a long description is clamped to three lines and nothing spills out of the card`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const title = `Overflow${"x".repeat(80)} ${uniqueName("c")}`;
    const description = `${"A very long description of a challenge that goes on and on. ".repeat(10)}${"y".repeat(300)}`;
    const created = await page.request.post("/api/challenges", {
      data: { title, description, status: "DRAFT", startDate: "2031-01-01T00:00:00.000Z" },
      headers: { origin: siteOrigin() },
    });
    expect(created.status(), await created.text()).toBe(201);
    await page.reload();
    const box = card(page, title);
    await expect(box).toBeVisible();
    const text = box.locator("p").first(); // the description, under the title
    const measured = await text.evaluate((el) => {
      const style = getComputedStyle(el);
      return {
        lines: el.clientHeight / Number.parseFloat(style.lineHeight),
        clipped: el.scrollHeight > el.clientHeight,
        wide: el.scrollWidth > el.clientWidth,
      };
    });
    expect(measured.lines).toBeLessThanOrEqual(3.05);
    expect(measured.clipped).toBe(true);
    expect(measured.wide).toBe(false);
    // Neither the title nor the description widens the card past its column.
    const overflow = await box.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const id = ((await created.json()) as { id: string }).id;
    await page.request.delete(`/api/challenges/${id}`, { headers: { origin: siteOrigin() } });
  });
}
