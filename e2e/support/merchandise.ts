// Where the demo products live. The seed stores the demo catalogue (api/src/modules/printify/demo-catalogue.ts) under
// random row ids and the e2e server holds its database, so journeys find a product as people do: a visitor by its
// card on /merchandise, an admin (for a product the grid hides) on the admin catalogue.
import { type Browser, expect, type Page } from "@playwright/test";
import { AUTH_STATE } from "./auth";

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
