// SPEC §4 variant selection and §5 Buy Now, as pure functions the picker island and the product page share: which
// variant is preselected, which one a choice of option values selects, what Buy Now sends and when it is disabled,
// and the gallery (SPEC §9: 4 images, the selected variant's first). Types only from the contract: no TypeBox ships.
import type { MerchandiseDetail, MerchandiseVariant } from "@api/modules/merchandise/schema";

/** SPEC §4, word for word. */
export const COMBINATION_UNAVAILABLE = "This combination is not available. Please select different options.";
/** SPEC §9: the merchandise gallery shows 4 images. */
const GALLERY_MAX_IMAGES = 4;
/** SPEC §9: a default image stands in when a product has none. */
export const DEFAULT_PRODUCT_IMAGE = "/images/default-product.svg";

export type Product = Pick<MerchandiseDetail, "options" | "variants" | "images" | "imageUrl" | "available">;
/** The chosen value id per option, in the options' order; null where an option has no value to choose. */
type Selection = (number | null)[];

/** SPEC §4: the default enabled variant, else the first enabled one; null when the seller enabled none. */
export function initialVariant(variants: readonly MerchandiseVariant[]): MerchandiseVariant | null {
  return variants.find((v) => v.isEnabled && v.isDefault) ?? variants.find((v) => v.isEnabled) ?? null;
}

/** The variants of the colour(s) chosen in `selection`, whatever their other options: none when no colour is chosen. */
function sameColour(product: Partial<Pick<Product, "options" | "variants">>, selection: Selection): string[] {
  const colours = (product.options ?? []).flatMap((option, i) =>
    option.type === "color" && selection[i] != null ? [selection[i]] : [],
  );
  if (colours.length === 0) return [];
  return (product.variants ?? []).filter((v) => colours.every((c) => v.optionValueIds.includes(c))).map((v) => v.id);
}

/** The option values a variant is made of (without one: each option's first value). */
export function selectionOf(product: Pick<Product, "options">, variant: MerchandiseVariant | null): Selection {
  return product.options.map((option) => {
    const value = variant ? option.values.find((v) => variant.optionValueIds.includes(v.id)) : undefined;
    return value?.id ?? option.values[0]?.id ?? null;
  });
}

/** SPEC §4: the enabled variant whose options all match the selection; null when none does. */
export function matchVariant(product: Pick<Product, "variants">, selection: Selection): MerchandiseVariant | null {
  return (
    product.variants.find((v) => v.isEnabled && selection.every((value) => value !== null && v.optionValueIds.includes(value))) ??
    null
  );
}

/** The selection after choosing `valueId` for the option at `index`. */
export function choose(selection: Selection, index: number, valueId: number): Selection {
  return selection.map((value, i) => (i === index ? valueId : value));
}

/** SPEC §7: `variantTitle` is the chosen option values' titles joined with ' / ' (e.g. "Black / M"). */
export function variantTitle(product: Pick<Product, "options">, selection: Selection): string {
  return product.options
    .map((option, i) => option.values.find((v) => v.id === selection[i])?.title)
    .filter((title): title is string => Boolean(title))
    .join(" / ");
}

/** SPEC §5: Buy Now is disabled while a checkout is pending, without a variant, or when it is not available. */
export function canBuy(product: Pick<Product, "available">, variant: MerchandiseVariant | null, pending: boolean): boolean {
  return !pending && product.available && variant?.isAvailable === true;
}

/** The stock badge's words; none without a selected variant (the warning speaks then). */
export function stockLabel(product: Pick<Product, "available">, variant: MerchandiseVariant | null): string | null {
  if (!product.available) return "Unavailable";
  if (!variant) return null;
  return variant.isAvailable ? "In Stock" : "Out of Stock";
}

/**
 * The gallery's image URLs: the selected variant's images first (in the provider's order), then the product's
 * others, without repeats, at most GALLERY_MAX_IMAGES; the product image (or the default one) when there are none.
 */
export function galleryImages(
  product: Pick<Product, "images" | "imageUrl"> & Partial<Pick<Product, "options" | "variants">>,
  variant: MerchandiseVariant | null,
  /** The chosen option values: when they make no variant, the chosen colour's pictures still lead. */
  selection: Selection = [],
): string[] {
  const ids = variant ? [variant.id] : sameColour(product, selection);
  const own = product.images.filter((image) => image.variantIds.some((id) => ids.includes(id)));
  const rest = product.images.filter((image) => !own.includes(image));
  // With no variant (nor colour) to show, the product's default image leads.
  if (!variant) rest.sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
  const sources = [...new Set([...own, ...rest].map((image) => image.src))].slice(0, GALLERY_MAX_IMAGES);
  return sources.length ? sources : [product.imageUrl ?? DEFAULT_PRODUCT_IMAGE];
}
