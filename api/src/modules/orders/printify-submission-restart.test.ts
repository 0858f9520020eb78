// A server killed (SIGKILL) between a merchandise payment and the order's submission to Printify, or between
// Printify's create and our record of it: after a restart the order is at Printify exactly once. Real server processes
// on one embedded database, a Printify-compatible server answering as Printify documents (our id only as
// metadata.shop_order_id), a Stripe event signed as Stripe signs it.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Stripe from "stripe";
import { paidMerchandiseEvent } from "../../../test/fake-stripe";
import { type FakePrintify, startFakePrintify } from "../../../test/fake-printify";
import { freePort } from "../../../test/served-site";
import { startServerProcess } from "../../../test/server-process";
import type { MerchandiseDetail, MerchandiseSummary } from "../merchandise/schema";

const WEBHOOK_SECRET = "whsec_restart_test_secret";
let fake: FakePrintify;
let dir: string;
let base: string;
let port: number;

beforeAll(async () => {
  fake = startFakePrintify({ demo: true });
  dir = mkdtempSync(join(tmpdir(), "fulfilment-restart-"));
  port = await freePort();
  base = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await fake.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** One server process on the test's data directory; `printify`: with the Printify-compatible server's token. */
const startServer = (printify: boolean) =>
  startServerProcess({
    port,
    env: {
      NODE_ENV: "development",
      DATABASE_URL: "",
      PGLITE_DATA_DIR: join(dir, "pglite"),
      MAIL_OUTBOX_DIR: join(dir, "outbox"),
      SMTP_URL: "",
      SEED_DEMO_DATA: "true",
      SITE_URL: base,
      STRIPE_SECRET_KEY: "sk_test_restart",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: "http://127.0.0.1:9",
      PRINTIFY_API_TOKEN: printify ? fake.token : "",
      PRINTIFY_API_BASE: fake.url,
    },
  });

async function until(condition: () => boolean, what: string, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(25);
  }
}

const ordersAtPrintify = () => fake.requests.filter((r) => /\/orders\.json/.test(r.path));

test.skipIf(process.env.TEST_DATABASE === "postgres")(
  "SIGKILL while the order is being submitted: after the restart it reaches Printify once",
  async () => {
    // First start (no token): the demo catalogue is seeded, so a product with Printify's ids exists to be bought.
    const first = await startServer(false);
    const [product] = (await (await fetch(`${base}/api/merchandise`)).json()) as MerchandiseSummary[];
    const detail = (await (await fetch(`${base}/api/merchandise/${product!.id}`)).json()) as MerchandiseDetail;
    const variant = detail.variants.find((v) => v.isEnabled && v.isAvailable)!;
    await first.stop();

    // Printify hangs on the first call of the submission: the job has claimed the order when the server dies.
    fake.failNext(1, { delayMs: 60_000 }, /\/orders\.json/);
    const paying = await startServer(true);
    const event = paidMerchandiseEvent({
      id: product!.id,
      variants: [{ id: "", providerVariantId: variant.id, title: variant.title }],
    });
    const payload = JSON.stringify(event);
    const header = await new Stripe("sk_test_signing").webhooks.generateTestHeaderStringAsync({
      payload,
      secret: WEBHOOK_SECRET,
    });
    const paid = await fetch(`${base}/api/webhooks/stripe`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": header },
      body: payload,
    });
    expect(paid.status).toBe(200); // acknowledged: from here on Stripe will not send it again
    await until(() => ordersAtPrintify().length > 0, "the submission job to call Printify");
    await paying.stop("SIGKILL");
    expect(fake.orders).toHaveLength(0);

    fake.clearFaults();
    const restarted = await startServer(true);
    try {
      await until(() => fake.orders.length > 0, "the order at Printify after the restart");
      await Bun.sleep(1500); // anything that would send it twice has had time to
      expect(fake.orders).toHaveLength(1);
      const [order] = fake.orders;
      // A copy: bun's toMatchObject writes its asymmetric matchers into the object it checks (the fake answers from it).
      expect(structuredClone(order!.line_items)).toMatchObject([
        { product_id: expect.any(String), variant_id: Number(variant.id), quantity: 1 },
      ]);
      expect(order!.address_to).toMatchObject({ city: "Springfield", zip: "62701", country: "US" });
    } finally {
      await restarted.stop();
    }
  },
  90_000,
);

test.skipIf(process.env.TEST_DATABASE === "postgres")(
  "SIGKILL after Printify created the order, before its answer was recorded: the restart adopts it, one order (decision 012)",
  async () => {
    // The demo catalogue seeded by a start without a token (again: this test may run alone).
    const first = await startServer(false);
    const [product] = (await (await fetch(`${base}/api/merchandise`)).json()) as MerchandiseSummary[];
    const detail = (await (await fetch(`${base}/api/merchandise/${product!.id}`)).json()) as MerchandiseDetail;
    const variant = detail.variants.find((v) => v.isEnabled && v.isAvailable)!;
    await first.stop();

    // Printify creates the order at once and answers a minute later: the server dies in between.
    const CREATE = /^\/v1\/shops\/\d+\/orders\.json$/;
    fake.failNext(1, { delayMs: 60_000, afterWork: true }, CREATE);
    const before = fake.orders.length;
    const paying = await startServer(true);
    const event = paidMerchandiseEvent({
      id: product!.id,
      variants: [{ id: "", providerVariantId: variant.id, title: variant.title }],
    });
    const payload = JSON.stringify(event);
    const header = await new Stripe("sk_test_signing").webhooks.generateTestHeaderStringAsync({
      payload,
      secret: WEBHOOK_SECRET,
    });
    const paid = await fetch(`${base}/api/webhooks/stripe`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": header },
      body: payload,
    });
    expect(paid.status).toBe(200);
    await until(() => fake.orders.length > before, "Printify to create the order");
    await paying.stop("SIGKILL");
    const created = fake.orders.at(-1)!;
    expect(created).not.toHaveProperty("external_id"); // only metadata.shop_order_id says whose it is

    fake.clearFaults();
    const requestsBefore = fake.requests.length;
    const restarted = await startServer(true);
    try {
      const lookups = () =>
        fake.requests.slice(requestsBefore).filter((r) => r.method === "GET" && /\/orders\.json\?/.test(r.path));
      await until(() => lookups().length > 0, "the resumed submission to look the order up");
      await Bun.sleep(1500); // anything that would create it again has had time to
      expect(fake.orders).toHaveLength(before + 1);
      expect(fake.requests.slice(requestsBefore).filter((r) => r.method === "POST" && CREATE.test(r.path))).toHaveLength(0);
      expect(fake.ordersFor(created.metadata.shop_order_id)).toHaveLength(1);
    } finally {
      await restarted.stop();
    }
  },
  90_000,
);
