// Payments through the API with the real `stripe` SDK pointed at a local Stripe-compatible server
// (api/test/fake-stripe.ts) and webhooks signed the Stripe way (generateTestHeaderStringAsync): prices from the
// database only, idempotent checkout, the customer remembered, signature / timestamp / tampering refused with
// nothing written, each event applied once (sequential and concurrent repeats), events in any order, no access from
// a success redirect, access (and the 302 download) after a verified payment, the receipt, and the local test
// payment mode — reachable in development, 404 / 503 in production. Receipts are sent by a job (jobs/jobs.ts) enqueued
// with the order: exactly one per order, however often the event or the job runs.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Stripe from "stripe";
import { BASE_URL, invalid, raw, signedInClient, type Client } from "../../../test/client";
import { createUser, unique } from "../../../test/factories";
import {
  deliverStripeEvent,
  type FakeStripe,
  paidCheckoutSession,
  startFakeStripe,
  stripeEvent,
} from "../../../test/fake-stripe";
import { drain, withJobQueue } from "../../../test/jobs";
import { received, waitForMail } from "../../../test/mailbox";
import { db } from "../../db/client";
import { env } from "../../env";
import { messageIdFor } from "../../jobs/mail-once";
import { localStorage, storage, useStorage } from "../../lib/storage";
import { mayDownload } from "../entitlements";
import { saveSubscriptionSettings } from "../settings/service";
import { RECEIPT_JOB, sendReceipt } from "./emails";
import { type CheckoutInput, PAYMENT_MESSAGES } from "../checkout/schema";
import { INVALID_SIGNATURE } from "./stripe-webhook";
import { useStripe, webhookSecret } from "../../lib/stripe";
import { expectFaultLogged } from "../../../test/logs";

const webhooks = new Stripe("sk_test_signing").webhooks;
let fake: FakeStripe;
withJobQueue();
const dir = mkdtempSync(join(tmpdir(), "payments-test-"));

beforeAll(() => {
  fake = startFakeStripe();
});
beforeEach(() => {
  useStripe(fake.client);
  useStorage(localStorage(dir));
});
afterAll(async () => {
  await drain(RECEIPT_JOB); // receipts are sent by jobs: let the last ones reach the test mailbox
  useStripe(undefined);
  useStorage(undefined);
  await fake.stop();
  rmSync(dir, { recursive: true, force: true });
});

const receiptsTo = (email: string) => received.filter((mail) => mail.to.includes(email) && /receipt/i.test(mail.subject));
const messageOf = (res: { error: unknown }) => (res.error as { value?: { message?: string } } | null)?.value?.message ?? "";

async function premiumResource(over: { oneTimePrice?: string | null; monthlyPrice?: string | null } = {}) {
  const prisma = await db();
  const key = `private/${unique("file")
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, "")}.pdf`;
  await storage().put(key, new TextEncoder().encode("%PDF-1.4\n%%EOF\n"), "application/pdf");
  return prisma.resource.create({
    data: {
      title: unique("Premium kit"),
      description: "Paid content",
      type: "TOOL",
      accessLevel: "PREMIUM",
      oneTimePrice: over.oneTimePrice === undefined ? "49.00" : over.oneTimePrice,
      monthlyPrice: over.monthlyPrice === undefined ? "9.99" : over.monthlyPrice,
      fileUrl: `/api/files/${key}`,
    },
  });
}

type Member = { user: Awaited<ReturnType<typeof createUser>>; client: Client };
async function member(): Promise<Member> {
  const user = await createUser();
  return { user, client: await signedInClient(user) };
}

const lastSessionCall = () => fake.calls.findLast((c) => c.path === "/v1/checkout/sessions")!;

const deliver = deliverStripeEvent;

const event = stripeEvent;

/** Stripe's `customer_details` as its fixture has them (no name, phone or address asked for a resource). */
const buyerDetails = { address: null, name: null, phone: null, tax_exempt: "none", tax_ids: null };

/** A paid one-time session: Stripe's fixture, completed and paid, with our metadata (api/test/fake-stripe.ts). */
function paidOneTime(m: Member, resourceId: string, amount = 4900) {
  return event(
    "checkout.session.completed",
    paidCheckoutSession({
      mode: "payment",
      amount_total: amount,
      customer_details: { ...buyerDetails, email: m.user.email },
      metadata: { userId: m.user.id, resourceId, kind: "onetime" },
    }),
  );
}
function subscriptionCheckout(m: Member, subscriptionId: string, kind: "monthly" | "annual", resourceId = "") {
  return event(
    "checkout.session.completed",
    paidCheckoutSession({
      mode: "subscription",
      amount_total: kind === "annual" ? 9900 : 999,
      payment_intent: null, // subscription mode: the first invoice's payment, not the session's
      customer_details: { ...buyerDetails, email: m.user.email },
      metadata: { userId: m.user.id, resourceId, kind },
      subscription: subscriptionId,
      invoice: `in_${unique("i")}`,
    }),
  );
}
function stripeSubscription(m: Member, kind: "monthly" | "annual", resourceId: string, status: string, periodEnd: Date) {
  const id = `sub_${unique("x")}`;
  fake.subscriptions.set(id, {
    id,
    status: status as Stripe.Subscription.Status,
    metadata: { userId: m.user.id, resourceId, kind },
    start_date: Math.floor(Date.now() / 1000),
    items: { data: [{ current_period_end: Math.floor(periodEnd.getTime() / 1000) }] } as Stripe.ApiList<Stripe.SubscriptionItem>,
  });
  return id;
}
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);

const ordersFor = async (userId: string) => (await db()).order.findMany({ where: { userId } });
const subscriptionRow = async (stripeSubscriptionId: string) =>
  (await db()).subscription.findUnique({ where: { stripeSubscriptionId } });
const canDownload = (m: Member, resource: { id: string; accessLevel: "FREE" | "PREMIUM" }) =>
  mayDownload({ id: m.user.id, role: m.user.role, toolAccess: m.user.toolAccess }, resource);

describe("checkout", () => {
  test("visitors get 401; a member gets the Checkout Session URL, priced from the database (tampering ignored)", async () => {
    const resource = await premiumResource();
    const { createClient } = await import("../../../test/client");
    expect(
      (await createClient().api["create-checkout-session"].post({ resourceId: resource.id, paymentType: "onetime" })).status,
    ).toBe(401);

    const m = await member();
    const tampered = { resourceId: resource.id, paymentType: "onetime", amount: 1, oneTimePrice: "0.01", unit_amount: 1 };
    const res = await m.client.api["create-checkout-session"].post(invalid<CheckoutInput>(tampered));
    expect(res.status).toBe(200);
    expect(res.data!.url).toStartWith("https://checkout.stripe.test/c/pay/cs_test_");
    const call = lastSessionCall();
    expect(call.params).toMatchObject({
      mode: "payment",
      "line_items[0][price_data][unit_amount]": "4900",
      "line_items[0][price_data][currency]": "usd",
      "invoice_creation[enabled]": "true",
      "metadata[userId]": m.user.id,
      "metadata[resourceId]": resource.id,
      "metadata[kind]": "onetime",
      success_url: `${BASE_URL}/resources/${resource.id}?success=true`,
      cancel_url: `${BASE_URL}/resources/${resource.id}?canceled=true`,
    });
    expect(call.idempotencyKey).toBeTruthy();
    // The customer is created once and remembered on the user.
    const saved = await (await db()).user.findUniqueOrThrow({ where: { id: m.user.id } });
    expect(saved.stripeCustomerId).toBe(call.params.customer!);
  });

  test("a double click makes one Checkout Session and one customer (idempotency keys on every creating call)", async () => {
    const [resource, m] = await Promise.all([premiumResource(), member()]);
    const before = fake.calls.length;
    const body = { resourceId: resource.id, paymentType: "onetime" } as const;
    const [a, b] = await Promise.all([
      m.client.api["create-checkout-session"].post(body),
      m.client.api["create-checkout-session"].post(body),
    ]);
    expect(a.data!.url).toBe(b.data!.url);
    const calls = fake.calls.slice(before);
    expect(calls.every((c) => c.idempotencyKey)).toBe(true);
    expect(new Set(calls.filter((c) => c.path === "/v1/customers").map((c) => c.idempotencyKey)).size).toBe(1);
    const saved = await (await db()).user.findUniqueOrThrow({ where: { id: m.user.id } });
    // Later checkouts reuse the remembered customer: no new customer call.
    const again = fake.calls.length;
    await m.client.api["create-checkout-session"].post({ resourceId: resource.id, paymentType: "monthly" });
    expect(fake.calls.slice(again).some((c) => c.path === "/v1/customers")).toBe(false);
    expect(lastSessionCall().params.customer).toBe(saved.stripeCustomerId!);
  });

  test("monthly: subscription mode with a recurring monthly price from the database", async () => {
    const [resource, m] = await Promise.all([premiumResource({ monthlyPrice: "12.50" }), member()]);
    const res = await m.client.api["create-checkout-session"].post({ resourceId: resource.id, paymentType: "monthly" });
    expect(res.status).toBe(200);
    expect(lastSessionCall().params).toMatchObject({
      mode: "subscription",
      "line_items[0][price_data][unit_amount]": "1250",
      "line_items[0][price_data][recurring][interval]": "month",
      "subscription_data[metadata][kind]": "monthly",
      "subscription_data[metadata][resourceId]": resource.id,
    });
  });

  test("annual: the persisted annual price, back to /resources", async () => {
    const m = await member();
    await saveSubscriptionSettings({ annualPrice: "149.00" });
    const res = await m.client.api["create-annual-subscription"].post();
    expect(res.status).toBe(200);
    expect(lastSessionCall().params).toMatchObject({
      mode: "subscription",
      "line_items[0][price_data][unit_amount]": "14900",
      "line_items[0][price_data][recurring][interval]": "year",
      "metadata[kind]": "annual",
      success_url: `${BASE_URL}/resources?success=true`,
      cancel_url: `${BASE_URL}/resources?canceled=true`,
    });
    await saveSubscriptionSettings({ annualPrice: "99.00" });
  });

  test("400 for a free resource, a missing or zero price; 404 for an unknown resource", async () => {
    const m = await member();
    const prisma = await db();
    const free = await prisma.resource.create({ data: { title: "Free", description: "d", type: "TOOL", accessLevel: "FREE" } });
    const noMonthly = await premiumResource({ monthlyPrice: null });
    const zero = await premiumResource({ oneTimePrice: "0.00" });
    const post = (resourceId: string, paymentType: "onetime" | "monthly") =>
      m.client.api["create-checkout-session"].post({ resourceId, paymentType });
    const freeRes = await post(free.id, "onetime");
    expect([freeRes.status, messageOf(freeRes)]).toEqual([400, PAYMENT_MESSAGES.free]);
    expect((await post(noMonthly.id, "monthly")).status).toBe(400);
    expect((await post(zero.id, "onetime")).status).toBe(400);
    expect((await post(crypto.randomUUID(), "onetime")).status).toBe(404);
    expect((await post(zero.id, invalid<"onetime">("lifetime"))).status).toBe(400);
  });

  // 60 checkouts in a row used to be accepted: limited per member, like sign-in (decision 010, "Limits").
  test("checkout and annual checkout are limited per member: 429 with Retry-After; other members unaffected", async () => {
    const [resource, m, other] = await Promise.all([premiumResource(), member(), member()]);
    const checkout = () => m.client.api["create-checkout-session"].post({ resourceId: resource.id, paymentType: "onetime" });
    for (let i = 0; i < 20; i++) expect((await checkout()).status).toBe(200);
    const limited = await checkout();
    expect([limited.status, messageOf(limited)]).toEqual([429, PAYMENT_MESSAGES.tooMany]);
    expect(Number(limited.response.headers.get("retry-after"))).toBeGreaterThan(0);
    const others = await other.client.api["create-checkout-session"].post({ resourceId: resource.id, paymentType: "onetime" });
    expect(others.status).toBe(200);

    for (let i = 0; i < 10; i++) expect((await m.client.api["create-annual-subscription"].post()).status).toBe(200);
    const annual = await m.client.api["create-annual-subscription"].post();
    expect(annual.status).toBe(429);
    expect(Number(annual.response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await other.client.api["create-annual-subscription"].post()).status).toBe(200);
  });

  test("a forged return (?success=true) grants nothing: only a verified webhook does", async () => {
    const [resource, m] = await Promise.all([premiumResource(), member()]);
    await m.client.api["create-checkout-session"].post({ resourceId: resource.id, paymentType: "onetime" });
    const page = await raw(new Request(`${BASE_URL}/api/resources/${resource.id}?success=true`));
    expect(page.status).toBe(200);
    expect(await canDownload(m, resource)).toBe(false);
    expect((await m.client.api.resources({ id: resource.id }).download.get()).status).toBe(403);
    expect(await ordersFor(m.user.id)).toHaveLength(0);
  });
});

describe("webhook", () => {
  test("a paid one-time checkout: a COMPLETED order, access, a 302 download and a receipt", async () => {
    const [resource, m] = await Promise.all([premiumResource(), member()]);
    const res = await deliver(paidOneTime(m, resource.id));
    expect(res.status).toBe(200);
    const orders = await ordersFor(m.user.id);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ orderType: "RESOURCE_ONETIME", status: "COMPLETED", resourceId: resource.id });
    expect(orders[0]!.amount.toFixed(2)).toBe("49.00");
    expect(await canDownload(m, resource)).toBe(true);
    const download = await m.client.api.resources({ id: resource.id }).download.get();
    expect(download.status).toBe(302);
    const mail = await waitForMail(m.user.email, /receipt/);
    expect(mail.text).toContain(resource.title);
  });

  test("a signed event holding U+0000 in its text is recorded (escaped) and fulfilled, not a 500", async () => {
    const [resource, m] = await Promise.all([premiumResource(), member()]);
    const e = paidOneTime(m, resource.id);
    (e.data.object as { customer_details: { name: string } }).customer_details = { name: "Ada\u0000Lovelace" } as never;
    const res = await deliver(e);
    expect(res.status).toBe(200);
    expect(await ordersFor(m.user.id)).toHaveLength(1);
    const stored = await (await db()).stripeEvent.findUniqueOrThrow({ where: { id: e.id } });
    expect(stored.status).toBe("PROCESSED");
    // The NUL is kept as its escape, in plain text: jsonb holds no U+0000.
    const name = (stored.payload as { data: { object: { customer_details: { name: string } } } }).data.object.customer_details
      .name;
    expect(name).toBe("Ada\\u0000Lovelace");
  });

  test("bad signature, stale timestamp, tampered body, no signature: 400 and nothing written", async () => {
    const [resource, m] = await Promise.all([premiumResource(), member()]);
    const prisma = await db();
    const bad = paidOneTime(m, resource.id);
    const badSig = await deliver(bad, {
      header: await webhooks.generateTestHeaderStringAsync({ payload: JSON.stringify(bad), secret: "whsec_wrong_secret" }),
    });
    const stale = paidOneTime(m, resource.id);
    const staleRes = await deliver(stale, { timestamp: Math.floor(Date.now() / 1000) - 600 });
    const tampered = paidOneTime(m, resource.id, 1);
    const tamperedRes = await deliver(tampered, {
      body: JSON.stringify(tampered).replace(`"amount_total":1`, `"amount_total":100`),
    });
    const none = await raw(
      new Request(`${BASE_URL}/api/webhooks/stripe`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(paidOneTime(m, resource.id)),
      }),
    );
    for (const r of [badSig, staleRes, tamperedRes, none]) expect(r.status).toBe(400);
    expect(await ordersFor(m.user.id)).toHaveLength(0);
    expect(await prisma.stripeEvent.count({ where: { id: { in: [bad.id, stale.id, tampered.id] } } })).toBe(0);
    expect(await canDownload(m, resource)).toBe(false);
  });

  // Stripe's SDK only refuses timestamps too far in the past; one 10 minutes ahead was fulfilled (decision 010).
  test("a webhook dated 10 minutes in the future is refused (400, nothing written); a slightly skewed clock is fine", async () => {
    const [resource, m] = await Promise.all([premiumResource(), member()]);
    const future = paidOneTime(m, resource.id);
    const res = await deliver(future, { timestamp: Math.floor(Date.now() / 1000) + 600 });
    expect([res.status, ((await res.json()) as { message: string }).message]).toEqual([400, INVALID_SIGNATURE]);
    expect(await ordersFor(m.user.id)).toHaveLength(0);
    expect(await (await db()).stripeEvent.count({ where: { id: future.id } })).toBe(0);
    const skewed = paidOneTime(m, resource.id);
    expect((await deliver(skewed, { timestamp: Math.floor(Date.now() / 1000) + 30 })).status).toBe(200);
    expect(await ordersFor(m.user.id)).toHaveLength(1);
  });

  test("the webhook route keeps the body rules: JSON only (415), bounded (413), raw bytes verified", async () => {
    const post = (body: string, type: string) =>
      raw(
        new Request(`${BASE_URL}/api/webhooks/stripe`, {
          method: "POST",
          headers: { "content-type": type, "stripe-signature": "t=1,v1=00" },
          body,
        }),
      );
    expect((await post("{}", "text/plain")).status).toBe(415);
    expect((await post(`{"pad":"${"x".repeat(600 * 1024)}"}`, "application/json")).status).toBe(413);
    // Re-serialising the parsed JSON (other spacing) would break the signature: the handler sees the exact bytes.
    const [resource, m] = await Promise.all([premiumResource(), member()]);
    const e = paidOneTime(m, resource.id);
    const spaced = JSON.stringify(e, null, 2);
    const header = await webhooks.generateTestHeaderStringAsync({ payload: spaced, secret: webhookSecret()! });
    expect((await deliver(e, { header, body: spaced })).status).toBe(200);
    expect(await ordersFor(m.user.id)).toHaveLength(1);
  });

  test("the same event 5× in a row and 5× at once: one order, every delivery acknowledged", async () => {
    const [resource, m] = await Promise.all([premiumResource(), member()]);
    const sequential = paidOneTime(m, resource.id);
    for (let i = 0; i < 5; i++) expect((await deliver(sequential)).status).toBe(200);
    expect(await ordersFor(m.user.id)).toHaveLength(1);

    const [other, m2] = await Promise.all([premiumResource(), member()]);
    const concurrent = paidOneTime(m2, other.id);
    const results = await Promise.all(Array.from({ length: 5 }, () => deliver(concurrent)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const bodies = await Promise.all(results.map((r) => r.json() as Promise<{ duplicate: boolean }>));
    expect(bodies.filter((b) => !b.duplicate)).toHaveLength(1);
    expect(await ordersFor(m2.user.id)).toHaveLength(1);
    expect(await (await db()).stripeEvent.count({ where: { id: concurrent.id } })).toBe(1);
    await drain(RECEIPT_JOB);
    expect(receiptsTo(m.user.email)).toHaveLength(1);
    expect(receiptsTo(m2.user.email)).toHaveLength(1);
  });

  test("the receipt job run again for the same order (at-least-once) sends no second receipt", async () => {
    const [resource, m] = await Promise.all([premiumResource(), member()]);
    expect((await deliver(paidOneTime(m, resource.id))).status).toBe(200);
    await drain(RECEIPT_JOB);
    const [order] = await ordersFor(m.user.id);
    await Promise.all([sendReceipt({ orderId: order!.id }), sendReceipt({ orderId: order!.id })]);
    await sendReceipt({ orderId: order!.id });
    expect(receiptsTo(m.user.email)).toHaveLength(1);
    // Were the process to die after the relay accepted it, the retry's copy would be the same message to providers.
    expect(receiptsTo(m.user.email)[0]!.raw).toContain(`Message-ID: ${messageIdFor(`receipt:${order!.id}`)}`);
  });

  test("when the receipt cannot be enqueued, nothing of the event takes effect (the ledger says FAILED): Stripe's redelivery then fulfils it once", async () => {
    // A trigger refuses receipt jobs: the enqueue fails inside the event's transaction, so the order and the access it
    // grants roll back with it and Stripe gets a 500 (it delivers again later). The webhook ledger keeps the event as
    // FAILED with the error (written outside the rolled-back transaction).
    const [resource, m] = await Promise.all([premiumResource(), member()]);
    const prisma = await db();
    const broken = paidOneTime(m, resource.id);
    await prisma.$executeRawUnsafe(
      "CREATE FUNCTION pgboss.test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'queue refused'; END $$",
    );
    await prisma.$executeRawUnsafe(
      `CREATE TRIGGER test_refuse AFTER INSERT ON pgboss.job_common FOR EACH ROW
       WHEN (NEW.name = '${RECEIPT_JOB}') EXECUTE FUNCTION pgboss.test_refuse()`,
    );
    try {
      expect((await expectFaultLogged(/queue refused/, () => deliver(broken))).status).toBe(500);
    } finally {
      await prisma.$executeRawUnsafe("DROP TRIGGER test_refuse ON pgboss.job_common");
      await prisma.$executeRawUnsafe("DROP FUNCTION pgboss.test_refuse()");
    }
    expect(await ordersFor(m.user.id)).toHaveLength(0);
    expect(await prisma.stripeEvent.findUnique({ where: { id: broken.id }, select: { status: true, error: true } })).toEqual({
      status: "FAILED",
      error: expect.stringContaining("queue refused"),
    });
    expect(await canDownload(m, resource)).toBe(false);
    // Stripe delivers it again once the fault is gone: now one order and one receipt.
    expect((await deliver(broken)).status).toBe(200);
    await drain(RECEIPT_JOB);
    expect(receiptsTo(m.user.email)).toHaveLength(1);
    expect(await prisma.stripeEvent.findUnique({ where: { id: broken.id }, select: { status: true, error: true } })).toEqual({
      status: "PROCESSED",
      error: null,
    });
  });

  test("a monthly plan: ACTIVE for the resource until the period end; invoice.paid extends it; a failed renewal is PAST_DUE", async () => {
    const [resource, m] = await Promise.all([premiumResource(), member()]);
    const subId = stripeSubscription(m, "monthly", resource.id, "active", inDays(30));
    expect((await deliver(subscriptionCheckout(m, subId, "monthly", resource.id))).status).toBe(200);
    let row = await subscriptionRow(subId);
    expect(row).toMatchObject({ plan: "MONTHLY", resourceId: resource.id, status: "ACTIVE", userId: m.user.id });
    expect(Math.abs(row!.endDate.getTime() - inDays(30).getTime())).toBeLessThan(5000);
    expect(await canDownload(m, resource)).toBe(true);
    const orders = await ordersFor(m.user.id);
    expect(orders.map((o) => o.orderType)).toEqual(["RESOURCE_MONTHLY"]);

    fake.subscriptions.get(subId)!.items = { data: [{ current_period_end: Math.floor(inDays(60).getTime() / 1000) }] } as never;
    const invoice = (type: string) =>
      event(type, { id: `in_${unique("i")}`, object: "invoice", parent: { subscription_details: { subscription: subId } } });
    expect((await deliver(invoice("invoice.paid"))).status).toBe(200);
    row = await subscriptionRow(subId);
    expect(Math.abs(row!.endDate.getTime() - inDays(60).getTime())).toBeLessThan(5000);

    fake.subscriptions.get(subId)!.status = "past_due";
    expect((await deliver(invoice("invoice.payment_failed"))).status).toBe(200);
    expect((await subscriptionRow(subId))!.status).toBe("PAST_DUE");

    fake.subscriptions.get(subId)!.status = "canceled";
    expect((await deliver(event("customer.subscription.deleted", { id: subId, object: "subscription" }))).status).toBe(200);
    expect((await subscriptionRow(subId))!.status).toBe("CANCELED");
  });

  test("an invoice in an endpoint's pre-2025-03-31 API version (subscription at the top level) renews the plan too", async () => {
    // Stripe sends events in the webhook endpoint's API version: before 2025-03-31 an invoice names its subscription
    // at `subscription`, after it at `parent.subscription_details.subscription` (Stripe's changelog, "Basil").
    const [resource, m] = await Promise.all([premiumResource(), member()]);
    const subId = stripeSubscription(m, "monthly", resource.id, "active", inDays(30));
    expect((await deliver(subscriptionCheckout(m, subId, "monthly", resource.id))).status).toBe(200);
    fake.subscriptions.get(subId)!.items = { data: [{ current_period_end: Math.floor(inDays(60).getTime() / 1000) }] } as never;
    const old = event("invoice.paid", { id: `in_${unique("i")}`, object: "invoice", subscription: subId });
    expect((await deliver(old)).status).toBe(200);
    const row = await subscriptionRow(subId);
    expect(Math.abs(row!.endDate.getTime() - inDays(60).getTime())).toBeLessThan(5000);
  });

  test("the annual plan unlocks every premium resource", async () => {
    const [a, b, m] = await Promise.all([premiumResource(), premiumResource(), member()]);
    const subId = stripeSubscription(m, "annual", "", "active", inDays(365));
    expect((await deliver(subscriptionCheckout(m, subId, "annual"))).status).toBe(200);
    expect(await subscriptionRow(subId)).toMatchObject({ plan: "ANNUAL", resourceId: null, status: "ACTIVE" });
    expect([await canDownload(m, a), await canDownload(m, b)]).toEqual([true, true]);
  });

  test("subscription.deleted before checkout.session.completed: the plan stays CANCELED and grants nothing", async () => {
    const [resource, m] = await Promise.all([premiumResource(), member()]);
    const subId = stripeSubscription(m, "monthly", resource.id, "canceled", inDays(30));
    expect((await deliver(event("customer.subscription.deleted", { id: subId, object: "subscription" }))).status).toBe(200);
    expect((await subscriptionRow(subId))!.status).toBe("CANCELED");
    // Even a stale "active" view (a replayed checkout) does not revive it.
    fake.subscriptions.get(subId)!.status = "active";
    expect((await deliver(subscriptionCheckout(m, subId, "monthly", resource.id))).status).toBe(200);
    expect((await subscriptionRow(subId))!.status).toBe("CANCELED");
    expect(await canDownload(m, resource)).toBe(false);
  });

  test("an update for a subscription we do not know (no metadata) is recorded and ignored", async () => {
    const subId = `sub_${unique("unknown")}`;
    fake.subscriptions.set(subId, { id: subId, status: "active", metadata: {} });
    const e = event("customer.subscription.updated", { id: subId, object: "subscription" });
    expect((await deliver(e)).status).toBe(200);
    expect(await subscriptionRow(subId)).toBeNull();
    expect(await (await db()).stripeEvent.count({ where: { id: e.id } })).toBe(1);
  });
});

describe("without Stripe keys", () => {
  test("development: a local test payment page; Pay grants through the signed webhook, Cancel goes back", async () => {
    useStripe(null);
    const [resource, m, stranger] = await Promise.all([premiumResource(), member(), member()]);
    const res = await m.client.api["create-checkout-session"].post({ resourceId: resource.id, paymentType: "onetime" });
    expect(res.status).toBe(200);
    // A path on the page's own origin: a purchase form's redirect elsewhere (localhost vs 127.0.0.1) is blocked by
    // the page's form-action 'self'.
    const match = /^\/payments\/test\/(cs_test_local_[0-9a-f]{24})$/.exec(res.data!.url);
    expect(match).not.toBeNull();
    const id = match![1]!;
    const view = await m.client.api.payments.test({ id }).get();
    expect(view.data).toMatchObject({ amount: "49.00", interval: null });
    expect((await stranger.client.api.payments.test({ id }).get()).status).toBe(404);
    expect(await canDownload(m, resource)).toBe(false);
    const paid = await m.client.api.payments.test({ id }).pay.post();
    expect(paid.data!.url).toBe(`${BASE_URL}/resources/${resource.id}?success=true`);
    expect(await canDownload(m, resource)).toBe(true);
    expect((await m.client.api.payments.test({ id }).get()).status).toBe(404);

    const again = await m.client.api["create-checkout-session"].post({ resourceId: resource.id, paymentType: "monthly" });
    const id2 = /(cs_test_local_[0-9a-f]{24})$/.exec(again.data!.url)![1]!;
    const canceled = await m.client.api.payments.test({ id: id2 }).cancel.post();
    expect(canceled.data!.url).toBe(`${BASE_URL}/resources/${resource.id}?canceled=true`);
  });

  // Five Pay clicks at once used to pay five times (5 orders, 5 receipts); the session is claimed once (decision 010).
  test("5 concurrent Pay clicks: one order and one receipt, every click answered with the success URL", async () => {
    useStripe(null);
    const [resource, m] = await Promise.all([premiumResource(), member()]);
    const res = await m.client.api["create-checkout-session"].post({ resourceId: resource.id, paymentType: "onetime" });
    const id = /(cs_test_local_[0-9a-f]{24})$/.exec(res.data!.url)![1]!;
    const clicks = await Promise.all(Array.from({ length: 5 }, () => m.client.api.payments.test({ id }).pay.post()));
    expect(clicks.map((c) => [c.status, c.data?.url])).toEqual(
      Array.from({ length: 5 }, () => [200, `${BASE_URL}/resources/${resource.id}?success=true`]),
    );
    expect(await ordersFor(m.user.id)).toHaveLength(1);
    await drain(RECEIPT_JOB); // receipts go out from jobs: a second one would have arrived by now
    expect(receiptsTo(m.user.email)).toHaveLength(1);
    // Paid once: the session is gone for Cancel too.
    expect((await m.client.api.payments.test({ id }).cancel.post()).status).toBe(404);
  });

  test("production: checkout answers 503 'Payments are not configured' and test payments are 404", async () => {
    useStripe(null);
    const [resource, m] = await Promise.all([premiumResource(), member()]);
    const dev = await m.client.api["create-checkout-session"].post({ resourceId: resource.id, paymentType: "onetime" });
    const id = /(cs_test_local_[0-9a-f]{24})$/.exec(dev.data!.url)![1]!;
    const saved = env.NODE_ENV;
    env.NODE_ENV = "production";
    try {
      const res = await m.client.api["create-checkout-session"].post({ resourceId: resource.id, paymentType: "onetime" });
      expect([res.status, messageOf(res)]).toEqual([503, PAYMENT_MESSAGES.notConfigured]);
      expect((await m.client.api["create-annual-subscription"].post()).status).toBe(503);
      expect((await m.client.api.payments.test({ id }).get()).status).toBe(404);
      expect((await m.client.api.payments.test({ id }).pay.post()).status).toBe(404);
    } finally {
      env.NODE_ENV = saved;
    }
    expect(await canDownload(m, resource)).toBe(false);
  });
});

describe("billing (/subscriptions)", () => {
  test("a member sees their plans and purchases, cancels at period end (access kept) and resumes; nobody else can", async () => {
    const [resource, m, other] = await Promise.all([premiumResource(), member(), member()]);
    const subId = stripeSubscription(m, "monthly", resource.id, "active", inDays(30));
    await deliver(subscriptionCheckout(m, subId, "monthly", resource.id));
    await deliver(paidOneTime(m, resource.id));
    const plans = await m.client.api["my-billing"].subscriptions.get({ query: {} });
    expect(plans.status).toBe(200);
    expect(plans.data).toHaveLength(1);
    const plan = plans.data![0]!;
    expect(plan).toMatchObject({ plan: "MONTHLY", status: "ACTIVE", cancelAtPeriodEnd: false, resource: { id: resource.id } });
    expect((await m.client.api["my-billing"].purchases.get({ query: {} })).data).toMatchObject([
      { amount: "49.00", status: "COMPLETED", resource: { id: resource.id } },
    ]);
    const theirs = other.client.api["my-billing"];
    expect((await theirs.subscriptions.get({ query: {} })).data).toEqual([]);
    expect((await theirs.purchases.get({ query: {} })).data).toEqual([]);
    expect((await theirs["store-orders"].get({ query: {} })).data).toEqual([]);

    expect((await other.client.api["my-billing"].subscriptions({ id: plan.id }).cancel.post()).status).toBe(404);
    const canceled = await m.client.api["my-billing"].subscriptions({ id: plan.id }).cancel.post();
    expect(canceled.data).toMatchObject({ cancelAtPeriodEnd: true, status: "ACTIVE" });
    expect(fake.subscriptions.get(subId)!.cancel_at_period_end).toBe(true);
    expect(
      fake.calls.findLast((c) => c.path === `/v1/subscriptions/${subId}` && c.method === "POST")!.idempotencyKey,
    ).toBeTruthy();
    expect(await canDownload(m, resource)).toBe(true);

    const resumed = await m.client.api["my-billing"].subscriptions({ id: plan.id }).resume.post();
    expect(resumed.data).toMatchObject({ cancelAtPeriodEnd: false });
    expect(fake.subscriptions.get(subId)!.cancel_at_period_end).toBe(false);
    expect((await m.client.api["my-billing"].subscriptions({ id: plan.id }).resume.post()).status).toBe(409);

    // Canceled from Stripe's dashboard: the webhook brings the flag; once ended it cannot be changed here.
    fake.subscriptions.get(subId)!.cancel_at_period_end = true;
    await deliver(event("customer.subscription.updated", { id: subId, object: "subscription" }));
    expect((await subscriptionRow(subId))!.cancelAtPeriodEnd).toBe(true);
    fake.subscriptions.get(subId)!.status = "canceled";
    await deliver(event("customer.subscription.deleted", { id: subId, object: "subscription" }));
    expect((await m.client.api["my-billing"].subscriptions({ id: plan.id }).cancel.post()).status).toBe(409);
    const { createClient } = await import("../../../test/client");
    const visitor = createClient().api["my-billing"];
    for (const list of [visitor.subscriptions, visitor.purchases, visitor["store-orders"]]) {
      expect((await list.get({ query: {} })).status).toBe(401);
    }
  });

  // /subscriptions had its own "current" check without the download rule's grace days (decision 009).
  test("a PAST_DUE plan within its 3 days' grace is current (downloads work, Cancel is offered); after them it is not", async () => {
    const [resource, m] = await Promise.all([premiumResource(), member()]);
    const prisma = await db();
    const inGrace = await prisma.subscription.create({
      data: { userId: m.user.id, plan: "MONTHLY", resourceId: resource.id, status: "PAST_DUE", endDate: inDays(-1) },
    });
    const lapsed = await prisma.subscription.create({
      data: { userId: m.user.id, plan: "ANNUAL", status: "PAST_DUE", endDate: inDays(-4) },
    });
    expect(await canDownload(m, resource)).toBe(true);
    const plans = await m.client.api["my-billing"].subscriptions.get({ query: {} });
    const byId = new Map(plans.data!.map((s) => [s.id, s.current]));
    expect([byId.get(inGrace.id), byId.get(lapsed.id)]).toEqual([true, false]);
    const canceled = await m.client.api["my-billing"].subscriptions({ id: inGrace.id }).cancel.post();
    expect(canceled.data).toMatchObject({ cancelAtPeriodEnd: true, current: true });
    expect((await m.client.api["my-billing"].subscriptions({ id: lapsed.id }).cancel.post()).status).toBe(409);
  });
});

describe("admin invoices (/admin/invoices: the orders list with the Stripe link)", () => {
  test("order_management sees payments (filter, e-mail search, Stripe link) and exports CSV safely; others cannot", async () => {
    const [resource, admin, delegate, resourcesDelegate] = await Promise.all([
      premiumResource(),
      createUser({ role: "ADMIN" }),
      createUser({ toolAccess: ["order_management"] }),
      createUser({ toolAccess: ["resources"] }),
    ]);
    const buyerUser = await createUser({ firstName: "=HYPERLINK(evil)", email: `${unique("Invoice-Buyer")}@example.com` });
    const buyer = { user: buyerUser, client: await signedInClient(buyerUser) };
    const e = paidOneTime(buyer, resource.id);
    await deliver(e);
    const paymentIntent = (e.data.object as { payment_intent: string }).payment_intent;
    const prisma = await db();
    await prisma.order.create({
      data: {
        userId: buyer.user.id,
        resourceId: resource.id,
        orderType: "RESOURCE_ONETIME",
        customerEmail: buyer.user.email,
        amount: "49.00",
        status: "PENDING",
      },
    });

    const adminClient = await signedInClient(admin);
    const email = buyer.user.email.toUpperCase();
    const all = await adminClient.api.orders.get({ query: { email } });
    expect(all.status).toBe(200);
    expect(all.data!.map((i) => i.status).sort()).toEqual(["COMPLETED", "PENDING"]);
    const completed = await adminClient.api.orders.get({ query: { email, status: "COMPLETED" } });
    expect(completed.data).toHaveLength(1);
    expect(completed.data![0]).toMatchObject({
      customerEmail: buyer.user.email,
      orderType: "RESOURCE_ONETIME",
      itemTitle: resource.title,
      amount: "49.00",
      stripeUrl: `https://dashboard.stripe.com/test/payments/${paymentIntent}`,
    });
    expect((await (await signedInClient(delegate)).api.orders.get({ query: { email } })).data).toHaveLength(2);
    expect((await (await signedInClient(resourcesDelegate)).api.orders.get({ query: {} })).status).toBe(403);
    expect((await buyer.client.api.orders.get({ query: {} })).status).toBe(403);
    expect((await adminClient.api.orders.get({ query: { status: invalid<"PENDING">("PAID") } })).status).toBe(400);

    const csv = await raw(
      new Request(`${BASE_URL}/api/orders/export.csv?status=COMPLETED&email=${encodeURIComponent(buyer.user.email)}`, {
        headers: { cookie: adminClient.jar.header() },
      }),
    );
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toStartWith("text/csv");
    expect(csv.headers.get("content-disposition")).toContain("orders.csv");
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines[0]).toBe(
      '"Order","Date","Customer name","Customer email","Type","Item","Amount (USD)","Status","Tracking number","Shipping address","Printify order","Stripe link"',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(evil)"`);
    expect(lines[1]).toContain('"49.00","COMPLETED"');
    expect(lines[1]).toContain(`"RESOURCE_ONETIME","${resource.title}"`);
    expect(lines[1]).toContain(`"https://dashboard.stripe.com/test/payments/${paymentIntent}"`);
    const visitorCsv = await raw(new Request(`${BASE_URL}/api/orders/export.csv`));
    expect(visitorCsv.status).toBe(401);
  });

  test("no ceiling: 520 payments page by keyset (each once, filter kept in Link) and all reach the CSV", async () => {
    const admin = await signedInClient(await createUser({ role: "ADMIN" }));
    const email = `${unique("many-payments")}@example.com`;
    const prisma = await db();
    await prisma.order.createMany({
      data: Array.from({ length: 520 }, (_, i) => ({
        orderType: "ANNUAL_SUBSCRIPTION" as const,
        customerEmail: email,
        customerName: i % 2 ? "%_wild" : null,
        amount: "99.00",
        status: "COMPLETED" as const,
        createdAt: new Date(Date.UTC(2021, 0, 1) + Math.floor(i / 3) * 1000), // ties broken by id
      })),
    });
    const ids: string[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 20; pages++) {
      const res = await admin.api.orders.get({ query: { email, limit: 100, cursor } });
      expect(res.status).toBe(200);
      ids.push(...res.data!.map((i) => i.id));
      cursor = res.response.headers.get("x-next-cursor") ?? undefined;
      if (!cursor) break;
      expect(res.response.headers.get("link")).toContain(`email=${encodeURIComponent(email)}`);
    }
    expect(ids).toHaveLength(520);
    expect(new Set(ids).size).toBe(520);
    // LIKE wildcards in the search are plain characters: "%" matches nothing here.
    expect((await admin.api.orders.get({ query: { email: "%" } })).data!.every((i) => i.customerEmail.includes("%"))).toBe(true);
    expect((await admin.api.orders.get({ query: { cursor: "garbage!" } })).status).toBe(400);
    const csv = await raw(
      new Request(`${BASE_URL}/api/orders/export.csv?email=${encodeURIComponent(email)}`, {
        headers: { cookie: admin.jar.header() },
      }),
    );
    expect((await csv.text()).trim().split("\r\n")).toHaveLength(521);
    await prisma.order.deleteMany({ where: { customerEmail: email } });
  });
});
