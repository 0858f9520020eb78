// Payments under concurrency, run with Promise.all — on PostgreSQL the requests really overlap: the events Stripe sends
// for one new subscription (or one payment) arriving at the same instant, and 50 checkouts at once for one resource or
// product, by one member (the limit answers 429, never 500) and by 50 members.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import type Stripe from "stripe";
import { signedInClient } from "../../../test/client";
import { createProductWithVariants, createUser, unique } from "../../../test/factories";
import {
  deliverStripeEvent,
  type FakeStripe,
  paidMerchandiseEvent,
  startFakeStripe,
  stripeEvent,
} from "../../../test/fake-stripe";
import { drain, withJobQueue } from "../../../test/jobs";
import { db } from "../../db/client";
import { RECEIPT_JOB } from "./emails";
import { useStripe } from "../../lib/stripe";

let fake: FakeStripe;
withJobQueue(); // fulfilment enqueues receipts in the event's transaction
beforeAll(() => {
  fake = startFakeStripe();
});
beforeEach(() => {
  useStripe(fake.client);
});
afterAll(async () => {
  await drain(RECEIPT_JOB);
  useStripe(undefined);
  await fake.stop();
});

const CONCURRENT = 50;
/** The checkout limits per member (service.ts, merchandise-checkout.ts): 20 sessions in 15 minutes. */
const PER_MEMBER = 20;

const statusesOf = (responses: { status: number }[]) => {
  const counts: Record<number, number> = {};
  for (const { status } of responses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
};

/**
 * How many different Checkout Sessions the 200s carry: one — or two when the idempotency key's 60-second window
 * (purchase.ts) happens to turn over in the middle of the burst.
 */
const sessionsAnswered = (responses: { data: { url: string } | null }[]) =>
  new Set(responses.flatMap((r) => (r.data ? [r.data.url] : []))).size;

async function premiumResource() {
  return (await db()).resource.create({
    data: {
      title: unique("Premium kit"),
      description: "Paid content",
      type: "TOOL",
      accessLevel: "PREMIUM",
      oneTimePrice: "49.00",
      monthlyPrice: "9.99",
    },
  });
}

/** A subscription Stripe has just created for `userId` (what `subscriptions.retrieve` answers). */
function newStripeSubscription(userId: string, resourceId: string) {
  const id = `sub_${unique("race")}`;
  const now = Math.floor(Date.now() / 1000);
  fake.subscriptions.set(id, {
    id,
    status: "active",
    metadata: { userId, resourceId, kind: "monthly" },
    start_date: now,
    items: { data: [{ current_period_end: now + 30 * 86_400 }] } as Stripe.ApiList<Stripe.SubscriptionItem>,
  });
  return id;
}

describe("webhook events racing for one new subscription or payment", () => {
  test("checkout completed, subscription created and updated, invoice paid, all at once: every one 200, one plan, one order", async () => {
    const [user, resource] = await Promise.all([createUser(), premiumResource()]);
    const subId = newStripeSubscription(user.id, resource.id);
    const subscription = { id: subId, object: "subscription" };
    const events = [
      stripeEvent("checkout.session.completed", {
        id: `cs_test_${unique("s")}`,
        object: "checkout.session",
        mode: "subscription",
        payment_status: "paid",
        amount_total: 999,
        payment_intent: null,
        customer_details: { email: user.email },
        metadata: { userId: user.id, resourceId: resource.id, kind: "monthly" },
        subscription: subId,
        invoice: `in_${unique("i")}`,
      }),
      stripeEvent("customer.subscription.created", subscription),
      stripeEvent("customer.subscription.updated", subscription),
      stripeEvent("invoice.paid", {
        id: `in_${unique("i")}`,
        object: "invoice",
        parent: { subscription_details: { subscription: subId } },
      }),
    ];
    const responses = await Promise.all(events.map((e) => deliverStripeEvent(e)));
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const prisma = await db();
    const rows = await prisma.subscription.findMany({ where: { stripeSubscriptionId: subId } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: user.id, plan: "MONTHLY", resourceId: resource.id, status: "ACTIVE" });
    expect(await prisma.order.count({ where: { userId: user.id, orderType: "RESOURCE_MONTHLY" } })).toBe(1);
    expect(await prisma.stripeEvent.count({ where: { id: { in: events.map((e) => e.id) } } })).toBe(4);
  });

  test("completed and async_payment_succeeded for one payment at once: both 200, one order", async () => {
    const [user, resource] = await Promise.all([createUser(), premiumResource()]);
    const session = {
      id: `cs_test_${unique("s")}`,
      object: "checkout.session",
      mode: "payment",
      payment_status: "paid",
      amount_total: 4900,
      payment_intent: `pi_${unique("p")}`,
      customer_details: { email: user.email },
      metadata: { userId: user.id, resourceId: resource.id, kind: "onetime" },
      subscription: null,
      invoice: null,
    };
    const responses = await Promise.all(
      ["checkout.session.completed", "checkout.session.async_payment_succeeded"].map((type) =>
        deliverStripeEvent(stripeEvent(type, session)),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual([200, 200]);
    expect(await (await db()).order.count({ where: { stripePaymentId: session.payment_intent } })).toBe(1);
  });

  test("the same for a merchandise payment: one order, one PAID event, one submission", async () => {
    const product = await createProductWithVariants();
    const completed = paidMerchandiseEvent(product);
    const succeeded = { ...stripeEvent("checkout.session.async_payment_succeeded", completed.data.object) };
    const responses = await Promise.all([deliverStripeEvent(completed), deliverStripeEvent(succeeded)]);
    expect(responses.map((r) => r.status)).toEqual([200, 200]);
    const orders = await (await db()).order.findMany({
      where: { stripePaymentId: completed.data.object.payment_intent },
      select: { events: { select: { kind: true } } },
    });
    expect(orders).toHaveLength(1);
    expect(orders[0]!.events.map((e) => e.kind)).toEqual(["PAID"]);
  });
});

describe(`${CONCURRENT} checkouts at once`, () => {
  test("one member, one resource: the first 20 get one Checkout Session, the rest 429; never 500", async () => {
    const [user, resource] = await Promise.all([createUser(), premiumResource()]);
    const { api } = await signedInClient(user);
    const responses = await Promise.all(
      Array.from({ length: CONCURRENT }, () =>
        api["create-checkout-session"].post({ resourceId: resource.id, paymentType: "onetime" }),
      ),
    );
    expect(statusesOf(responses)).toEqual({ 200: PER_MEMBER, 429: CONCURRENT - PER_MEMBER });
    expect(sessionsAnswered(responses)).toBeLessThanOrEqual(2);
    const saved = await (await db()).user.findUniqueOrThrow({ where: { id: user.id }, select: { stripeCustomerId: true } });
    expect(saved.stripeCustomerId).toStartWith("cus_");
  });

  test(`${CONCURRENT} members, one resource: all 200, each their own session and customer`, async () => {
    const resource = await premiumResource();
    const users = await Promise.all(Array.from({ length: CONCURRENT }, () => createUser()));
    const clients = await Promise.all(users.map((u) => signedInClient(u)));
    const responses = await Promise.all(
      clients.map(({ api }) => api["create-checkout-session"].post({ resourceId: resource.id, paymentType: "monthly" })),
    );
    expect(statusesOf(responses)).toEqual({ 200: CONCURRENT });
    expect(new Set(responses.map((r) => r.data!.url)).size).toBe(CONCURRENT);
    const customers = await (await db()).user.findMany({
      where: { id: { in: users.map((u) => u.id) } },
      select: { stripeCustomerId: true },
    });
    expect(new Set(customers.map((c) => c.stripeCustomerId)).size).toBe(CONCURRENT);
  });

  test("without Stripe keys (local test payments): one member gets one session, the rest 429", async () => {
    useStripe(null);
    const [user, resource] = await Promise.all([createUser(), premiumResource()]);
    const { api } = await signedInClient(user);
    const responses = await Promise.all(
      Array.from({ length: CONCURRENT }, () =>
        api["create-checkout-session"].post({ resourceId: resource.id, paymentType: "onetime" }),
      ),
    );
    expect(statusesOf(responses)).toEqual({ 200: PER_MEMBER, 429: CONCURRENT - PER_MEMBER });
    expect(sessionsAnswered(responses)).toBeLessThanOrEqual(2);
    expect(await (await db()).testPayment.count({ where: { userId: user.id } })).toBe(sessionsAnswered(responses));
  });

  const variant = { variantId: "1001", variantTitle: "Black / S" };

  test("merchandise, one member, one variant: 20 get one session, the rest 429", async () => {
    const [user, product] = await Promise.all([createUser(), createProductWithVariants()]);
    const { api } = await signedInClient(user);
    const responses = await Promise.all(
      Array.from({ length: CONCURRENT }, () =>
        api["create-merchandise-checkout"].post({ merchandiseId: product.id, ...variant }),
      ),
    );
    expect(statusesOf(responses)).toEqual({ 200: PER_MEMBER, 429: CONCURRENT - PER_MEMBER });
    expect(sessionsAnswered(responses)).toBeLessThanOrEqual(2);
  });

  test(`merchandise, ${CONCURRENT} members, one variant: all 200`, async () => {
    const product = await createProductWithVariants();
    const users = await Promise.all(Array.from({ length: CONCURRENT }, () => createUser()));
    const clients = await Promise.all(users.map((u) => signedInClient(u)));
    const responses = await Promise.all(
      clients.map(({ api }) => api["create-merchandise-checkout"].post({ merchandiseId: product.id, ...variant })),
    );
    expect(statusesOf(responses)).toEqual({ 200: CONCURRENT });
    expect(new Set(responses.map((r) => r.data!.url)).size).toBe(CONCURRENT);
  });
});
