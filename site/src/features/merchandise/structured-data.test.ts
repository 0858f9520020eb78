// A product page's machine-readable side: OpenGraph tags and schema.org Product JSON-LD (name, images, description
// as text, an offer with price, USD and in or out of stock), safe inside <script>; and the text of stored HTML.
import { describe, expect, test } from "bun:test";
import type { MerchandiseDetail } from "@api/modules/merchandise/schema";
import { htmlToText } from "../../lib/html-text";
import { productMeta } from "./structured-data";
import { option } from "../../../../api/test/merch-options";

const product: MerchandiseDetail = {
  id: "p1",
  title: "Innovator Tee </script>",
  description: "<p>Soft &amp; organic.</p><ul><li>Printed&nbsp;on demand</li><li>&#8220;Fair&#x201D;</li></ul>",
  price: "24.00",
  imageUrl: "/tee.svg",
  available: true,
  createdAt: "2026-11-01T00:00:00.000Z",
  options: [
    option("Sizes", "size", [
      [11, "S"],
      [12, "M"],
    ]),
  ],
  images: [
    { src: "/s.svg", isDefault: true, variantIds: ["1"] },
    { src: "/m.svg", isDefault: false, variantIds: ["2"] },
  ],
  variants: [
    { id: "1", title: "S", optionValueIds: [11], price: "24.00", isEnabled: true, isDefault: false, isAvailable: true },
    { id: "2", title: "M", optionValueIds: [12], price: "26.50", isEnabled: true, isDefault: true, isAvailable: true },
  ],
};
const page = new URL("https://shop.example/merchandise/p1");

describe("product structured data", () => {
  test("schema.org Product with the preselected variant's offer in USD, in stock", () => {
    const meta = productMeta(product, page);
    expect(meta.jsonLd).not.toContain("</script>");
    const data = JSON.parse(meta.jsonLd);
    expect(data).toMatchObject({
      "@type": "Product",
      name: "Innovator Tee </script>",
      image: ["https://shop.example/m.svg", "https://shop.example/s.svg"],
      description: "Soft & organic. Printed on demand. “Fair”",
      offers: { "@type": "Offer", price: "26.50", priceCurrency: "USD", availability: "https://schema.org/InStock" },
    });
    expect(meta.og["og:image"]).toBe("https://shop.example/m.svg");
    expect(meta.og["og:type"]).toBe("product");
  });

  test("out of stock when the product is unavailable or no enabled variant is in stock", () => {
    const availability = (p: MerchandiseDetail) => JSON.parse(productMeta(p, page).jsonLd).offers.availability;
    expect(availability({ ...product, available: false })).toBe("https://schema.org/OutOfStock");
    expect(availability({ ...product, variants: product.variants.map((v) => ({ ...v, isAvailable: false })) })).toBe(
      "https://schema.org/OutOfStock",
    );
  });

  test("htmlToText drops tags, scripts and styles and decodes entities", () => {
    expect(htmlToText("<p>a<br>b</p><script>x()</script><style>p{}</style>&lt;c&gt; &unknown;")).toBe("a. b. <c> &unknown;");
    // Inline markup joins its neighbours as written: no space before the full stop after a bold word.
    expect(htmlToText("<p>Kiss-cut vinyl sticker, <b>weatherproof</b>.</p><p>For <a href='/x'>laptops</a>!</p>")).toBe(
      "Kiss-cut vinyl sticker, weatherproof. For laptops!",
    );
  });
});
