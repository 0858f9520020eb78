// The printify routes' use cases: the provider's shops and products (or the demo shop without a token), the admin
// catalogue, and starting a sync (sync.ts). Plain values in, plain data out; failures are AppErrors.
import { db } from "../../db/client";
import { AppError } from "../../lib/errors";
import { type PrintifyClient, PrintifyError, printify } from "./client";
import { DEMO_SHOP, demoProduct } from "./demo-catalogue";
import { demoPrintify } from "./demo-client";
import { CATALOGUE_PAGE_SIZE, type Catalogue, type Shop, type SyncResult } from "./schema";
import type { PrintifyProduct } from "./shapes";
import { NOT_CONFIGURED_MESSAGE, syncClient, syncShop } from "./sync";
import { merchandiseKeyset, summarySelect } from "../merchandise/service";
import { inPageOrder, type PageInput } from "../../lib/keyset";
import { dollars } from "../../lib/money";

export { NOT_CONFIGURED_MESSAGE };

/** A provider failure as the API answers it: 404 for an unknown shop or product, else 503 with Printify's reason. */
export function providerFailure(e: unknown, what: string): never {
  if (e instanceof PrintifyError) {
    if (e.status === 404) throw new AppError("not_found", `${what} not found at Printify`);
    throw new AppError("unavailable", `Printify did not answer as expected: ${e.reason}`);
  }
  throw e;
}

/** The provider's shops; without a token, the demo shop (flagged) so the screen shows what the store runs on. */
export async function listShops(client: PrintifyClient | null = printify()): Promise<Shop[]> {
  if (!client) return [{ ...DEMO_SHOP, demo: true }];
  const shops = await client.listShops().catch((e) => providerFailure(e, "Shops"));
  return shops.map((s) => ({ id: s.id, title: s.title, sales_channel: s.sales_channel, demo: false }));
}

/**
 * One provider product. The shop is the one given, else the one our catalogue stored it under; without a token, the
 * demo product.
 */
export async function getProviderProduct(
  printifyId: string,
  shopId: string | undefined,
  client: PrintifyClient | null = printify(),
): Promise<PrintifyProduct> {
  if (!client) {
    const demo = demoProduct(printifyId);
    if (!demo) throw new AppError("not_found", "Product not found");
    return demo;
  }
  const shop =
    shopId ??
    (
      await (
        await db()
      ).merchandise.findFirst({
        where: { printifyId, isDemo: false, printifyShopId: { not: null } },
        select: { printifyShopId: true },
      })
    )?.printifyShopId;
  if (!shop) throw new AppError("not_found", "Product not found");
  return client.getProduct(shop, printifyId).catch((e) => providerFailure(e, "Product"));
}

export const SYNC_CONTINUES_MESSAGE = "The sync continues in the background.";

/**
 * Starts a sync of the shop and answers at its end (SPEC §7: a message; the list is refreshed by the caller), or,
 * for a shop too large to sync within the answer window, while it runs on (the screen follows its progress). Without
 * a token only the demo shop syncs (from the built-in catalogue, where it is on); any other shop needs the token.
 */
export async function syncProducts(
  shopId: string,
  startedById: string | null,
  { includeHidden }: { includeHidden?: "true" | "false" } = {},
  client: PrintifyClient | null = syncClient(),
): Promise<SyncResult> {
  if (!client || (client === demoPrintify && shopId !== String(DEMO_SHOP.id)))
    throw new AppError("unavailable", NOT_CONFIGURED_MESSAGE);
  const run = await syncShop(shopId, startedById, undefined, { includeHidden: includeHidden === "true" });
  return { message: run.message ?? SYNC_CONTINUES_MESSAGE, run };
}

/** The admin card's products, available or not, newest first, a keyset page at a time, and how many there are. */
export async function adminCatalogue(
  { limit, cursor }: PageInput = {},
  client: PrintifyClient | null = printify(),
): Promise<Catalogue & { nextCursor: string | null }> {
  const prisma = await db();
  const [{ ids, nextCursor }, total] = await Promise.all([
    merchandiseKeyset.page(prisma, { cursor, limit: limit ?? CATALOGUE_PAGE_SIZE }),
    prisma.merchandise.count(),
  ]);
  const rows = await prisma.merchandise.findMany({
    where: { id: { in: ids } },
    select: { ...summarySelect, createdAt: false, isDemo: true, printifyId: true, printifyShopId: true },
  });
  const items = inPageOrder(ids, rows).map((r) => ({ ...r, price: dollars(r.price) }));
  return { configured: client !== null, total, items, nextCursor };
}
