// The storefront's contract (SPEC §2 Merchandise, §3 merchandise and provider product, §7 GET /api/merchandise and
// /api/merchandise/{id}): what a visitor may see of a product — never the provider's ids, the demo/sync markers or
// our internal variant keys. Imports nothing but TypeBox.
// Builders by name (not `Type`, one object holding them all): an island bundles only those it calls (lib/typebox.ts).
import * as T from "@sinclair/typebox/type";
import type { Static } from "@sinclair/typebox/type";

/** SPEC leaves page sizes open: 24 cards a page (4 rows of 3, 6 of 4), at most 100 per request. */
export const MERCHANDISE_PAGE_SIZE = 24;
export const MERCHANDISE_LIST_MAX = 100;

export const MERCHANDISE_MESSAGES = { notFound: "Product not found" } as const;

/** A product card on /merchandise. */
export const MerchandiseSummarySchema = T.Object({
  id: T.String(),
  title: T.String(),
  /** Provider HTML, sanitized when stored (the catalogue sync): the only HTML a page may render as is. */
  description: T.String(),
  /** The lowest enabled variant's price, dollars with 2 decimals ("24.00"). */
  price: T.String(),
  imageUrl: T.Union([T.String(), T.Null()]),
  /** False once the provider no longer sells it: hidden from the list, shown as unavailable on its page. */
  available: T.Boolean(),
  createdAt: T.String({ format: "date-time" }),
});
export type MerchandiseSummary = Static<typeof MerchandiseSummarySchema>;

/** One option (Colors, Sizes…) with its values, in the provider's order (Printify: at most 3 options). */
const MerchandiseOptionSchema = T.Object({
  name: T.String(),
  type: T.String(),
  values: T.Array(T.Object({ id: T.Integer(), title: T.String() })),
});
export type MerchandiseOption = Static<typeof MerchandiseOptionSchema>;

const MerchandiseImageSchema = T.Object({
  src: T.String(),
  isDefault: T.Boolean(),
  /** The variants (their `id`) this image shows. */
  variantIds: T.Array(T.String()),
});
export type MerchandiseImage = Static<typeof MerchandiseImageSchema>;

const MerchandiseVariantSchema = T.Object({
  /** The provider's variant id as text: what checkout takes as `variantId` (SPEC §7). */
  id: T.String(),
  title: T.String(),
  /** One value id per option. */
  optionValueIds: T.Array(T.Integer()),
  price: T.String(),
  isEnabled: T.Boolean(),
  isDefault: T.Boolean(),
  /** In stock at the provider. */
  isAvailable: T.Boolean(),
});
export type MerchandiseVariant = Static<typeof MerchandiseVariantSchema>;

/** GET /api/merchandise/{id}: the card's fields plus options, images and variants. */
export const MerchandiseDetailSchema = T.Object({
  ...MerchandiseSummarySchema.properties,
  options: T.Array(MerchandiseOptionSchema),
  images: T.Array(MerchandiseImageSchema),
  variants: T.Array(MerchandiseVariantSchema),
});
export type MerchandiseDetail = Static<typeof MerchandiseDetailSchema>;
