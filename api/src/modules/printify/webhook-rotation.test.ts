// Changing PRINTIFY_WEBHOOK_SECRET (decision 012): registration keeps a fingerprint of the secret it registered
// with (never the secret), the admin's status says when the secret changed since and when the webhooks were last
// verified (a validly signed delivery, or a registration check), and registering again replaces this URL's webhooks —
// deleted and created anew with the new secret (Printify's webhook endpoints: GET/POST /v1/shops/{shop_id}/webhooks.json,
// DELETE /v1/shops/{shop_id}/webhooks/{webhook_id}.json answering `{ "id": … }`; spencerlepine/printify-sdk-js,
// docs/PRINTIFY-Documentation.md "Webhooks", commit 8c8472153d142c38264a809a2ffe76f123b6baa1). Webhooks of another URL
// are left alone.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, spyOn, test } from "bun:test";
import { BASE_URL, raw, signedInClient } from "../../../test/client";
import { createUser } from "../../../test/factories";
import { event, type FakePrintify, printifyWebhookRequest, startFakePrintify } from "../../../test/fake-printify";
import { log } from "../../lib/logger";
import { db } from "../../db/client";
import { env } from "../../env";
import { usePrintify } from "./client";
import { RECEIVED_WEBHOOK_TOPICS } from "./shapes";

const URL_ = `${BASE_URL}/api/webhooks/printify`;
const OLD_SECRET = "the-first-webhook-secret-0001";
const NEW_SECRET = "the-rotated-webhook-secret-0002";
const mutableEnv = env as { PRINTIFY_WEBHOOK_SECRET?: string };
const secretBefore = mutableEnv.PRINTIFY_WEBHOOK_SECRET;

let fake: FakePrintify;
let shopSeq = 9_100;
function newShop(): { id: number; shopId: string } {
  const id = ++shopSeq;
  fake.shops.push({ id, title: `Shop ${id}`, sales_channel: "custom_integration" });
  return { id, shopId: String(id) };
}
const hooksOf = (shop: number) => fake.webhooks.filter((w) => w.shop_id === shop);
const delegate = async () => signedInClient(await createUser({ toolAccess: ["merchandise"] }));
/** An order event for `shop` signed with `secret`, delivered to our receiver. */
const deliver = (shop: number, secret: string) =>
  raw(
    printifyWebhookRequest(
      URL_,
      event("order:updated", { id: `unknown-${shop}`, data: { shop_id: shop, status: "on-hold" } }),
      secret,
    ),
  );

beforeAll(() => {
  fake = startFakePrintify();
});
beforeEach(() => {
  mutableEnv.PRINTIFY_WEBHOOK_SECRET = OLD_SECRET;
  usePrintify(fake.client());
});
afterEach(() => {
  fake.clearFaults();
  usePrintify(undefined);
});
afterAll(async () => {
  mutableEnv.PRINTIFY_WEBHOOK_SECRET = secretBefore;
  await fake.stop();
});

describe("a changed webhook secret", () => {
  test("the status says the secret changed; registering deletes this URL's webhooks and creates them with the new secret", async () => {
    const { id, shopId } = newShop();
    const { api } = await delegate();
    expect((await api.printify.webhooks({ shopId }).post()).status).toBe(200);
    const first = hooksOf(id).map((w) => w.id);
    const elsewhere = { id: `other-${id}`, shop_id: id, topic: "order:updated", url: "https://other.example/hook", secret: "x" };
    fake.webhooks.push(elsewhere);
    expect((await api.printify.webhooks({ shopId }).get()).data).toMatchObject({ secretChanged: false });

    mutableEnv.PRINTIFY_WEBHOOK_SECRET = NEW_SECRET; // the operator rotated it and restarted
    const status = await api.printify.webhooks({ shopId }).get();
    expect(status.data).toMatchObject({ registered: [...RECEIVED_WEBHOOK_TOPICS], secretChanged: true });

    fake.requests.length = 0;
    const replaced = await api.printify.webhooks({ shopId }).post();
    expect(replaced.status).toBe(200);
    expect(replaced.data?.message).toBe(`Webhooks replaced for the new secret: ${RECEIVED_WEBHOOK_TOPICS.length} events`);
    expect(replaced.data?.status).toMatchObject({ registered: [...RECEIVED_WEBHOOK_TOPICS], secretChanged: false });
    // Deleted one by one through Printify's endpoint, then created again: new ids, the new secret, our URL.
    const deletes = fake.requests.filter((r) => r.method === "DELETE").map((r) => r.path);
    expect(deletes.sort()).toEqual(first.map((w) => `/v1/shops/${id}/webhooks/${w}.json`).sort());
    const ours = hooksOf(id).filter((w) => w.url === URL_);
    expect(ours.map((w) => w.topic).sort()).toEqual([...RECEIVED_WEBHOOK_TOPICS].sort());
    expect(ours.every((w) => w.secret === NEW_SECRET && !first.includes(w.id))).toBe(true);
    // Another URL's webhook is not ours to delete.
    expect(hooksOf(id)).toContainEqual(elsewhere);

    // A second click changes nothing more.
    expect((await api.printify.webhooks({ shopId }).post()).data?.message).toBe("Webhooks were already registered");
    expect(fake.requests.filter((r) => r.method === "DELETE")).toHaveLength(first.length);
  });

  test("the fingerprint is kept, never the secret", async () => {
    const { shopId } = newShop();
    await (await delegate()).api.printify.webhooks({ shopId }).post();
    const row = await (await db()).printifyWebhookRegistration.findUniqueOrThrow({ where: { shopId } });
    expect(row.url).toBe(URL_);
    expect(row.secretFingerprint).toMatch(/^[0-9a-f]{16,64}$/);
    expect(JSON.stringify(row)).not.toContain(OLD_SECRET);
    mutableEnv.PRINTIFY_WEBHOOK_SECRET = NEW_SECRET;
    await (await delegate()).api.printify.webhooks({ shopId }).post();
    const after = await (await db()).printifyWebhookRegistration.findUniqueOrThrow({ where: { shopId } });
    expect(after.secretFingerprint).not.toBe(row.secretFingerprint);
    expect(JSON.stringify(after)).not.toContain(NEW_SECRET);
  });

  test("webhooks at our URL that this site has no fingerprint for are replaced too: their secret is unknown", async () => {
    const { id, shopId } = newShop();
    fake.webhooks.push({ id: `hand-${id}`, shop_id: id, topic: "order:updated", url: URL_, secret: "who-knows-which" });
    const { api } = await delegate();
    expect((await api.printify.webhooks({ shopId }).get()).data).toMatchObject({ secretChanged: true });
    const { data } = await api.printify.webhooks({ shopId }).post();
    expect(hooksOf(id).map((w) => w.id)).not.toContain(`hand-${id}`);
    expect(hooksOf(id).every((w) => w.secret === OLD_SECRET)).toBe(true);
    expect(data?.status.secretChanged).toBe(false);
  });
});

describe("when the webhooks were last verified", () => {
  test("registering is a check; a validly signed delivery is a verification; a wrongly signed one is not", async () => {
    const { id, shopId } = newShop();
    const { api } = await delegate();
    const none = await api.printify.webhooks({ shopId }).get();
    expect(none.data).toMatchObject({ registeredAt: null, lastVerified: null, secretChanged: false });

    const registered = await api.printify.webhooks({ shopId }).post();
    const check = registered.data!.status.lastVerified!;
    expect(check.by).toBe("check");
    expect(Date.parse(registered.data!.status.registeredAt!)).toBeLessThanOrEqual(Date.parse(check.at));
    expect(Date.now() - Date.parse(check.at)).toBeLessThan(10_000);

    await Bun.sleep(20);
    expect((await deliver(id, "not-the-secret-at-all")).status).toBe(400);
    expect((await api.printify.webhooks({ shopId }).get()).data!.lastVerified).toMatchObject({ by: "check" });

    expect((await deliver(id, OLD_SECRET)).status).toBe(200);
    const verified = (await api.printify.webhooks({ shopId }).get()).data!.lastVerified!;
    expect(verified.by).toBe("delivery");
    expect(Date.parse(verified.at)).toBeGreaterThan(Date.parse(check.at));
  });

  test("a signed event whose shop id is not a number is processed without a failed note in the log", async () => {
    const warn = spyOn(log, "warn");
    try {
      for (const shopId of ["12\u000034", "x".repeat(300), "-1; DROP"]) {
        const odd = event("order:updated", { id: `odd-${shopId.length}`, data: { shop_id: shopId, status: "on-hold" } });
        expect((await raw(printifyWebhookRequest(URL_, odd, OLD_SECRET))).status).toBe(200);
      }
      expect(warn.mock.calls.map(([msg]) => msg)).not.toContain("printify delivery not noted");
    } finally {
      warn.mockRestore();
    }
  });
});
