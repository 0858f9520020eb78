// Cancellations and problems at Printify, and the refund an admin makes (decision 012): Printify's `canceled`
// (its documented spelling) moves a store order to CANCELLED with a refund due; the admin's Refund goes to Stripe's
// Refund API once — a double click or a repeated request makes one refund (the idempotency key is the order's) — and is
// recorded on the order, in its timeline and in the buyer's mail; without Stripe (local test payments) the refund is
// recorded here and Stripe is never called. `had-issues` and `payment-not-received` raise an alert on the order and
// the dashboard until an admin marks it handled. Printify's statuses: spencerlepine/printify-sdk-js,
// docs/PRINTIFY-Documentation.md at 8c84721, "Order properties" → status.
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { BASE_URL, type Client, raw, signedInClient } from "../../../test/client";
import { createOrder, createUser, unique } from "../../../test/factories";
import { deliverStripeEvent, type FakeStripe, recordPayment, startFakeStripe } from "../../../test/fake-stripe";
import { event, printifyWebhookRequest, startFakePrintify } from "../../../test/fake-printify";
import { drain, withJobQueue } from "../../../test/jobs";
import { mailsTo, waitForMail } from "../../../test/mailbox";
import { db } from "../../db/client";
import { env } from "../../env";
import { localStripeId } from "../../lib/local-payment-ids";
import { usePrintify as replacePrintify } from "../printify/client";
import { DEMO_PRODUCTS, DEMO_SHOP } from "../printify/demo-catalogue";
import { useStripe } from "../../lib/stripe";
import { advance, reconcileOrders, type TrackedOrder } from "./tracking";

const SECRET = "printify-webhook-secret-for-refund-tests";
const mutableEnv = env as { PRINTIFY_WEBHOOK_SECRET?: string };
let fake: FakeStripe;
withJobQueue();
beforeAll(() => {
  mutableEnv.PRINTIFY_WEBHOOK_SECRET = SECRET;
  fake = startFakeStripe();
  useStripe(fake.client);
});
afterEach(() => useStripe(fake.client));
afterAll(async () => {
  await drain("order-refunded-mail");
  mutableEnv.PRINTIFY_WEBHOOK_SECRET = undefined;
  useStripe(undefined);
  await fake.stop();
});

const deliver = (payload: Parameters<typeof printifyWebhookRequest>[1]) =>
  raw(printifyWebhookRequest(`${BASE_URL}/api/webhooks/printify`, payload, SECRET));
const statusEvent = (printifyOrderId: string, status: string) =>
  event("order:updated", { id: printifyOrderId, data: { shop_id: 1, status } });

/** A store order paid through Stripe ($25.00) and at Printify, in production. */
async function orderAtPrintify(stripePaymentId = `pi_${unique("refund").replace(/\W/g, "")}`) {
  recordPayment(stripePaymentId, 2500);
  return createOrder({
    orderType: "MERCHANDISE",
    status: "PROCESSING",
    amount: "25.00",
    customerEmail: `${unique("buyer")}@example.com`,
    customerName: "Ada Lovelace",
    stripePaymentId,
    printifyOrderId: unique("pfy-order"),
    printifyShopId: "1",
    printifyStatus: "in-production",
  });
}

const admin = async (): Promise<Client> => signedInClient(await createUser({ role: "ADMIN" }));
const listed = async (client: Client, id: string) => {
  const res = await client.api.orders.get({ query: { type: "MERCHANDISE", limit: 100 } });
  return res.data!.find((o) => o.id === id)!;
};
const timeline = async (client: Client, id: string) =>
  (await client.api.orders({ id }).timeline.get()).data!.events.map((e) => e.kind);

describe("Printify cancels an order", () => {
  test("`canceled` moves it to CANCELLED with a refund due, once; later events leave it so", async () => {
    const order = await orderAtPrintify();
    const client = await admin();
    expect((await deliver(statusEvent(order.printifyOrderId!, "canceled"))).status).toBe(200);
    expect(await listed(client, order.id)).toMatchObject({ status: "CANCELLED", refundDue: true, refundedAt: null });
    expect((await deliver(statusEvent(order.printifyOrderId!, "canceled"))).status).toBe(200);
    expect((await deliver(statusEvent(order.printifyOrderId!, "in-production"))).status).toBe(200);
    expect(await listed(client, order.id)).toMatchObject({ status: "CANCELLED", refundDue: true });
    expect((await timeline(client, order.id)).filter((k) => k === "CANCELLED")).toHaveLength(1);
  });

  test("the reconciliation sees a cancellation no webhook told: CANCELLED with a refund due", async () => {
    const printify = startFakePrintify({ demo: true });
    try {
      replacePrintify(printify.client());
      const product = DEMO_PRODUCTS[0]!;
      const created = await printify.client().createOrder(DEMO_SHOP.id, {
        external_id: unique("ours"),
        line_items: [{ product_id: product.id, variant_id: product.variants.find((v) => v.is_enabled)!.id, quantity: 1 }],
        address_to: {
          first_name: "Ada",
          last_name: "Lovelace",
          email: "ada@example.com",
          phone: "",
          country: "GB",
          region: "",
          address1: "1 Row",
          address2: "",
          city: "London",
          zip: "N1",
        },
        shipping_method: 1,
        send_shipping_notification: false,
      });
      const order = await orderAtPrintify();
      const prisma = await db();
      await prisma.order.update({
        where: { id: order.id },
        data: { printifyOrderId: created.id, printifyShopId: String(DEMO_SHOP.id), lastReconciledAt: null },
      });
      printify.order(created.id)!.status = "canceled";
      await reconcileOrders(1000);
      expect(await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({
        status: "CANCELLED",
        refundDue: true,
        printifyStatus: "canceled",
      });
    } finally {
      replacePrintify(undefined);
      await printify.stop();
    }
  });
});

describe("the admin refunds a cancelled order", () => {
  test("a double click and a repeat make one Stripe refund (key from the order), recorded once, one mail", async () => {
    const order = await orderAtPrintify();
    await deliver(statusEvent(order.printifyOrderId!, "canceled"));
    const client = await admin();
    const before = fake.calls.length;
    const answers = await Promise.all([1, 2, 3].map(() => client.api.orders({ id: order.id }).refund.post()));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const again = await client.api.orders({ id: order.id }).refund.post();
    expect(again.status).toBe(200);

    const refunds = fake.refunds.filter((r) => r.payment_intent === order.stripePaymentId);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: 2500, status: "succeeded", metadata: { orderId: order.id } });
    const refundCalls = fake.calls.slice(before).filter((c) => c.path === "/v1/refunds");
    expect(new Set(refundCalls.map((c) => c.idempotencyKey))).toEqual(new Set([`refund-order-${order.id}`]));

    const row = await listed(client, order.id);
    expect(row).toMatchObject({ status: "CANCELLED", refundDue: false });
    expect(row.refundedAt).not.toBeNull();
    expect((await timeline(client, order.id)).filter((k) => k === "REFUNDED")).toHaveLength(1);
    const events = await (await db()).orderEvent.findMany({ where: { orderId: order.id, kind: "REFUNDED" } });
    expect(events[0]!.message).toContain(refunds[0]!.id);
    const mail = await waitForMail(order.customerEmail, /refund/i);
    expect(mail.text).toContain("$25.00");
    expect(mail.text).toContain(`#${order.id.slice(0, 8)}`);
    await drain("order-refunded-mail");
    expect(mailsTo(order.customerEmail).filter((m) => /refund/i.test(m.subject))).toHaveLength(1);
  });

  test("without Stripe keys a test payment's refund is recorded here and Stripe is never called", async () => {
    useStripe(null);
    const order = await orderAtPrintify(localStripeId("pi", unique("x").replace(/\W/g, "")));
    await deliver(statusEvent(order.printifyOrderId!, "canceled"));
    const client = await admin();
    const before = fake.calls.length;
    const res = await client.api.orders({ id: order.id }).refund.post();
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ refundDue: false, status: "CANCELLED" });
    expect(fake.calls.length).toBe(before);
    const stored = await (await db()).order.findUniqueOrThrow({ where: { id: order.id } });
    expect(stored.stripeRefundId).toMatch(/^re_local_/);
    expect(await timeline(client, order.id)).toContain("REFUNDED");
  });

  test("a test payment's order is refunded locally even when Stripe keys are set", async () => {
    const order = await orderAtPrintify(localStripeId("pi", unique("y").replace(/\W/g, "")));
    await deliver(statusEvent(order.printifyOrderId!, "canceled"));
    const before = fake.calls.length;
    const res = await (await admin()).api.orders({ id: order.id }).refund.post();
    expect(res.status).toBe(200);
    expect(fake.calls.slice(before).some((c) => c.path === "/v1/refunds")).toBe(false);
  });

  test("an order with no refund due is refused (409) and Stripe is not called", async () => {
    const order = await orderAtPrintify();
    const before = fake.calls.length;
    const res = await (await admin()).api.orders({ id: order.id }).refund.post();
    expect(res.status).toBe(409);
    expect(fake.calls.length).toBe(before);
  });

  test("Stripe failing leaves the refund due and says so; the retry refunds once", async () => {
    const order = await orderAtPrintify();
    await deliver(statusEvent(order.printifyOrderId!, "canceled"));
    const client = await admin();
    fake.failNext("/v1/refunds");
    const failed = await client.api.orders({ id: order.id }).refund.post();
    expect(failed.status).toBe(503);
    expect(await listed(client, order.id)).toMatchObject({ refundDue: true, refundedAt: null });
    // Stripe saved the failed answer under the key (its documented behaviour): a retry under a new attempt succeeds.
    const retried = await client.api.orders({ id: order.id }).refund.post();
    expect(retried.status).toBe(200);
    expect(fake.refunds.filter((r) => r.payment_intent === order.stripePaymentId)).toHaveLength(1);
  });

  test("a refund made in Stripe's dashboard (charge.refunded) is recorded once; the event of our own refund adds nothing", async () => {
    const client = await admin();
    const dashboard = await orderAtPrintify();
    await deliver(statusEvent(dashboard.printifyOrderId!, "canceled"));
    await fake.client.refunds.create({ payment_intent: dashboard.stripePaymentId! }); // as the dashboard's button does
    const refunded = fake.events.findLast((e) => e.type === "charge.refunded")!;
    expect((await deliverStripeEvent(refunded)).status).toBe(200);
    expect(await listed(client, dashboard.id)).toMatchObject({ refundDue: false, status: "CANCELLED" });
    expect((await listed(client, dashboard.id)).refundedAt).not.toBeNull();
    const again = { ...refunded, id: `${refunded.id}x` }; // Stripe may send another event for it
    expect((await deliverStripeEvent(again)).status).toBe(200);
    expect((await timeline(client, dashboard.id)).filter((k) => k === "REFUNDED")).toHaveLength(1);
    await waitForMail(dashboard.customerEmail, /refund/i);

    const ours = await orderAtPrintify();
    await deliver(statusEvent(ours.printifyOrderId!, "canceled"));
    expect((await client.api.orders({ id: ours.id }).refund.post()).status).toBe(200);
    const event = fake.events.findLast((e) => e.type === "charge.refunded")!;
    expect((await deliverStripeEvent(event)).status).toBe(200);
    expect((await timeline(client, ours.id)).filter((k) => k === "REFUNDED")).toHaveLength(1);
  });

  test("a refund the bank later refuses (refund.updated: failed) is due again, and the next Refund makes a new one", async () => {
    const client = await admin();
    const order = await orderAtPrintify();
    await deliver(statusEvent(order.printifyOrderId!, "canceled"));
    expect((await client.api.orders({ id: order.id }).refund.post()).status).toBe(200);
    const first = fake.refunds.findLast((r) => r.payment_intent === order.stripePaymentId)!;
    fake.failRefund(first.id);
    const failed = fake.events.findLast((e) => e.type === "refund.updated")!;
    expect((await deliverStripeEvent(failed)).status).toBe(200);
    expect(await listed(client, order.id)).toMatchObject({ refundDue: true, refundedAt: null });
    expect(await timeline(client, order.id)).toContain("REFUND_FAILED");

    expect((await client.api.orders({ id: order.id }).refund.post()).status).toBe(200);
    const refunds = fake.refunds.filter((r) => r.payment_intent === order.stripePaymentId);
    expect(refunds.map((r) => r.status)).toEqual(["failed", "succeeded"]);
    expect(await listed(client, order.id)).toMatchObject({ refundDue: false });
    // A repeat of the failure's event changes nothing more.
    expect((await deliverStripeEvent({ ...failed, id: `${failed.id}x` })).status).toBe(200);
    expect(await listed(client, order.id)).toMatchObject({ refundDue: false });
  });

  test("signed refund events of another shape answer without a 500 and change no order", async () => {
    const client = await admin();
    const order = await orderAtPrintify();
    await deliver(statusEvent(order.printifyOrderId!, "canceled"));
    const refunded = { object: "charge", id: "ch_x", refunded: true, amount_refunded: 2500 };
    // Each with the answer it gets: a field of another type is recorded and ignored (200), no object at all is 400.
    const shapes: [object, number][] = [
      // Stripe sends `payment_intent` as an id; an expanded object with no string id is not one we can look up.
      [{ type: "charge.refunded", data: { object: { ...refunded, payment_intent: { id: 5 } } } }, 200],
      [
        {
          type: "charge.refunded",
          data: { object: { ...refunded, payment_intent: order.stripePaymentId, amount_refunded: "all" } },
        },
        200,
      ],
      [{ type: "charge.refunded", data: {} }, 400],
      [
        { type: "refund.updated", data: { object: { object: "refund", id: 42, status: "failed", failure_reason: { x: 1 } } } },
        200,
      ],
      [{ type: "refund.updated" }, 400],
    ];
    for (const [i, [shape, status]] of shapes.entries()) {
      const res = await deliverStripeEvent({ id: `evt_${unique("odd")}_${i}`, object: "event", ...shape });
      expect({ shape: i, status: res.status }).toEqual({ shape: i, status });
    }
    expect(await listed(client, order.id)).toMatchObject({ refundDue: true, refundedAt: null, status: "CANCELLED" });
  });

  test("an Orders action needs the order_management section: a merchandise-only delegate gets 403 and changes nothing", async () => {
    const order = await orderAtPrintify();
    await deliver(statusEvent(order.printifyOrderId!, "canceled"));
    const delegate = await signedInClient(await createUser({ toolAccess: ["merchandise", "challenges"] }));
    expect((await delegate.api.orders({ id: order.id }).refund.post()).status).toBe(403);
    expect((await delegate.api.orders({ id: order.id })["alert-handled"].post()).status).toBe(403);
    expect(await listed(await admin(), order.id)).toMatchObject({ refundDue: true, refundedAt: null });
    expect(fake.refunds.filter((r) => r.payment_intent === order.stripePaymentId)).toHaveLength(0);
  });

  test("a member may not refund (403)", async () => {
    const order = await orderAtPrintify();
    const member = await signedInClient(await createUser());
    expect((await member.api.orders({ id: order.id }).refund.post()).status).toBe(403);
  });
});

describe("problems at Printify raise an alert until an admin handles it", () => {
  for (const status of ["had-issues", "payment-not-received"]) {
    test(`\`${status}\`: on the order and the dashboard, once; Mark handled clears it`, async () => {
      const order = await orderAtPrintify();
      const client = await admin();
      expect((await deliver(statusEvent(order.printifyOrderId!, status))).status).toBe(200);
      await deliver(statusEvent(order.printifyOrderId!, status));
      expect(await listed(client, order.id)).toMatchObject({ printifyAlert: status, status: "PROCESSING" });
      expect((await timeline(client, order.id)).filter((k) => k === "ALERT_RAISED")).toHaveLength(1);
      const board = await client.api.admin.dashboard.get();
      expect(board.data!.attention.some((o) => o.id === order.id && o.printifyAlert === status)).toBe(true);

      const handled = await client.api.orders({ id: order.id })["alert-handled"].post();
      expect(handled.status).toBe(200);
      expect(handled.data).toMatchObject({ printifyAlert: null });
      expect((await client.api.orders({ id: order.id })["alert-handled"].post()).status).toBe(200);
      expect((await timeline(client, order.id)).filter((k) => k === "ALERT_HANDLED")).toHaveLength(1);
      const after = await client.api.admin.dashboard.get();
      expect(after.data!.attention.some((o) => o.id === order.id)).toBe(false);
    });
  }
});

describe("advance (pure)", () => {
  const open: TrackedOrder = {
    status: "PROCESSING",
    printifyStatus: "in-production",
    shipments: [],
    trackingNumber: null,
    trackingUrl: null,
    shippedAt: null,
    deliveredAt: null,
    printifyAlert: null,
    refundDue: false,
  };
  const now = new Date("2026-11-28T12:00:00Z");
  test("canceled: CANCELLED, refund due, one CANCELLED event; the misspelt has-issues raises nothing", () => {
    const cancelled = advance(open, { status: "canceled", shipments: [] }, now);
    expect(cancelled.data).toMatchObject({ status: "CANCELLED", refundDue: true, printifyStatus: "canceled" });
    expect(cancelled.events.map((e) => e.kind)).toEqual(["CANCELLED"]);
    expect(advance(open, { status: "had-issues", shipments: [] }, now).data.printifyAlert).toBe("had-issues");
    expect(advance(open, { status: "has-issues", shipments: [] }, now).data.printifyAlert).toBeUndefined();
  });
});
