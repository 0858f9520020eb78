// Projects journeys: a visitor searches /projects and opens a project (with its white paper and original challenge);
// the demo admin creates, edits and deletes a project, meets the white paper file checks, archives a completed
// challenge, and finds the new project on /projects. The pages and dialogs pass an axe audit in both themes.
import { expect, test, type Page } from "@playwright/test";
import { audit } from "./support/axe";
import { DEMO, signIn, siteOrigin, uniqueName } from "./support/auth";
import { expectToast, waitForHydration } from "./support/ui";

const HOUSING_CHALLENGE = "c0000007-5eed-4c00-8000-000000000007";
const card = (page: Page, title: string) =>
  page.getByTestId("project-card").filter({ has: page.getByRole("heading", { name: title, exact: true }) });

test("a visitor searches projects, opens one and follows View Original Challenge", async ({ page }) => {
  await page.goto("/projects");
  await expect(page.getByRole("heading", { level: 1, name: "Completed Projects" })).toBeVisible();
  await expect(page.getByTestId("project-card").first()).toBeVisible();

  // The plain GET form: stemming finds "registry" from "registries".
  await page.getByRole("searchbox", { name: "Search projects" }).fill("registries");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/\/projects\?q=registries$/);
  await expect(page.getByTestId("project-card")).toHaveCount(1);
  const rent = card(page, "Open Rent Registry");
  await expect(rent.getByText("Key Outcome")).toBeVisible();
  await expect(rent.getByRole("link", { name: /White Paper/ })).toHaveAttribute(
    "href",
    "/files/white-papers/open-rent-registry.pdf",
  );

  await page.getByRole("searchbox", { name: "Search projects" }).fill("zzqx nothing like this");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByText("No projects found matching your search.")).toBeVisible();

  await page.goto("/projects?q=rent");
  await card(page, "Open Rent Registry")
    .getByRole("link", { name: /View Details/ })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Open Rent Registry" })).toBeVisible();
  await expect(page.getByText("Completed", { exact: true })).toBeVisible();
  for (const heading of ["Problem Statement", "Key Insights", "Solution"]) {
    await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
  }
  await expect(page.getByRole("link", { name: "Download White Paper" })).toHaveAttribute(
    "href",
    "/files/white-papers/open-rent-registry.pdf",
  );
  await expect(page.getByRole("link", { name: "Explore More Challenges" })).toHaveAttribute("href", "/challenges");
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", "Open Rent Registry");
  await page.getByRole("link", { name: "View Original Challenge" }).click();
  await expect(page).toHaveURL(`/challenges/${HOUSING_CHALLENGE}`);
  await expect(page.getByRole("heading", { level: 1, name: "Affordable Housing Data Commons" })).toBeVisible();

  const missing = await page.goto("/projects/00000000-0000-4000-8000-000000000000");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("alert")).toHaveText("Failed to load project details.");
  await expect(page.getByRole("link", { name: "Back to Projects" })).toHaveAttribute("href", "/projects");
});

test("the admin creates, edits and deletes a project, then archives a completed challenge into one", async ({ page }) => {
  await signIn(page, DEMO.admin.username, DEMO.admin.password);
  // A completed challenge no one has archived yet (the seeded ones all have their projects).
  const challengeTitle = `Quiet Streets ${uniqueName("arc")}`;
  const created = await page.request.post("/api/challenges", {
    data: {
      title: challengeTitle,
      description: "Less night-time traffic noise near homes.",
      status: "COMPLETED",
      startDate: "2026-01-01T00:00:00.000Z",
      endDate: "2026-03-01T00:00:00.000Z",
      outcomes: ["A noise map"],
    },
    headers: { origin: siteOrigin() },
  });
  expect(created.status()).toBe(201);
  const challengeId = ((await created.json()) as { id: string }).id;

  await page.goto("/admin/projects");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Project Management" })).toBeVisible();
  await expect(card(page, "Open Rent Registry")).toBeVisible();

  // Create: the required fields are checked before any request.
  await page.getByRole("button", { name: "Create Project" }).click();
  const dialog = page.getByRole("dialog", { name: "Create Project" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Create Project" }).click();
  for (const message of [
    "Title is required",
    "Description is required",
    "Problem statement is required",
    "Solution is required",
  ]) {
    await expect(dialog.getByText(message)).toBeVisible();
  }

  // White paper checks (SPEC §5) before any upload.
  const whitePaper = dialog.getByLabel("Upload white paper (PDF)");
  await whitePaper.setInputFiles({ name: "paper.png", mimeType: "image/png", buffer: Buffer.from("not a pdf") });
  await expectToast(page, "Invalid file type", "Please upload a PDF file");
  await whitePaper.setInputFiles({ name: "big.pdf", mimeType: "application/pdf", buffer: Buffer.alloc(10 * 1024 * 1024) });
  await expectToast(page, "File too large", "White paper must be less than 10MB");

  const title = `Tool Library ${uniqueName("prj")}`;
  await dialog.getByLabel("Title", { exact: true }).fill(title);
  await dialog.getByLabel("Description", { exact: true }).fill("Neighbours lend each other tools instead of buying them.");
  await dialog.getByLabel("Original Challenge (optional)").selectOption({ label: challengeTitle });
  await dialog.getByLabel("Problem Statement", { exact: true }).fill("Drills are used for minutes in their whole life.");
  await dialog.getByLabel("Solution", { exact: true }).fill("A shared tool shelf with a booking sheet.");
  await dialog.getByLabel("Key Insights (optional)").fill("People return what they borrow.");
  // A real PDF is uploaded (POST /api/upload?type=pdf) and its URL lands in the field.
  const pdf = Buffer.from("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n");
  await whitePaper.setInputFiles({ name: "tool-library.pdf", mimeType: "application/pdf", buffer: pdf });
  await expect(dialog.getByLabel("White Paper URL (optional)")).toHaveValue(/^\/api\/files\/[0-9a-f]+\.pdf$/);
  const paperUrl = await dialog.getByLabel("White Paper URL (optional)").inputValue();
  await dialog.getByRole("button", { name: "Create Project" }).click();
  await expectToast(page, "Project created successfully");
  await expect(dialog).toHaveCount(0);
  await expect(card(page, title)).toBeVisible();
  await expect(card(page, title).getByRole("link", { name: /White Paper/ })).toHaveAttribute("href", paperUrl);
  const served = await page.request.get(paperUrl);
  expect(served.headers()["content-type"]).toBe("application/pdf");
  expect((await served.body()).subarray(0, 5).toString()).toBe("%PDF-");

  // Edit keeps the other fields.
  await page.getByRole("button", { name: `Edit ${title}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit Project" });
  await expect(edit.getByLabel("Solution", { exact: true })).toHaveValue("A shared tool shelf with a booking sheet.");
  const renamed = `${title} v2`;
  await edit.getByLabel("Title", { exact: true }).fill(renamed);
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, "Project updated successfully");
  await expect(card(page, renamed)).toBeVisible();

  // A seeded project (site image, static white paper) saves unchanged.
  await page.getByRole("button", { name: "Edit Open Rent Registry" }).click();
  await expect(edit.getByLabel("Image URL (optional)")).toHaveValue("/images/demo/chart.svg");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, "Project updated successfully");
  await expect(edit).toHaveCount(0);

  // Delete asks first.
  await page.getByRole("button", { name: `Delete ${renamed}` }).click();
  const confirm = page.getByRole("dialog", { name: "Are you sure?" });
  await expect(confirm).toContainText("cannot be undone");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expectToast(page, "Project deleted successfully");
  await expect(card(page, renamed)).toHaveCount(0);

  // Archive Challenge: completed challenges only; already archived ones cannot be chosen.
  await page.getByRole("button", { name: "Archive Challenge" }).click();
  const archive = page.getByRole("dialog", { name: "Archive Challenge" });
  const select = archive.getByLabel("Completed Challenge");
  await expect(select.locator("option", { hasText: "Affordable Housing Data Commons (already archived)" })).toBeDisabled();
  await expect(select.locator("option", { hasText: "Clean Air Corridors" })).toHaveCount(0); // ACTIVE, not offered
  await expect(select.locator("option", { hasText: "Community Fridges" })).toBeEnabled(); // the seed's unarchived one
  await select.selectOption({ label: challengeTitle });
  await expect(archive.getByLabel(/Create draft resources/)).toBeChecked();
  await archive.getByRole("button", { name: "Archive Challenge" }).click();
  await expectToast(page, "Challenge archived successfully", "Project and resource drafts created");
  await expect(archive).toHaveCount(0);
  await expect(card(page, challengeTitle)).toBeVisible();

  // Archiving it twice is refused, and the dialog says it is archived already.
  await page.getByRole("button", { name: "Archive Challenge" }).click();
  await expect(
    archive.getByLabel("Completed Challenge").locator("option", { hasText: `${challengeTitle} (already archived)` }),
  ).toBeDisabled();
  await archive.getByRole("button", { name: "Cancel" }).click();

  // The new project is public: found by search, linked to its challenge.
  await page.goto(`/projects?q=${encodeURIComponent(challengeTitle)}`);
  await card(page, challengeTitle)
    .getByRole("link", { name: /View Details/ })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: challengeTitle })).toBeVisible();
  await expect(page.getByRole("link", { name: "View Original Challenge" })).toHaveAttribute("href", `/challenges/${challengeId}`);
});

for (const theme of ["dark", "light"] as const) {
  test(`${theme} theme: project pages and the admin dialogs have no accessibility violations`, async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem("theme", t), theme);
    for (const path of ["/projects", "/projects?q=zzqx", "/projects/b0000003-5eed-4b00-8000-000000000003"]) {
      await page.goto(path);
      expect(await audit(page), path).toEqual([]);
    }
    await signIn(page, DEMO.admin.username, DEMO.admin.password);
    await page.goto("/admin/projects");
    await waitForHydration(page);
    await expect(card(page, "Open Rent Registry")).toBeVisible();
    expect(await audit(page), "/admin/projects").toEqual([]);
    await page.getByRole("button", { name: "Create Project" }).click();
    const dialog = page.getByRole("dialog", { name: "Create Project" });
    await dialog.getByRole("button", { name: "Create Project" }).click();
    await expect(dialog.getByText("Title is required")).toBeVisible();
    expect(await audit(page), "Create Project dialog with errors").toEqual([]);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("button", { name: "Archive Challenge" }).click();
    await expect(page.getByRole("dialog", { name: "Archive Challenge" })).toBeVisible();
    expect(await audit(page), "Archive Challenge dialog").toEqual([]);
  });
}
