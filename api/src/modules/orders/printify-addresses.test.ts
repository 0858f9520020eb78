// The address a paid merchandise order sends to Printify (decision 012): a one-word shipping name is never sent
// with an empty last_name, and Printify's address-validation refusal reaches the admin's order card as readable text.
//
// The refusal is Printify's documented "Invalid address validation error example" for POST /v1/shops/{shop_id}/orders.json,
// copied verbatim: spencerlepine/printify-sdk-js, docs/PRINTIFY-Documentation.md ("Orders" → "Common error cases"),
// commit 8c8472153d142c38264a809a2ffe76f123b6baa1. Its `errors.reason` is itself JSON text.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { signedInClient } from "../../../test/client";
import { createProductWithVariants, createUser, unique } from "../../../test/factories";
import { type FakePrintify, startFakePrintify } from "../../../test/fake-printify";
import { deliverStripeEvent, type FakeStripe, paidMerchandiseEvent, startFakeStripe } from "../../../test/fake-stripe";
import { drain, withJobQueue } from "../../../test/jobs";
import { db } from "../../db/client";
import { RECEIPT_JOB } from "../payments/emails";
import { useStripe } from "../../lib/stripe";
import { printifyReason, usePrintify } from "../printify/client";
import { DEMO_PRODUCTS, DEMO_SHOP } from "../printify/demo-catalogue";
import { SUBMIT_JOB } from "./printify-submission";

/** Printify's documented address-validation error body (source above), byte for byte apart from the JSON comment. */
const DOCUMENTED_ADDRESS_ERROR = {
  status: "error",
  code: 8103,
  message: "Validation failed.",
  errors: { reason: '{"zip":["The zip field is required."]}', code: 8103 },
};

const PRODUCT = DEMO_PRODUCTS[0]!;
const VARIANT = PRODUCT.variants.find((v) => v.is_enabled)!;
const CREATE = /^\/v1\/shops\/\d+\/orders\.json$/;

let printify: FakePrintify;
let stripe: FakeStripe;
/** When set, the next order creation is refused with this body (400), as Printify refuses an address. */
let refuseNextCreate: object | null = null;

withJobQueue();
beforeAll(() => {
  printify = startFakePrintify({
    demo: true,
    control: (request, url) => {
      if (request.method !== "POST" || !CREATE.test(url.pathname) || !refuseNextCreate) return undefined;
      const body = refuseNextCreate;
      refuseNextCreate = null;
      return Response.json(body, { status: 400 });
    },
  });
  stripe = startFakeStripe();
});
beforeEach(() => {
  usePrintify(printify.client());
  useStripe(stripe.client);
  refuseNextCreate = null;
});
afterAll(async () => {
  await drain(SUBMIT_JOB);
  await drain(RECEIPT_JOB);
  usePrintify(undefined);
  useStripe(undefined);
  await Promise.all([printify.stop(), stripe.stop()]);
});

async function merchandise() {
  const printifyId = unique("pfy");
  printify.products.get(DEMO_SHOP.id)!.push({ ...structuredClone(PRODUCT), id: printifyId });
  return createProductWithVariants({ printifyId, printifyShopId: String(DEMO_SHOP.id) });
}

/** A paid session (checkout.session.completed) whose shipping name is `name`, delivered to our Stripe webhook. */
async function buy(name: string) {
  const product = await merchandise();
  const email = `${unique("buyer")}@example.com`;
  const event = paidMerchandiseEvent(product, { email, printifyVariantId: String(VARIANT.id) });
  event.data.object.collected_information.shipping_details.name = name;
  expect((await deliverStripeEvent(event)).status).toBe(200);
  await drain(SUBMIT_JOB);
  const order = await (await db()).order.findFirstOrThrow({ where: { merchandiseId: product.id } });
  return { order, email, sent: printify.orders.filter((o) => o.metadata.shop_order_id === order.id) };
}

describe("a one-word shipping name", () => {
  test("is sent as first_name with the same word as last_name, never an empty last_name; Printify takes the order", async () => {
    const { order, sent } = await buy("Cher");
    expect(sent).toHaveLength(1);
    expect(sent[0]!.address_to).toMatchObject({ first_name: "Cher", last_name: "Cher" });
    expect((await (await db()).order.findUniqueOrThrow({ where: { id: order.id } })).submissionError).toBeNull();
  });

  test("two or more words still split at the first space; blank padding never makes an empty part", async () => {
    const { sent } = await buy("  Ada   Lovelace King ");
    expect(sent[0]!.address_to).toMatchObject({ first_name: "Ada", last_name: "Lovelace King" });
  });
});

describe("Printify's address-validation refusal", () => {
  test("reads as the field and its message on the admin's order card, not as raw JSON", async () => {
    refuseNextCreate = DOCUMENTED_ADDRESS_ERROR;
    const { order, email, sent } = await buy("Ada Lovelace");
    expect(sent).toHaveLength(0);
    const admin = await signedInClient(await createUser({ role: "ADMIN" }));
    const list = await admin.api.orders.get({ query: { email } });
    const card = list.data?.find((o) => o.id === order.id);
    expect(card?.submissionError).toBe("Validation failed. zip: The zip field is required.");
    expect(card?.submissionError).not.toContain("{");
    const timeline = await admin.api.orders({ id: order.id }).timeline.get();
    expect(JSON.stringify(timeline.data)).toContain("zip: The zip field is required.");
  });

  test("printifyReason: a JSON reason of several fields becomes one readable line; other reasons stay as they were", () => {
    expect(printifyReason(JSON.stringify(DOCUMENTED_ADDRESS_ERROR), "x")).toEqual({
      reason: "Validation failed. zip: The zip field is required.",
      code: 8103,
    });
    const several = {
      ...DOCUMENTED_ADDRESS_ERROR,
      errors: {
        reason:
          '{"address_to.zip":["The zip field is required."],"address_to.region":["The region is invalid.","Pick a state."]}',
        code: 8103,
      },
    };
    expect(printifyReason(JSON.stringify(several), "x").reason).toBe(
      "Validation failed. address_to.zip: The zip field is required.; address_to.region: The region is invalid. Pick a state.",
    );
    // The documented product error: a plain reason stays exactly Printify's words.
    expect(
      printifyReason(
        '{"status":"error","code":8203,"message":"Validation failed.","errors":{"reason":"Image has low quality","code":8203}}',
        "x",
      ).reason,
    ).toBe("Image has low quality");
    // The documented upload error: JSON inside the text, but not a field list — kept as Printify wrote it.
    const upload = 'Failed to upload image. Cause: {"code":"error.file.size.limit.exceeded"}';
    expect(
      printifyReason(JSON.stringify({ code: 8201, message: "Validation failed.", errors: { reason: upload } }), "x").reason,
    ).toBe(upload);
  });
});
