// From a Printify product to the rows our catalogue stores (prisma/schema.prisma: Merchandise, MerchandiseVariant),
// and the allowlist every provider description goes through before it is stored. Pure: no database, no network —
// the sync and the demo catalogue both call it.
import type sanitizeHtml from "sanitize-html";
import { fromCents } from "../../lib/money";
import type { ShopId } from "./client";
import type { PrintifyImage, PrintifyProduct, PrintifyVariant } from "./shapes";

/** One option as Merchandise.options keeps it (JSON): Printify's own shape. */
export type MerchandiseOption = {
  name: string;
  type: string;
  values: { id: number; title: string; colors?: string[] }[];
};

/**
 * One image as Merchandise.images keeps it (JSON): Printify's own shape. After a sync `src` is our stored copy
 * (/api/files/…, printify/images.ts) and `source` the Printify URL it was fetched from (an unchanged `source` is not
 * fetched again); the demo catalogue's local files have no `source`.
 */
export type MerchandiseImage = {
  src: string;
  variant_ids: number[];
  position: string;
  is_default: boolean;
  source?: string;
};

/** The Merchandise row's provider-derived fields (the sync adds nothing else; id and times are the database's). */
export type MerchandiseRow = {
  title: string;
  /** Sanitized HTML (sanitizeDescription). */
  description: string;
  /** Dollars with two decimals, e.g. "24.00": the default enabled variant's price (else the first enabled one's). */
  price: string;
  imageUrl: string | null;
  printifyId: string;
  printifyShopId: string;
  /**
   * Something can be bought: the product is visible (not hidden, not deleted) and at least one variant is both
   * enabled and in stock at the provider.
   */
  available: boolean;
  options: MerchandiseOption[];
  images: MerchandiseImage[];
};

export type MerchandiseVariantRow = {
  providerVariantId: string;
  title: string;
  optionValueIds: number[];
  /** Dollars with two decimals. */
  price: string;
  isEnabled: boolean;
  isDefault: boolean;
  isAvailable: boolean;
};

/** The variant a product opens on: the default one if it is enabled, else the first enabled one; null if none is. */
export function defaultVariant<V extends Pick<PrintifyVariant, "is_enabled" | "is_default">>(variants: readonly V[]): V | null {
  return variants.find((v) => v.is_enabled && v.is_default) ?? variants.find((v) => v.is_enabled) ?? null;
}

/**
 * The mock-ups the sales channel shows: all but those the merchant left out of publishing
 * (`is_selected_for_publishing` false; absent or null reads as selected).
 */
const shownImages = (images: readonly PrintifyImage[]) => images.filter((i) => i.is_selected_for_publishing !== false);

/** The product's main picture: the image Printify marks default, else the first. */
function defaultImage(images: readonly PrintifyImage[]): PrintifyImage | null {
  return images.find((i) => i.is_default) ?? images[0] ?? null;
}

/** Maps one Printify product to its Merchandise row and MerchandiseVariant rows. */
export function toMerchandise(
  product: PrintifyProduct,
  shopId: ShopId,
): { merchandise: MerchandiseRow; variants: MerchandiseVariantRow[] } {
  const opening = defaultVariant(product.variants);
  const images = shownImages(product.images);
  const forSale = product.visible !== false && product.is_deleted !== true;
  return {
    merchandise: {
      title: product.title,
      description: sanitizeDescription(product.description),
      price: fromCents(opening?.price ?? product.variants[0]?.price ?? 0),
      imageUrl: defaultImage(images)?.src ?? null,
      printifyId: product.id,
      printifyShopId: String(shopId),
      available: forSale && product.variants.some((v) => v.is_enabled && v.is_available),
      options: product.options.map((o) => ({
        name: o.name,
        type: o.type,
        values: o.values.map((v) => (v.colors ? { id: v.id, title: v.title, colors: v.colors } : { id: v.id, title: v.title })),
      })),
      images: images.map((i) => ({
        src: i.src,
        variant_ids: i.variant_ids,
        position: i.position,
        is_default: i.is_default,
      })),
    },
    variants: product.variants.map((v) => ({
      providerVariantId: String(v.id),
      title: v.title,
      optionValueIds: v.options,
      price: fromCents(v.price),
      isEnabled: v.is_enabled,
      isDefault: v.is_default,
      isAvailable: v.is_available,
    })),
  };
}

const DESCRIPTION_POLICY: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "strong", "em", "b", "i", "ul", "ol", "li", "h3", "h4", "a"],
  allowedAttributes: { a: ["href", "rel"] },
  // Only absolute http(s) links: no javascript:, data:, mailto:, relative or protocol-relative (//evil) ones.
  allowedSchemes: ["http", "https"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  allowedStyles: {},
  // A disallowed tag is dropped and its text kept — except these, whose content goes with them.
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "template", "iframe", "object", "svg", "math", "title"],
  disallowedTagsMode: "discard",
  transformTags: {
    // rel is ours, never the provider's. An href that is not an absolute http(s) address is dropped, leaving an <a>
    // without href: plain text, not a link (allowedSchemes would strip it too: this is the belt to its braces). The
    // tag name must stay "a": sanitize-html also runs this for the closing tag.
    a: (tagName, attribs): sanitizeHtml.Tag => ({
      tagName,
      attribs: /^https?:\/\//i.test(attribs.href?.trim() ?? "") ? { href: attribs.href!.trim(), rel: "nofollow noopener" } : {},
    }),
  },
};

/**
 * Provider descriptions are HTML written by someone else: only text formatting and http(s) links survive (p, br,
 * strong, em, b, i, ul, ol, li, h3, h4, a[href] with rel="nofollow noopener"). No style, script, form, iframe, img
 * or attributes that run code. Applied when a description is stored, so the storefront can render it as is.
 */
export function sanitizeDescription(html: string): string {
  return sanitizer()(html, DESCRIPTION_POLICY).trim();
}

/**
 * sanitize-html and its HTML and CSS parsers, loaded by the first description stored (a catalogue sync), not by every
 * server at start (decision 003, "Loaded when used"). `require` keeps sanitizeDescription synchronous.
 */
const sanitizer = () => require("sanitize-html") as typeof sanitizeHtml;
