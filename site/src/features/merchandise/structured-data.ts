// What search engines and link previews read from a product page: OpenGraph tags and a schema.org Product with its
// offer (price in USD, in stock or not). Also the plain-text form of a stored (sanitized HTML) description, for the
// grid's cards, meta tags and JSON-LD, where markup has no place.
import type { MerchandiseDetail } from "@api/modules/merchandise/schema";
import { SITE_NAME } from "../../config";
import { galleryImages, initialVariant } from "./variant-rules";

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** The words of an HTML fragment: tags dropped (block ends become spaces), entities decoded, spaces collapsed. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name[0] === "#") {
        const code = name[1]?.toLowerCase() === "x" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : " ";
      }
      return ENTITIES[name.toLowerCase()] ?? entity;
    })
    .replace(/\s+/g, " ")
    .trim();
}

export function productMeta(product: MerchandiseDetail, pageUrl: URL) {
  const variant = initialVariant(product.variants);
  const images = galleryImages(product, variant).map((src) => new URL(src, pageUrl).toString());
  const description = htmlToText(product.description);
  const inStock = product.available && product.variants.some((v) => v.isEnabled && v.isAvailable);
  const data = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.title,
    image: images,
    description,
    url: pageUrl.toString(),
    offers: {
      "@type": "Offer",
      url: pageUrl.toString(),
      price: variant?.price ?? product.price,
      priceCurrency: "USD",
      availability: inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
    },
  };
  return {
    description,
    og: {
      "og:type": "product",
      "og:site_name": SITE_NAME,
      "og:title": product.title,
      "og:description": description,
      "og:url": pageUrl.toString(),
      "og:image": images[0]!,
      "product:price:amount": data.offers.price,
      "product:price:currency": "USD",
    },
    // JSON inside <script> must not be able to close the element: escape "<" (and the line separators JS dislikes).
    jsonLd: JSON.stringify(data)
      .replace(/</g, "\\u003c")
      .replace(/\u2028/g, "\\u2028")
      .replace(/\u2029/g, "\\u2029"),
  };
}
