// The store's checkout through the built site without JavaScript (decision 010, "Merchandise"): Buy Now's form
// (kind=merchandise) sends a guest to the local test payment page with its browser cookie, which only that browser
// opens; the page asks for e-mail and address with field messages (values kept), then Pay lands on
// /merchandise?success=true with the order recorded; a refused checkout returns to the product page with the toast's
// message.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Server } from "bun";
import { createProductWithVariants } from "../../../../api/test/factories";
import { drain, withJobQueue } from "../../../../api/test/jobs";
import { db } from "../../../../api/src/db/client";
import { env } from "../../../../api/src/env";
import { BROWSER_COOKIE } from "../../../../api/src/dev/browser-cookie";
import { SHIPPING_MESSAGES } from "../../../../api/src/dev/schema";
import { MERCH_CHECKOUT_MESSAGES } from "../../../../api/src/modules/checkout/schema";
import { RECEIPT_JOB } from "../../../../api/src/modules/payments/emails";
import { useStripe } from "../../../../api/src/lib/stripe";
import { loadAstroApp, startServer } from "../../../../server/front";

let server: Server<undefined>;
let base: string;
let product: Awaited<ReturnType<typeof createProductWithVariants>>;

withJobQueue(); // Pay's webhook enqueues the receipt with the order (decision 011)
beforeAll(async () => {
  useStripe(null); // development without Stripe keys: the local test payment page
  product = await createProductWithVariants({}, [
    { providerVariantId: "1001", title: "Black / S", optionValueIds: [1, 11], price: "25.00" },
    { providerVariantId: "1004", title: "White / S", optionValueIds: [2, 11], price: "25.00", isAvailable: false },
  ]);
  server = startServer({ port: 0, hostname: "127.0.0.1", astro: await loadAstroApp() });
  base = `http://127.0.0.1:${server.port}`;
});
afterAll(async () => {
  await drain(RECEIPT_JOB); // the receipt is sent by a job: let it reach the test mailbox
  useStripe(undefined);
  server.stop(true);
});

// A form on the site's own pages: Origin is SITE_URL (the front serves Astro on it; a cross-site POST is refused).
const post = (path: string, fields: Record<string, string>, cookie = "") =>
  fetch(`${base}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: env.SITE_URL, "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(fields),
  });
const buyNow = (variantId: string, cookie = "") =>
  post("/payments/checkout", { kind: "merchandise", merchandiseId: product.id, variantId, variantTitle: "Black / S" }, cookie);
const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${BROWSER_COOKIE}=`))
    ?.split(";")[0] ?? "";

const ADDRESS = {
  email: "page.guest@example.com",
  name: "Grace Hopper",
  line1: "1 Navy Way",
  line2: "",
  city: "Arlington",
  region: "VA",
  postalCode: "22202",
  country: "US",
};

describe("merchandise checkout without JavaScript", () => {
  test("a guest: Buy Now → the test payment page (theirs only) → address form → Pay → /merchandise?success=true", async () => {
    const started = await buyNow("1001");
    expect(started.status).toBe(303);
    const location = started.headers.get("location")!;
    expect(location).toMatch(/^\/payments\/test\/cs_test_local_[0-9a-f]{24}$/);
    const cookie = cookieOf(started);
    expect(cookie).not.toBe("");

    const page = await fetch(`${base}${location}`, { headers: { cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Test payment — no real money");
    expect(html).toContain(`${product.title} — Black / S`);
    expect(html).toContain("$25.00");
    for (const name of ["email", "name", "line1", "line2", "city", "region", "postalCode", "country"]) {
      expect(html).toContain(`name="${name}"`);
    }
    expect(html).toContain('<option value="US">United States</option>');

    // Another browser (no cookie, or another guest's) sees a 404.
    expect((await fetch(`${base}${location}`)).status).toBe(404);
    const otherCookie = cookieOf(await buyNow("1001"));
    expect((await fetch(`${base}${location}`, { headers: { cookie: otherCookie } })).status).toBe(404);
    expect((await post(location, { action: "pay", ...ADDRESS }, otherCookie)).status).toBe(404);

    // Mistakes come back on the form, field by field, with what was typed kept; nothing is paid.
    const wrong = await post(location, { action: "pay", ...ADDRESS, email: "nope", city: "", country: "XX" }, cookie);
    expect(wrong.status).toBe(400);
    const form = await wrong.text();
    expect(form).toContain("Invalid email address");
    expect(form).toContain(SHIPPING_MESSAGES.city);
    expect(form).toContain(SHIPPING_MESSAGES.country);
    expect(form).toContain('value="1 Navy Way"');
    expect(await (await db()).order.count({ where: { merchandiseId: product.id } })).toBe(0);

    const paid = await post(location, { action: "pay", ...ADDRESS }, cookie);
    expect([paid.status, paid.headers.get("location")]).toEqual([303, "/merchandise?success=true"]);
    const order = await (await db()).order.findFirstOrThrow({ where: { merchandiseId: product.id } });
    expect(order).toMatchObject({ orderType: "MERCHANDISE", customerEmail: ADDRESS.email, customerName: "Grace Hopper" });
    expect(order.shippingAddress).toBe("Grace Hopper, 1 Navy Way, Arlington, VA 22202, US");
  });

  test("a refused checkout goes back to the product page with the server's message for SPEC's 'Error' toast", async () => {
    const res = await buyNow("1004");
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(
      `/merchandise/${product.id}?payment_error=${encodeURIComponent(MERCH_CHECKOUT_MESSAGES.outOfStock)}`,
    );
  });

  test("Cancel goes to the store's 'Purchase Canceled' banner", async () => {
    const started = await buyNow("1001", "");
    const cookie = cookieOf(started);
    const canceled = await post(started.headers.get("location")!, { action: "cancel" }, cookie);
    expect([canceled.status, canceled.headers.get("location")]).toEqual([303, "/merchandise?canceled=true"]);
  });
});
