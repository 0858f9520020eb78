// Admin user management journey: counts and search, add a user with tool access, edit without touching the password, delete; the admin sidebar and its remembered collapsed state, its drawer on a phone; the table on a 390 px phone.
import { type APIResponse, expect, test, type Page } from "@playwright/test";
import { AUTH_STATE, apiLogin, signedOutRequest, uniqueName } from "./support/auth";
import { expectToast, waitForHydration } from "./support/ui";

type ApiUser = { username: string; email: string; role: "USER" | "ADMIN" };

const ADMIN_SECTIONS = [
  "Dashboard",
  "Challenges",
  "Projects",
  "Resources",
  "Merchandise",
  "Orders",
  "Users",
  "Invoices",
  "Operations",
];

const totalUsers = (page: Page) => page.getByTestId("total-users");
const adminCount = (page: Page) => page.getByTestId("admin-count");
const userRow = (page: Page, username: string) =>
  page.getByRole("row").filter({ has: page.getByRole("cell", { name: username, exact: true }) });
const sidebar = (page: Page) => page.getByRole("complementary", { name: "Admin sidebar" });

/** What the counts should say for a search, worked out from the API's list the same way (case-insensitive substring). */
async function expectedCounts(page: Page, search: string) {
  // Every page of the unfiltered list (the table pages by keyset), filtered here.
  const all: ApiUser[] = [];
  let url: string | null = "/api/users?limit=100";
  while (url) {
    const response: APIResponse = await page.request.get(url);
    expect(response.status()).toBe(200);
    all.push(...((await response.json()) as ApiUser[]));
    const cursor: string | undefined = response.headers()["x-next-cursor"];
    url = cursor ? `/api/users?limit=100&cursor=${encodeURIComponent(cursor)}` : null;
  }
  const q = search.toLowerCase();
  const users = all.filter((u) => u.username.toLowerCase().includes(q) || u.email.toLowerCase().includes(q));
  return { total: users.length, admins: users.filter((u) => u.role === "ADMIN").length };
}

test.use({ storageState: AUTH_STATE.admin });

test("the user list shows counts and the search narrows list and counts together", async ({ page }) => {
  await page.goto("/admin/users");
  await expect(page.getByRole("heading", { level: 1, name: "User Management" })).toBeVisible();
  const all = await expectedCounts(page, "");
  expect(all.total, "the demo seed has five users").toBeGreaterThanOrEqual(5);
  await expect(totalUsers(page)).toHaveText(String(all.total));
  await expect(adminCount(page)).toHaveText(String(all.admins));
  for (const header of ["Username", "Email", "Role", "Tool Access", "Created", "Actions"]) {
    await expect(page.getByRole("columnheader", { name: header })).toBeVisible();
  }
  // priya's delegated sections show as badges; member has none.
  await expect(userRow(page, "priya")).toContainText("Challenges");
  await expect(userRow(page, "priya")).toContainText("Order management");
  await expect(userRow(page, "member")).toContainText("No access");

  const search = page.getByRole("searchbox", { name: "Search users" });
  await search.fill("PRIYA@EXAMPLE");
  await expect(totalUsers(page)).toHaveText("1");
  await expect(adminCount(page)).toHaveText("0");
  await expect(userRow(page, "priya")).toBeVisible();
  await expect(userRow(page, "admin")).toHaveCount(0);

  await search.fill("admin");
  const admins = await expectedCounts(page, "admin");
  await expect(totalUsers(page)).toHaveText(String(admins.total));
  await expect(adminCount(page)).toHaveText(String(admins.admins));
  await expect(userRow(page, "admin")).toBeVisible();
  await expect(userRow(page, "priya")).toHaveCount(0);

  await search.fill("no-such-user-anywhere");
  await expect(totalUsers(page)).toHaveText("0");
  await expect(adminCount(page)).toHaveText("0");
  await expect(page.getByText("No users found.")).toBeVisible();

  await search.fill("");
  await expect(totalUsers(page)).toHaveText(String(all.total));

  // The role filter narrows the same way.
  await page.getByRole("combobox", { name: "Filter by role" }).selectOption("ADMIN");
  await expect(totalUsers(page)).toHaveText(String(all.admins));
  await expect(adminCount(page)).toHaveText(String(all.admins));
  await expect(userRow(page, "admin")).toBeVisible();
  await expect(userRow(page, "member")).toHaveCount(0);
});

test("add a user with tool access, edit the e-mail keeping the password, then delete the user", async ({ page, playwright }) => {
  const username = uniqueName();
  const password = "managed-pass-1";
  await page.goto("/admin/users");
  await waitForHydration(page);
  const before = (await expectedCounts(page, "")).total;
  await expect(totalUsers(page)).toHaveText(String(before));

  // Add User: a member with one admin section.
  await page.getByRole("button", { name: "Add User" }).click();
  const add = page.getByRole("dialog", { name: "Add User" });
  await expect(add).toBeVisible();
  await add.getByLabel("Username").fill(username);
  await add.getByLabel("Email").fill(`${username}@example.com`);
  await add.getByLabel("Password").fill(password);
  await expect(add.getByLabel("Role")).toHaveValue("USER");
  await add.getByRole("checkbox", { name: "Resources" }).check();
  await add.getByRole("button", { name: "Create User" }).click();
  await expectToast(page, "User created");
  await expect(add).toBeHidden();
  const row = userRow(page, username);
  await expect(row).toBeVisible();
  await expect(row).toContainText(`${username}@example.com`);
  await expect(row).toContainText("USER");
  await expect(row.getByText("Resources", { exact: true })).toBeVisible();
  await expect(totalUsers(page)).toHaveText(String(before + 1));

  // Edit: a new e-mail, the password left empty.
  const newEmail = `${username}.new@example.com`;
  await row.getByRole("button", { name: `Edit ${username}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit User" });
  await expect(edit).toBeVisible();
  await expect(edit.getByLabel("Email")).toHaveValue(`${username}@example.com`);
  await expect(edit.getByLabel("Password")).toHaveValue("");
  await expect(edit.getByRole("checkbox", { name: "Resources" })).toBeChecked();
  await edit.getByLabel("Email").fill(newEmail);
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, "User updated");
  await expect(edit).toBeHidden();
  await expect(row).toContainText(newEmail);
  await expect(row.getByText("Resources", { exact: true })).toBeVisible();

  // The original password still works (signing in by the new e-mail), in a context of its own.
  const request = await signedOutRequest(playwright);
  const login = await apiLogin(request, newEmail, password);
  expect(login.status(), await login.text()).toBe(200);
  await request.dispose();

  // Delete, after the confirmation.
  await row.getByRole("button", { name: `Delete ${username}` }).click();
  const confirm = page.getByRole("dialog", { name: "Are you sure?" });
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText(
    "This will permanently delete this user and all their associated data. This action cannot be undone.",
  );
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expectToast(page, "User deleted");
  await expect(confirm).toBeHidden();
  await expect(row).toHaveCount(0);
  await expect(totalUsers(page)).toHaveText(String(before));
});

test("the admin sidebar lists every section and ctrl+b collapses it, remembered across a reload", async ({ page, context }) => {
  await page.goto("/admin/users");
  const nav = sidebar(page).getByRole("navigation", { name: "Admin" });
  await expect(nav.getByRole("link")).toHaveText(ADMIN_SECTIONS);
  await expect(nav.getByRole("link", { name: "Users" })).toHaveAttribute("aria-current", "page");
  await expect(sidebar(page)).toContainText("Signed in as Ada Admin");
  const toggle = page.getByRole("button", { name: "Toggle sidebar" });
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  const openWidth = (await sidebar(page).boundingBox())!.width;

  await waitForHydration(page);
  await page.keyboard.press("Control+b");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(sidebar(page)).toHaveAttribute("data-state", "collapsed");
  // Icons only: the labels leave the screen (they stay the links' names) and the sidebar narrows.
  await expect(nav.getByText("Users", { exact: true })).toHaveClass(/sr-only/);
  await expect(sidebar(page).getByText(/Signed in as/)).toHaveCount(0);
  await expect.poll(async () => (await sidebar(page).boundingBox())!.width).toBeLessThan(openWidth / 2);
  expect((await context.cookies()).find((c) => c.name === "sidebar_state")?.value).toBe("false");

  // The server renders it collapsed after a reload.
  await page.reload();
  await expect(sidebar(page)).toHaveAttribute("data-state", "collapsed");
  await expect(page.getByRole("button", { name: "Toggle sidebar" })).toHaveAttribute("aria-expanded", "false");
  await expect(nav.getByRole("link")).toHaveText(ADMIN_SECTIONS);

  // ctrl+b again opens it.
  await waitForHydration(page);
  await page.keyboard.press("Control+b");
  await expect(sidebar(page)).toHaveAttribute("data-state", "expanded");
  await expect(sidebar(page)).toContainText("Signed in as Ada Admin");
  expect((await context.cookies()).find((c) => c.name === "sidebar_state")?.value).toBe("true");
});

test("on a 390 px phone the toggle opens the sidebar as a drawer; Escape or the backdrop closes it, focus back on the toggle", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // A page with no island of its own: the sidebar's plain script runs the drawer.
  await page.goto("/admin/invoices");
  const toggle = page.getByRole("button", { name: "Toggle sidebar" });
  const drawer = page.getByRole("dialog", { name: "Admin sidebar" });
  await expect(toggle).toHaveAttribute("aria-controls", "admin-sidebar-mobile");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(drawer).toBeHidden();

  await toggle.click();
  await expect(drawer).toBeVisible();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expect(drawer.getByRole("link")).toHaveText(ADMIN_SECTIONS);
  await expect(drawer.getByRole("link", { name: "Invoices" })).toHaveAttribute("aria-current", "page");
  await expect(drawer.getByRole("link").first()).toBeFocused();
  await expect(drawer).toContainText("Signed in as Ada Admin");

  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
  await expect(toggle).toBeFocused();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");

  await toggle.click();
  await expect(drawer).toBeVisible();
  // The backdrop: the strip of page the drawer (at most 85% of the width) leaves uncovered.
  await page.mouse.click(380, 400);
  await expect(drawer).toBeHidden();
  await expect(toggle).toBeFocused();
});

test("on a 390 px phone the table scrolls sideways inside its own region, says so, and each row's actions stay on screen", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin/users");
  await waitForHydration(page);
  // Edit and Delete of a row sit fully inside the phone's width, without scrolling anything sideways.
  const row = userRow(page, "member");
  for (const action of ["Edit member", "Delete member"]) {
    const button = (await row.getByRole("button", { name: action }).boundingBox())!;
    expect(button.x).toBeGreaterThanOrEqual(0);
    expect(button.x + button.width, action).toBeLessThanOrEqual(390);
  }
  await row.getByRole("button", { name: "Edit member" }).click();
  await expect(page.getByRole("dialog", { name: "Edit User" })).toBeVisible();
  await page.getByRole("dialog", { name: "Edit User" }).getByRole("button", { name: "Cancel" }).click();

  const table = page.getByRole("region", { name: "Users" });
  await expect(table).toBeVisible();
  await expect(page.getByText("Scroll the table sideways to see every column.")).toBeVisible();
  // The table is wider than the phone: it scrolls inside its region, never the whole page.
  const widths = await table.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(widths.scroll).toBeGreaterThan(widths.client);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // A keyboard reaches the region itself, so it can scroll it.
  await table.focus();
  await expect(table).toBeFocused();
});
