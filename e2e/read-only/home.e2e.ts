// Home page journey for a visitor: hero, process, featured challenges (from the seed), partner section, CTA, header and footer.
import { expect, test, type Page } from "@playwright/test";

type Challenge = { id: string; title: string; status: string };

async function getChallenges(request: import("@playwright/test").APIRequestContext, query: string): Promise<Challenge[]> {
  const response = await request.get(`/api/challenges?${query}`);
  expect(response.status(), `GET /api/challenges?${query}`).toBe(200);
  return (await response.json()) as Challenge[];
}

function featuredSection(page: Page) {
  return page.getByRole("region", { name: "Featured Challenges" });
}

test.beforeEach(async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
});

test("hero buttons lead to challenges and projects", async ({ page }) => {
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(main.getByRole("link", { name: "Explore Challenges" })).toHaveAttribute("href", "/challenges");
  await expect(main.getByRole("link", { name: "View Projects" })).toHaveAttribute("href", "/projects");

  await main.getByRole("link", { name: "Explore Challenges" }).click();
  await expect(page).toHaveURL(/\/challenges$/);
});

test("process section shows four steps", async ({ page }) => {
  const process = page.getByRole("region", { name: "How It Works" });
  await expect(process).toBeVisible();
  await expect(process.getByTestId("process-card")).toHaveCount(4);
  for (const step of ["Crowdsource Problems", "Organize Sprints", "Create Deliverables", "Publish & Share"]) {
    await expect(process.getByRole("heading", { name: step })).toBeVisible();
  }
});

test("featured challenges are the active or upcoming ones, never completed ones", async ({ page, request }) => {
  const expected = await getChallenges(request, "status=ACTIVE,UPCOMING&limit=3");
  expect(expected.length, "the demo seed has open challenges").toBeGreaterThanOrEqual(1);
  expect(expected.length).toBeLessThanOrEqual(3);
  for (const c of expected) expect(["ACTIVE", "UPCOMING"]).toContain(c.status);

  const section = featuredSection(page);
  await expect(section.getByRole("heading", { name: "Featured Challenges" })).toBeVisible();
  const cards = section.getByTestId("challenge-card");
  await expect(cards).toHaveCount(expected.length);

  for (const challenge of expected) {
    const card = cards.filter({ has: page.getByRole("heading", { name: challenge.title, exact: true }) });
    await expect(card).toHaveCount(1);
    await expect(card.getByRole("link", { name: "View Challenge" })).toHaveAttribute("href", `/challenges/${challenge.id}`);
  }

  const completed = await getChallenges(request, "status=COMPLETED");
  expect(completed.length, "the demo seed has a completed challenge").toBeGreaterThanOrEqual(1);
  for (const challenge of completed) {
    await expect(section.getByText(challenge.title, { exact: true })).toHaveCount(0);
  }

  await expect(section.getByRole("link", { name: /View All/ })).toHaveAttribute("href", "/challenges");
});

test("community partner section has three cards and an external join link", async ({ page }) => {
  const partner = page.getByRole("region", { name: /Community Partner/ });
  await expect(partner).toBeVisible();
  await expect(partner.getByTestId("partner-card")).toHaveCount(3);
  for (const title of ["Networking", "Education", "Events"]) {
    await expect(partner.getByRole("heading", { name: title, exact: true })).toBeVisible();
  }
  const join = partner.getByRole("link", { name: /Join/ });
  await expect(join).toHaveCount(1);
  await expect(join).toHaveAttribute("target", "_blank");
  await expect(join).toHaveAttribute("href", /^https?:\/\//);
  await expect(join).toHaveAttribute("rel", /noopener/);
});

test("closing call to action leads to challenges", async ({ page }) => {
  const getStarted = page.getByRole("main").getByRole("link", { name: "Get Started" });
  await expect(getStarted).toBeVisible();
  await expect(getStarted).toHaveAttribute("href", "/challenges");
});

test("footer shows the link groups and the current year", async ({ page }) => {
  const footer = page.getByRole("contentinfo");
  await expect(footer).toBeVisible();
  const groups: Record<string, Record<string, string>> = {
    Platform: { Challenges: "/challenges", Projects: "/projects", Resources: "/resources", Merchandise: "/merchandise" },
    Company: { Contact: "/contact" },
    Legal: { "Privacy Policy": "/privacy", "Terms of Service": "/terms" },
  };
  for (const [group, links] of Object.entries(groups)) {
    await expect(footer.getByText(group, { exact: true })).toBeVisible();
    const nav = footer.getByRole("navigation", { name: group });
    for (const [label, href] of Object.entries(links)) {
      await expect(nav.getByRole("link", { name: label, exact: true })).toHaveAttribute("href", href);
    }
  }
  await expect(footer).toContainText(String(new Date().getFullYear()));
  await expect(footer).toContainText("©");
});

test("a visitor sees Sign In once the account check finishes", async ({ page }) => {
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: /^\S+ home$/i })).toBeVisible();
  const signIn = header.getByRole("link", { name: "Sign In" });
  await expect(signIn).toBeVisible();
  await expect(signIn).toHaveAttribute("href", "/login");
  await expect(header.getByRole("status", { name: "Loading account" })).toHaveCount(0);
});
