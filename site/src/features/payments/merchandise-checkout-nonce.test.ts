// The store's Buy Now through the built site with Stripe (decision 010): the form's checkout nonce reaches the
// API, so two guests behind one address (both come from 127.0.0.1 here) get a Checkout Session each, while one page's
// double click (the same nonce) is one session; a form without a nonce is keyed by the browser cookie, never the address.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Server } from "bun";
import { createProductWithVariants } from "../../../../api/test/factories";
import { type FakeStripe, startFakeStripe } from "../../../../api/test/fake-stripe";
import { env } from "../../../../api/src/env";
import { useStripe } from "../../../../api/src/lib/stripe";
import { loadAstroApp, startServer } from "../../../../server/front";

let server: Server<undefined>;
let base: string;
let stripe: FakeStripe;
let product: Awaited<ReturnType<typeof createProductWithVariants>>;

beforeAll(async () => {
  stripe = startFakeStripe();
  useStripe(stripe.client);
  product = await createProductWithVariants();
  server = startServer({ port: 0, hostname: "127.0.0.1", astro: await loadAstroApp() });
  base = `http://127.0.0.1:${server.port}`;
});
afterAll(async () => {
  useStripe(undefined);
  server.stop(true);
  await stripe.stop();
});

/** Buy Now as the product page's form posts it (Origin: the site), answered with a 303 to the session. */
async function buyNow(fields: Record<string, string> = {}) {
  const res = await fetch(`${base}/payments/checkout`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: env.SITE_URL, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      kind: "merchandise",
      merchandiseId: product.id,
      variantId: "1001",
      variantTitle: "Black / S",
      ...fields,
    }),
  });
  expect(res.status).toBe(303);
  return res.headers.get("location") ?? "";
}

describe("Buy Now with Stripe: the guest is the page, not the address", () => {
  test("two guests' pages on one address: two sessions; one page's double click: one", async () => {
    const ann = crypto.randomUUID();
    const bob = crypto.randomUUID();
    const [a1, a2] = await Promise.all([buyNow({ checkoutNonce: ann }), buyNow({ checkoutNonce: ann })]);
    const b1 = await buyNow({ checkoutNonce: bob });
    expect(a1).toStartWith("https://checkout.stripe.test/");
    expect(a2).toBe(a1);
    expect(b1).not.toBe(a1);
  });

  test("forms without a nonce (before hydration) from one address, no cookie: a session each", async () => {
    expect(await buyNow()).not.toBe(await buyNow());
  });
});
