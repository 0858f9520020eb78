// The catalogue against Printify's real contract (decision 016, decision 012), on the fake Printify whose products carry
// the documented field set and whose mock-ups live on another origin (api/test/fake-printify-products.ts): images
// mirrored into our storage at sync (once; a changed one again; an unreachable one keeps its copy and the summary says
// so), hidden products left out unless asked for, publishing confirmed to Printify (publishing_succeeded / _failed),
// and a deleted or sold-out product off sale — by webhook at once, by the sync as a safety net. Webhook bodies are
// Printify's documented payloads (api/test/fixtures/printify/, spencerlepine/printify-sdk-js
// docs/PRINTIFY-Documentation.md at 8c8472153d142c38264a809a2ffe76f123b6baa1, "Events > Payload examples").
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { BASE_URL, raw, signedInClient } from "../../../test/client";
import { createUser } from "../../../test/factories";
import { type FakePrintify, printifyWebhookRequest, startFakePrintify } from "../../../test/fake-printify";
import { type FakeImageHost, startFakeImageHost } from "../../../test/fake-printify-products";
import { recorded } from "../../../test/fixtures/printify/fixtures";
import { drain, withJobQueue } from "../../../test/jobs";
import { db } from "../../db/client";
import { env } from "../../env";
import { UPLOADED_IMAGE_URL_PATTERN } from "../uploads/schema";
import type { MerchandiseImage } from "./catalogue";
import { usePrintify } from "./client";
import { DEMO_PRODUCTS } from "./demo-catalogue";
import { PUBLISH_FAILURES, PUBLISH_JOB } from "./publishing";
import { checkCatalogues } from "./sync";
import type { PrintifyProduct, PrintifyWebhookEvent } from "./shapes";

const SECRET = "printify-webhook-secret-for-tests";
const WEBHOOK_URL = `${BASE_URL}/api/webhooks/printify`;
const mutableEnv = env as { PRINTIFY_WEBHOOK_SECRET?: string; PRINTIFY_IMAGE_ORIGINS: string };
const before = { secret: mutableEnv.PRINTIFY_WEBHOOK_SECRET, origins: mutableEnv.PRINTIFY_IMAGE_ORIGINS };

let images: FakeImageHost;
let fake: FakePrintify;
let shopSeq = 9_400;
const TEE = DEMO_PRODUCTS.find((p) => p.title.endsWith("Logo Tee"))!;
const MUG = DEMO_PRODUCTS.find((p) => p.title === "Ideas Mug")!;
const HIDDEN = DEMO_PRODUCTS.find((p) => p.visible === false)!;

/** A shop of its own with copies of `bases` (ids made unique), as the fake serves them. */
function newShop(...bases: PrintifyProduct[]) {
  const id = ++shopSeq;
  const products = bases.map((base, i) => ({ ...structuredClone(base), id: `${id}life${i}` }));
  fake.shops.push({ id, title: `Shop ${id}`, sales_channel: "custom_integration" });
  fake.products.set(id, products);
  return { id, shopId: String(id), products };
}
// Returns the client, never its treaty `api` (an awaited treaty proxy never settles).
const delegate = async () => signedInClient(await createUser({ toolAccess: ["merchandise"] }));
const rowOf = async (shopId: string, printifyId: string) =>
  (await db()).merchandise.findUniqueOrThrow({ where: { printifyShopId_printifyId: { printifyShopId: shopId, printifyId } } });
const imagesOf = (row: { images: unknown }) => row.images as MerchandiseImage[];
const fileName = (url: string) => url.slice("/api/files/".length);

/** Delivers a documented event, signed as Printify signs it, naming our shop and product. */
async function deliver(event: PrintifyWebhookEvent) {
  const response = await raw(printifyWebhookRequest(WEBHOOK_URL, { ...event, id: crypto.randomUUID() }, SECRET));
  expect(response.status).toBe(200);
}

withJobQueue();
beforeAll(() => {
  images = startFakeImageHost();
  fake = startFakePrintify({ images: images.origin });
});
beforeEach(() => {
  mutableEnv.PRINTIFY_WEBHOOK_SECRET = SECRET;
  mutableEnv.PRINTIFY_IMAGE_ORIGINS = images.origin;
  usePrintify(fake.client());
});
afterEach(() => {
  images.unreachable = null;
  fake.clearFaults();
  usePrintify(undefined);
  mutableEnv.PRINTIFY_WEBHOOK_SECRET = before.secret;
  mutableEnv.PRINTIFY_IMAGE_ORIGINS = before.origins;
});
afterAll(async () => {
  await fake.stop();
  await images.stop();
});

describe("images mirrored at sync", () => {
  test("each cross-origin mock-up is fetched once and served from our storage, processed, with its source kept", async () => {
    const { shopId, products } = newShop(TEE);
    const { api } = await delegate();
    const servedBefore = images.served.length;
    expect((await api.printify.sync({ shopId }).post()).status).toBe(200);

    const row = await rowOf(shopId, products[0]!.id);
    const stored = imagesOf(row);
    expect(stored).toHaveLength(TEE.images.length);
    for (const image of stored) {
      // Our processed copy (decision 016: sized name, AVIF/WebP copies), never Printify's URL.
      expect(image.src).toMatch(new RegExp(UPLOADED_IMAGE_URL_PATTERN));
      expect(image.src).toMatch(/_96x96\.png$/);
      expect(image.source).toStartWith(`${images.origin}/mockup/${products[0]!.id}/`);
    }
    expect(row.imageUrl).toBe(stored.find((i) => i.is_default)!.src);
    // The host said application/octet-stream: the type came from the bytes.
    const file = await raw(new Request(`${BASE_URL}${stored[0]!.src}`));
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    const copy = await raw(new Request(`${BASE_URL}${stored[0]!.src.replace(/\.png$/, "-96w.webp")}`));
    expect(copy.headers.get("content-type")).toBe("image/webp");
    expect(images.served.length - servedBefore).toBe(TEE.images.length);

    // Unchanged: nothing fetched, nothing written.
    const again = await api.printify.sync({ shopId }).post();
    expect(again.data?.run).toMatchObject({ added: 0, updated: 0, imagesFailed: 0 });
    expect(images.served.length - servedBefore).toBe(TEE.images.length);
    expect(imagesOf(await rowOf(shopId, products[0]!.id))).toEqual(stored);
  });

  test("a changed image is fetched again; an unreachable one keeps its previous copy and the summary says so", async () => {
    const { id, shopId, products } = newShop(MUG);
    const { api } = await delegate();
    await api.printify.sync({ shopId }).post();
    const first = imagesOf(await rowOf(shopId, products[0]!.id));
    expect(first).toHaveLength(2);

    // Printify made new mock-ups of both; the image host cannot serve the second one now.
    const served = fake.products.get(id)![0]!;
    served.images = served.images.map((image, n) => ({ ...image, src: image.src.replace(".svg", `-v2-${n}.svg`) }));
    images.unreachable = /-v2-1\.png$/;
    const { data } = await api.printify.sync({ shopId }).post();
    expect(data?.run).toMatchObject({ updated: 1, imagesFailed: 1 });
    expect(data?.message).toBe(
      "Synced 1 product: 0 added, 1 updated, 0 now unavailable. 1 image could not be fetched from Printify: the previous copies are kept.",
    );
    const second = imagesOf(await rowOf(shopId, products[0]!.id));
    expect(second[0]!.src).not.toBe(first[0]!.src);
    expect(second[0]!.source).toEndWith("-v2-0.png");
    // Kept: the old copy, still naming the old source so the next sync tries the new one again.
    expect(second[1]).toEqual(first[1]!);
    expect((await raw(new Request(`${BASE_URL}${second[1]!.src}`))).status).toBe(200);

    images.unreachable = null;
    const third = await api.printify.sync({ shopId }).post();
    expect(third.data?.run).toMatchObject({ updated: 1, imagesFailed: 0 });
    expect(imagesOf(await rowOf(shopId, products[0]!.id))[1]!.source).toEndWith("-v2-1.png");
  });

  test("bytes that are not an image (whatever the header says), or too many of them, are not stored", async () => {
    const { id, shopId, products } = newShop(MUG);
    const [first, second] = fake.products.get(id)![0]!.images;
    first!.src = "/merch/demo/hostile.svg";
    second!.src = "/merch/demo/huge.png";
    images.answers = [
      { path: /hostile\.png$/, body: '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', type: "image/png" },
      { path: /huge\.png$/, body: new Uint8Array(6 * 1024 * 1024).fill(0x89), type: "image/png" },
    ];
    try {
      const { data } = await (await delegate()).api.printify.sync({ shopId }).post();
      expect(data?.run).toMatchObject({ added: 1, imagesFailed: 2 });
      const row = await rowOf(shopId, products[0]!.id);
      expect(imagesOf(row)).toEqual([]);
      expect(row.imageUrl).toBeNull();
    } finally {
      images.answers = [];
    }
  });

  test("an image on an origin not allowed is never fetched, and not shown", async () => {
    const { id, shopId, products } = newShop(MUG);
    fake.products.get(id)![0]!.images[0]!.src = "http://127.0.0.1:9/internal/secret.png";
    const { data } = await (await delegate()).api.printify.sync({ shopId }).post();
    expect(data?.run.imagesFailed).toBe(1);
    const stored = imagesOf(await rowOf(shopId, products[0]!.id));
    expect(stored.map((i) => i.src).filter((src) => !src.startsWith("/api/files/"))).toEqual([]);
    expect(stored).toHaveLength(1);
    expect(fileName(stored[0]!.src)).toMatch(/^[0-9a-f]{32}_96x96\.png$/);
  });
});

describe("which products are synced", () => {
  test("Printify's documented product, served verbatim, syncs as documented (its mock-up host not allowed here)", async () => {
    const id = ++shopSeq;
    const product = recorded.product();
    fake.shops.push({ id, title: `Shop ${id}`, sales_channel: "custom_integration" });
    fake.products.set(id, [product as unknown as PrintifyProduct]);
    const { data } = await (await delegate()).api.printify.sync({ shopId: String(id) }).post();
    // images.printify.com is not in this test's PRINTIFY_IMAGE_ORIGINS: nothing is fetched from the internet.
    expect(data?.run).toMatchObject({ status: "SUCCEEDED", processed: 1, added: 1, imagesFailed: 3 });
    const row = await rowOf(String(id), product.id);
    expect(row).toMatchObject({ title: "Mug 11oz", available: true, imageUrl: null, images: [] });
    expect(String(row.price)).toBe("8.6");
  });

  test("Printify's full field set still syncs after an admin opened a provider product (the route's schema is its own)", async () => {
    const { shopId, products } = newShop(MUG);
    const { api } = await delegate();
    const opened = await api.printify.product({ printifyId: products[0]!.id }).get({ query: { shopId } });
    expect(opened.status).toBe(200);
    const { data, status } = await api.printify.sync({ shopId }).post();
    expect(status).toBe(200);
    expect(data?.run).toMatchObject({ status: "SUCCEEDED", added: 1 });
  });

  test("a hidden product is left out (one hidden since goes unavailable) unless the admin includes hidden ones", async () => {
    const { id, shopId, products } = newShop(MUG, HIDDEN);
    const { api } = await delegate();
    const { data } = await api.printify.sync({ shopId }).post();
    expect(data?.run).toMatchObject({ processed: 2, added: 1 });
    expect(await (await db()).merchandise.count({ where: { printifyShopId: shopId } })).toBe(1);

    // The merchant hides the mug too: it leaves the store.
    fake.products.get(id)![0]!.visible = false;
    expect((await api.printify.sync({ shopId }).post()).data?.run).toMatchObject({ unavailable: 1 });
    expect((await rowOf(shopId, products[0]!.id)).available).toBe(false);

    const included = await api.printify.sync({ shopId }).post({}, { query: { includeHidden: "true" } });
    expect(included.data?.run).toMatchObject({ processed: 2, added: 1 });
    expect((await rowOf(shopId, products[1]!.id)).available).toBe(false);
  });

  test("the sync, as a safety net: every variant sold out makes the product unavailable", async () => {
    const { id, shopId, products } = newShop(MUG);
    const { api } = await delegate();
    await api.printify.sync({ shopId }).post();
    expect((await rowOf(shopId, products[0]!.id)).available).toBe(true);
    for (const variant of fake.products.get(id)![0]!.variants) variant.is_available = false;
    expect((await api.printify.sync({ shopId }).post()).data?.run).toMatchObject({ updated: 1 });
    expect((await rowOf(shopId, products[0]!.id)).available).toBe(false);
  });
});

describe("the hourly check, as a safety net for missed webhooks", () => {
  test("a product deleted at Printify while its webhook was blocked leaves the store at the next check", async () => {
    const { id, shopId, products } = newShop(MUG, TEE);
    await (await delegate()).api.printify.sync({ shopId }).post();
    fake.deleteProduct(id, products[0]!.id); // no event reaches us
    expect(await checkCatalogues()).toContain(shopId);
    await drain("printify-sync");
    expect((await rowOf(shopId, products[0]!.id)).available).toBe(false);
    expect((await rowOf(shopId, products[1]!.id)).available).toBe(true);
  });
});

describe("catalogue events from Printify", () => {
  /** The documented product:publish:started payload, naming our shop and product. */
  function publishStarted(shopId: number, productId: string, action = "create"): PrintifyWebhookEvent {
    const event = recorded.publishStarted();
    return {
      ...event,
      resource: { ...event.resource, id: productId, data: { ...event.resource.data, shop_id: shopId, action } },
    };
  }
  /** The merchant's Publish button: the product is locked at Printify. */
  const pressPublish = (id: number, productId: string) =>
    fetch(new URL(`shops/${id}/products/${productId}/publish.json`, fake.url), {
      method: "POST",
      headers: { Authorization: `Bearer ${fake.token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ title: true, description: true, images: true, variants: true, tags: true }),
    });

  test("product:publish:started lists the product and confirms publishing_succeeded with our id and page: it unlocks", async () => {
    const { id, shopId, products } = newShop(TEE);
    const productId = products[0]!.id;
    expect((await pressPublish(id, productId)).status).toBe(200);
    expect(fake.locked(id, productId)).toBe(true);

    await deliver(publishStarted(id, productId));
    await drain(PUBLISH_JOB);

    const row = await rowOf(shopId, productId);
    expect(row.available).toBe(true);
    expect(imagesOf(row).every((i) => i.src.startsWith("/api/files/"))).toBe(true);
    expect(fake.publishing.filter((p) => p.productId === productId)).toEqual([
      {
        shopId: id,
        productId,
        outcome: "succeeded",
        body: { external: { id: row.id, handle: `${BASE_URL}/merchandise/${row.id}` } },
      },
    ]);
    expect(fake.locked(id, productId)).toBe(false);
  });

  test("republished sold out: off sale at once, publishing_failed with the reason, and it unlocks", async () => {
    const { id, shopId, products } = newShop(MUG);
    const productId = products[0]!.id;
    await (await delegate()).api.printify.sync({ shopId }).post();
    expect((await rowOf(shopId, productId)).available).toBe(true);
    for (const variant of fake.products.get(id)![0]!.variants) variant.is_available = false;
    await pressPublish(id, productId);
    await deliver(publishStarted(id, productId, "update"));
    await drain(PUBLISH_JOB);
    expect((await rowOf(shopId, productId)).available).toBe(false);
    expect(fake.publishing.filter((p) => p.productId === productId)).toEqual([
      { shopId: id, productId, outcome: "failed", body: { reason: PUBLISH_FAILURES.nothingToSell } },
    ]);
    expect(fake.locked(id, productId)).toBe(false);
  });

  test("Printify down while publishing: retried, and the last try still unlocks the product with the reason", async () => {
    const { id, products } = newShop(MUG);
    const productId = products[0]!.id;
    await pressPublish(id, productId);
    const { runPublish } = await import("./publishing");
    fake.failNext(4, { status: 503, reason: "Maintenance." }, new RegExp(`products/${productId}\\.json`));
    await expect(runPublish({ shopId: String(id), productId, action: "create" }, { retryCount: 0 })).rejects.toThrow();
    fake.failNext(4, { status: 503, reason: "Maintenance." }, new RegExp(`products/${productId}\\.json`));
    await runPublish({ shopId: String(id), productId, action: "create" }, { retryCount: 5 });
    expect(fake.publishing.filter((p) => p.productId === productId)).toEqual([
      { shopId: id, productId, outcome: "failed", body: { reason: "Printify: Maintenance." } },
    ]);
    expect(fake.locked(id, productId)).toBe(false);
  });

  test("product:deleted takes the product off sale at once: gone from the store's list", async () => {
    const { id, shopId, products } = newShop(MUG);
    const productId = products[0]!.id;
    await (await delegate()).api.printify.sync({ shopId }).post();
    const row = await rowOf(shopId, productId);
    const listed = async () => {
      const response = await raw(new Request(`${BASE_URL}/api/merchandise?limit=100`));
      return ((await response.json()) as { id: string }[]).some((p) => p.id === row.id);
    };
    expect(await listed()).toBe(true);

    fake.deleteProduct(id, productId);
    const event = recorded.productDeleted();
    await deliver({ ...event, resource: { ...event.resource, id: productId, data: { shop_id: id } } });
    expect((await rowOf(shopId, productId)).available).toBe(false);
    expect(await listed()).toBe(false);
  });
});
