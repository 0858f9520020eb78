// Who gets into the admin area: visitors are sent to sign in, members are turned away, a delegate sees only their sections, the admin sees everything.
import { expect, test, type Page } from "@playwright/test";
import { AUTH_STATE, DEMO } from "./support/auth";
import { openAccountMenu } from "./support/ui";

const sidebarLinks = (page: Page) =>
  page.getByRole("complementary", { name: "Admin sidebar" }).getByRole("navigation", { name: "Admin" }).getByRole("link");

async function expectAccessDenied(page: Page) {
  await expect(page.getByRole("heading", { level: 1, name: "Access Denied" })).toBeVisible();
  await expect(page.getByText("You don't have permission to access the admin dashboard.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to Home" })).toBeVisible();
  await expect(page.getByRole("complementary", { name: "Admin sidebar" })).toHaveCount(0);
}

test("a visitor who is not signed in is sent to the sign-in page", async ({ page }) => {
  for (const path of ["/admin", "/admin/users"]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/login$/);
    await expect(page.getByRole("heading", { level: 1, name: "Sign In" })).toBeVisible();
  }
});

test.describe("as the member", () => {
  test.use({ storageState: AUTH_STATE.member });

  test("a member is turned away from the admin area and has no Admin Dashboard in the menu", async ({ page }) => {
    const response = await page.goto("/admin");
    expect(response?.status()).toBe(403);
    await expectAccessDenied(page);
    // No sections to offer a plain member.
    await expect(page.getByRole("navigation", { name: "Admin sections you can open" })).toHaveCount(0);

    const menu = await openAccountMenu(page, DEMO.member.firstName);
    await expect(menu.getByText("USER", { exact: true })).toBeVisible();
    await expect(menu.getByRole("menuitem")).toHaveText(["Profile", "My Applications", "Subscriptions", "Log out"]);
    await expect(menu.getByRole("menuitem", { name: "Admin Dashboard" })).toHaveCount(0);

    await page.getByRole("main").getByRole("link", { name: "Go to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { name: "Featured Challenges" })).toBeVisible();
  });
});

test.describe("as a delegate", () => {
  test.use({ storageState: AUTH_STATE.delegate });

  test("a delegate with challenges and order management sees only those sections", async ({ page }) => {
    // Their menu's Admin Dashboard opens the first section they may use.
    await page.goto("/");
    const menu = await openAccountMenu(page, DEMO.priya.firstName);
    await menu.getByRole("menuitem", { name: "Admin Dashboard" }).click();
    await expect(page).toHaveURL(/\/admin\/challenges$/);
    await expect(sidebarLinks(page)).toHaveText(["Challenges", "Orders", "Invoices"]);
    await expect(sidebarLinks(page).filter({ hasText: "Challenges" })).toHaveAttribute("aria-current", "page");

    // User management is not theirs: denied, with a way to the sections they may open.
    const denied = await page.goto("/admin/users");
    expect(denied?.status()).toBe(403);
    await expectAccessDenied(page);
    const allowed = page.getByRole("navigation", { name: "Admin sections you can open" });
    await expect(allowed.getByRole("link")).toHaveText(["Challenges", "Orders", "Invoices"]);
    await allowed.getByRole("link", { name: "Orders" }).click();
    await expect(page).toHaveURL(/\/admin\/orders$/);
    await expect(sidebarLinks(page).filter({ hasText: "Orders" })).toHaveAttribute("aria-current", "page");
  });
});

test.describe("as the admin", () => {
  test.use({ storageState: AUTH_STATE.admin });

  test("the admin's menu shows the ADMIN role and leads to the dashboard", async ({ page }) => {
    await page.goto("/");

    const menu = await openAccountMenu(page, DEMO.admin.firstName);
    await expect(menu.getByText("ADMIN", { exact: true })).toBeVisible();
    await expect(menu.getByRole("menuitem")).toHaveText([
      "Admin Dashboard",
      "Profile",
      "My Applications",
      "Subscriptions",
      "Log out",
    ]);
    await menu.getByRole("menuitem", { name: "Admin Dashboard" }).click();

    await expect(page).toHaveURL(/\/admin$/);
    await expect(sidebarLinks(page)).toHaveText([
      "Dashboard",
      "Challenges",
      "Projects",
      "Resources",
      "Merchandise",
      "Orders",
      "Users",
      "Invoices",
      "Operations",
    ]);
    await expect(sidebarLinks(page).filter({ hasText: "Dashboard" })).toHaveAttribute("aria-current", "page");
  });
});
