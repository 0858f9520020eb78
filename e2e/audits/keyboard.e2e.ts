// Keyboard-only journeys (decision 017): every menu and every kind of dialog reached with Tab alone, opened with Enter,
// kept to itself while open (Tab never leaves a modal dialog), closed with Escape, and focus given back to what opened
// it. No mouse, no `click()`: a control Tab cannot reach fails here.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { AUTH_STATE } from "../support/auth";

const MAX_TABS = 80;

/** Presses Tab until `target` has focus: proves it is reachable in the page's own tab order. */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < MAX_TABS; i++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

const focusIsInside = (container: Locator) => container.evaluate((el) => el.contains(document.activeElement));

/**
 * Where focus is: in `container`, nowhere in the page (the browser's own controls: a native modal <dialog> lets Tab
 * pass from its last control to the browser and back to its first, never to the inert page behind it), or elsewhere.
 */
const focusIn = (container: Locator) =>
  container.evaluate((el) =>
    el.contains(document.activeElement)
      ? "dialog"
      : !document.activeElement || document.activeElement === document.body
        ? "browser"
        : `page: ${document.activeElement.outerHTML.slice(0, 80)}`,
  );

/**
 * Enter opens the dialog; focus starts inside; a full round of Tab never reaches the page behind it and comes back
 * round to the dialog; Escape closes it and focus returns to the opener.
 */
async function dialogJourney(page: Page, opener: Locator, dialogName: string) {
  await tabTo(page, opener);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: dialogName });
  await expect(dialog).toBeVisible();
  expect(await focusIsInside(dialog), `focus moves into "${dialogName}"`).toBe(true);
  const stops = await dialog.evaluate(
    (el) =>
      el.querySelectorAll("a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex='0']").length,
  );
  const seen: string[] = [];
  for (let i = 0; i < stops + 3; i++) {
    await page.keyboard.press("Tab");
    seen.push(await focusIn(dialog));
  }
  expect(
    seen.filter((where) => where.startsWith("page")),
    `Tab stays out of the page behind "${dialogName}"`,
  ).toEqual([]);
  expect(seen.at(-1), `Tab comes round to "${dialogName}" again`).toBe("dialog");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener, `focus back on what opened "${dialogName}"`).toBeFocused();
}

test.describe("as a visitor", () => {
  test("a challenge's Register Now opens Sign In Required; Escape closes it", async ({ page }) => {
    await page.goto("/challenges/c0000002-5eed-4c00-8000-000000000002");
    await dialogJourney(page, page.getByRole("link", { name: "Register Now" }), "Sign In Required");
  });

  test("on a 390 px phone the navigation menu opens from the keyboard and Enter follows a link", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    await tabTo(page, page.getByRole("button", { name: "Open navigation" }));
    const challenges = page.getByRole("banner").getByRole("link", { name: "Challenges", exact: true });
    await expect(challenges).toBeVisible();
    await tabTo(page, challenges);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/challenges$/);
  });

  test("the skip link is the first stop and moves focus past the header", async ({ page }) => {
    await page.goto("/resources");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    expect(await focusIsInside(page.getByRole("main"))).toBe(true);
  });
});

test.describe("as the member", () => {
  test.use({ storageState: AUTH_STATE.member });

  test("the account menu opens from the keyboard and Enter on Profile goes there", async ({ page }) => {
    await page.goto("/");
    await tabTo(page, page.getByRole("button", { name: "Morgan" }));
    const menu = page.getByRole("menu", { name: "My Account" });
    await expect(menu).toBeVisible();
    await tabTo(page, menu.getByRole("menuitem", { name: "Profile" }));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/profile$/);
  });
});

test.describe("as the admin", () => {
  test.use({ storageState: AUTH_STATE.admin });

  for (const [path, opener, dialog] of [
    ["/admin/challenges", "Create Challenge", "Create Challenge"],
    ["/admin/projects", "Create Project", "Create Project"],
    ["/admin/projects", "Archive Challenge", "Archive Challenge"],
    ["/admin/resources", "Create Resource", "Create Resource"],
    ["/admin/resources", "Subscription Settings", "Subscription Settings"],
    ["/admin/users", "Add User", "Add User"],
    ["/admin/users", "Delete member", "Are you sure?"],
  ] as const) {
    test(`${path}: ${opener} → "${dialog}" from the keyboard`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await dialogJourney(page, page.getByRole("button", { name: opener, exact: true }), dialog);
    });
  }
});
