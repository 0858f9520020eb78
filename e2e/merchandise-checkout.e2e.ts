// The store's checkout journeys (decision 010, "Merchandise"): a guest buys a variant through the local test payment
// page (field messages first, then Pay → 'Purchase Successful' banner and toast, the URL cleaned, the receipt e-mail
// with product, variant and amount); the guest's page is closed to another browser; Cancel → 'Purchase Canceled'; a
// member pays without typing an e-mail (theirs is known), gets the receipt and finds the order on /subscriptions
// (Pending, at the Paid step); no console errors on the store pages and the test payment page; axe on the test payment
// page in both themes. Data: the seed's demo catalogue (api/src/modules/printify/demo-catalogue.ts), found through the
// grid (support/merchandise.ts) — the InnovateHub Logo Tee's White / M is $24.00 and in stock, Black / XL is $26.00,
// Navy / XL is disabled by the provider.
import { audit } from "./support/axe";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { AUTH_STATE } from "./support/auth";
import { waitForMail } from "./support/mail";
import {
  buyNow,
  DEMO_MERCH,
  expectPurchaseReturn,
  fillAddress,
  payButton,
  productPath,
  startCheckout,
  TEST_PAYMENT_LABEL,
  TEST_PAYMENT_PAGE,
} from "./support/merchandise";
import { waitForHydration } from "./support/ui";

const TEE_TITLE = DEMO_MERCH.tee;

/** Every console error and uncaught exception a page raises, for the "no console errors" checks. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    // Chromium logs a document's own 4xx as "Failed to load resource": the test payment page answers 400 with its
    // field messages and 404 once paid, canceled or someone else's — by design, so those are not problems.
    const own = TEST_PAYMENT_PAGE.test(message.location().url) && message.text().startsWith("Failed to load resource");
    if (!own) problems.push(`console: ${message.text()} (${message.location().url})`);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

test("a guest buys a variant through the test payment page: field messages, Pay, banner, toast and receipt e-mail", async ({
  page,
  browser,
}) => {
  const problems = watchConsole(page);
  const email = `guest.${Date.now().toString(36)}@example.com`;
  const url = await startCheckout(page, "White", "M");
  await expect(page.getByText(`${TEE_TITLE} — White / M`)).toBeVisible();
  await expect(page.getByText("$24.00")).toBeVisible();

  // Another browser (no cookie of this guest) cannot open, pay or cancel the page.
  await expectClosedToOthers(browser, url);

  // A wrong e-mail and no address: the form comes back with a message on each field and the typed value kept.
  await page.getByLabel("Email").fill("not-an-email");
  await payButton(page).click();
  await expect(page).toHaveURL(url);
  await expect(page.getByText("Invalid email address")).toBeVisible();
  await expect(page.getByText("Please enter the recipient's name")).toBeVisible();
  await expect(page.getByText("Please enter the street address")).toBeVisible();
  await expect(page.getByText("Please enter the city")).toBeVisible();
  await expect(page.getByText("Please enter the postal code")).toBeVisible();
  await expect(page.getByText("Please choose a country we ship to")).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue("not-an-email");
  await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("Email").fill(email);
  await fillAddress(page, { name: "Grace Hopper", line1: "10 Downing Street", city: "London", postalCode: "SW1A 2AA" });
  await payButton(page).click();
  await expectPurchaseReturn(page, "Purchase Successful", "Purchase Successful!");

  const mail = await waitForMail(email, /order confirmation and receipt: \$24\.00/);
  expect(mail.text).toContain(`"${TEE_TITLE}" (White / M)`);
  expect(mail.text).toContain("Amount paid: $24.00 (USD)");
  expect(mail.text).toContain("10 Downing Street");
  expect(mail.text).toContain("Hi Grace Hopper,");

  // Paid: the page is gone, for this browser too.
  const again = await page.goto(url);
  expect(again?.status()).toBe(404);
  expect(problems).toEqual([]);
});

async function expectClosedToOthers(browser: Browser, url: string) {
  const other = await browser.newContext();
  try {
    const page = await other.newPage();
    const response = await page.goto(url);
    expect(response?.status()).toBe(404);
    await expect(page.getByText(TEST_PAYMENT_LABEL)).toHaveCount(0);
    // The API answers that browser 404 as well, for the page's data and its Pay and Cancel.
    const id = new URL(url).pathname.split("/").pop();
    const origin = new URL(url).origin;
    expect((await other.request.get(`/api/payments/test/${id}`)).status()).toBe(404);
    for (const action of ["pay", "cancel"]) {
      const res = await other.request.post(`/api/payments/test/${id}/${action}`, { headers: { origin }, data: {} });
      expect(res.status(), action).toBe(404);
    }
    // A signed-in member is not the guest either.
    const member = await browser.newContext({ storageState: AUTH_STATE.member });
    try {
      expect((await (await member.newPage()).goto(url))?.status()).toBe(404);
    } finally {
      await member.close();
    }
  } finally {
    await other.close();
  }
}

test("Cancel on the test payment page: back on the store with the 'Purchase Canceled' banner and toast", async ({ page }) => {
  const problems = watchConsole(page);
  const url = await startCheckout(page, "Black", "XL");
  await expect(page.getByText("$26.00")).toBeVisible();
  await page.getByRole("button", { name: "Cancel" }).click();
  await expectPurchaseReturn(page, "Purchase Canceled", "Purchase Canceled");
  // A canceled session cannot be paid later.
  expect((await page.goto(url))?.status()).toBe(404);
  expect(problems).toEqual([]);
});

test.describe("a member", () => {
  test.use({ storageState: AUTH_STATE.member });

  test("pays with the address only (their e-mail is known); the receipt goes to their account's e-mail", async ({ page }) => {
    const problems = watchConsole(page);
    await startCheckout(page, "Black", "XL");
    await expect(page.getByTestId("shipping-form")).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveCount(0);
    await fillAddress(page, { name: "Morgan Lee", line1: "221B Baker Street", city: "London", postalCode: "NW1 6XE" });
    await payButton(page).click();
    await expectPurchaseReturn(page, "Purchase Successful", "Purchase Successful!");
    const mail = await waitForMail("member@example.com", /order confirmation and receipt: \$26\.00/);
    expect(mail.text).toContain(`"${TEE_TITLE}" (Black / XL)`);
    expect(mail.text).toContain("221B Baker Street");
    // Followed on /subscriptions: the new order first (newest first), paid and waiting for the printer.
    await page.goto("/subscriptions");
    const placed = page.getByTestId("store-order").first();
    await expect(placed).toContainText(`${TEE_TITLE} · Black / XL`);
    await expect(placed).toContainText("$26.00");
    await expect(placed.getByText("Pending", { exact: true })).toHaveClass(/badge-warning/);
    await expect(placed.locator('[aria-current="step"]')).toHaveText(/Paid/);
    expect(problems).toEqual([]);
  });
});

test("no console errors on the store grid and a product page", async ({ page }) => {
  const problems = watchConsole(page);
  const tee = await productPath(page, TEE_TITLE);
  for (const path of ["/merchandise", "/merchandise?success=true", tee]) {
    await page.goto(path);
    await waitForHydration(page);
  }
  await page.getByLabel("Colors").selectOption({ label: "Navy" });
  await page.getByLabel("Sizes").selectOption({ label: "XL" });
  await expect(buyNow(page)).toBeDisabled();
  expect(problems).toEqual([]);
});

for (const theme of ["dark", "light"] as const) {
  test(`axe finds no violation on the test payment page, with its field messages showing (${theme} theme)`, async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem("theme", t), theme);
    await startCheckout(page, "White", "M");
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
    expect(await audit(page)).toEqual([]);
    await payButton(page).click();
    await expect(page.getByText("Please enter the street address")).toBeVisible();
    expect(await audit(page)).toEqual([]);
  });
}
