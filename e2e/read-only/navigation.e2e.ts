// Header navigation highlighting (aria-current) and the footer's Company/Legal links reaching their pages.
import { expect, test, type Page } from "@playwright/test";

const NAV_LABELS = ["Home", "Challenges", "Projects", "Resources", "Merchandise"] as const;
const NAV_HREFS: Record<(typeof NAV_LABELS)[number], string> = {
  Home: "/",
  Challenges: "/challenges",
  Projects: "/projects",
  Resources: "/resources",
  Merchandise: "/merchandise",
};

const mainNav = (page: Page) => page.getByRole("banner").getByRole("navigation", { name: "Main" });

/** The labels of the main nav links marked aria-current="page". */
async function currentNavLinks(page: Page): Promise<string[]> {
  const nav = mainNav(page);
  await expect(nav.getByRole("link")).toHaveCount(NAV_LABELS.length);
  const current: string[] = [];
  for (const label of NAV_LABELS) {
    if ((await nav.getByRole("link", { name: label, exact: true }).getAttribute("aria-current")) === "page") current.push(label);
  }
  return current;
}

test("the main nav lists the five sections with their links", async ({ page }) => {
  await page.goto("/");
  const nav = mainNav(page);
  await expect(nav).toBeVisible();
  for (const label of NAV_LABELS) {
    await expect(nav.getByRole("link", { name: label, exact: true })).toHaveAttribute("href", NAV_HREFS[label]);
  }
});

test("on the home page only Home is current", async ({ page }) => {
  await page.goto("/");
  const nav = mainNav(page);
  await expect(nav.getByRole("link", { name: "Home", exact: true })).toHaveAttribute("aria-current", "page");
  for (const label of NAV_LABELS.filter((l) => l !== "Home")) {
    await expect(nav.getByRole("link", { name: label, exact: true })).not.toHaveAttribute("aria-current", /.*/);
  }
  expect(await currentNavLinks(page)).toEqual(["Home"]);
});

test("on pages outside the main sections no nav link is current", async ({ page }) => {
  // "/" must match only itself, not every path that starts with "/".
  for (const path of ["/privacy", "/terms", "/contact"]) {
    await page.goto(path);
    expect(await currentNavLinks(page), path).toEqual([]);
  }
});

test("a query string on the home page still highlights Home", async ({ page }) => {
  await page.goto("/?from=test");
  expect(await currentNavLinks(page)).toEqual(["Home"]);
});

test("the highlight matches a section and its sub-pages only", async ({ page }) => {
  // Whether or not the section pages exist yet, they render inside the shell (page or 404), so the header's rule is
  // observable on them: /challenges/{id} highlights Challenges, /challengesXYZ highlights nothing.
  const cases: Array<[string, string[]]> = [
    ["/challenges", ["Challenges"]],
    ["/challenges/c0000001-5eed-4c00-8000-000000000001", ["Challenges"]], // a seeded challenge
    ["/projects", ["Projects"]],
    ["/resources", ["Resources"]],
    ["/merchandise", ["Merchandise"]],
    ["/challengesXYZ", []],
  ];
  for (const [path, expected] of cases) {
    await page.goto(path);
    expect(await currentNavLinks(page), path).toEqual(expected);
  }
});

test("the logo leads home", async ({ page }) => {
  await page.goto("/privacy");
  await page
    .getByRole("banner")
    .getByRole("link", { name: /^\S+ home$/i })
    .click();
  await expect(page).toHaveURL(/\/$/);
  expect(await currentNavLinks(page)).toEqual(["Home"]);
});

for (const [label, path, word] of [
  ["Privacy Policy", "/privacy", "Privacy"],
  ["Terms of Service", "/terms", "Terms"],
  ["Contact", "/contact", "Contact"],
] as const) {
  test(`footer link "${label}" opens its page`, async ({ page }) => {
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    // The page content is being written in parallel; the heading names the page either way.
    await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(new RegExp(word, "i"));
    await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toHaveCount(0);
    expect(await currentNavLinks(page)).toEqual([]);
  });
}
