// GET /api/my-billing/store-orders (/subscriptions; decision 010, "Members' billing"): a member sees their own
// merchandise orders, newest first, with the shipments merged on the order (delivery times as ISO) or a tracking number
// an admin typed — and not another member's, nor a guest's placed with the same e-mail, nor an address, Printify's ids
// or errors, Stripe's id; and the three lists of /subscriptions (plans, purchases, store orders) walked page by page.
import { expect, test } from "bun:test";
import { signedInClient } from "../../../test/client";
import { createMerchandise, createOrder, createUser, unique } from "../../../test/factories";
import { walkPages } from "../../../test/pages";
import { db } from "../../db/client";
import { BILLING_PAGE_SIZE } from "./schema";

const HOUR = 3_600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR);

test("a member follows their own merchandise orders, and only theirs, with nothing private in the answer", async () => {
  const [member, other, product] = await Promise.all([createUser(), createUser(), createMerchandise()]);
  const secrets = {
    printifyOrderId: unique("pfy-order"),
    submissionError: unique("Printify says no"),
    stripePaymentId: unique("pi_secret"),
    shippingAddress: unique("12 Private Lane"),
  };
  const merch = { orderType: "MERCHANDISE" as const, customerEmail: member.email, customerName: "Morgan Lee" };
  const shipped = await createOrder({
    ...merch,
    ...secrets,
    userId: member.id,
    merchandiseId: product.id,
    merchandiseVariantId: product.variants[1]!.id,
    printifyVariantId: "102",
    printifyShopId: "test-shop",
    printifyStatus: "partially-fulfilled",
    addressTo: { first_name: "Morgan", last_name: "Lee", address1: secrets.shippingAddress, email: member.email },
    variantTitle: "Black / M",
    quantity: 2,
    amount: "48",
    status: "SHIPPED",
    createdAt: ago(72),
    shipments: [
      {
        carrier: "usps",
        number: "9400111899223",
        url: "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223",
        deliveredAt: "2026-11-02 14:05:00+00:00",
      },
      { carrier: "ups", number: "1Z999AA10123456784", url: null, deliveredAt: null },
    ],
    trackingNumber: "1Z999AA10123456784",
    trackingUrl: null,
    shippedAt: ago(24),
  });
  // Shipped by hand: an admin typed the tracking number, Printify reported no shipment.
  const byHand = await createOrder({
    ...merch,
    userId: member.id,
    status: "SHIPPED",
    trackingNumber: "ADMIN-42",
    createdAt: ago(48),
  });
  const paid = await createOrder({
    ...merch,
    userId: member.id,
    merchandiseId: product.id,
    amount: "24.00",
    status: "PENDING",
    createdAt: ago(1),
  });
  // Not theirs: a guest's order with the member's own e-mail, another member's, and a resource purchase (not the store).
  const guests = await createOrder({ ...merch, userId: null, merchandiseId: product.id, createdAt: ago(0.5) });
  const others = await createOrder({ ...merch, userId: other.id, customerEmail: other.email, merchandiseId: product.id });
  await createOrder({ userId: member.id, customerEmail: member.email, orderType: "RESOURCE_ONETIME" });

  const res = await (await signedInClient(member)).api["my-billing"]["store-orders"].get({ query: {} });
  expect(res.status).toBe(200);
  const orders = res.data!;
  expect(orders.map((o) => o.id)).toEqual([paid.id, byHand.id, shipped.id]);
  for (const id of [guests.id, others.id]) expect(JSON.stringify(res.data)).not.toContain(id);

  const view = orders[2]!;
  expect(view).toEqual({
    id: shipped.id,
    product: { id: product.id, title: product.title },
    variantTitle: "Black / M",
    quantity: 2,
    amount: "48.00",
    status: "SHIPPED",
    createdAt: shipped.createdAt.toISOString(),
    shipments: [
      {
        carrier: "usps",
        number: "9400111899223",
        url: "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223",
        deliveredAt: "2026-11-02T14:05:00.000Z",
      },
      { carrier: "ups", number: "1Z999AA10123456784", url: null, deliveredAt: null },
    ],
    trackingNumber: "1Z999AA10123456784",
    trackingUrl: null,
  });
  // Exactly the contract's fields: what the buyer must not see is absent, not merely empty.
  expect(Object.keys(view).sort()).toEqual([
    "amount",
    "createdAt",
    "id",
    "product",
    "quantity",
    "shipments",
    "status",
    "trackingNumber",
    "trackingUrl",
    "variantTitle",
  ]);
  const text = JSON.stringify(res.data);
  for (const secret of Object.values(secrets)) expect(text).not.toContain(secret);
  for (const field of [
    "printifyOrderId",
    "submissionError",
    "stripePaymentId",
    "shippingAddress",
    "addressTo",
    "customerEmail",
    "printifyStatus",
  ]) {
    expect(text).not.toContain(field);
  }

  expect(orders[1]).toMatchObject({ product: null, shipments: [], trackingNumber: "ADMIN-42", status: "SHIPPED" });
  expect(orders[0]).toMatchObject({
    product: { id: product.id },
    status: "PENDING",
    shipments: [],
    trackingNumber: null,
    quantity: 1,
  });

  // The other member sees their own order only; the guest's order is no one's here.
  const theirs = await (await signedInClient(other)).api["my-billing"]["store-orders"].get({ query: {} });
  expect(theirs.data!.map((o) => o.id)).toEqual([others.id]);
});

// /subscriptions' three lists page by keyset, none with a ceiling (decision 008, "Every list pages").
test(`plans, purchases and store orders each page by keyset (${BILLING_PAGE_SIZE} a page): every row once, newest first`, async () => {
  const [member, other] = await Promise.all([createUser(), createUser()]);
  const prisma = await db();
  const count = BILLING_PAGE_SIZE * 2 + 3;
  // Pairs share a time: the id breaks the tie.
  const when = (i: number) => new Date(Date.UTC(2026, 5, 1, 0, Math.floor(i / 2)));
  const order = (i: number, orderType: "RESOURCE_ONETIME" | "MERCHANDISE", userId = member.id) => ({
    id: crypto.randomUUID(),
    userId,
    orderType,
    customerEmail: member.email,
    amount: "10.00",
    status: "COMPLETED" as const,
    createdAt: when(i),
  });
  const purchases = Array.from({ length: count }, (_, i) => order(i, "RESOURCE_ONETIME"));
  const storeOrders = Array.from({ length: count }, (_, i) => order(i, "MERCHANDISE"));
  const plans = Array.from({ length: count }, (_, i) => ({
    id: crypto.randomUUID(),
    userId: member.id,
    plan: "ANNUAL" as const,
    status: "EXPIRED" as const,
    endDate: when(i),
  }));
  await Promise.all([
    prisma.order.createMany({ data: [...purchases, ...storeOrders, order(0, "MERCHANDISE", other.id)] }),
    prisma.subscription.createMany({ data: [...plans, { ...plans[0]!, id: crypto.randomUUID(), userId: other.id }] }),
  ]);
  const newestFirst = <T extends { id: string }>(rows: T[], at: (row: T) => Date) =>
    [...rows].sort((a, b) => at(b).getTime() - at(a).getTime() || (a.id < b.id ? 1 : -1)).map((r) => r.id);

  const billing = (await signedInClient(member)).api["my-billing"];
  const walked = await Promise.all([
    walkPages((cursor) => billing.subscriptions.get({ query: { cursor } })),
    walkPages((cursor) => billing.purchases.get({ query: { cursor } })),
    walkPages((cursor) => billing["store-orders"].get({ query: { cursor } })),
  ]);
  expect(walked.map((w) => w.pages)).toEqual([3, 3, 3]);
  expect(walked[0].items.map((p) => p.id)).toEqual(newestFirst(plans, (p) => p.endDate));
  expect(walked[1].items.map((p) => p.id)).toEqual(newestFirst(purchases, (o) => o.createdAt));
  expect(walked[2].items.map((o) => o.id)).toEqual(newestFirst(storeOrders, (o) => o.createdAt));
  // A smaller page, and a cursor that is not ours.
  expect((await walkPages((cursor) => billing.purchases.get({ query: { limit: 7, cursor } }))).pages).toBe(7);
  expect((await billing.purchases.get({ query: { cursor: "bm90IG91cnM" } })).status).toBe(400);
});
