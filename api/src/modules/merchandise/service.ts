// Storefront reads. Plain functions: no Elysia context in, plain data out, AppError on failure. The options and
// images columns hold the provider's JSON (Printify's shape, written by the catalogue sync or the demo catalogue):
// read defensively, so one malformed entry drops out instead of breaking the page.
import { db } from "../../db/client";
import { Prisma } from "../../generated/prisma/client";
import { notFound } from "../../lib/errors";
import { defineKeyset, inPageOrder, type Page, type PageInput } from "../../lib/keyset";
import {
  MERCHANDISE_MESSAGES,
  MERCHANDISE_PAGE_SIZE,
  type MerchandiseDetail,
  type MerchandiseImage,
  type MerchandiseOption,
  type MerchandiseSummary,
  type MerchandiseVariant,
} from "./schema";
import { dollars } from "../../lib/money";

/** Newest first, on the merchandise(available, createdAt) index; ties broken by id. */
export const merchandiseKeyset = defineKeyset({
  table: "merchandise",
  column: "createdAt",
  kind: "timestamp",
  direction: "desc",
});

/** The columns of a product card; the admin catalogue (printify/service.ts) selects the same plus its source. */
export const summarySelect = {
  id: true,
  title: true,
  description: true,
  price: true,
  imageUrl: true,
  available: true,
  createdAt: true,
} satisfies Prisma.MerchandiseSelect;

const detailSelect = {
  ...summarySelect,
  options: true,
  images: true,
  variants: {
    select: {
      providerVariantId: true,
      title: true,
      optionValueIds: true,
      price: true,
      isEnabled: true,
      isDefault: true,
      isAvailable: true,
    },
  },
} satisfies Prisma.MerchandiseSelect;

type SummaryRow = Prisma.MerchandiseGetPayload<{ select: typeof summarySelect }>;
type DetailRow = Prisma.MerchandiseGetPayload<{ select: typeof detailSelect }>;

const toSummary = (row: SummaryRow): MerchandiseSummary => ({
  id: row.id,
  title: row.title,
  description: row.description,
  price: dollars(row.price),
  imageUrl: row.imageUrl,
  available: row.available,
  createdAt: row.createdAt.toISOString(),
});

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;
const isId = (value: unknown): value is number => typeof value === "number" && Number.isSafeInteger(value);

/** Printify's `options`: `[{ name, type, values: [{ id, title }] }]`. */
function readOptions(json: Prisma.JsonValue): MerchandiseOption[] {
  if (!Array.isArray(json)) return [];
  return json.flatMap((option) => {
    if (!isRecord(option) || typeof option.name !== "string" || !Array.isArray(option.values)) return [];
    const values = option.values.flatMap((v) =>
      isRecord(v) && isId(v.id) && typeof v.title === "string" ? [{ id: v.id, title: v.title }] : [],
    );
    return [{ name: option.name, type: typeof option.type === "string" ? option.type : "", values }];
  });
}

/** Printify's `images`: `[{ src, is_default, variant_ids: [numbers] }]`, variant ids as our text ids. */
function readImages(json: Prisma.JsonValue): MerchandiseImage[] {
  if (!Array.isArray(json)) return [];
  return json.flatMap((image) => {
    if (!isRecord(image) || typeof image.src !== "string" || !image.src) return [];
    const ids = Array.isArray(image.variant_ids) ? image.variant_ids : [];
    return [
      {
        src: image.src,
        isDefault: image.is_default === true,
        variantIds: ids.flatMap((id) => (isId(id) || typeof id === "string" ? [String(id)] : [])),
      },
    ];
  });
}

/** Printify lists variants by id; ours are text, so "99" must still come before "100". */
const byProviderId = (a: { providerVariantId: string }, b: { providerVariantId: string }) => {
  const [x, y] = [Number(a.providerVariantId), Number(b.providerVariantId)];
  return Number.isFinite(x) && Number.isFinite(y) && x !== y ? x - y : a.providerVariantId.localeCompare(b.providerVariantId);
};

function toDetail(row: DetailRow): MerchandiseDetail {
  const variants: MerchandiseVariant[] = [...row.variants].sort(byProviderId).map((v) => ({
    id: v.providerVariantId,
    title: v.title,
    optionValueIds: v.optionValueIds,
    price: dollars(v.price),
    isEnabled: v.isEnabled,
    isDefault: v.isDefault,
    isAvailable: v.isAvailable,
  }));
  return { ...toSummary(row), options: readOptions(row.options), images: readImages(row.images), variants };
}

type ListMerchandiseInput = PageInput;
type MerchandisePage = Page<MerchandiseSummary>;

/** The /merchandise grid: available products only, newest first, keyset pages (docs/decisions/008). */
export async function listMerchandise({ limit, cursor }: ListMerchandiseInput): Promise<MerchandisePage> {
  const prisma = await db();
  const { ids, nextCursor } = await merchandiseKeyset.page(prisma, {
    where: [Prisma.sql`available = true`],
    cursor,
    limit: limit ?? MERCHANDISE_PAGE_SIZE,
  });
  const rows = await prisma.merchandise.findMany({ where: { id: { in: ids } }, select: summarySelect });
  return { items: inPageOrder(ids, rows).map(toSummary), nextCursor };
}

/**
 * One product with its options, images and variants. An unavailable product still answers (orders and old links
 * point at it), with `available: false`: its page says so and offers no Buy Now.
 */
export async function getMerchandise(id: string): Promise<MerchandiseDetail> {
  const row = await (await db()).merchandise.findUnique({ where: { id }, select: detailSelect });
  if (!row) throw notFound(MERCHANDISE_MESSAGES.notFound);
  return toDetail(row);
}
