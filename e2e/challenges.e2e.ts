// Visitor journeys on the challenges list and detail pages (seeded demo data): filter and search through the URL,
// the same with JavaScript off, the side card by status, Sign In Required, Add to calendar, what crawlers read.
import { expect, test, type Page } from "@playwright/test";
import { AUTH_STATE, siteOrigin } from "./support/auth";

const cardTitles = (page: Page) => page.getByTestId("challenge-card").getByRole("heading").allTextContents();

test("All Status hides completed challenges; a status choice applies at once and lives in the URL", async ({ page }) => {
  await page.goto("/challenges");
  await expect(page.getByRole("heading", { level: 1, name: "Innovation Challenges" })).toBeVisible();
  const statuses = page.getByTestId("challenge-card").locator(".badge");
  await expect(statuses.first()).toBeVisible();
  expect(await statuses.allTextContents()).not.toContain("Completed");

  await page.getByLabel("Status").selectOption("COMPLETED");
  await expect(page).toHaveURL(/status=COMPLETED/);
  expect(new Set(await statuses.allTextContents())).toEqual(new Set(["Completed"]));
  expect(await cardTitles(page)).toContain("Circular Schools");
});

test("search is server-side with stemming, and an empty result says so", async ({ page }) => {
  await page.goto("/challenges");
  await page.getByRole("searchbox", { name: "Search challenges" }).fill("neighbourhood");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/q=neighbourhood/);
  expect(await cardTitles(page)).toEqual(["Flood-Ready Neighbourhoods"]);

  await page.goto("/challenges?q=zzzz-nothing-matches");
  await expect(page.getByText("No challenges found matching your filters.")).toBeVisible();
  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page.getByTestId("challenge-card").first()).toBeVisible();
});

test.describe("with JavaScript disabled", () => {
  test.use({ javaScriptEnabled: false });

  test("the list filters and searches through the plain form", async ({ page }) => {
    await page.goto("/challenges");
    await page.getByLabel("Status").selectOption("UPCOMING");
    await page.getByRole("searchbox", { name: "Search challenges" }).fill("seniors");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/status=UPCOMING/);
    expect(await cardTitles(page)).toEqual(["Digital Literacy for Seniors"]);
  });

  test("Register Now still leads a visitor to sign in", async ({ page }) => {
    await page.goto("/challenges");
    await page
      .getByTestId("challenge-card")
      .filter({ hasText: "Clean Air Corridors" })
      .getByRole("link", { name: "View Challenge" })
      .click();
    await page.getByRole("link", { name: "Register Now" }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test("an active challenge: overview, lists, Register Now asks a visitor to sign in, calendar download", async ({ page }) => {
  await page.goto("/challenges?q=clean%20air");
  await page.getByRole("link", { name: "View Challenge" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Clean Air Corridors" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Preferred Collaborators" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Expected Outcomes" })).toBeVisible();
  const side = page.getByTestId("challenge-side-card");
  await expect(side.getByRole("link", { name: "View Dashboard" })).toHaveAttribute("href", "/dashboard");

  await side.getByRole("link", { name: "Register Now" }).click();
  const dialog = page.getByRole("dialog", { name: "Sign In Required" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/login");
  await expect(dialog.getByRole("link", { name: "Create Account" })).toHaveAttribute("href", "/register");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  const download = page.waitForEvent("download");
  await side.getByRole("link", { name: "Add to calendar" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("clean-air-corridors.ics");
  const text = await (await file.createReadStream()).toArray();
  expect(Buffer.concat(text).toString()).toContain("SUMMARY:Clean Air Corridors");
});

test("upcoming shows a disabled Coming Soon; completed links to the results", async ({ page }) => {
  await page.goto("/challenges?status=UPCOMING&q=seniors");
  await page.getByRole("link", { name: "View Challenge" }).click();
  await expect(page.getByTestId("challenge-side-card").getByRole("button", { name: "Coming Soon" })).toBeDisabled();

  await page.goto("/challenges?status=COMPLETED&q=circular");
  await page.getByRole("link", { name: "View Challenge" }).click();
  await expect(page.getByTestId("challenge-side-card").getByRole("link", { name: "View Results" })).toHaveAttribute(
    "href",
    "/projects",
  );
});

test("a detail page carries OpenGraph tags and a schema.org Event; a draft or unknown id answers 404 with SPEC's message", async ({
  page,
}) => {
  await page.goto("/challenges?q=transit");
  await page.getByRole("link", { name: "View Challenge" }).first().click();
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", "Accessible Transit for All");
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /^http:\/\/127\.0\.0\.1:\d+\/images\//);
  const event = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(event).toMatchObject({ "@type": "Event", name: "Accessible Transit for All" });
  expect(event.startDate).toMatch(/^\d{4}-\d{2}-\d{2}T/);

  for (const id of ["c0000009-5eed-4c00-8000-000000000009" /* the seeded DRAFT */, "00000000-0000-4000-8000-000000000000"]) {
    const res = await page.goto(`/challenges/${id}`);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("alert")).toHaveText("Failed to load challenge details.");
    await expect(page.getByRole("link", { name: "Back to Challenges" })).toHaveAttribute("href", "/challenges");
  }
});

test("sitemap.xml lists the public challenges; robots.txt points to it", async ({ request }) => {
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.status()).toBe(200);
  const xml = await sitemap.text();
  expect(xml).toContain("/challenges</loc>");
  expect(xml).toMatch(/\/challenges\/[0-9a-f-]{36}<\/loc><lastmod>/);
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toMatch(/^Sitemap: http:\/\/127\.0\.0\.1:\d+\/sitemap\.xml$/m);
  expect(robots).toContain("Disallow: /admin");
});

test("more than a page of matches: Load more appends the next page in place, and works without JavaScript", async ({
  browser,
  page,
}) => {
  // Thirteen public challenges sharing a made-up word: one more than a page (12).
  const word = `zq${Date.now().toString(36)}`;
  const admin = await browser.newContext({ storageState: AUTH_STATE.admin });
  for (let i = 1; i <= 13; i++) {
    const response = await admin.request.post("/api/challenges", {
      data: {
        title: `Paging ${word} ${String(i).padStart(2, "0")}`,
        description: `Row ${i}`,
        status: "ACTIVE",
        startDate: `2031-01-${String(i).padStart(2, "0")}T00:00:00.000Z`,
      },
      headers: { origin: siteOrigin() },
    });
    expect(response.status()).toBe(201);
  }
  await admin.close();

  await page.goto(`/challenges?q=${word}`);
  await expect(page.getByTestId("challenge-card")).toHaveCount(12);
  await page.getByRole("link", { name: "Load more" }).click();
  await expect(page.getByTestId("challenge-card")).toHaveCount(13);
  await expect(page).toHaveURL(new RegExp(`q=${word}`)); // appended in place: still the first page's address
  await expect(page.getByRole("link", { name: "Load more" })).toHaveCount(0);
  expect(new Set(await cardTitles(page)).size, "no card twice").toBe(13);

  // Without JavaScript the link is a plain next page.
  const plain = await browser.newContext({ javaScriptEnabled: false });
  const noJs = await plain.newPage();
  await noJs.goto(`/challenges?q=${word}`);
  await noJs.getByRole("link", { name: "Load more" }).click();
  await expect(noJs).toHaveURL(/cursor=/);
  await expect(noJs.getByTestId("challenge-card")).toHaveCount(1);
  await plain.close();
});
