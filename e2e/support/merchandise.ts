// Where the demo products live, and the checkout through the local test payment page. The seed stores the demo
// catalogue (api/src/modules/printify/demo-catalogue.ts) under random row ids and the e2e server holds its database, so
// journeys find a product as people do: a visitor by its card on /merchandise, an admin (for a product the grid
// hides) on the admin catalogue. The fake Printify's shop lists the same products (e2e/printify/printify.e2e.ts).
import { type Browser, expect, type Page } from "@playwright/test";
import { AUTH_STATE } from "./auth";
import { expectToast, waitForHydration } from "./ui";

/** The demo products the journeys use (titles as the seed stores them; SITE_NAME is "InnovateHub"). */
export const DEMO_MERCH = {
  /** Colors Black / White / Navy × Sizes S–XL; $24.00, XL $26.00; Navy / XL disabled; White / S out of stock. */
  tee: "InnovateHub Logo Tee",
  /** Unpublished in Printify: unavailable, not on the grid. */
  retired: "Retired Cap",
} as const;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** `/merchandise/{id}` of a product on the grid, read from its card's View Product link (leaves the page on the grid). */
export async function productPath(page: Page, title: string): Promise<string> {
  await page.goto("/merchandise");
  const link = page.getByRole("link", { name: new RegExp(`^View Product\\W+${escapeRegExp(title)}$`) });
  await expect(link).toHaveCount(1);
  const href = await link.getAttribute("href");
  expect(href).toMatch(/^\/merchandise\/[0-9a-f-]{36}$/);
  return href!;
}

/** `/merchandise/{id}` of any product, available or not, from the admin catalogue (GET /api/printify/catalogue). */
export async function catalogueProductPath(browser: Browser, title: string): Promise<string> {
  const admin = await browser.newContext({ storageState: AUTH_STATE.admin });
  try {
    const res = await admin.request.get("/api/printify/catalogue");
    expect(res.status()).toBe(200);
    const { items } = (await res.json()) as { items: { id: string; title: string }[] };
    const found = items.filter((i) => i.title === title);
    expect(found, title).toHaveLength(1);
    return `/merchandise/${found[0]!.id}`;
  } finally {
    await admin.close();
  }
}

/** The local test payment page (STRIPE_SECRET_KEY unset), and its heading. */
export const TEST_PAYMENT_PAGE = /\/payments\/test\/cs_test_local_[0-9a-f]{24}$/;
export const TEST_PAYMENT_LABEL = "Test payment — no real money";

export const buyNow = (page: Page) => page.getByRole("button", { name: "Buy Now" });
export const payButton = (page: Page) => page.getByRole("button", { name: "Pay", exact: true });

/** Product page → pick a variant → Buy Now → the local test payment page. Answers the page's URL. */
export async function startCheckout(page: Page, color: string, size: string, title: string = DEMO_MERCH.tee): Promise<string> {
  await page.goto(await productPath(page, title));
  await waitForHydration(page);
  await page.getByLabel("Colors").selectOption({ label: color });
  await page.getByLabel("Sizes").selectOption({ label: size });
  await buyNow(page).click();
  await expect(page).toHaveURL(TEST_PAYMENT_PAGE);
  await expect(page.getByRole("heading", { level: 1, name: TEST_PAYMENT_LABEL })).toBeVisible();
  return page.url();
}

export async function fillAddress(page: Page, address: Record<"name" | "line1" | "city" | "postalCode", string>) {
  await page.getByLabel("Full name").fill(address.name);
  await page.getByLabel("Address line 1").fill(address.line1);
  await page.getByLabel("City").fill(address.city);
  await page.getByLabel("ZIP / postal code").fill(address.postalCode);
  await page.getByLabel("Country").selectOption({ label: "United Kingdom" });
}

/** Back on the store after Pay or Cancel: the banner and the toast, then the return parameters cleaned away. */
export async function expectPurchaseReturn(page: Page, banner: string, toast: string) {
  await expect(page).toHaveURL(/\/merchandise\?(success|canceled)=true$|\/merchandise$/);
  await expect(page.getByTestId("purchase-banner").getByRole("heading", { name: banner, exact: true })).toBeVisible();
  await expectToast(page, toast);
  // The return parameters are removed, so a reload or a shared link does not repeat the banner.
  await expect(page).toHaveURL(/\/merchandise$/);
}
