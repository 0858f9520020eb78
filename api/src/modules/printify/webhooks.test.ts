// A shop's webhooks against the Printify-compatible test server: who may read and register them, registering the order and product topics with our URL and secret (once: a second click registers nothing), partly registered shops, and the 503s without a secret, without a token or when Printify fails (its reason kept).
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { BASE_URL, createClient, raw, signedInClient } from "../../../test/client";
import { createUser } from "../../../test/factories";
import { event, type FakePrintify, printifyWebhookRequest, startFakePrintify } from "../../../test/fake-printify";
import { env } from "../../env";
import { usePrintify } from "./client";

/**
 * What Printify must send us: the order topics, and the product topics (a deleted product leaves the store, a
 * publishing is confirmed) — Printify's docs, Events (spencerlepine/printify-sdk-js docs/PRINTIFY-Documentation.md).
 */
const WEBHOOK_TOPICS = [
  "order:updated",
  "order:sent-to-production",
  "order:shipment:created",
  "order:shipment:delivered",
  "product:deleted",
  "product:publish:started",
] as const;
import { NO_WEBHOOK_SECRET_MESSAGE, WEBHOOKS_NOT_CONFIGURED_MESSAGE } from "./webhooks";

const URL_ = `${BASE_URL}/api/webhooks/printify`;
const SECRET = "printify-webhook-secret-for-tests";
const mutableEnv = env as { PRINTIFY_WEBHOOK_SECRET?: string };
const secretBefore = mutableEnv.PRINTIFY_WEBHOOK_SECRET;

let fake: FakePrintify;
let shopSeq = 8_000;
/** A shop of its own per test (the fake server is shared by the file). */
function newShop(): { id: number; shopId: string } {
  const id = ++shopSeq;
  fake.shops.push({ id, title: `Shop ${id}`, sales_channel: "custom_integration" });
  return { id, shopId: String(id) };
}
const hooksOf = (shop: number) => fake.webhooks.filter((w) => w.shop_id === shop);
// Returns the client, never its treaty `api` (an awaited treaty proxy never settles).
const delegate = async () => signedInClient(await createUser({ toolAccess: ["merchandise"] }));

beforeAll(() => {
  fake = startFakePrintify();
});
beforeEach(() => {
  mutableEnv.PRINTIFY_WEBHOOK_SECRET = SECRET;
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

describe("who may use the webhook routes", () => {
  test("anonymous 401, a member 403, a delegate of another section 403, a merchandise delegate 200", async () => {
    const { id, shopId } = newShop();
    const { api: member } = await signedInClient(await createUser());
    const { api: other } = await signedInClient(await createUser({ toolAccess: ["challenges"] }));
    for (const [api, status] of [
      [createClient().api, 401],
      [member, 403],
      [other, 403],
    ] as const) {
      expect((await api.printify.webhooks({ shopId }).get()).status).toBe(status);
      expect((await api.printify.webhooks({ shopId }).post()).status).toBe(status);
    }
    expect(hooksOf(id)).toEqual([]);
    const { api } = await delegate();
    expect((await api.printify.webhooks({ shopId }).get()).status).toBe(200);
    expect((await api.printify.webhooks({ shopId }).post()).status).toBe(200);
  });
});

describe("registering", () => {
  test("registers the four order topics and the two product topics with our URL and secret; a second click registers nothing more", async () => {
    const { id, shopId } = newShop();
    const { api } = await delegate();
    expect((await api.printify.webhooks({ shopId }).get()).data).toEqual({
      url: URL_,
      topics: [...WEBHOOK_TOPICS],
      registered: [],
      secretConfigured: true,
      secretChanged: false,
      registeredAt: null,
      lastVerified: null,
    });

    const first = await api.printify.webhooks({ shopId }).post();
    expect(first.status).toBe(200);
    expect(first.data?.message).toBe("Webhooks registered for 6 events");
    expect(first.data?.status.registered).toEqual([...WEBHOOK_TOPICS]);
    expect(hooksOf(id).map(({ topic, url, secret }) => ({ topic, url, secret }))).toEqual(
      WEBHOOK_TOPICS.map((topic) => ({ topic, url: URL_, secret: SECRET })),
    );

    const again = await api.printify.webhooks({ shopId }).post();
    expect(again.data?.message).toBe("Webhooks were already registered");
    expect(hooksOf(id)).toHaveLength(6);
    expect((await api.printify.webhooks({ shopId }).get()).data?.registered).toEqual([...WEBHOOK_TOPICS]);
  });

  test("the registered URL is our receiver: a delivery signed with the secret is accepted", async () => {
    const { id, shopId } = newShop();
    await (await delegate()).api.printify.webhooks({ shopId }).post();
    const { url, secret } = hooksOf(id)[0]!;
    const response = await raw(printifyWebhookRequest(url, event("order:updated", { id: "unknown-order" }), secret));
    expect(response.status).toBe(200);
  });

  test("a partly registered shop: the status counts only our URL's topics, and registering adds the rest", async () => {
    const { id, shopId } = newShop();
    const { api } = await delegate();
    // Registered by this site with this secret (so its fingerprint is on record), then all but one deleted at Printify;
    // and one for another URL. (Webhooks at our URL without a record are replaced: webhook-rotation.test.ts.)
    await api.printify.webhooks({ shopId }).post();
    for (const gone of hooksOf(id).filter((w) => w.topic !== "order:updated"))
      fake.webhooks.splice(fake.webhooks.indexOf(gone), 1);
    fake.webhooks.push({
      shop_id: id,
      secret: SECRET,
      id: `hand-${id}-2`,
      topic: "order:shipment:created",
      url: "https://elsewhere.example/hook",
    });
    expect((await api.printify.webhooks({ shopId }).get()).data?.registered).toEqual(["order:updated"]);

    const { data } = await api.printify.webhooks({ shopId }).post();
    expect(data?.message).toBe("Webhooks registered for 5 events");
    expect(data?.status.registered).toEqual([...WEBHOOK_TOPICS]);
    const ours = hooksOf(id).filter((w) => w.url === URL_);
    expect(ours.map((w) => w.topic).sort()).toEqual([...WEBHOOK_TOPICS].sort());
    expect(hooksOf(id)).toHaveLength(7);
  });
});

describe("when it cannot register", () => {
  test("without PRINTIFY_WEBHOOK_SECRET: 503 naming it, nothing registered; the status says the secret is missing", async () => {
    mutableEnv.PRINTIFY_WEBHOOK_SECRET = undefined;
    const { id, shopId } = newShop();
    const { api } = await delegate();
    const post = await api.printify.webhooks({ shopId }).post();
    expect(post.status).toBe(503);
    expect(post.error?.value).toMatchObject({ message: NO_WEBHOOK_SECRET_MESSAGE });
    expect(NO_WEBHOOK_SECRET_MESSAGE).toContain("PRINTIFY_WEBHOOK_SECRET");
    expect(hooksOf(id)).toEqual([]);
    expect((await api.printify.webhooks({ shopId }).get()).data).toMatchObject({ registered: [], secretConfigured: false });
  });

  test("without a Printify token: 503 on both routes, saying a token is needed", async () => {
    usePrintify(null);
    const { api } = await delegate();
    for (const answer of [
      await api.printify.webhooks({ shopId: "1" }).get(),
      await api.printify.webhooks({ shopId: "1" }).post(),
    ]) {
      expect(answer.status).toBe(503);
      expect(answer.error?.value).toMatchObject({ message: WEBHOOKS_NOT_CONFIGURED_MESSAGE });
    }
  });

  test("Printify failing keeps its reason: a 500 on the list, a 403 midway (the topics before it stay)", async () => {
    const { id, shopId } = newShop();
    const { api } = await delegate();
    // The list is a GET: retried on 500 up to the client's 4 attempts, then answered with Printify's reason.
    fake.failNext(4, { status: 500, reason: "Webhook service is down." }, /webhooks\.json/);
    const down = await api.printify.webhooks({ shopId }).get();
    expect(down.status).toBe(503);
    expect(down.error?.value).toMatchObject({ message: expect.stringContaining("Webhook service is down.") });

    // The list and two registrations pass (a 0 ms delay is a pass), the third registration is refused.
    fake.failNext(3, { delayMs: 0 }, /webhooks\.json/);
    fake.failNext(1, { status: 403, reason: "Token lacks the webhooks.write scope." }, /webhooks\.json/);
    const refused = await api.printify.webhooks({ shopId }).post();
    expect(refused.status).toBe(503);
    expect(refused.error?.value).toMatchObject({ message: expect.stringContaining("Token lacks the webhooks.write scope.") });
    expect(hooksOf(id)).toHaveLength(2);
    expect((await api.printify.webhooks({ shopId }).get()).data?.registered).toHaveLength(2);

    expect((await api.printify.webhooks({ shopId }).post()).data?.message).toBe("Webhooks registered for 4 events");
    expect(hooksOf(id)).toHaveLength(6);
  });

  test("an unknown shop is 404", async () => {
    const { api } = await delegate();
    const answer = await api.printify.webhooks({ shopId: "999999" }).post();
    expect(answer.status).toBe(404);
    expect(answer.error?.value).toMatchObject({ message: "Shop not found at Printify" });
  });
});
