// The printify routes against the Printify-compatible test server: who may call them, shops, the catalogue sync
// (adds, idempotent, vanished products unavailable with their orders kept, one sync per shop, progress, sanitized
// descriptions, provider retries and failures, stale runs) and the message without a token.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { createClient, signedInClient } from "../../../test/client";
import { createUser } from "../../../test/factories";
import { withJobQueue } from "../../../test/jobs";
import { walkPages } from "../../../test/pages";
import { type FakePrintify, startFakePrintify } from "../../../test/fake-printify";
import { db } from "../../db/client";
import { usePrintify } from "./client";
import { DEMO_PRODUCTS, DEMO_SHOP } from "./demo-catalogue";
import type { PrintifyProduct } from "./shapes";
import { NOT_CONFIGURED_MESSAGE, SYNC_CONTINUES_MESSAGE } from "./service";
import { STALE_RUN_MS, latestSyncRun, runSync, syncShop } from "./sync";

let fake: FakePrintify;
let shopSeq = 7_000;
/** A shop of its own per test (the database is shared by the file): `count` products cloned from the demo ones. */
function newShop(count = 3): { id: number; shopId: string; products: PrintifyProduct[] } {
  const id = ++shopSeq;
  const products = Array.from({ length: count }, (_, i) => {
    const base = structuredClone(DEMO_PRODUCTS[i % DEMO_PRODUCTS.length]!);
    return { ...base, id: `${id}p${String(i).padStart(4, "0")}`, title: `${base.title} ${i}` };
  });
  fake.shops.push({ id, title: `Shop ${id}`, sales_channel: "custom_integration" });
  fake.products.set(id, products);
  return { id, shopId: String(id), products };
}
// Returns the client, never its treaty `api` (an awaited treaty proxy never settles).
const delegate = async () => signedInClient(await createUser({ toolAccess: ["merchandise"] }));

withJobQueue(); // the run is a job (printify-sync)
beforeAll(() => {
  fake = startFakePrintify({ demo: true });
});
beforeEach(() => usePrintify(fake.client()));
afterEach(() => {
  fake.clearFaults();
  usePrintify(undefined);
});
afterAll(() => fake.stop());

describe("who may use the printify routes", () => {
  test("anonymous 401, a member 403, a merchandise delegate and an admin 200 — on every route", async () => {
    const { shopId } = newShop(1);
    const { api: member } = await signedInClient(await createUser());
    const { api: other } = await signedInClient(await createUser({ toolAccess: ["challenges"] }));
    const anonymous = createClient().api;
    for (const [api, status] of [
      [anonymous, 401],
      [member, 403],
      [other, 403],
    ] as const) {
      expect((await api.printify.shops.get()).status).toBe(status);
      expect((await api.printify.product({ printifyId: DEMO_PRODUCTS[0]!.id }).get({ query: {} })).status).toBe(status);
      expect((await api.printify.sync({ shopId }).post()).status).toBe(status);
      expect((await api.printify.sync({ shopId }).get()).status).toBe(status);
      expect((await api.printify.catalogue.get()).status).toBe(status);
    }
    expect(await (await db()).merchandise.count({ where: { printifyShopId: shopId } })).toBe(0);
    const { api } = await delegate();
    expect((await api.printify.shops.get()).status).toBe(200);
    expect((await api.printify.sync({ shopId }).post()).status).toBe(200);
    const { api: admin } = await signedInClient(await createUser({ role: "ADMIN" }));
    expect((await admin.printify.catalogue.get()).status).toBe(200);
  });
});

describe("shops and products", () => {
  test("shops come from Printify with id, title and sales channel", async () => {
    const { id } = newShop(0);
    const { data } = await (await delegate()).api.printify.shops.get();
    expect(data).toContainEqual({ id, title: `Shop ${id}`, sales_channel: "custom_integration", demo: false });
    expect(data).toContainEqual({ ...DEMO_SHOP, demo: false });
  });

  test("a provider product is read from the shop it was synced from", async () => {
    const { shopId, products } = newShop(2);
    const { api } = await delegate();
    expect((await api.printify.product({ printifyId: products[1]!.id }).get({ query: {} })).status).toBe(404);
    await api.printify.sync({ shopId }).post();
    const { data, status } = await api.printify.product({ printifyId: products[1]!.id }).get({ query: {} });
    expect(status).toBe(200);
    expect(data).toMatchObject({ id: products[1]!.id, title: products[1]!.title });
  });

  test("without a token: the demo shop, the demo products, and Sync of any other shop says a token is needed", async () => {
    usePrintify(null);
    const { api } = await delegate();
    expect((await api.printify.shops.get()).data).toEqual([{ ...DEMO_SHOP, demo: true }]);
    expect((await api.printify.product({ printifyId: DEMO_PRODUCTS[2]!.id }).get({ query: {} })).data?.title).toBe("Ideas Mug");
    const sync = await api.printify.sync({ shopId: "4242" }).post();
    expect(sync.status).toBe(503);
    expect(sync.error?.value).toMatchObject({ message: NOT_CONFIGURED_MESSAGE });
    expect((await api.printify.catalogue.get()).data?.configured).toBe(false);
  });

  // Issue 31, item 12: the first click a newcomer makes on /admin/merchandise (no token, the demo catalogue on).
  test("without a token: Sync Products on the demo shop syncs the built-in demo catalogue, then changes nothing", async () => {
    usePrintify(null);
    const prisma = await db();
    const demoShopId = String(DEMO_SHOP.id);
    await prisma.merchandiseVariant.deleteMany({ where: { merchandise: { printifyShopId: demoShopId } } });
    await prisma.merchandise.deleteMany({ where: { printifyShopId: demoShopId } });
    const { api } = await delegate();

    const first = await api.printify.sync({ shopId: demoShopId }).post();
    expect(first.status).toBe(200);
    // Six demo products; the unpublished Retired Cap is not synced (visible false), as for a real shop.
    expect(first.data?.run).toMatchObject({
      status: "SUCCEEDED",
      total: 6,
      processed: 6,
      added: 5,
      updated: 0,
      unavailable: 0,
      imagesFailed: 0,
    });
    expect(first.data?.message).toBe("Synced 6 products: 5 added, 0 updated, 0 now unavailable.");
    // The screen's follow-up read of the run shows the same summary.
    expect((await api.printify.sync({ shopId: demoShopId }).get()).data).toMatchObject({ status: "SUCCEEDED", added: 5 });
    const rows = await prisma.merchandise.findMany({ where: { printifyShopId: demoShopId }, include: { variants: true } });
    expect(rows.map((r) => r.title).sort()).toEqual(
      DEMO_PRODUCTS.filter((p) => p.visible)
        .map((p) => p.title)
        .sort(),
    );
    // Still the demo catalogue (nothing of it can be ordered at Printify), its pictures our own files, not fetched.
    expect(rows.every((r) => r.isDemo && r.available)).toBe(true);
    const tee = rows.find((r) => r.printifyId === DEMO_PRODUCTS[0]!.id)!;
    expect(tee.imageUrl).toBe("/merch/demo/tee-black-front.svg");
    expect(tee.variants).toHaveLength(DEMO_PRODUCTS[0]!.variants.length);

    const second = await api.printify.sync({ shopId: demoShopId }).post();
    expect(second.status).toBe(200);
    expect(second.data?.message).toBe("Synced 6 products: 0 added, 0 updated, 0 now unavailable.");
    // The file shares its database: a real shop's first sync would count these demo rows as going off sale.
    await prisma.merchandiseVariant.deleteMany({ where: { merchandise: { printifyShopId: demoShopId } } });
    await prisma.merchandise.deleteMany({ where: { printifyShopId: demoShopId } });
  });
});

describe("sync", () => {
  test("adds products and their variants, then a second sync changes nothing", async () => {
    const { shopId, products } = newShop(3);
    const { api } = await delegate();
    const first = await api.printify.sync({ shopId }).post();
    expect(first.status).toBe(200);
    expect(first.data?.run).toMatchObject({ status: "SUCCEEDED", total: 3, processed: 3, added: 3, updated: 0, unavailable: 0 });
    expect(first.data?.message).toBe("Synced 3 products: 3 added, 0 updated, 0 now unavailable.");
    const prisma = await db();
    const rows = await prisma.merchandise.findMany({ where: { printifyShopId: shopId }, include: { variants: true } });
    expect(rows.map((r) => r.title).sort()).toEqual(products.map((p) => p.title).sort());
    const tee = rows.find((r) => r.printifyId === products[0]!.id)!;
    expect(tee.variants).toHaveLength(products[0]!.variants.length);
    expect(tee.price.toFixed(2)).toBe("24.00");
    expect(tee.variants.find((v) => v.title === "Navy / XL")?.isEnabled).toBe(false);
    const before = new Map(rows.map((r) => [r.id, r.updatedAt.getTime()]));

    const second = await api.printify.sync({ shopId }).post();
    expect(second.data?.run).toMatchObject({ status: "SUCCEEDED", processed: 3, added: 0, updated: 0, unavailable: 0 });
    const after = await prisma.merchandise.findMany({ where: { printifyShopId: shopId } });
    expect(after.map((r) => [r.id, r.updatedAt.getTime()])).toEqual(after.map((r) => [r.id, before.get(r.id)!]));
    expect(await prisma.merchandiseVariant.count({ where: { merchandise: { printifyShopId: shopId } } })).toBe(
      products.reduce((n, p) => n + p.variants.length, 0),
    );

    // A price change at the provider is one update.
    products[1]!.variants[0]!.price += 100;
    expect((await api.printify.sync({ shopId }).post()).data?.run).toMatchObject({ added: 0, updated: 1 });
  });

  test("a product removed at Printify becomes unavailable; its row and its orders' links stay", async () => {
    const { id, shopId, products } = newShop(3);
    const { api } = await delegate();
    await api.printify.sync({ shopId }).post();
    const prisma = await db();
    const gone = await prisma.merchandise.findUniqueOrThrow({
      where: { printifyShopId_printifyId: { printifyShopId: shopId, printifyId: products[2]!.id } },
      include: { variants: true },
    });
    const order = await prisma.order.create({
      data: {
        orderType: "MERCHANDISE",
        customerEmail: "buyer@example.com",
        amount: "24.00",
        merchandiseId: gone.id,
        merchandiseVariantId: gone.variants[0]!.id,
      },
    });
    fake.products.set(id, products.slice(0, 2));
    const { data } = await api.printify.sync({ shopId }).post();
    expect(data?.run).toMatchObject({ processed: 2, added: 0, updated: 0, unavailable: 1 });
    expect((await prisma.merchandise.findUniqueOrThrow({ where: { id: gone.id } })).available).toBe(false);
    expect(await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({
      merchandiseId: gone.id,
      merchandiseVariantId: gone.variants[0]!.id,
    });
    const catalogue = await walkPages(async (cursor) => {
      const res = await api.printify.catalogue.get({ query: { cursor } });
      return { ...res, data: res.data?.items ?? null };
    });
    expect(catalogue.items.find((i) => i.id === gone.id)?.available).toBe(false);

    // Back at the provider: available again (an update, not a second row).
    fake.products.set(id, products);
    expect((await api.printify.sync({ shopId }).post()).data?.run).toMatchObject({ added: 0, updated: 1, unavailable: 0 });
    expect(await prisma.merchandise.count({ where: { printifyShopId: shopId, available: true } })).toBe(3);
  });

  test("two syncs of one shop at once: one runs (200), the other gets 409; the next one may start", async () => {
    const { shopId } = newShop(2);
    const { api } = await delegate();
    fake.failNext(1, { delayMs: 300 }, /products\.json/);
    const [a, b] = await Promise.all([api.printify.sync({ shopId }).post(), api.printify.sync({ shopId }).post()]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect((await api.printify.sync({ shopId }).post()).status).toBe(200);
  });

  test("progress: GET sync/{shopId} shows n of N products while the sync runs, then the summary", async () => {
    const { shopId, products } = newShop(60); // two pages of 50
    const { api } = await delegate();
    fake.failNext(1, { delayMs: 600 }, /page=2/);
    const running = api.printify.sync({ shopId }).post();
    let seen: { status: string; processed: number; total: number } | null = null;
    for (let i = 0; i < 100 && !seen; i++) {
      await Bun.sleep(20);
      const { data } = await api.printify.sync({ shopId }).get();
      if (data?.status === "RUNNING" && data.processed === 50) seen = data;
    }
    expect(seen).toMatchObject({ status: "RUNNING", processed: 50, total: 60 });
    expect((await running).status).toBe(200);
    expect((await api.printify.sync({ shopId }).get()).data).toMatchObject({
      status: "SUCCEEDED",
      processed: 60,
      total: 60,
      // The demo's unpublished product (visible false) and its clones are read, not synced.
      added: products.filter((p) => p.visible !== false).length,
      updated: 0,
      unavailable: 0,
    });
  });

  test("HTML descriptions are stored sanitized: no script, handlers, styles or javascript: links", async () => {
    const { shopId, products } = newShop(1);
    products[0]!.description =
      '<p style="color:red" onclick="alert(1)">Soft <strong>tee</strong></p><script>alert(1)</script>' +
      '<img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a><iframe src="https://evil.example"></iframe>' +
      '<form action="javascript:alert(1)"><button>go</button></form><a href="https://printify.com">ok</a>';
    await (await delegate()).api.printify.sync({ shopId }).post();
    const row = await (await db()).merchandise.findFirstOrThrow({ where: { printifyShopId: shopId } });
    expect(row.description).toBe(
      '<p>Soft <strong>tee</strong></p><a>x</a>go<a href="https://printify.com" rel="nofollow noopener">ok</a>',
    );
  });

  test("Printify's 429 and 500 during a sync are retried and the sync succeeds", async () => {
    const { shopId } = newShop(2);
    fake.failNext(1, { status: 429, retryAfterSeconds: 0 }, /products\.json/);
    fake.failNext(1, { status: 500 }, /products\.json/);
    const { status, data } = await (await delegate()).api.printify.sync({ shopId }).post();
    expect(status).toBe(200);
    expect(data?.run).toMatchObject({ status: "SUCCEEDED", added: 2 });
  });

  test("a hard failure marks the run FAILED with Printify's reason and releases the shop", async () => {
    const { shopId } = newShop(2);
    const { api } = await delegate();
    fake.failNext(1, { status: 403, reason: "Token lacks the products.read scope." }, /products\.json/);
    const failed = await api.printify.sync({ shopId }).post();
    expect(failed.status).toBe(503);
    expect(failed.error?.value).toMatchObject({ message: expect.stringContaining("Token lacks the products.read scope.") });
    expect((await api.printify.sync({ shopId }).get()).data).toMatchObject({
      status: "FAILED",
      error: "Printify: Token lacks the products.read scope.",
    });
    expect((await api.printify.sync({ shopId }).post()).status).toBe(200);
  });

  test("a run whose process died is taken over once it is stale, not before", async () => {
    const { shopId } = newShop(1);
    const { api } = await delegate();
    const prisma = await db();
    const dead = await prisma.merchSyncRun.create({ data: { shopId, activeShopId: shopId } });
    expect((await api.printify.sync({ shopId }).post()).status).toBe(409);
    await prisma.merchSyncRun.update({ where: { id: dead.id }, data: { startedAt: new Date(Date.now() - STALE_RUN_MS - 1000) } });
    expect((await api.printify.sync({ shopId }).post()).status).toBe(200);
    expect(await prisma.merchSyncRun.findUniqueOrThrow({ where: { id: dead.id } })).toMatchObject({
      status: "FAILED",
      activeShopId: null,
    });
  });

  test("a sync longer than the answer window answers RUNNING with a message, and finishes on the job queue", async () => {
    const { shopId } = newShop(3);
    fake.failNext(1, { delayMs: 600 }, /products\.json/);
    const run = await syncShop(shopId, null, 50);
    expect(run).toMatchObject({ status: "RUNNING" });
    let latest = await latestSyncRun(shopId);
    for (let i = 0; latest?.status === "RUNNING" && i < 200; i++) {
      await Bun.sleep(25);
      latest = await latestSyncRun(shopId);
    }
    expect(latest).toMatchObject({ id: run.id, status: "SUCCEEDED", processed: 3, added: 3, total: 3 });
    expect(SYNC_CONTINUES_MESSAGE).toBe("The sync continues in the background.");
  });

  test("a run cut off by a restart is finished by its job running again: the same run, its counts kept", async () => {
    const { shopId } = newShop(3);
    const prisma = await db();
    // What a killed process leaves: a RUNNING run that had added two products before it died.
    const cut = await prisma.merchSyncRun.create({ data: { shopId, activeShopId: shopId, total: 3, processed: 2, added: 2 } });
    await runSync({ runId: cut.id }, fake.client());
    expect(await prisma.merchSyncRun.findUniqueOrThrow({ where: { id: cut.id } })).toMatchObject({
      status: "SUCCEEDED",
      activeShopId: null,
      processed: 3,
      added: 5, // 2 recorded before the cut + 3 written now (the fake's rows were never saved by the "dead" run)
    });
    // The job running once more (at-least-once) leaves the finished run alone.
    await runSync({ runId: cut.id }, fake.client());
    expect(await prisma.merchSyncRun.count({ where: { shopId } })).toBe(1);
    expect(await prisma.merchandise.count({ where: { printifyShopId: shopId } })).toBe(3);
  });
});
