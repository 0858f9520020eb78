// Deliverables (decision 019): the admin defines what a challenge asks for in its Deliverables dialog — the form's
// checks, the defaults, order, hide — and a visitor reads them on the challenge page, due times to the minute in UTC.
import { expect, test, type Page } from "@playwright/test";
import { AUTH_STATE, siteOrigin, uniqueName } from "./support/auth";
import { audit } from "./support/axe";
import { expectToast, waitForHydration } from "./support/ui";

test.use({ storageState: AUTH_STATE.admin });

const card = (page: Page, title: string) =>
  page.getByTestId("admin-challenge-card").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
const dialog = (page: Page) => page.getByRole("dialog");

async function freshChallenge(page: Page) {
  const title = `Clean rivers ${uniqueName("d")}`;
  const created = await page.request.post("/api/challenges", {
    data: {
      title,
      description: "Less litter in the river",
      status: "ACTIVE",
      startDate: "2031-01-01T00:00:00.000Z",
      endDate: "2031-06-30T17:00:00.000Z",
    },
    headers: { origin: siteOrigin() },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { title, id: ((await created.json()) as { id: string }).id };
}

async function openDeliverables(page: Page, title: string) {
  await page.goto("/admin/challenges");
  await waitForHydration(page);
  await card(page, title).getByRole("button", { name: "Deliverables" }).click();
  await expect(dialog(page).getByRole("heading", { name: `Deliverables: ${title}` })).toBeVisible();
}

test("the admin adds, orders and hides deliverables; a visitor reads them on the challenge page", async ({ page, browser }) => {
  const { title, id } = await freshChallenge(page);
  await openDeliverables(page, title);
  await expect(dialog(page).getByText("No deliverables yet. Add the first one.")).toBeVisible();

  // A file deliverable: the form's own checks first, nothing sent.
  await dialog(page).getByRole("button", { name: "Add Deliverable" }).click();
  await dialog(page).getByRole("button", { name: "Create Deliverable" }).click();
  await expect(dialog(page).getByText(/Title is required/)).toBeVisible();
  await dialog(page).getByLabel("Title").fill("Pitch deck");
  await dialog(page).getByLabel("Guidance").fill("Ten slides at most.");
  for (const kind of ["Image (PNG, JPEG, WebP, GIF)", "ZIP archive", "MP4 video"]) await dialog(page).getByLabel(kind).uncheck();
  await dialog(page).getByLabel("Size limit (MB)").fill("500");
  await dialog(page).getByRole("button", { name: "Create Deliverable" }).click();
  await expect(dialog(page).getByText("Enter a size limit of at most 200 MB")).toBeVisible();
  await dialog(page).getByLabel("Size limit (MB)").fill("10");
  await dialog(page).getByRole("button", { name: "Create Deliverable" }).click();
  await expectToast(page, "Deliverable created successfully");

  // A link due at a chosen time, and an optional text open until the challenge is completed.
  await dialog(page).getByRole("button", { name: "Add Deliverable" }).click();
  await dialog(page).getByLabel("Title").fill("Prototype link");
  await dialog(page).getByLabel("Kind").selectOption("URL");
  await expect(dialog(page).getByLabel("Size limit (MB)")).toHaveCount(0);
  await dialog(page).getByLabel("Due", { exact: true }).selectOption("at");
  await dialog(page).getByLabel("Due at").fill("2031-05-01T12:30");
  await dialog(page).getByRole("button", { name: "Create Deliverable" }).click();
  await expectToast(page, "Deliverable created successfully");
  await dialog(page).getByRole("button", { name: "Add Deliverable" }).click();
  await dialog(page).getByLabel("Title").fill("Team story");
  await dialog(page).getByLabel("Kind").selectOption("TEXT");
  await dialog(page).getByLabel("Due", { exact: true }).selectOption("open");
  await dialog(page).getByLabel("Required to submit").uncheck();
  await dialog(page).getByRole("button", { name: "Create Deliverable" }).click();
  await expectToast(page, "Deliverable created successfully");

  const rows = dialog(page).getByTestId("deliverable-row");
  await expect(rows).toHaveCount(3);
  await dialog(page).getByRole("button", { name: "Move Team story up" }).click();
  await expect(rows.nth(1)).toContainText("Team story");
  await rows.filter({ hasText: "Prototype link" }).getByRole("button", { name: "Hide" }).click();
  await expectToast(page, "Deliverable hidden");
  await expect(rows.filter({ hasText: "Prototype link" })).toContainText("Hidden");

  // Deleting asks first: Cancel keeps the deliverable; Delete removes it.
  const confirm = page.getByRole("dialog", { name: "Are you sure?" });
  await dialog(page).getByRole("button", { name: "Delete Team story" }).click();
  await expect(confirm).toContainText('This will permanently delete the deliverable "Team story"');
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(rows).toHaveCount(3);
  await page
    .getByRole("dialog", { name: `Deliverables: ${title}` })
    .getByRole("button", { name: "Delete Prototype link" })
    .click();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expectToast(page, "Deliverable deleted successfully");
  await expect(rows).toHaveCount(2);

  // A visitor: the visible ones, in order, with kind, required and due time (the challenge's end, or open).
  const visitor = await (await browser.newContext({ storageState: { cookies: [], origins: [] } })).newPage();
  await visitor.goto(`/challenges/${id}`);
  const section = visitor.getByRole("region", { name: "Deliverables" });
  await expect(section.getByRole("heading", { level: 3 })).toHaveText(["Pitch deck", "Team story"]);
  const deck = section.getByRole("listitem").filter({ hasText: "Pitch deck" });
  await expect(deck).toContainText("Required");
  await expect(deck).toContainText("Due Jun 30, 2031 17:00 UTC");
  await expect(deck).toContainText("Accepts PDF, Presentation (PowerPoint, Keynote, ODP), up to 10 MB");
  await expect(deck).toContainText("Ten slides at most.");
  await expect(section.getByRole("listitem").filter({ hasText: "Team story" })).toContainText("Optional");
  await expect(section.getByRole("listitem").filter({ hasText: "Team story" })).toContainText("When the challenge is completed");
  await expect(section).not.toContainText("Prototype link");
});

for (const theme of ["dark", "light"] as const) {
  test(`no accessibility violations (${theme} theme: the Deliverables dialog, its form, the challenge page)`, async ({
    page,
    browser,
  }) => {
    await page.addInitScript((t) => localStorage.setItem("theme", t), theme);
    const { title, id } = await freshChallenge(page);
    for (const [name, kind, required] of [
      ["Pitch deck", "FILE", true],
      ["Story", "TEXT", false],
    ] as const) {
      const made = await page.request.post(`/api/challenges/${id}/deliverables`, {
        data: { title: name, kind, required, guidance: "What a good entry holds." },
        headers: { origin: siteOrigin() },
      });
      expect(made.status(), await made.text()).toBe(201);
    }
    await openDeliverables(page, title);
    await expect(dialog(page).getByTestId("deliverable-row")).toHaveCount(2);
    expect(await audit(page)).toEqual([]);
    await dialog(page).getByRole("button", { name: "Edit Pitch deck" }).click();
    await expect(dialog(page).getByLabel("Title")).toHaveValue("Pitch deck");
    expect(await audit(page)).toEqual([]);
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    await context.addInitScript((t) => localStorage.setItem("theme", t), theme);
    const visitor = await context.newPage();
    await visitor.goto(`/challenges/${id}`);
    await expect(visitor.getByRole("region", { name: "Deliverables" })).toBeVisible();
    expect(await audit(visitor)).toEqual([]);
  });
}
