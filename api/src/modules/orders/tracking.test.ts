// A merchandise order followed to the door (decision 012, "Following the order"): Printify's signed webhook applied
// once per event id, in any order, never moving an order back; forged deliveries refused and unrecorded; the
// reconciliation poll catching what no webhook said; and `advance` itself.
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { BASE_URL, raw } from "../../../test/client";
import { createOrder, unique } from "../../../test/factories";
import { event, type FakePrintify, printifyWebhookRequest, shipmentEvent, startFakePrintify } from "../../../test/fake-printify";
import { drain, withJobQueue } from "../../../test/jobs";
import { mailsTo, waitForMail } from "../../../test/mailbox";
import { db } from "../../db/client";
import { env } from "../../env";
import { usePrintify } from "../printify/client";
import { DEMO_PRODUCTS, DEMO_SHOP } from "../printify/demo-catalogue";
import { advance, factsOfEvent, reconcileOrders, SHIPPED_MAIL_JOB, type TrackedOrder } from "./tracking";

const URL_ = `${BASE_URL}/api/webhooks/printify`;
const SECRET = "printify-webhook-secret-for-tests";
const mutableEnv = env as { PRINTIFY_WEBHOOK_SECRET?: string };
const PRODUCT = DEMO_PRODUCTS[0]!;
const VARIANT = PRODUCT.variants.find((v) => v.is_enabled)!;

let fake: FakePrintify;
withJobQueue();
beforeAll(() => {
  mutableEnv.PRINTIFY_WEBHOOK_SECRET = SECRET;
  fake = startFakePrintify({ demo: true });
});
afterEach(() => {
  mutableEnv.PRINTIFY_WEBHOOK_SECRET = SECRET;
  usePrintify(undefined);
});
afterAll(async () => {
  await drain(SHIPPED_MAIL_JOB);
  mutableEnv.PRINTIFY_WEBHOOK_SECRET = undefined;
  await fake.stop();
});

/** An order submitted to Printify (PROCESSING, with a Printify order id). */
const submittedOrder = (printifyOrderId = unique("pfy-order")) =>
  createOrder({
    orderType: "MERCHANDISE",
    status: "PROCESSING",
    printifyOrderId,
    printifyShopId: String(DEMO_SHOP.id),
    printifyStatus: "on-hold",
    amount: "25.00",
  });

const deliver = (payload: Parameters<typeof printifyWebhookRequest>[1]) => raw(printifyWebhookRequest(URL_, payload, SECRET));
const shipmentCreated = (orderId: string, number = "1Z999", id?: string) =>
  event(
    "order:shipment:created",
    {
      id: orderId,
      data: {
        shop_id: DEMO_SHOP.id,
        carrier: { code: "usps", tracking_number: number, tracking_url: `https://t.example/${number}` },
      },
    },
    { id },
  );
const shipmentDelivered = (orderId: string, number = "1Z999") =>
  event("order:shipment:delivered", {
    id: orderId,
    data: { delivered_at: "2026-11-20 10:00:00+00:00", carrier: { code: "usps", tracking_number: number } },
  });

async function orderState(id: string) {
  const prisma = await db();
  const order = await prisma.order.findUniqueOrThrow({ where: { id } });
  const events = await prisma.orderEvent.findMany({ where: { orderId: id }, orderBy: { createdAt: "asc" } });
  return { order, events: events.map((e) => `${e.kind}${e.message ? ` ${e.message}` : ""}`) };
}
const recorded = async (id: string) => (await db()).printifyEvent.count({ where: { id } });

describe("POST /api/webhooks/printify", () => {
  test("a signed shipment event ships the order with its tracking and one SHIPPED event; delivery completes it", async () => {
    const order = await submittedOrder();
    const res = await deliver(shipmentCreated(order.printifyOrderId!));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, duplicate: false });
    let state = await orderState(order.id);
    expect(state.order.status).toBe("SHIPPED");
    expect(state.order.trackingNumber).toBe("1Z999");
    expect(state.order.trackingUrl).toBe("https://t.example/1Z999");
    expect(state.order.shippedAt).not.toBeNull();
    expect(state.events).toEqual(["SHIPPED usps 1Z999"]);

    expect((await deliver(shipmentDelivered(order.printifyOrderId!))).status).toBe(200);
    state = await orderState(order.id);
    expect(state.order.status).toBe("COMPLETED");
    expect(state.order.deliveredAt?.toISOString()).toBe("2026-11-20T10:00:00.000Z");
    expect(state.events).toEqual(["SHIPPED usps 1Z999", "DELIVERED usps 1Z999"]);
  });

  test("the buyer gets one shipping e-mail with the tracking, however often the event comes", async () => {
    const order = await submittedOrder();
    const once = shipmentCreated(order.printifyOrderId!, "MAIL1");
    await Promise.all([deliver(once), deliver(once), deliver(once)]);
    const mail = await waitForMail(order.customerEmail, /has shipped/);
    expect(mail.text).toContain("Tracking number: MAIL1.");
    expect(mail.text).toContain("https://t.example/MAIL1");
    await deliver(once);
    await drain(SHIPPED_MAIL_JOB);
    expect(mailsTo(order.customerEmail)).toHaveLength(1);
  });

  test("the order is also found by external_id (our order id)", async () => {
    const order = await submittedOrder();
    const delivery = event("order:sent-to-production", { id: unique("other"), data: { external_id: order.id } });
    expect((await deliver(delivery)).status).toBe(200);
    const state = await orderState(order.id);
    expect(state.order.printifyStatus).toBe("sending-to-production");
    expect(state.events).toEqual(["IN_PRODUCTION In production at Printify"]);
  });

  test("the same event 5 times in a row, then 5 times at once, has one effect", async () => {
    const order = await submittedOrder();
    const once = shipmentCreated(order.printifyOrderId!);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await (await deliver(once)).json());
    expect(answers.filter((a) => a.duplicate === false)).toHaveLength(1);

    const other = await submittedOrder();
    const burst = shipmentCreated(other.printifyOrderId!);
    const concurrent = await Promise.all(Array.from({ length: 5 }, () => deliver(burst)));
    expect(concurrent.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const bodies = await Promise.all(concurrent.map((r) => r.json()));
    expect(bodies.filter((a) => a.duplicate === false)).toHaveLength(1);
    for (const id of [order.id, other.id]) {
      const state = await orderState(id);
      expect(state.events).toEqual(["SHIPPED usps 1Z999"]);
      expect(state.order.shipments).toHaveLength(1);
    }
  });

  test("out of order: delivered before created, a second shipment, then an old order:updated — never back, shipments merged", async () => {
    const order = await submittedOrder();
    const pid = order.printifyOrderId!;
    await deliver(event("order:updated", { id: pid, data: { status: "fulfilled" } }));
    await deliver(shipmentDelivered(pid, "A1"));
    let state = await orderState(order.id);
    expect(state.order.status).toBe("COMPLETED");
    await deliver(shipmentCreated(pid, "A1"));
    await deliver(event("order:updated", { id: pid, data: { status: "in-production" } }));
    state = await orderState(order.id);
    expect(state.order.status).toBe("COMPLETED");
    expect(state.order.printifyStatus).toBe("fulfilled");
    // The delivery time survives the later "created", and the URL it lacked is added.
    expect(state.order.shipments).toEqual([
      { carrier: "usps", number: "A1", url: "https://t.example/A1", deliveredAt: "2026-11-20 10:00:00+00:00" },
    ]);
    expect(state.events).toEqual(["SHIPPED usps A1", "DELIVERED usps A1"]);

    const second = await submittedOrder();
    await deliver(shipmentCreated(second.printifyOrderId!, "B1"));
    await deliver(shipmentCreated(second.printifyOrderId!, "B2"));
    await deliver(event("order:updated", { id: second.printifyOrderId!, data: { status: "on-hold" } }));
    state = await orderState(second.id);
    expect(state.order.status).toBe("SHIPPED");
    expect((state.order.shipments as { number: string }[]).map((s) => s.number)).toEqual(["B1", "B2"]);
    expect(state.order.trackingNumber).toBe("B2");
    expect(state.order.printifyStatus).toBe("on-hold"); // was never further along: recorded
  });

  test("a cancelled order stays cancelled", async () => {
    const order = await createOrder({ orderType: "MERCHANDISE", status: "CANCELLED", printifyOrderId: unique("pfy") });
    expect((await deliver(shipmentCreated(order.printifyOrderId!))).status).toBe(200);
    const state = await orderState(order.id);
    expect(state.order.status).toBe("CANCELLED");
    expect(state.events).toEqual([]);
  });

  test("forged signature, tampered body, missing header: 400 and nothing recorded", async () => {
    const order = await submittedOrder();
    const one = shipmentCreated(order.printifyOrderId!);
    const body = JSON.stringify(one);
    const forged = raw(printifyWebhookRequest(URL_, one, "another-secret-of-enough-length"));
    const tampered = printifyWebhookRequest(URL_, one, SECRET);
    const tamperedRes = raw(
      new Request(URL_, {
        method: "POST",
        headers: tampered.headers,
        body: body.replace("1Z999", "1Z000"),
      }),
    );
    const missing = raw(new Request(URL_, { method: "POST", headers: { "Content-Type": "application/json" }, body }));
    for (const res of await Promise.all([forged, tamperedRes, missing])) {
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe("Invalid signature");
    }
    expect(await recorded(one.id)).toBe(0);
    expect((await orderState(order.id)).order.status).toBe("PROCESSING");
  });

  test("without a secret configured: 503, nothing recorded", async () => {
    mutableEnv.PRINTIFY_WEBHOOK_SECRET = undefined;
    const one = shipmentCreated(unique("pfy"));
    expect((await deliver(one)).status).toBe(503);
    expect(await recorded(one.id)).toBe(0);
  });

  test("an unknown order and another event type: 200, recorded, ignored", async () => {
    const unknown = shipmentCreated(unique("nobody"));
    expect((await deliver(unknown)).status).toBe(200);
    expect(await recorded(unknown.id)).toBe(1);
    const product = event("product:deleted", { id: unique("product") });
    expect(await (await deliver(product)).json()).toEqual({ received: true, duplicate: false });
    expect(await recorded(product.id)).toBe(1);
  });
});

test("a tracking link from Printify is kept only as a web address: javascript: and junk are dropped, the number stays", () => {
  const withUrl = (tracking_url: string) =>
    factsOfEvent(
      event("order:shipment:created", {
        id: "o1",
        data: { carrier: { code: "usps", tracking_number: "1Z1", tracking_url } },
      }),
    ).shipments[0];
  expect(withUrl("https://t.example/1Z1")).toMatchObject({ number: "1Z1", url: "https://t.example/1Z1" });
  expect(withUrl("javascript:alert(document.cookie)")).toMatchObject({ number: "1Z1", url: null });
  expect(withUrl("not a url")).toMatchObject({ number: "1Z1", url: null });
});

describe("reconciliation", () => {
  test("an order shipped at Printify without any webhook becomes SHIPPED", async () => {
    usePrintify(fake.client());
    const created = await fake.client().createOrder(DEMO_SHOP.id, {
      external_id: unique("ours"),
      line_items: [{ product_id: PRODUCT.id, variant_id: VARIANT.id, quantity: 1 }],
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
    const order = await submittedOrder(created.id);
    fake.addShipment(created.id, { carrier: "dhl", number: "D42" });
    expect(await reconcileOrders()).toBeGreaterThanOrEqual(1);
    const state = await orderState(order.id);
    expect(state.order.status).toBe("SHIPPED");
    expect(state.order.trackingNumber).toBe("D42");
    expect(state.order.printifyStatus).toBe("fulfilled");
    expect(state.events).toEqual(["SHIPPED dhl D42"]);
    // A second run finds nothing new for it.
    await reconcileOrders();
    expect((await orderState(order.id)).events).toEqual(["SHIPPED dhl D42"]);
  });

  test("the webhook says `USPS`, the reconciliation `usps`: one parcel, one SHIPPED, one e-mail (decision 012)", async () => {
    usePrintify(fake.client());
    const created = await fake.client().createOrder(DEMO_SHOP.id, {
      external_id: unique("ours"),
      line_items: [{ product_id: PRODUCT.id, variant_id: VARIANT.id, quantity: 1 }],
      address_to: {
        first_name: "Ada",
        last_name: "Lovelace",
        email: "ada@example.com",
        country: "GB",
        region: "",
        address1: "1 Row",
        city: "London",
        zip: "N1",
      },
      shipping_method: 1,
      send_shipping_notification: false,
    });
    const order = await submittedOrder(created.id);
    const shipment = fake.addShipment(created.id, { carrier: "USPS", number: "9400110200828911663274" });
    expect(shipment.carrier).toBe("usps"); // as the order lookup documents it
    const atPrintify = fake.order(created.id)!;
    expect((await deliver(shipmentEvent("order:shipment:created", atPrintify, shipment))).status).toBe(200);
    await reconcileOrders();
    fake.deliverShipment(created.id, shipment.number, new Date("2026-11-26T09:00:00Z"));
    await reconcileOrders();
    await deliver(shipmentEvent("order:shipment:delivered", atPrintify, { ...shipment, delivered_at: null }));
    const state = await orderState(order.id);
    expect(state.order.shipments).toHaveLength(1);
    expect(state.order.status).toBe("COMPLETED");
    expect(state.events).toEqual(["SHIPPED USPS 9400110200828911663274", "DELIVERED USPS 9400110200828911663274"]);
    await drain(SHIPPED_MAIL_JOB);
    expect(mailsTo(order.customerEmail).filter((m) => /has shipped/.test(m.subject))).toHaveLength(1);
  });

  test("the shipped e-mail is keyed on the tracking number: the same parcel told under two spellings mails once", async () => {
    usePrintify(fake.client());
    const order = await submittedOrder();
    const told = (code: string) =>
      event("order:shipment:created", {
        id: order.printifyOrderId!,
        data: { shop_id: DEMO_SHOP.id, carrier: { code, tracking_number: "KEYED1" } },
      });
    // Two spellings at once: two webhook deliveries race on the row lock; the second merges into the first.
    await Promise.all([deliver(told("USPS")), deliver(told("usps")), deliver(told("Usps"))]);
    await drain(SHIPPED_MAIL_JOB);
    expect(mailsTo(order.customerEmail).filter((m) => /has shipped/.test(m.subject))).toHaveLength(1);
    expect((await orderState(order.id)).order.shipments).toHaveLength(1);
  });

  test("past one batch the runs take turns: every open order is read, one Printify refuses included", async () => {
    usePrintify(fake.client());
    const prisma = await db();
    // Everything already open counts as just read; three new orders (unknown to Printify: each read fails) follow.
    await prisma.order.updateMany({ where: { orderType: "MERCHANDISE" }, data: { lastReconciledAt: new Date() } });
    const orders = [await submittedOrder(), await submittedOrder(), await submittedOrder()];
    const stamped = async () =>
      (
        await prisma.order.findMany({ where: { id: { in: orders.map((o) => o.id) } }, select: { lastReconciledAt: true } })
      ).filter((o) => o.lastReconciledAt).length;
    const updatedAt = (await prisma.order.findUniqueOrThrow({ where: { id: orders[0]!.id } })).updatedAt;
    await reconcileOrders(2);
    expect(await stamped()).toBe(2);
    // Ordered by updatedAt, as before, the two failing orders would be read again and the third never.
    await reconcileOrders(2);
    expect(await stamped()).toBe(3);
    // The stamp is not a change: updatedAt still says when the order last changed.
    expect((await prisma.order.findUniqueOrThrow({ where: { id: orders[0]!.id } })).updatedAt).toEqual(updatedAt);
  });

  test("without a token it does nothing", async () => {
    usePrintify(null);
    expect(await reconcileOrders()).toBe(0);
  });
});

describe("advance", () => {
  const now = new Date("2026-11-25T12:00:00Z");
  const base: TrackedOrder = {
    status: "PROCESSING",
    printifyStatus: "on-hold",
    shipments: [],
    trackingNumber: null,
    trackingUrl: null,
    shippedAt: null,
    deliveredAt: null,
  };
  const ship = { carrier: "usps", number: "N1", url: "https://t/N1", deliveredAt: null };

  test("nothing new: no changes, no events", () => {
    expect(advance(base, { status: "on-hold", shipments: [] }, now)).toEqual({ data: {}, events: [] });
  });

  test("a shipment ships the order once; the same shipment again changes nothing", () => {
    const first = advance(base, { status: null, shipments: [ship] }, now);
    expect(first.data).toEqual({
      shipments: [ship],
      trackingNumber: "N1",
      trackingUrl: "https://t/N1",
      shippedAt: now,
      status: "SHIPPED",
    });
    expect(first.events).toEqual([{ kind: "SHIPPED", message: "usps N1" }]);
    const after = { ...base, ...first.data, shipments: first.data.shipments! };
    expect(advance(after, { status: null, shipments: [ship] }, now)).toEqual({ data: {}, events: [] });
  });

  test("shipments merge on the tracking number, the carrier compared without case: `USPS` then `usps` is one parcel", () => {
    const webhook = { carrier: "USPS", number: "N1", url: null, deliveredAt: null };
    const first = advance(base, { status: null, shipments: [webhook] }, now);
    const after = { ...base, ...first.data, shipments: first.data.shipments! };
    const looked = { carrier: "usps", number: "N1", url: "https://t/N1", deliveredAt: "2026-11-26 09:00:00+00:00" };
    const second = advance(after, { status: "fulfilled", shipments: [looked] }, now);
    expect(second.data.shipments).toEqual([
      { carrier: "USPS", number: "N1", url: "https://t/N1", deliveredAt: looked.deliveredAt },
    ]);
    expect(second.events).toEqual([{ kind: "DELIVERED", message: "USPS N1" }]);
    // Another carrier's parcel with the same number is another parcel.
    const other = advance(after, { status: null, shipments: [{ ...webhook, carrier: "DHL" }] }, now);
    expect(other.data.shipments).toHaveLength(2);
  });

  test("never back: COMPLETED stays with an older status; CANCELLED is final", () => {
    const done = { ...base, status: "COMPLETED" as const, printifyStatus: "fulfilled" };
    expect(advance(done, { status: "in-production", shipments: [] }, now)).toEqual({ data: {}, events: [] });
    expect(advance({ ...base, status: "CANCELLED" }, { status: "fulfilled", shipments: [ship] }, now)).toEqual({
      data: {},
      events: [],
    });
  });
});
