// Automated accessibility audit of every page kind — public pages with one of each detail page, the account forms, a
// member's pages and every admin screen — in both themes (decision 017): no axe violation at any impact, under WCAG 2.1
// A/AA and the best-practice rules Lighthouse scores (e2e/support/axe.ts). Dialogs and menus are audited open by their
// own journeys; `npm run bench` and bench/lighthouse.mjs give the Lighthouse scores.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { audit } from "../support/axe";
import { AUTH_STATE, type Role } from "../support/auth";

/** The first listed id of a public list: one detail page of each kind from the demo data. */
async function firstId(request: APIRequestContext, list: string): Promise<string> {
  const res = await request.get(`/api/${list}`);
  expect(res.ok()).toBe(true);
  const body = await res.json();
  return (body.items ?? body)[0].id;
}

/** Each page with what must show before it is audited (the data it loads, not only its frame). */
type PageKind = { path: string | ((request: APIRequestContext) => Promise<string>); ready: (page: Page) => Promise<void> };
const heading = (name: string | RegExp) => (page: Page) => expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

const PAGES: Record<"visitor" | Role, PageKind[]> = {
  visitor: [
    { path: "/", ready: (page) => expect(page.getByRole("main")).toBeVisible() },
    { path: "/challenges", ready: (page) => expect(page.getByTestId("challenge-card").first()).toBeVisible() },
    { path: async (r) => `/challenges/${await firstId(r, "challenges")}`, ready: heading(/./) },
    { path: "/projects", ready: (page) => expect(page.getByTestId("project-card").first()).toBeVisible() },
    { path: async (r) => `/projects/${await firstId(r, "projects")}`, ready: heading(/./) },
    { path: "/resources", ready: (page) => expect(page.getByTestId("resource-card").first()).toBeVisible() },
    { path: async (r) => `/resources/${await firstId(r, "resources")}`, ready: heading(/./) },
    { path: "/merchandise", ready: heading(/./) },
    { path: async (r) => `/merchandise/${await firstId(r, "merchandise")}`, ready: heading(/./) },
    { path: "/privacy", ready: heading(/./) },
    { path: "/terms", ready: heading(/./) },
    { path: "/contact", ready: heading(/./) },
    { path: "/login", ready: heading(/./) },
    { path: "/register", ready: heading(/./) },
    { path: "/forgot-password", ready: heading(/./) },
    { path: "/reset-password/not-a-real-token", ready: heading(/./) },
    { path: "/no-such-page", ready: heading(/./) },
  ],
  member: ["/profile", "/subscriptions", "/my-applications", "/dashboard"].map((path) => ({ path, ready: heading(/./) })),
  admin: ["", "/challenges", "/projects", "/resources", "/users", "/merchandise", "/orders", "/invoices", "/operations"].map(
    (path) => ({ path: `/admin${path}`, ready: heading(/./) }),
  ),
  delegate: [],
};

for (const theme of ["dark", "light"] as const) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((t) => localStorage.setItem("theme", t), theme);
    });

    for (const [as, kinds] of Object.entries(PAGES)) {
      if (!kinds.length) continue;
      test.describe(as, () => {
        if (as !== "visitor") test.use({ storageState: AUTH_STATE[as as Role] });

        test(`every ${as === "visitor" ? "public" : as} page kind has no accessibility violation`, async ({ page, request }) => {
          test.setTimeout(30_000 + kinds.length * 10_000);
          const found: string[] = [];
          for (const kind of kinds) {
            const path = typeof kind.path === "string" ? kind.path : await kind.path(request);
            await page.goto(path);
            await kind.ready(page);
            found.push(...(await audit(page)).map((v) => `${path}: ${v}`));
          }
          expect(found).toEqual([]);
        });
      });
    }
  });
}
