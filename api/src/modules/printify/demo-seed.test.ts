// The demo catalogue in the development seed: Printify's demo products stored through the sync's own mapper (isDemo,
// sanitized, variants and images), idempotent, the demo orders linked to them, never over a real catalogue, and only
// without a token outside production.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { seedDemoData } from "../../cli/seed";
import { wantsDemoCatalogue } from "../../cli/demo-seed";
import { type Database, openDatabase } from "../../db/client";
import { toMerchandise } from "./catalogue";
import { DEMO_PRODUCTS, DEMO_SHOP } from "./demo-catalogue";

// Its own in-memory database: the seed's rows must not meet the other tests' data.
let database: Database;
const quickHash = async (password: string) => `plain:${password}`;
beforeAll(async () => {
  database = await openDatabase({ dataDir: "memory://demo-catalogue-seed" });
});
afterAll(() => database.close());

describe("demo catalogue seed", () => {
  test("stores every demo product as isDemo rows, idempotently, with the demo orders linked", async () => {
    const p = database.prisma;
    await seedDemoData(p, quickHash);
    const snapshot = async () =>
      (
        await p.merchandise.findMany({
          include: { variants: { orderBy: { providerVariantId: "asc" } } },
          orderBy: { title: "asc" },
        })
      ).map(({ updatedAt: _, variants, ...m }) => ({ ...m, variants: variants.map(({ id: __, ...v }) => v) }));
    const once = await snapshot();
    expect(once).toHaveLength(DEMO_PRODUCTS.length);
    for (const product of DEMO_PRODUCTS) {
      const { merchandise, variants } = toMerchandise(product, DEMO_SHOP.id);
      const row = once.find((m) => m.printifyId === product.id)!;
      expect(row).toMatchObject({ isDemo: true, title: merchandise.title, description: merchandise.description });
      expect(row.printifyShopId).toBe(String(DEMO_SHOP.id));
      expect(row.price.toFixed(2)).toBe(merchandise.price);
      expect(row.variants).toHaveLength(variants.length);
    }
    const tee = await p.order.findFirstOrThrow({
      where: { stripePaymentId: "pi_demo_tee_black_m" },
      include: { merchandise: true, merchandiseVariant: true },
    });
    expect(tee.merchandise?.title).toBe("InnovateHub Logo Tee");
    expect(tee.merchandiseVariant?.title).toBe("Black / M");
    expect(tee.variantTitle).toBe("Black / M");

    await seedDemoData(p, quickHash);
    expect(await snapshot()).toEqual(once);
  });

  test("a real (synced) catalogue is never joined by demo rows", async () => {
    const p = database.prisma;
    await p.merchandise.deleteMany({});
    await p.merchandise.create({
      data: { title: "Real tee", description: "", price: "20.00", printifyId: "real1", printifyShopId: "123" },
    });
    await seedDemoData(p, quickHash);
    expect(await p.merchandise.count({ where: { isDemo: true } })).toBe(0);
    expect((await p.order.findFirstOrThrow({ where: { stripePaymentId: "pi_demo_tee_black_m" } })).merchandiseId).toBeNull();
  });

  test("only without a Printify token, and never in production", () => {
    expect(wantsDemoCatalogue({ NODE_ENV: "development" })).toBe(true);
    expect(wantsDemoCatalogue({ NODE_ENV: "test" })).toBe(true);
    expect(wantsDemoCatalogue({ NODE_ENV: "development", PRINTIFY_API_TOKEN: "token" })).toBe(false);
    expect(wantsDemoCatalogue({ NODE_ENV: "production" })).toBe(false);
  });
});

describe("the demo catalogue's pictures", () => {
  test("each product's pictures are its own: the file exists and its title names the product", () => {
    const mismatched = DEMO_PRODUCTS.flatMap((product) =>
      product.images.flatMap((image) => {
        const file = join(import.meta.dir, "../../../../site/public", new URL(image.src, "http://x").pathname);
        const svg = existsSync(file) ? readFileSync(file, "utf8") : "";
        const named = /<title>([^<,]+)/.exec(svg)?.[1] ?? "(no file)";
        return product.title.includes(named) ? [] : [`${product.title}: ${image.src} shows ${named}`];
      }),
    );
    expect(mismatched).toEqual([]);
  });
});
