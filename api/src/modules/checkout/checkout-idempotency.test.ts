// The idempotency key of a merchandise Checkout Session (decision 010): a guest is known by their browser — the
// page's checkout nonce, else the checkout cookie — never by their network address, so two guests behind one address
// get two sessions while one browser's double click still gets one; and the key covers the exact parameters sent,
// so a product renamed within the window makes a new session instead of Stripe's `idempotency_error` (Stripe refuses
// a reused key whose parameters differ). The same holds for a premium resource's checkout (a renamed resource).
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { signedInClient, visitor, type Client } from "../../../test/client";
import { createProductWithVariants, createUser } from "../../../test/factories";
import { type FakeStripe, startFakeStripe } from "../../../test/fake-stripe";
import { db } from "../../db/client";
import { BROWSER_COOKIE } from "../../dev/browser-cookie";
import { useStripe } from "../../lib/stripe";

let fake: FakeStripe;
beforeAll(() => {
  fake = startFakeStripe();
});
beforeEach(() => {
  useStripe(fake.client);
});
afterAll(async () => {
  useStripe(undefined);
  await fake.stop();
});

const sessionCalls = () => fake.calls.filter((c) => c.path === "/v1/checkout/sessions");
type Body = { merchandiseId: string; variantId: string; variantTitle: string; checkoutNonce?: string };
const buy = (client: Client, body: Body) => client.api["create-merchandise-checkout"].post(body);
const NONCE = () => crypto.randomUUID();

describe("a guest's key is their browser, never their address", () => {
  test("two guests behind one address, no cookie yet, same variant within the window: two sessions", async () => {
    const product = await createProductWithVariants();
    const body = { merchandiseId: product.id, variantId: "1001", variantTitle: "Black / S" };
    const a = await buy(visitor({ ip: "203.0.113.7" }), body);
    const b = await buy(visitor({ ip: "203.0.113.7" }), body);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(b.data!.url).not.toBe(a.data!.url);
    const [first, second] = sessionCalls().slice(-2);
    expect(first!.idempotencyKey).not.toBe(second!.idempotencyKey);
  });

  test("two guests behind one address with their page's nonces: two sessions; each double click: one", async () => {
    const product = await createProductWithVariants();
    const ann = { client: visitor({ ip: "198.51.100.9" }), nonce: NONCE() };
    const bob = { client: visitor({ ip: "198.51.100.9" }), nonce: NONCE() };
    const body = { merchandiseId: product.id, variantId: "1001", variantTitle: "Black / S" };
    const [a1, a2, b1, b2] = await Promise.all([
      buy(ann.client, { ...body, checkoutNonce: ann.nonce }),
      buy(ann.client, { ...body, checkoutNonce: ann.nonce }),
      buy(bob.client, { ...body, checkoutNonce: bob.nonce }),
      buy(bob.client, { ...body, checkoutNonce: bob.nonce }),
    ]);
    expect(a1.data!.url).toBe(a2.data!.url);
    expect(b1.data!.url).toBe(b2.data!.url);
    expect(a1.data!.url).not.toBe(b1.data!.url);
  });

  test("without a nonce, a guest's browser cookie is the key: set on the first checkout, reused by the next", async () => {
    const product = await createProductWithVariants();
    const guest = visitor();
    const body = { merchandiseId: product.id, variantId: "1001", variantTitle: "Black / S" };
    const first = await buy(guest, body);
    expect(first.response.headers.getSetCookie().some((c) => c.startsWith(`${BROWSER_COOKIE}=`))).toBe(true);
    const second = await buy(guest, body);
    expect(second.data!.url).toBe(first.data!.url);
    // Another browser on the same address is another buyer.
    expect((await buy(visitor({ ip: guest.ip }), body)).data!.url).not.toBe(first.data!.url);
  });

  test("a malformed nonce is refused (400) and creates nothing", async () => {
    const product = await createProductWithVariants();
    const before = sessionCalls().length;
    for (const checkoutNonce of ["short", "x".repeat(65), "has space in it 1234", "<script>alert(1)</script>"]) {
      const res = await buy(visitor(), { merchandiseId: product.id, variantId: "1001", variantTitle: "", checkoutNonce });
      expect(res.status).toBe(400);
    }
    expect(sessionCalls().length).toBe(before);
  });
});

describe("the key covers the parameters Stripe hashes", () => {
  test("a product renamed within the window: a new session with the new name, never the old one or Stripe's idempotency_error", async () => {
    const product = await createProductWithVariants();
    const guest = visitor();
    const body = { merchandiseId: product.id, variantId: "1001", variantTitle: "Black / S", checkoutNonce: NONCE() };
    const before = await buy(guest, body);
    await (await db()).merchandise.update({ where: { id: product.id }, data: { title: "Renamed Tee" } });
    const after = await buy(guest, body);
    expect(after.status).toBe(200);
    expect(after.data!.url).not.toBe(before.data!.url);
    const [first, second] = sessionCalls().slice(-2);
    expect(second!.idempotencyKey).not.toBe(first!.idempotencyKey);
    expect(second!.params["line_items[0][price_data][product_data][name]"]).toContain("Renamed Tee");
    // And unchanged parameters still reuse the session (the double click).
    expect((await buy(guest, body)).data!.url).toBe(after.data!.url);
  });

  test("a member's double click: one session; a renamed product: a new one", async () => {
    const product = await createProductWithVariants();
    const member = await signedInClient(await createUser());
    const body = { merchandiseId: product.id, variantId: "1001", variantTitle: "Black / S" };
    const [a, b] = await Promise.all([buy(member, body), buy(member, body)]);
    expect(a.data!.url).toBe(b.data!.url);
    await (await db()).merchandise.update({ where: { id: product.id }, data: { title: "Member Tee v2" } });
    expect((await buy(member, body)).data!.url).not.toBe(a.data!.url);
  });
});

describe("a premium resource's checkout", () => {
  test("a renamed resource within the window: a new session, not Stripe's idempotency_error; a double click: one", async () => {
    const resource = await (await db()).resource.create({
      data: {
        title: `Kit ${crypto.randomUUID()}`,
        description: "Paid content",
        type: "TOOL",
        accessLevel: "PREMIUM",
        oneTimePrice: "49.00",
        monthlyPrice: "9.99",
        fileUrl: "/api/files/private/kit.pdf",
      },
    });
    const member = await signedInClient(await createUser());
    const body = { resourceId: resource.id, paymentType: "onetime" as const };
    const [a, b] = await Promise.all([
      member.api["create-checkout-session"].post(body),
      member.api["create-checkout-session"].post(body),
    ]);
    expect(a.status).toBe(200);
    expect(b.data!.url).toBe(a.data!.url);
    await (await db()).resource.update({ where: { id: resource.id }, data: { title: "Renamed kit" } });
    const renamed = await member.api["create-checkout-session"].post(body);
    expect(renamed.status).toBe(200);
    expect(renamed.data!.url).not.toBe(a.data!.url);
    expect(sessionCalls().at(-1)!.params["line_items[0][price_data][product_data][name]"]).toContain("Renamed kit");
  });
});

describe("Stripe's rule for idempotency keys", () => {
  // Runs last in this file: every Checkout Session call made above, double clicks and renames included.
  test("no key was ever sent again with other parameters (what Stripe answers with idempotency_error)", () => {
    const byKey = new Map<string, string>();
    for (const call of sessionCalls()) {
      const params = JSON.stringify(Object.entries(call.params).sort());
      const key = call.idempotencyKey!;
      expect(key).toBeTruthy();
      if (byKey.has(key)) expect(params).toBe(byKey.get(key)!);
      else byKey.set(key, params);
    }
    expect(byKey.size).toBeGreaterThan(5);
  });
});
