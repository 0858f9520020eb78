// Merchandise checkout to the paid order (SPEC §7 POST /api/create-merchandise-checkout): guests and members, the price and title from the stored variant only, disabled / out-of-stock / unavailable refused, idempotency, limits, bad input; the webhook creates one order (sequential and concurrent repeats) with one receipt; the local test payment for guests bound to their browser, with the address form's rules.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import Stripe from "stripe";
import { BASE_URL, invalid, raw, signedInClient, visitor, type Client } from "../../../test/client";
import { createProductWithVariants, createUser, unique } from "../../../test/factories";
import { deliverStripeEvent, type FakeStripe, paidMerchandiseEvent, startFakeStripe } from "../../../test/fake-stripe";
import { drain, withJobQueue } from "../../../test/jobs";
import { received, waitForMail } from "../../../test/mailbox";
import { db } from "../../db/client";
import { BROWSER_COOKIE } from "../../dev/browser-cookie";
import { SHIPPING_MESSAGES } from "../../dev/schema";
import { RECEIPT_JOB } from "../payments/emails";
import { useStripe } from "../../lib/stripe";
import { merchandiseCheckoutLimits } from "./merchandise";
import { MERCH_CHECKOUT_MESSAGES, PAYMENT_MESSAGES } from "./schema";

const _webhooks = new Stripe("sk_test_signing").webhooks;
let fake: FakeStripe;

withJobQueue(); // receipts are sent by jobs enqueued with the order (decision 011)
beforeAll(() => {
  fake = startFakeStripe();
});
beforeEach(() => {
  useStripe(fake.client);
});
afterAll(async () => {
  await drain(RECEIPT_JOB); // receipts are sent by jobs: let the last ones reach the test mailbox
  useStripe(undefined);
  await fake.stop();
});

const messageOf = (res: { error: unknown }) => (res.error as { value?: { message?: string } } | null)?.value?.message ?? "";
const sessionCalls = () => fake.calls.filter((c) => c.path === "/v1/checkout/sessions");
const lastSessionCall = () => sessionCalls().at(-1)!;
const buy = (client: Client, body: { merchandiseId: string; variantId: string; variantTitle: string; checkoutNonce?: string }) =>
  client.api["create-merchandise-checkout"].post(body);
const receiptsTo = (email: string) => received.filter((m) => m.to.includes(email) && /receipt/i.test(m.subject));
/** The receipts to `email` once `expected` have arrived (or 5 s passed), after a pause in which a duplicate would show. */
async function settledReceipts(email: string, expected: number) {
  const deadline = Date.now() + 5000;
  while (receiptsTo(email).length < expected && Date.now() < deadline) await Bun.sleep(20);
  await drain(RECEIPT_JOB); // every receipt job done: a duplicate would be in the mailbox by now
  await Bun.sleep(100);
  return receiptsTo(email);
}
const localId = (url: string) => /^\/payments\/test\/(cs_test_local_[0-9a-f]{24})$/.exec(url)?.[1] ?? "";

const ADDRESS = {
  name: "Ada Lovelace",
  line1: "12 Analytical Row",
  line2: "Flat 3",
  city: "London",
  region: "Greater London",
  postalCode: "N1 9GU",
  country: "GB" as const,
};

describe("POST /api/create-merchandise-checkout (Stripe)", () => {
  test("a guest: payment mode, price from the variant, shipping countries, e-mail left to Stripe, metadata, return URLs", async () => {
    const product = await createProductWithVariants();
    const guest = visitor();
    const res = await buy(guest, { merchandiseId: product.id, variantId: "1001", variantTitle: "Black / S" });
    expect(res.status).toBe(200);
    expect(res.data!.url).toStartWith("https://checkout.stripe.test/");
    const { params, idempotencyKey } = lastSessionCall();
    expect(params).toMatchObject({
      mode: "payment",
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][price_data][unit_amount]": "2500",
      "line_items[0][price_data][product_data][name]": `${product.title} — Black / S`,
      "shipping_address_collection[allowed_countries][0]": "US",
      // Printify's address_to takes a phone, and carriers use it for delivery: Checkout asks for it.
      "phone_number_collection[enabled]": "true",
      "metadata[kind]": "merchandise",
      "metadata[userId]": "",
      "metadata[merchandiseId]": product.id,
      "metadata[merchandiseVariantId]": product.variants[0]!.id,
      "metadata[printifyVariantId]": "1001",
      "metadata[variantTitle]": "Black / S",
      "payment_intent_data[metadata][kind]": "merchandise",
      success_url: `${BASE_URL}/merchandise?success=true`,
      cancel_url: `${BASE_URL}/merchandise?canceled=true`,
    });
    // No customer: Stripe Checkout asks the guest for their e-mail (payment mode always collects one).
    expect(params.customer).toBeUndefined();
    expect(params.customer_email).toBeUndefined();
    expect(idempotencyKey).toBeTruthy();
    // The browser cookie stands for the guest in the idempotency key when the form carried no nonce (decision 010).
    expect(guest.jar.get(BROWSER_COOKIE)).toBeTruthy();
  });

  test("a member: their Stripe customer (e-mail prefilled) and their id on the session", async () => {
    const [product, user] = await Promise.all([createProductWithVariants(), createUser()]);
    const member = await signedInClient(user);
    const res = await buy(member, { merchandiseId: product.id, variantId: "1002", variantTitle: "White / M" });
    expect(res.status).toBe(200);
    const { params } = lastSessionCall();
    const customer = fake.calls.findLast((c) => c.path === "/v1/customers")!;
    expect(customer.params.email).toBe(user.email);
    expect(params.customer).toStartWith("cus_");
    expect(params).toMatchObject({
      client_reference_id: user.id,
      "metadata[userId]": user.id,
      "line_items[0][price_data][unit_amount]": "2750",
    });
  });

  test("price tampering is ignored: a price in the body and another title change nothing", async () => {
    const product = await createProductWithVariants();
    const body = invalid<{ merchandiseId: string; variantId: string; variantTitle: string }>({
      merchandiseId: product.id,
      variantId: "1001",
      variantTitle: "Gold / XXL",
      price: "0.01",
      amount: 1,
      unit_amount: 1,
    });
    const res = await buy(visitor(), body);
    expect(res.status).toBe(200);
    expect(lastSessionCall().params).toMatchObject({
      "line_items[0][price_data][unit_amount]": "2500",
      "line_items[0][price_data][product_data][name]": `${product.title} — Black / S`,
      "metadata[variantTitle]": "Black / S",
    });
  });

  test("a disabled or out-of-stock variant, an unknown one, or one of another product is refused", async () => {
    const product = await createProductWithVariants({}, [
      { providerVariantId: "1001", title: "Black / S", optionValueIds: [1, 11], price: "25.00" },
      { providerVariantId: "1003", title: "Black / M", optionValueIds: [1, 12], price: "25.00", isEnabled: false },
      { providerVariantId: "1004", title: "White / S", optionValueIds: [2, 11], price: "25.00", isAvailable: false },
    ]);
    const other = await createProductWithVariants({}, [{ providerVariantId: "9999", title: "Mug", price: "12.00" }]);
    const guest = visitor();
    const before = sessionCalls().length;
    const cases = [
      ["1003", 400, MERCH_CHECKOUT_MESSAGES.variantDisabled],
      ["1004", 409, MERCH_CHECKOUT_MESSAGES.outOfStock],
      ["424242", 400, MERCH_CHECKOUT_MESSAGES.variantNotFound],
      ["9999", 400, MERCH_CHECKOUT_MESSAGES.variantNotFound],
    ] as const;
    for (const [variantId, status, message] of cases) {
      const res = await buy(guest, { merchandiseId: product.id, variantId, variantTitle: "" });
      expect([variantId, res.status, messageOf(res)]).toEqual([variantId, status, message]);
    }
    expect((await buy(guest, { merchandiseId: other.id, variantId: "9999", variantTitle: "" })).status).toBe(200);
    expect(sessionCalls().length).toBe(before + 1);
  });

  test("an unavailable product is refused (409); an unknown one is 404", async () => {
    const product = await createProductWithVariants({ available: false });
    const guest = visitor();
    const res = await buy(guest, { merchandiseId: product.id, variantId: "1001", variantTitle: "Black / S" });
    expect([res.status, messageOf(res)]).toEqual([409, MERCH_CHECKOUT_MESSAGES.unavailable]);
    const unknown = await buy(guest, {
      merchandiseId: "00000000-0000-4000-8000-000000000000",
      variantId: "1001",
      variantTitle: "",
    });
    expect([unknown.status, messageOf(unknown)]).toEqual([404, MERCH_CHECKOUT_MESSAGES.notFound]);
  });

  test("a double click makes one Checkout Session (same idempotency key, same URL); another variant a new one", async () => {
    const product = await createProductWithVariants();
    const guest = visitor();
    // The page's nonce (ProductPurchase sends one per view) makes the two clicks one buyer before any cookie is set.
    const nonce = { checkoutNonce: crypto.randomUUID() };
    const body = { merchandiseId: product.id, variantId: "1001", variantTitle: "Black / S" };
    const [a, b] = await Promise.all([buy(guest, { ...body, ...nonce }), buy(guest, { ...body, ...nonce })]);
    expect(a.data!.url).toBe(b.data!.url);
    const [first, second] = sessionCalls().slice(-2);
    expect(first!.idempotencyKey).toBe(second!.idempotencyKey);
    const other = await buy(guest, { ...body, variantId: "1002" });
    expect(other.data!.url).not.toBe(a.data!.url);
    // Another guest (another address) buying the same variant gets a session of their own.
    const stranger = await buy(visitor(), body);
    expect(stranger.data!.url).not.toBe(a.data!.url);
  });

  test("limited per guest address and per member: 429 with Retry-After; others unaffected", async () => {
    const product = await createProductWithVariants();
    const body = { merchandiseId: product.id, variantId: "1001", variantTitle: "Black / S" };
    const guest = visitor();
    for (let i = 0; i < merchandiseCheckoutLimits.perAddress.limit; i++) expect((await buy(guest, body)).status).toBe(200);
    const limited = await buy(guest, body);
    expect([limited.status, messageOf(limited)]).toEqual([429, PAYMENT_MESSAGES.tooMany]);
    expect(Number(limited.response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await buy(visitor(), body)).status).toBe(200);

    const member = await signedInClient(await createUser());
    for (let i = 0; i < merchandiseCheckoutLimits.perMember.limit; i++) expect((await buy(member, body)).status).toBe(200);
    const memberLimited = await buy(member, body);
    expect(memberLimited.status).toBe(429);
    expect(memberLimited.response.headers.get("retry-after")).toBeTruthy();
  });

  test("bad input → 400 and no session: NUL, huge, wrong types, missing fields, not an object", async () => {
    const product = await createProductWithVariants();
    const guest = visitor();
    const before = sessionCalls().length;
    const bodies: unknown[] = [
      { merchandiseId: `${product.id}\u0000`, variantId: "1001", variantTitle: "Black / S" },
      { merchandiseId: product.id, variantId: "1001\u0000", variantTitle: "Black / S" },
      { merchandiseId: product.id, variantId: "1001", variantTitle: "x".repeat(100_000) },
      { merchandiseId: "x".repeat(10_000), variantId: "1001", variantTitle: "" },
      { merchandiseId: product.id, variantId: "9".repeat(1000), variantTitle: "" },
      { merchandiseId: product.id, variantId: 1001, variantTitle: "Black / S" },
      { merchandiseId: product.id, variantId: "1001", variantTitle: ["Black", "S"] },
      { merchandiseId: product.id, variantId: "1001" },
      { merchandiseId: product.id, variantId: "", variantTitle: "" },
      {},
    ];
    for (const body of bodies) {
      const res = await buy(guest, invalid(body));
      expect([JSON.stringify(body).slice(0, 60), res.status]).toEqual([JSON.stringify(body).slice(0, 60), 400]);
    }
    const array = await raw(
      new Request(`${BASE_URL}/api/create-merchandise-checkout`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: BASE_URL },
        body: JSON.stringify([product.id, "1001"]),
      }),
    );
    expect(array.status).toBe(400);
    expect(sessionCalls().length).toBe(before);
  });
});

// ── The Stripe webhook: a paid merchandise session becomes one order ──────────────────────────────────────────────
const paidMerchandise = paidMerchandiseEvent;

const deliver = deliverStripeEvent;

const merchOrders = async (merchandiseId: string) =>
  (await db()).order.findMany({ where: { merchandiseId }, include: { events: true } });

describe("the Stripe webhook creates the merchandise order", () => {
  test("a guest's paid session: one PENDING MERCHANDISE order with variant, shop, address, a PAID event and a receipt", async () => {
    const product = await createProductWithVariants();
    const email = `${unique("guest")}@example.com`;
    const event = paidMerchandise(product, { email });
    expect((await deliver(event)).status).toBe(200);
    const [order, ...more] = await merchOrders(product.id);
    expect(more).toHaveLength(0);
    expect(order).toMatchObject({
      orderType: "MERCHANDISE",
      status: "PENDING",
      userId: null,
      merchandiseVariantId: product.variants[0]!.id,
      printifyVariantId: "1001",
      variantTitle: "Black / S",
      printifyShopId: "shop-1",
      quantity: 1,
      customerEmail: email,
      customerName: "Homer J Simpson",
      stripePaymentId: event.data.object.payment_intent,
      shippingAddress: "Homer J Simpson, 1 Main St, Springfield, IL 62701, US",
      addressTo: {
        first_name: "Homer",
        last_name: "J Simpson",
        email,
        phone: "",
        country: "US",
        region: "IL",
        address1: "1 Main St",
        address2: "",
        city: "Springfield",
        zip: "62701",
      },
    });
    expect(order!.amount.toString()).toBe("25");
    expect(order!.events.map((e) => e.kind)).toEqual(["PAID"]);
    const mail = await waitForMail(email, /receipt/i);
    expect(await settledReceipts(email, 1)).toHaveLength(1);
    expect(mail.text).toContain(product.title);
    expect(mail.text).toContain("Black / S");
    expect(mail.text).toContain("$25.00");
    expect(mail.text).toContain("1 Main St, Springfield, IL 62701, US");
  });

  test("a member's paid session is linked to them", async () => {
    const [product, user] = await Promise.all([createProductWithVariants(), createUser()]);
    expect((await deliver(paidMerchandise(product, { userId: user.id, email: user.email }))).status).toBe(200);
    const [order] = await merchOrders(product.id);
    expect(order).toMatchObject({ userId: user.id, customerEmail: user.email, orderType: "MERCHANDISE" });
  });

  test("the same event 5× in a row and 5× at once: one order, one PAID event, one receipt", async () => {
    const product = await createProductWithVariants();
    const email = `${unique("repeat")}@example.com`;
    const event = paidMerchandise(product, { email });
    for (let i = 0; i < 5; i++) expect((await deliver(event)).status).toBe(200);
    const concurrent = paidMerchandise(product, { email });
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(concurrent)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const orders = await merchOrders(product.id);
    expect(orders).toHaveLength(2); // two payments (two events), each once
    expect(orders.every((o) => o.events.length === 1)).toBe(true);
    expect(await settledReceipts(email, 2)).toHaveLength(2);
  });
});

// ── Without Stripe keys: the local test payment page, for guests too ─────────────────────────────────────────────
describe("local test payments for merchandise", () => {
  test("a guest's session is bound to their browser: an HttpOnly cookie, 404 for any other browser", async () => {
    useStripe(null);
    const product = await createProductWithVariants();
    const guest = visitor();
    const res = await buy(guest, { merchandiseId: product.id, variantId: "1001", variantTitle: "Black / S" });
    expect(res.status).toBe(200);
    const id = localId(res.data!.url);
    expect(id).not.toBe("");
    const setCookie = res.response.headers.getSetCookie().find((c) => c.startsWith(`${BROWSER_COOKIE}=`))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    // Only the hash is stored.
    const token = guest.jar.get(BROWSER_COOKIE)!;
    const row = await (await db()).testPayment.findUniqueOrThrow({ where: { id } });
    expect(row.userId).toBeNull();
    expect(row.browserHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.browserHash).not.toContain(token);

    const view = await guest.api.payments.test({ id }).get();
    expect(view.data).toMatchObject({ amount: "25.00", shipping: true, askEmail: true, interval: null });

    // Another browser, one with a forged cookie, and a member: 404 for view, pay and cancel.
    const other = visitor();
    await buy(other, { merchandiseId: product.id, variantId: "1002", variantTitle: "White / M" });
    const forged = visitor();
    forged.jar.set(BROWSER_COOKIE, "A".repeat(43));
    const member = await signedInClient(await createUser());
    for (const stranger of [other, forged, member, visitor()]) {
      expect((await stranger.api.payments.test({ id }).get()).status).toBe(404);
      expect((await stranger.api.payments.test({ id }).pay.post({ ...ADDRESS, email: "x@example.com" })).status).toBe(404);
      expect((await stranger.api.payments.test({ id }).cancel.post()).status).toBe(404);
    }
    expect(await merchOrders(product.id)).toHaveLength(0);

    // The same browser again (a double click, then a later checkout) reuses its cookie and its session.
    const again = await buy(guest, { merchandiseId: product.id, variantId: "1001", variantTitle: "Black / S" });
    expect(localId(again.data!.url)).toBe(id);
    expect(guest.jar.get(BROWSER_COOKIE)).toBe(token);
  });

  test("a guest pays with e-mail and address: the order carries them, one receipt; the session is then gone", async () => {
    useStripe(null);
    const product = await createProductWithVariants();
    const guest = visitor();
    const id = localId((await buy(guest, { merchandiseId: product.id, variantId: "1002", variantTitle: "White / M" })).data!.url);
    const email = `${unique("local-guest")}@example.com`;
    const paid = await guest.api.payments.test({ id }).pay.post({ ...ADDRESS, email });
    expect([paid.status, paid.data?.url]).toEqual([200, `${BASE_URL}/merchandise?success=true`]);
    const [order, ...more] = await merchOrders(product.id);
    expect(more).toHaveLength(0);
    expect(order).toMatchObject({
      orderType: "MERCHANDISE",
      status: "PENDING",
      userId: null,
      customerEmail: email,
      customerName: "Ada Lovelace",
      printifyVariantId: "1002",
      variantTitle: "White / M",
      shippingAddress: "Ada Lovelace, 12 Analytical Row, Flat 3, London, Greater London N1 9GU, GB",
      addressTo: { first_name: "Ada", last_name: "Lovelace", country: "GB", region: "Greater London", zip: "N1 9GU", email },
    });
    expect(order!.amount.toString()).toBe("27.5");
    expect(order!.events.map((e) => e.kind)).toEqual(["PAID"]);
    expect((await guest.api.payments.test({ id }).get()).status).toBe(404);
    expect(await settledReceipts(email, 1)).toHaveLength(1);
  });

  test("5 concurrent Pay clicks by a guest: one order, one receipt", async () => {
    useStripe(null);
    const product = await createProductWithVariants();
    const guest = visitor();
    const id = localId((await buy(guest, { merchandiseId: product.id, variantId: "1001", variantTitle: "Black / S" })).data!.url);
    const email = `${unique("clicks")}@example.com`;
    const clicks = await Promise.all(
      Array.from({ length: 5 }, () => guest.api.payments.test({ id }).pay.post({ ...ADDRESS, email })),
    );
    expect(clicks.map((c) => c.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await merchOrders(product.id)).toHaveLength(1);
    expect(await settledReceipts(email, 1)).toHaveLength(1);
  });

  test("a member's session: no e-mail asked, the order linked to them; the session is theirs only", async () => {
    useStripe(null);
    const [product, user] = await Promise.all([createProductWithVariants(), createUser()]);
    const member = await signedInClient(user);
    const id = localId(
      (await buy(member, { merchandiseId: product.id, variantId: "1001", variantTitle: "Black / S" })).data!.url,
    );
    expect((await member.api.payments.test({ id }).get()).data).toMatchObject({ shipping: true, askEmail: false });
    expect((await visitor().api.payments.test({ id }).get()).status).toBe(404);
    const paid = await member.api.payments.test({ id }).pay.post({ ...ADDRESS, email: "ignored@example.com" });
    expect(paid.status).toBe(200);
    const [order] = await merchOrders(product.id);
    expect(order).toMatchObject({ userId: user.id, customerEmail: user.email });
  });

  test("the address form's rules: each missing or bad field is refused with its message, and the session stays open", async () => {
    useStripe(null);
    const product = await createProductWithVariants();
    const guest = visitor();
    const id = localId((await buy(guest, { merchandiseId: product.id, variantId: "1001", variantTitle: "Black / S" })).data!.url);
    const good = { ...ADDRESS, email: "buyer@example.com" };
    const cases: [Record<string, unknown>, string][] = [
      [{ email: "" }, "Invalid email address"],
      [{ email: "not-an-email" }, "Invalid email address"],
      [{ name: "   " }, SHIPPING_MESSAGES.name],
      [{ line1: "" }, SHIPPING_MESSAGES.line1],
      [{ city: "" }, SHIPPING_MESSAGES.city],
      [{ postalCode: "" }, SHIPPING_MESSAGES.postalCode],
      [{ country: "XX" }, SHIPPING_MESSAGES.country],
      [{ country: "" }, SHIPPING_MESSAGES.country],
      [{ line2: "x".repeat(201) }, SHIPPING_MESSAGES.line2],
      [{ name: "x".repeat(101) }, SHIPPING_MESSAGES.name],
    ];
    for (const [change, message] of cases) {
      const res = await guest.api.payments.test({ id }).pay.post(invalid({ ...good, ...change }));
      expect([JSON.stringify(change).slice(0, 40), res.status, messageOf(res)]).toEqual([
        JSON.stringify(change).slice(0, 40),
        400,
        message,
      ]);
    }
    // Nothing at all, wrong types, NUL and huge values: 400 too.
    for (const body of [{}, { ...good, city: 42 }, { ...good, name: "Ada\u0000" }, { ...good, line1: "x".repeat(100_000) }]) {
      expect((await guest.api.payments.test({ id }).pay.post(invalid(body))).status).toBe(400);
    }
    expect(await merchOrders(product.id)).toHaveLength(0);
    // Every address field is one line, as on Stripe Checkout: a line break or another control character (a forged
    // request; the page's inputs cannot type one) would reach the receipt, the admin's order card and Printify.
    const oneLine: [Record<string, string>, string][] = [
      [{ name: "Ada\r\nBcc: x@evil.example" }, SHIPPING_MESSAGES.oneLine],
      [{ line1: "12 Analytical Row\n13 Other Row" }, SHIPPING_MESSAGES.oneLine],
      [{ line2: "Flat\u00073" }, SHIPPING_MESSAGES.oneLine],
      [{ city: "Lon\u001bdon" }, SHIPPING_MESSAGES.oneLine],
      [{ region: "Greater\u2028London" }, SHIPPING_MESSAGES.oneLine],
      [{ postalCode: "N1\t9GU\u007f" }, SHIPPING_MESSAGES.oneLine],
    ];
    for (const [change, message] of oneLine) {
      const res = await guest.api.payments.test({ id }).pay.post(invalid({ ...good, ...change }));
      expect([Object.keys(change)[0], res.status, messageOf(res)]).toEqual([Object.keys(change)[0], 400, message]);
    }
    expect(await merchOrders(product.id)).toHaveLength(0);
    // Still open: the corrected form pays.
    expect((await guest.api.payments.test({ id }).pay.post(good)).status).toBe(200);
    expect(await merchOrders(product.id)).toHaveLength(1);
  });
});
