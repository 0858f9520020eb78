// What search engines and link previews read from a product page: OpenGraph tags and a schema.org Product with its
// offer (price in USD, in stock or not); the description as text (lib/html-text.ts), where markup has no place.
import type { MerchandiseDetail } from "@api/modules/merchandise/schema";
import { SITE_NAME } from "../../config";
import { htmlToText } from "../../lib/html-text";
import { galleryImages, initialVariant } from "./variant-rules";

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
