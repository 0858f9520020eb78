// The storefront as a visitor meets it: the grid, a product's options changing price, stock and gallery, SPEC §4's
// disabled-combination warning disabling Buy Now, what Buy Now posts (with and without JavaScript), an unavailable
// and an unknown product, the purchase banners, and axe in both themes. Data: the demo catalogue
// (api/src/modules/printify/demo-catalogue.ts) the seed stores on the e2e server's first start (SEED_DEMO_DATA), under
// random ids found through the site (support/merchandise.ts) — the InnovateHub Logo Tee: Black / M is the default
// (Printify variant 18101, option values Black 418, M 15), $24.00, XL costs $26.00, White / S is out of stock, Navy / XL
// is disabled by the provider; the Retired Cap is unpublished, so unavailable.
import { audit } from "./support/axe";
import { expect, test, type Page } from "@playwright/test";
import { catalogueProductPath, DEMO_MERCH, productPath } from "./support/merchandise";
import { expectToast, waitForHydration } from "./support/ui";

const TEE_TITLE = DEMO_MERCH.tee;
const WARNING = "This combination is not available. Please select different options.";

const buyNow = (page: Page) => page.getByRole("button", { name: "Buy Now" });
const hidden = (page: Page, name: string) => page.locator(`form[action="/payments/checkout"] input[name="${name}"]`);

/** Answers the checkout POST itself and hands back what the form sent (the checkout branch is another item's). */
async function captureCheckout(page: Page): Promise<() => Promise<URLSearchParams>> {
  let resolve: (form: URLSearchParams) => void;
  const sent = new Promise<URLSearchParams>((r) => (resolve = r));
  await page.route("**/payments/checkout", async (route) => {
    resolve(new URLSearchParams(route.request().postData() ?? ""));
    await route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>Checkout</title><p>checkout</p>" });
  });
  return () => sent;
}

test("grid → product → options change price, stock and gallery; a disabled combination warns; back to the store", async ({
  page,
}) => {
  const tee = await productPath(page, TEE_TITLE);
  await expect(page.getByRole("heading", { level: 1, name: "Merchandise Store" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name: TEE_TITLE })).toBeVisible();
  // Unavailable products are not in the grid.
  await expect(page.getByRole("heading", { name: DEMO_MERCH.retired })).toHaveCount(0);

  await page.getByRole("link", { name: /^View Product\W+InnovateHub Logo Tee$/ }).click();
  await expect(page).toHaveURL(tee);
  await expect(page.getByRole("heading", { level: 1, name: TEE_TITLE })).toBeVisible();
  await waitForHydration(page);
  const colors = page.getByLabel("Colors");
  const sizes = page.getByLabel("Sizes");
  const price = page.getByTestId("price");
  const stock = page.getByTestId("stock");
  const main = page.getByTestId("gallery-main");

  // The default variant, preselected.
  await expect(colors).toHaveValue("418");
  await expect(sizes).toHaveValue("15");
  await expect(price).toHaveText("$24.00");
  await expect(stock).toHaveText("In Stock");
  await expect(buyNow(page)).toBeEnabled();
  await expect(hidden(page, "variantId")).toHaveValue("18101");
  await expect(hidden(page, "variantTitle")).toHaveValue("Black / M");
  await expect(main).toHaveAttribute("src", "/merch/demo/tee-black-front.svg");
  await expect(page.getByRole("button", { name: /^Show image \d of 4$/ })).toHaveCount(4);

  // Another size: its own price.
  await sizes.selectOption({ label: "XL" });
  await expect(price).toHaveText("$26.00");
  await expect(hidden(page, "variantTitle")).toHaveValue("Black / XL");

  // Navy / XL is disabled by the provider: SPEC's warning, no stock badge, Buy Now disabled.
  await colors.selectOption({ label: "Navy" });
  await expect(page.getByRole("alert").filter({ hasText: WARNING })).toBeVisible();
  await expect(stock).toHaveCount(0);
  await expect(buyNow(page)).toBeDisabled();
  await expect(hidden(page, "variantId")).toHaveValue("");

  // Navy / L: offered again, and the warning goes.
  await sizes.selectOption({ label: "L" });
  await expect(page.getByText(WARNING)).toHaveCount(0);
  await expect(stock).toHaveText("In Stock");
  await expect(buyNow(page)).toBeEnabled();

  // White / S: selected, out of stock, still not purchasable; the white pictures lead the gallery.
  await colors.selectOption({ label: "White" });
  await sizes.selectOption({ label: "S" });
  await expect(page.getByText(WARNING)).toHaveCount(0);
  await expect(stock).toHaveText("Out of Stock");
  await expect(buyNow(page)).toBeDisabled();
  await expect(main).toHaveAttribute("src", "/merch/demo/tee-white-front.svg");

  // White / M: in stock.
  await sizes.selectOption({ label: "M" });
  await expect(price).toHaveText("$24.00");
  await expect(stock).toHaveText("In Stock");
  await expect(buyNow(page)).toBeEnabled();
  await expect(hidden(page, "variantId")).toHaveValue("18105");
  await expect(hidden(page, "variantTitle")).toHaveValue("White / M");

  // A thumbnail shows its picture.
  await page.getByRole("button", { name: "Show image 2 of 4" }).click();
  await expect(main).not.toHaveAttribute("src", "/merch/demo/tee-white-front.svg");

  await page.getByRole("link", { name: "Back to Store" }).click();
  await expect(page).toHaveURL("/merchandise");
});

test("Buy Now posts the chosen variant to /payments/checkout", async ({ page }) => {
  const tee = await productPath(page, TEE_TITLE);
  const sent = await captureCheckout(page);
  await page.goto(tee);
  await waitForHydration(page);
  await page.getByLabel("Colors").selectOption({ label: "White" });
  await page.getByLabel("Sizes").selectOption({ label: "M" });
  await buyNow(page).click();
  const form = await sent();
  expect(Object.fromEntries(form)).toEqual({
    kind: "merchandise",
    merchandiseId: tee.split("/").pop(),
    variantId: "18105",
    variantTitle: "White / M",
    // This page view's nonce, made in the browser: a guest's double click is one Checkout Session (decision 010).
    checkoutNonce: expect.stringMatching(/^[0-9a-f-]{36}$/),
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the page shows and Buy Now buys the preselected variant; the selectors wait for the script", async ({ page }) => {
    const tee = await productPath(page, TEE_TITLE);
    const sent = await captureCheckout(page);
    await page.goto(tee);
    await expect(page.getByTestId("price")).toHaveText("$24.00");
    await expect(page.getByLabel("Colors")).toBeDisabled();
    await buyNow(page).click();
    expect(Object.fromEntries(await sent())).toEqual({
      kind: "merchandise",
      merchandiseId: tee.split("/").pop(),
      variantId: "18101",
      variantTitle: "Black / M",
    });
  });
});

test("an unavailable product says so and cannot be bought", async ({ page, browser }) => {
  await page.goto(await catalogueProductPath(browser, DEMO_MERCH.retired));
  await expect(page.getByRole("heading", { level: 1, name: DEMO_MERCH.retired })).toBeVisible();
  await expect(page.getByText("This product is currently unavailable.")).toBeVisible();
  await expect(page.getByTestId("stock")).toHaveText("Unavailable");
  await expect(buyNow(page)).toBeDisabled();
});

test("an unknown product answers 404 'Product not found' with Back to Store", async ({ page }) => {
  const response = await page.goto("/merchandise/00000000-0000-4000-8000-000000000000");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("alert")).toHaveText("Product not found");
  await page.getByRole("link", { name: "Back to Store" }).click();
  await expect(page).toHaveURL("/merchandise");
});

test("a product page describes itself to crawlers: schema.org Product with its offer", async ({ page }) => {
  await page.goto(await productPath(page, TEE_TITLE));
  const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(data).toMatchObject({
    "@type": "Product",
    name: TEE_TITLE,
    offers: { price: "24.00", priceCurrency: "USD", availability: "https://schema.org/InStock" },
  });
  expect(data.description).toContain("The classic tee of our community");
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", TEE_TITLE);
});

for (const [param, banner, toast] of [
  ["success", "Purchase Successful", "Purchase Successful!"],
  ["canceled", "Purchase Canceled", "Purchase Canceled"],
] as const) {
  test(`back from checkout with ?${param}=true: '${banner}' banner and toast, then the URL is clean`, async ({ page }) => {
    await page.goto(`/merchandise?${param}=true`);
    await expect(page.getByTestId("purchase-banner").getByRole("heading", { name: banner, exact: true })).toBeVisible();
    await expectToast(page, toast);
    await expect(page).toHaveURL("/merchandise");
    await page.reload();
    await expect(page.getByTestId("purchase-banner")).toHaveCount(0);
  });
}

for (const theme of ["dark", "light"] as const) {
  test(`axe finds no violation on the store pages, nor the browser a CSP one (${theme} theme)`, async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem("theme", t), theme);
    // The island, the return script and the JSON-LD must all live within the page's Content-Security-Policy.
    await page.addInitScript(() => {
      const w = window as Window & { cspViolations?: string[] };
      w.cspViolations = [];
      document.addEventListener("securitypolicyviolation", (e) =>
        w.cspViolations!.push(`${e.violatedDirective} ${e.blockedURI}`),
      );
    });
    const tee = await productPath(page, TEE_TITLE);
    for (const path of ["/merchandise?success=true", tee]) {
      await page.goto(path);
      await waitForHydration(page);
      if (path !== tee) {
        // Audited with the banner and the toast showing (the toaster's list items hold the live region, so axe's
        // list rule holds while a toast is up).
        await expectToast(page, "Purchase Successful!");
        await expect(page.getByTestId("purchase-banner")).toBeVisible();
      } else {
        // With the warning showing too.
        await page.getByLabel("Colors").selectOption({ label: "Navy" });
        await page.getByLabel("Sizes").selectOption({ label: "XL" });
        await expect(page.getByText(WARNING)).toBeVisible();
      }
      expect(await audit(page), path).toEqual([]);
      expect(await page.evaluate(() => (window as Window & { cspViolations?: string[] }).cspViolations)).toEqual([]);
    }
  });
}
