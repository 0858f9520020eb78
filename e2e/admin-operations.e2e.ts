// Admin operations (decisions 010 and 011): a member's local test payment lands in the webhook ledger; the admin opens
// Operations, finds the Stripe event with its summary on the Webhooks tab, replays it (already processed: nothing
// changes), filters by status; the Jobs tab with its filter; the screen on a 390 px phone; axe in both themes.
import { expect, type Page, type PlaywrightWorkerArgs, test } from "@playwright/test";
import { audit } from "./support/axe";
import { AUTH_STATE, apiLogin, registerViaApi, signedOutRequest, siteOrigin, uniqueName } from "./support/auth";
import { expectToast, waitForHydration } from "./support/ui";

/** The demo's premium kit: $29.00 one time. */
const IMPACT_KIT_ID = "e0000002-5eed-4e00-8000-000000000002";

test.use({ storageState: AUTH_STATE.admin });

async function open(page: Page) {
  await page.goto("/admin/operations");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Operations" })).toBeVisible();
}

const tab = (page: Page, name: string) => page.getByRole("tablist", { name: "Operations" }).getByRole("tab", { name });

/** A new member buys the kit through the local test payment: its signed event goes through the webhook handler. */
async function testPayment(playwright: PlaywrightWorkerArgs["playwright"]) {
  const buyer = await signedOutRequest(playwright);
  // Not "buyer_…": payments.e2e.ts filters the invoices by that and expects its own purchase alone.
  const username = uniqueName("ops_payer");
  const email = `${username}@example.com`;
  const password = "ops-buyer-password-1234";
  await registerViaApi(buyer, { username, email, password });
  expect((await apiLogin(buyer, username, password)).status()).toBe(200);
  const origin = siteOrigin();
  const checkout = await buyer.post("/api/create-checkout-session", {
    data: { resourceId: IMPACT_KIT_ID, paymentType: "onetime" },
    headers: { origin },
  });
  expect(checkout.status()).toBe(200);
  const sessionId = new URL((await checkout.json()).url, origin).pathname.split("/").pop();
  expect((await buyer.post(`/api/payments/test/${sessionId}/pay`, { data: {}, headers: { origin } })).status()).toBe(200);

  return { buyer, email, sessionId };
}

test("a test payment's Stripe event is in the ledger; Replay changes nothing and says so", async ({ page, playwright }) => {
  const { buyer, email, sessionId } = await testPayment(playwright);

  await open(page);
  await expect(tab(page, "Jobs")).toHaveAttribute("aria-selected", "true");
  await tab(page, "Webhooks").click();
  await expect(tab(page, "Webhooks")).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("combobox", { name: "Provider" })).toHaveValue("stripe");

  const event = page.getByTestId("webhook-card").filter({ hasText: email });
  await expect(event).toContainText("checkout.session.completed");
  await expect(event).toContainText("Processed");
  await expect(event).toContainText(`${sessionId} · onetime · 29.00 USD · ${email}`);
  await event.getByRole("button", { name: /^Replay event evt_local_/ }).click();
  await expectToast(page, "Event replayed", "Already processed: nothing changed");
  await expect(event).toContainText("Processed");

  // Still one purchase: the buyer's billing shows it once.
  const purchases = await (await buyer.get("/api/my-billing/purchases")).json();
  expect(purchases).toHaveLength(1);

  // Filtered to failures, the processed event is not listed.
  await page.getByRole("combobox", { name: "Status" }).selectOption("FAILED");
  await expect(event).toHaveCount(0);
  await page.getByRole("combobox", { name: "Provider" }).selectOption("printify");
  await expect(page.getByText("No Printify events with this status.")).toBeVisible();
});

test("the Jobs tab lists failed and retrying jobs, filtered by state; the arrow keys move between tabs", async ({ page }) => {
  await open(page);
  const jobs = page.getByTestId("job-card");
  // Whatever failed in this run is listed, or the empty text says nothing did.
  await expect(jobs.first().or(page.getByText("No failed or retrying jobs."))).toBeVisible();
  await page.getByRole("combobox", { name: "State" }).selectOption("retry");
  await expect(jobs.first().or(page.getByText("No retrying jobs."))).toBeVisible();
  for (const card of await jobs.all()) await expect(card).toContainText("Retrying");

  await tab(page, "Jobs").focus();
  await page.keyboard.press("ArrowRight");
  await expect(tab(page, "Webhooks")).toBeFocused();
  await expect(tab(page, "Webhooks")).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("combobox", { name: "Provider" })).toBeVisible();
});

test("on a 390 px phone the screen fits: nothing scrolls sideways", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page);
  await tab(page, "Webhooks").click();
  await expect(page.getByTestId("webhook-card").first()).toBeVisible();
  const replay = (await page
    .getByTestId("webhook-card")
    .first()
    .getByRole("button", { name: /^Replay/ })
    .boundingBox())!;
  expect(replay.x + replay.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

for (const theme of ["dark", "light"] as const) {
  test(`no accessibility violations (${theme} theme)`, async ({ page, playwright }) => {
    await page.addInitScript((t) => localStorage.setItem("theme", t), theme);
    await open(page);
    expect(await audit(page)).toEqual([]);
    await tab(page, "Webhooks").click();
    const cards = page.getByTestId("webhook-card");
    await expect(cards.first().or(page.getByText("No Stripe events yet."))).toBeVisible();
    // Run alone (`npm test` runs the audits apart from the journeys), the ledger is empty: one payment fills it.
    if ((await cards.count()) === 0) {
      await testPayment(playwright);
      await open(page);
      await tab(page, "Webhooks").click();
    }
    await expect(cards.first()).toBeVisible();
    expect(await audit(page)).toEqual([]);
  });
}
