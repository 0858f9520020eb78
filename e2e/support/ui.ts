// What a user sees of the shell in every journey: the toast area and the header's account area.
import { expect, type Locator, type Page } from "@playwright/test";

/** The toast viewport (bottom right, one toast at a time). */
export const toastArea = (page: Page): Locator => page.getByRole("list", { name: "Notifications (F8)" });

/** Waits for the toast with this title (and, when given, this description). */
export async function expectToast(page: Page, title: string | RegExp, description?: string | RegExp): Promise<void> {
  const toast = toastArea(page).getByRole("status").filter({ hasText: title });
  await expect(toast).toBeVisible();
  if (description !== undefined) await expect(toast).toContainText(description);
}

/** The header's "My Account" menu button: it shows the first name, or the username when there is none. */
export const accountButton = (page: Page, label: string): Locator =>
  page.getByRole("banner").getByRole("button", { name: label, exact: true });

export const signInLink = (page: Page): Locator => page.getByRole("banner").getByRole("link", { name: "Sign In", exact: true });

/** Opens the account menu and returns it. */
export async function openAccountMenu(page: Page, label: string): Promise<Locator> {
  await accountButton(page, label).click();
  const menu = page.getByRole("banner").getByRole("menu");
  await expect(menu).toBeVisible();
  await expect(menu).toContainText("My Account");
  return menu;
}

/** My Account → Log out; the app always ends on / signed out. */
export async function logOut(page: Page, label: string): Promise<void> {
  const menu = await openAccountMenu(page, label);
  await menu.getByRole("menuitem", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(signInLink(page)).toBeVisible();
}

/**
 * Waits until every island on the page has hydrated (Astro drops the `ssr` attribute then). Before that a click on a
 * form's submit button would be a plain HTML submit and a keyboard shortcut would have no listener yet.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await expect(page.locator("astro-island[ssr]")).toHaveCount(0);
}
