// Payments journeys without Stripe keys (development, the local "Test payment — no real money" page): a visitor's
// Buy Now leads to sign-in; a new member buys a resource one time (Cancel → 'Payment Canceled', Pay → 'Payment
// Successful!', the URL cleaned, "You have access", the file downloads); monthly, then cancel at period end and
// resume on /subscriptions; the promo card's annual plan unlocks every premium resource; the admin's Invoices with
// filters and CSV. Access always comes from the signed webhook event the test page produces, never the redirect.
import { expect, test } from "@playwright/test";
import { AUTH_STATE, registerViaApi, signedOutRequest, signIn, uniqueName } from "./support/auth";
import { expectToast } from "./support/ui";

const IMPACT_KIT = "/resources/e0000002-5eed-4e00-8000-000000000002";

test("a member buys a resource one time through the test payment page and downloads it", async ({ page, playwright }) => {
  // A visitor who clicks Buy Now is sent to sign in.
  await page.goto(IMPACT_KIT);
  await page.getByTestId("buy-onetime").click();
  await expect(page).toHaveURL(/\/login$/);

  const username = uniqueName("buyer");
  const account = { username, email: `${username}@example.com`, password: "buyer-password-1234" };
  const api = await signedOutRequest(playwright);
  await registerViaApi(api, account);
  await signIn(page, username, account.password);

  // A forged return grants nothing: the buy buttons stay.
  await page.goto(`${IMPACT_KIT}?success=true`);
  await expect(page.getByTestId("buy-onetime")).toBeVisible();

  // Cancel first: back to the resource with SPEC's toast, the URL cleaned.
  await page.getByTestId("buy-onetime").click();
  await expect(page).toHaveURL(/\/payments\/test\/cs_test_local_[0-9a-f]{24}$/);
  await page.getByRole("button", { name: "Cancel" }).click();
  await expectToast(page, "Payment Canceled", "Your payment was not completed.");
  await expect(page).toHaveURL(new RegExp(`${IMPACT_KIT}$`));

  // Then pay.
  await page.getByTestId("buy-onetime").click();
  await expect(page.getByRole("heading", { name: "Test payment — no real money" })).toBeVisible();
  await expect(page.getByTestId("test-payment")).toContainText("$29.00");
  await page.getByRole("button", { name: "Pay" }).click();
  await expectToast(page, "Payment Successful!", "You now have access to this resource.");
  await expect(page).toHaveURL(new RegExp(`${IMPACT_KIT}$`));
  await expect(page.getByText("You have access")).toBeVisible();

  const href = await page.getByRole("link", { name: "Download", exact: true }).getAttribute("href");
  const response = await page.request.get(href!);
  expect(response.status()).toBe(200);
  expect((await response.body()).subarray(0, 5).toString()).toBe("%PDF-");

  // The paid session is gone: its page is a 404 now.
  const gone = await page.request.get("/payments/test/cs_test_local_000000000000000000000000");
  expect(gone.status()).toBe(404);
});

test("a member subscribes monthly, then cancels at period end and resumes from /subscriptions", async ({ page, playwright }) => {
  const username = uniqueName("monthly");
  const account = { username, email: `${username}@example.com`, password: "monthly-password-1234" };
  await registerViaApi(await signedOutRequest(playwright), account);
  await signIn(page, username, account.password);

  await page.goto(IMPACT_KIT);
  await page.getByTestId("buy-monthly").click();
  await expect(page.getByTestId("test-payment")).toContainText("$9.99/month");
  await page.getByRole("button", { name: "Pay" }).click();
  await expectToast(page, "Payment Successful!", "You now have access to this resource.");
  await expect(page.getByText("You have access")).toBeVisible();

  await page.goto("/subscriptions");
  const plan = page.getByTestId("plans").getByRole("listitem");
  await expect(plan).toContainText("Monthly: Impact Measurement Dashboard Kit");
  await expect(plan).toContainText("ACTIVE");
  await expect(plan).toContainText(/Renews on/);
  await plan.getByRole("button", { name: "Cancel at period end" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your plan will end at the end of the paid period." })).toBeVisible();
  await expect(plan).toContainText(/Ends on/);
  // Access continues until the period ends.
  await page.goto(IMPACT_KIT);
  await expect(page.getByText("You have access")).toBeVisible();
  await page.goto("/subscriptions");
  await plan.getByRole("button", { name: "Resume" }).click();
  await expect(plan).toContainText(/Renews on/);
});

test("the promo card's Subscribe starts the annual plan, which unlocks every premium resource", async ({ page, playwright }) => {
  const username = uniqueName("annual");
  const account = { username, email: `${username}@example.com`, password: "annual-password-1234" };
  await registerViaApi(await signedOutRequest(playwright), account);
  await signIn(page, username, account.password);

  await page.goto("/resources");
  await page.getByTestId("promo-card").getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByTestId("test-payment")).toContainText(/\$\d+\.\d\d\/year/);
  await page.getByRole("button", { name: "Pay" }).click();
  await expectToast(page, "Payment Successful!");
  await expect(page).toHaveURL(/\/resources$/);

  for (const path of [IMPACT_KIT, "/resources/e0000004-5eed-4e00-8000-000000000004"]) {
    await page.goto(path);
    await expect(page.getByText("You have access")).toBeVisible();
  }
  await page.goto("/subscriptions");
  await expect(page.getByTestId("plans")).toContainText("Annual plan — every premium resource");
});

test.describe("as the admin", () => {
  test.use({ storageState: AUTH_STATE.admin });

  test("Invoices lists the payments, filters by status and e-mail, and exports CSV", async ({ page }) => {
    await page.goto("/admin/invoices");
    await expect(page.getByRole("heading", { level: 1, name: "Invoices" })).toBeVisible();
    // The purchases made above (test payments: no Stripe link).
    const rows = page.getByTestId("invoices").locator("tbody tr");
    await expect(rows.filter({ hasText: "One-time purchase: Impact Measurement Dashboard Kit" }).first()).toBeVisible();
    await page.getByLabel("Status").selectOption("COMPLETED");
    await page.getByLabel("Customer e-mail").fill("buyer_");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/status=COMPLETED&email=buyer_/);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("$29.00");
    const href = await page.getByRole("link", { name: "Export CSV" }).getAttribute("href");
    expect(href).toBe("/api/orders/export.csv?status=COMPLETED&email=buyer_");
    const csv = await page.request.get(href!);
    expect(csv.headers()["content-type"]).toContain("text/csv");
    expect((await csv.text()).split("\r\n")[1]).toContain('"RESOURCE_ONETIME","Impact Measurement Dashboard Kit"');
  });
});
