// The store with a Printify account (decision 012), on the second app server whose Printify is the fake
// (api/test/fake-printify-server.ts): the admin syncs the shop with live progress, a second sync adds nothing; a guest
// buys a synced product, the order reaches Printify exactly once, the admin sees it and its timeline; a signed shipment
// webhook shows the tracking, its re-delivery changes nothing, a forged one is refused.
import { expect, type Page, test } from "@playwright/test";
import { DEMO, signIn } from "../support/auth";
import { audit } from "../support/axe";
import { expectPurchaseReturn, fillAddress, payButton, startCheckout } from "../support/merchandise";
import {
  addFakeShipment,
  fakeOrders,
  fakeShops,
  fakeWebhooks,
  postPrintifyWebhook,
  shipmentCreatedEvent,
  signPrintify,
  PRINTIFY_E2E,
} from "../support/printify";
import { expectToast, waitForHydration } from "../support/ui";

// One story: the guest buys from the catalogue the first journey synced.
test.describe.configure({ mode: "serial" });

const SHOP = "InnovateHub Demo Shop";
/** A sync stores the fake's 150 products one at a time: seconds alone, several times that on a busy machine. */
const SYNC_TIMEOUT_MS = 30_000;

const signInAsAdmin = (page: Page) => signIn(page, DEMO.admin.username, DEMO.admin.password);
const orderCard = (page: Page, title: string) =>
  page.getByTestId("order-card").filter({ has: page.getByRole("heading", { name: title, exact: true }) });

test("the admin syncs the shop: 'Syncing...', every Sync disabled, 'n of N products', the toast and summary; again adds 0", async ({
  page,
}) => {
  test.setTimeout(2 * SYNC_TIMEOUT_MS + 30_000);
  const provider = (await fakeShops()).find((s) => s.title === SHOP)!;
  expect(provider.products).toBeGreaterThan(100); // more than one page of 50: the progress has time to show
  const total = provider.products;
  // The product the merchant hides in Printify (visible false) is read, not synced.
  const listed = provider.visible;
  await signInAsAdmin(page);
  await page.goto("/admin/merchandise");
  await waitForHydration(page);
  const shops = page.getByRole("region", { name: "Printify Shops" });
  const shop = shops.getByRole("listitem").filter({ hasText: SHOP });
  const syncButtons = shops.getByRole("button", { name: /^(Sync Products|Syncing\.\.\.)$/ });
  await expect(syncButtons).toHaveCount(2);
  // With a token the seed stores no demo catalogue: the card is empty until the first sync.
  await expect(page.getByText("No merchandise in catalog. Sync products from Printify to get started.")).toBeVisible();
  await expect(page.getByTestId("catalogue-count")).toHaveText("0 products");

  await shop.getByRole("button", { name: "Sync Products" }).click();
  await expect(shop.getByRole("button", { name: "Syncing..." })).toBeDisabled();
  for (const button of await syncButtons.all()) await expect(button).toBeDisabled();
  // Shown only while the run is RUNNING, with N from the provider's first page. The job starts within moments alone;
  // with the other pass running beside this one, the first page can take longer than an expectation's 5 s.
  await expect(shop.getByText(new RegExp(`^\\d+ of ${total} products$`))).toBeVisible({ timeout: SYNC_TIMEOUT_MS });
  // The end: the shop's summary line and SPEC's toast with the server's message. A run stores a product at a time,
  // so on a busy machine it takes a while.
  const summary = (added: number) => `${total} products: ${added} added, 0 updated, 0 now unavailable.`;
  await expect(shop.getByText(`Last sync: ${total} products — ${listed} added, 0 updated, 0 now unavailable.`)).toBeVisible({
    timeout: SYNC_TIMEOUT_MS,
  });
  await expectToast(page, "Sync Successful", `Synced ${summary(listed)}`);
  await expect(page.getByTestId("catalogue-count")).toHaveText(`${listed} products`);
  // The card pages by keyset: the first 24, then Load more.
  await expect(page.getByTestId("catalogue-item")).toHaveCount(24);
  await page.getByRole("button", { name: "Load more" }).click();
  await expect(page.getByTestId("catalogue-item")).toHaveCount(48);
  for (const button of await syncButtons.all()) await expect(button).toBeEnabled();

  await shop.getByRole("button", { name: "Sync Products" }).click();
  await expect(shop.getByText(`Last sync: ${total} products — 0 added, 0 updated, 0 now unavailable.`)).toBeVisible({
    timeout: SYNC_TIMEOUT_MS,
  });
  await expectToast(page, "Sync Successful", `Synced ${summary(0)}`);
  await expect(page.getByTestId("catalogue-count")).toHaveText(`${listed} products`);
});

test("a synced product's mock-up from Printify's image host shows on its page from our own files, within the CSP", async ({
  page,
}) => {
  // The browser never asks the image host: every request to it would be listed here.
  const toImageHost: string[] = [];
  page.on("request", (request) => {
    if (request.url().startsWith(PRINTIFY_E2E.imagesUrl)) toImageHost.push(request.url());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as { __cspViolations?: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const res = await page.request.get("/api/merchandise?limit=100");
  const tee = ((await res.json()) as { id: string; title: string; imageUrl: string | null }[]).find((p) =>
    p.title.endsWith("Logo Tee"),
  );
  expect(tee, "the Logo Tee was synced").toBeDefined();
  expect(tee!.imageUrl).toMatch(/^\/api\/files\/[0-9a-f]{32}_\d+x\d+\.png$/);

  await page.goto(`/merchandise/${tee!.id}`);
  const main = page.getByRole("img", { name: tee!.title }).first();
  await expect(main).toBeVisible();
  await expect.poll(() => main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  const shown = await main.evaluate((img: HTMLImageElement) => img.currentSrc);
  expect(new URL(shown).origin).toBe(PRINTIFY_E2E.appUrl);
  expect(new URL(shown).pathname).toMatch(/^\/api\/files\/[0-9a-f]{32}_\d+x\d+(-\d+w)?\.(png|webp|avif)$/);
  // Every picture of the page loaded, none from elsewhere, and the CSP (img-src 'self' data:) refused nothing.
  const images = await page
    .locator("main img")
    .evaluateAll((imgs) =>
      (imgs as HTMLImageElement[]).map((img) => ({ src: img.currentSrc, loaded: img.complete && img.naturalWidth > 0 })),
    );
  for (const image of images.filter((i) => i.src)) expect(new URL(image.src).origin, image.src).toBe(PRINTIFY_E2E.appUrl);
  expect(page.url()).toContain(tee!.id);
  expect(await page.evaluate(() => (window as { __cspViolations?: string[] }).__cspViolations)).toEqual([]);
  expect(toImageHost).toEqual([]);
});

test("a provider description carrying script stays inert on the product page, the store and the admin catalogue", async ({
  page,
}) => {
  // Find the synced product (the oldest, so on the store's last pages) through the public list.
  let id: string | undefined;
  for (let cursor: string | undefined, pages = 0; !id && pages < 20; pages++) {
    const res = await page.request.get(`/api/merchandise?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
    id = ((await res.json()) as { id: string; title: string }[]).find((p) => p.title === "Community Tote No. 001")?.id;
    cursor = res.headers()["x-next-cursor"];
    if (!cursor) break;
  }
  expect(id, "the hostile product was synced").toBeDefined();
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const inert = async () => {
    expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
    const live = await page.evaluate(
      () =>
        document.querySelectorAll(
          '[onerror], [onload], [onclick], [style*="javascript"], a[href^="javascript"], iframe, form[action^="javascript"]',
        ).length,
    );
    expect(live).toBe(0);
  };
  await page.goto(`/merchandise/${id}`);
  await expect(page.getByText("Machine washable.")).toBeVisible(); // the description's text is shown, as text
  await expect(page.getByRole("link", { name: "details" })).toHaveCount(0); // a javascript: link loses its href
  await page.getByText("details", { exact: true }).first().click(); // and clicking what is left does nothing
  await inert();
  await page.goto("/merchandise");
  await inert();
  await signInAsAdmin(page);
  await page.goto("/admin/merchandise");
  await waitForHydration(page);
  await expect(page.getByTestId("catalogue-count")).toHaveText(/\d+ products/);
  await inert();
  expect(dialogs).toEqual([]);
});

test("the admin registers the shop's order webhooks with our URL; registering again adds none", async ({ page, baseURL }) => {
  await signInAsAdmin(page);
  await page.goto("/admin/merchandise");
  await waitForHydration(page);
  const provider = (await fakeShops()).find((s) => s.title === SHOP)!;
  const shop = page.getByRole("region", { name: "Printify Shops" }).getByRole("listitem").filter({ hasText: SHOP });
  const status = shop.getByTestId(`webhook-status-${provider.id}`);
  await expect(status).toHaveText("Order webhooks: not registered");
  await shop.getByRole("button", { name: "Register Webhooks" }).click();
  await expectToast(page, "Webhooks Registered", "Webhooks registered for 6 events");
  await expect(status).toHaveText("Order webhooks: 6 of 6 registered");
  const ours = async () =>
    (await fakeWebhooks()).filter((w) => w.shop_id === provider.id && w.url === `${baseURL}/api/webhooks/printify`);
  expect((await ours()).map((w) => w.topic).sort()).toEqual([
    "order:sent-to-production",
    "order:shipment:created",
    "order:shipment:delivered",
    "order:updated",
    "product:deleted",
    "product:publish:started",
  ]);
  await shop.getByRole("button", { name: "Register Webhooks" }).click();
  await expectToast(page, "Webhooks Registered", "Webhooks were already registered");
  expect(await ours()).toHaveLength(6);
  // The screen with a real account's shops (webhook lines and buttons, 150 products): axe in both themes.
  for (const theme of ["dark", "light"] as const) {
    await page.evaluate((t) => localStorage.setItem("theme", t), theme);
    await page.reload();
    await waitForHydration(page);
    await expect(status).toHaveText("Order webhooks: 6 of 6 registered");
    expect(await audit(page), `${theme} theme`).toEqual([]);
  }
});

test("a guest's order reaches Printify once; the admin sees it, and a signed shipment webhook shows its tracking", async ({
  page,
  browser,
  request,
}) => {
  const email = `printify.${Date.now().toString(36)}@example.com`;
  await startCheckout(page, "White", "M");
  await page.getByLabel("Email").fill(email);
  await fillAddress(page, { name: "Grace Hopper", line1: "10 Downing Street", city: "London", postalCode: "SW1A 2AA" });
  await payButton(page).click();
  await expectPurchaseReturn(page, "Purchase Successful", "Purchase Successful!");

  const admin = await browser.newContext();
  try {
    const adminPage = await admin.newPage();
    await signInAsAdmin(adminPage);
    const listed = await admin.request.get("/api/orders?type=MERCHANDISE");
    expect(listed.status()).toBe(200);
    const order = ((await listed.json()) as { id: string; customerEmail: string }[]).find((o) => o.customerEmail === email)!;
    expect(order, `the order of ${email}`).toBeDefined();

    // The paid order is submitted by a job (api/src/modules/orders/printify-submission.ts), under our id as external_id,
    // which Printify answers as metadata.shop_order_id.
    const ours = async () => (await fakeOrders()).filter((o) => o.metadata.shop_order_id === order.id);
    await expect.poll(async () => (await ours()).length, { timeout: 20_000 }).toBeGreaterThan(0);
    const [atPrintify] = await ours();
    expect(atPrintify!.address_to).toMatchObject({ email, first_name: "Grace", last_name: "Hopper", city: "London" });
    // Recorded on our side once Printify answered: the timeline's SUBMITTED names Printify's order.
    await expect
      .poll(async () => {
        const res = await admin.request.get(`/api/orders/${order.id}/timeline`);
        return ((await res.json()) as { events: { kind: string }[] }).events.map((e) => e.kind);
      })
      .toEqual(["PAID", "SUBMITTED"]);
    expect(await ours(), "created at Printify exactly once").toHaveLength(1);

    const title = `Order #${order.id.slice(0, 8)}`;
    const card = orderCard(adminPage, title);
    const timeline = adminPage.getByRole("dialog").getByTestId("order-timeline").getByRole("listitem");
    const openTimeline = async () => {
      await adminPage.goto("/admin/orders");
      await waitForHydration(adminPage);
      await card.getByRole("button", { name: `Timeline of ${title}` }).click();
      await expect(adminPage.getByRole("dialog").getByRole("heading", { name: `Timeline: ${title}` })).toBeVisible();
    };
    await openTimeline();
    for (const text of ["Grace Hopper", email, "Merchandise · White / M", "$24.00", "Processing"])
      await expect(card).toContainText(text);
    await expect(timeline).toHaveCount(2);
    await expect(timeline.nth(0)).toContainText("Paid");
    await expect(timeline.nth(1)).toContainText("Submitted to Printify");
    await expect(timeline.nth(1)).toContainText(`as order ${atPrintify!.id}`);

    // Printify ships it and says so, signed with the shared secret.
    const shipment = await addFakeShipment(atPrintify!.id, { carrier: "usps", number: "9400111202555842761023" });
    const event = shipmentCreatedEvent(atPrintify!, shipment);
    const delivered = await postPrintifyWebhook(request, event);
    expect(delivered.status()).toBe(200);
    expect(await delivered.json()).toEqual({ received: true, duplicate: false });
    await openTimeline();
    await expect(card).toContainText("Shipped");
    await expect(card).toContainText(shipment.number);
    await expect(timeline).toHaveCount(3);
    await expect(timeline.nth(2)).toContainText("Shipped");
    // The webhook's spelling ("USPS") is the one recorded first; the lookup's "usps" is the same parcel.
    await expect(timeline.nth(2)).toContainText(`USPS ${shipment.number}`);
    await expect(adminPage.getByRole("dialog").getByRole("link", { name: shipment.number })).toHaveAttribute(
      "href",
      shipment.url!,
    );

    // Printify delivers again (the same event), or tells the same shipment under a new event id: nothing changes.
    const again = await postPrintifyWebhook(request, event);
    expect(await again.json()).toEqual({ received: true, duplicate: true });
    const retold = await postPrintifyWebhook(request, shipmentCreatedEvent(atPrintify!, shipment));
    expect(await retold.json()).toEqual({ received: true, duplicate: false });
    // A forged delivery (another secret) is refused and changes nothing either.
    const forgedBody = shipmentCreatedEvent(atPrintify!, { ...shipment, number: "FORGED000000000001" });
    const forged = await postPrintifyWebhook(request, forgedBody, signPrintify(forgedBody, "not-the-shared-secret"));
    expect(forged.status()).toBe(400);
    await openTimeline();
    await expect(timeline).toHaveCount(3);
    await expect(timeline.filter({ has: adminPage.getByText("Shipped", { exact: true }) })).toHaveCount(1);
    await expect(card).not.toContainText("FORGED");
  } finally {
    await admin.close();
  }
});
