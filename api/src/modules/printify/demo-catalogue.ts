// The store without a Printify token (`npm start` on a fresh clone): one demo shop and six products in Printify's
// exact product shape, so they take the same path as a real catalogue (toMerchandise, sanitizeDescription). They cover
// what the storefront must handle: two option kinds (Colors, Sizes) and single-option products, images per variant
// (variant_ids), a combination the provider leaves disabled (is_enabled false), variants out of stock
// (is_available false), HTML descriptions, and a product the seller has unpublished (visible false: stored
// unavailable, so it is off the grid and its page says so). Images are small SVG files in site/public/merch/demo/.
import { SITE_NAME } from "../../lib/html";
import type { PrintifyImage, PrintifyOption, PrintifyProduct, PrintifyShop, PrintifyVariant } from "./shapes";

/**
 * The demo merchandise catalogue only without a Printify token (with one, the admin syncs the real shop) and never in
 * production (`npm run db:seed` there seeds accounts and content, not products nobody can order). The demo seed
 * (cli/demo-seed.ts) and Sync Products on the demo shop (sync.ts syncClient) both follow it.
 */
export const wantsDemoCatalogue = (settings: { PRINTIFY_API_TOKEN?: string; NODE_ENV: string }) =>
  !settings.PRINTIFY_API_TOKEN && settings.NODE_ENV !== "production";

export const DEMO_SHOP: PrintifyShop = { id: 9_000_001, title: `${SITE_NAME} Demo Shop`, sales_channel: "custom_integration" };

const IMAGE_BASE = "/merch/demo/";

type Value = { id: number; title: string; colors?: string[] };
type ProductPlan = {
  id: string;
  title: string;
  description: string;
  options: { name: "Colors" | "Sizes"; type: "color" | "size"; values: Value[] }[];
  /** First variant id; the others follow in option order (Printify's order: first option outermost). */
  firstVariantId: number;
  price: (values: Value[]) => number;
  /** Variant titles ("Navy / XL") the provider does not offer, out of stock, and the one marked default. */
  disabled?: string[];
  outOfStock?: string[];
  defaultVariant: string;
  /** Mock-up files per value of the first option (the colour), the first one front; "*": for every variant. */
  images: Record<string, { file: string; position: string }[]>;
  /** false: unpublished in Printify (toMerchandise stores it unavailable). */
  visible?: boolean;
};

function product(plan: ProductPlan): PrintifyProduct {
  const combos = plan.options.reduce<Value[][]>((acc, o) => acc.flatMap((prefix) => o.values.map((v) => [...prefix, v])), [[]]);
  const variants: PrintifyVariant[] = combos.map((values, index) => {
    const title = values.map((v) => v.title).join(" / ");
    return {
      id: plan.firstVariantId + index,
      title,
      price: plan.price(values),
      is_enabled: !plan.disabled?.includes(title),
      is_default: title === plan.defaultVariant,
      is_available: !plan.outOfStock?.includes(title),
      options: values.map((v) => v.id),
      sku: `DEMO-${plan.firstVariantId + index}`,
    };
  });
  const options: PrintifyOption[] = plan.options.map((o) => ({ name: o.name, type: o.type, values: o.values }));
  const defaultOf = variants.find((v) => v.is_default);
  const images: PrintifyImage[] = Object.entries(plan.images).flatMap(([firstValue, files]) => {
    // Printify makes mock-ups for the variants on sale only.
    const shown = variants.filter((v) => v.is_enabled && (firstValue === "*" || v.title.split(" / ")[0] === firstValue));
    const variantIds = shown.map((v) => v.id);
    return files.map(({ file, position }, i) => ({
      src: `${IMAGE_BASE}${file}`,
      variant_ids: variantIds,
      position,
      is_default: i === 0 && defaultOf !== undefined && variantIds.includes(defaultOf.id),
    }));
  });
  return {
    id: plan.id,
    title: plan.title,
    description: plan.description,
    tags: ["Demo"],
    options,
    variants,
    images,
    visible: plan.visible ?? true,
    created_at: "2026-11-01 09:00:00+00:00",
    updated_at: "2026-11-20 09:00:00+00:00",
  };
}

const BLACK = { id: 418, title: "Black", colors: ["#111827"] };
const WHITE = { id: 521, title: "White", colors: ["#f9fafb"] };
const SIZES = [
  { id: 14, title: "S" },
  { id: 15, title: "M" },
  { id: 16, title: "L" },
  { id: 17, title: "XL" },
];
const frontBack = (colour: string) => [
  { file: `tee-${colour}-front.svg`, position: "front" },
  { file: `tee-${colour}-back.svg`, position: "back" },
];
const isXL = (values: Value[]) => values.some((v) => v.title === "XL");

export const DEMO_PRODUCTS: readonly PrintifyProduct[] = [
  product({
    id: "6740d0c1a9e4b20001a10001",
    title: `${SITE_NAME} Logo Tee`,
    description:
      "<p>The classic tee of our community, with the lightbulb on the chest.</p>" +
      "<ul><li><strong>100% combed cotton</strong>, 150 g/m²</li><li>Regular fit, tear-away label</li>" +
      "<li>Printed on demand: <em>no stock, no waste</em></li></ul>",
    options: [
      { name: "Colors", type: "color", values: [BLACK, WHITE, { id: 511, title: "Navy", colors: ["#1e3a8a"] }] },
      { name: "Sizes", type: "size", values: SIZES },
    ],
    firstVariantId: 18_100,
    price: (values) => (isXL(values) ? 2600 : 2400),
    disabled: ["Navy / XL"],
    outOfStock: ["White / S"],
    defaultVariant: "Black / M",
    images: { Black: frontBack("black"), White: frontBack("white"), Navy: frontBack("navy") },
  }),
  product({
    id: "6740d0c1a9e4b20001a10002",
    title: "Innovator Hoodie",
    description:
      "<h3>Warm ideas</h3><p>A heavy blend hoodie with a lined hood and a front pouch pocket.</p>" +
      "<ul><li>80% cotton, 20% polyester</li><li>Ribbed cuffs and waistband</li></ul>",
    options: [
      {
        name: "Colors",
        type: "color",
        values: [
          { id: 700, title: "Charcoal", colors: ["#374151"] },
          { id: 701, title: "Forest Green", colors: ["#14532d"] },
        ],
      },
      { name: "Sizes", type: "size", values: SIZES },
    ],
    firstVariantId: 32_900,
    price: (values) => (isXL(values) ? 5200 : 4800),
    disabled: ["Forest Green / S"],
    outOfStock: ["Charcoal / XL"],
    defaultVariant: "Charcoal / M",
    images: {
      Charcoal: [{ file: "hoodie-charcoal.svg", position: "front" }],
      "Forest Green": [{ file: "hoodie-forest.svg", position: "front" }],
    },
  }),
  product({
    id: "6740d0c1a9e4b20001a10003",
    title: "Ideas Mug",
    description:
      "<p>Ceramic mug for the first coffee of a hackathon.</p>" +
      "<ol><li>Dishwasher and microwave safe</li><li>Printed all around</li></ol>",
    options: [
      { name: "Colors", type: "color", values: [WHITE, BLACK] },
      {
        name: "Sizes",
        type: "size",
        values: [
          { id: 1189, title: "11oz" },
          { id: 1190, title: "15oz" },
        ],
      },
    ],
    firstVariantId: 62_000,
    price: (values) => (values.some((v) => v.title === "15oz") ? 1700 : 1400),
    outOfStock: ["Black / 15oz"],
    defaultVariant: "White / 11oz",
    images: { White: [{ file: "mug-white.svg", position: "front" }], Black: [{ file: "mug-black.svg", position: "front" }] },
  }),
  product({
    id: "6740d0c1a9e4b20001a10004",
    title: "Canvas Tote Bag",
    description:
      '<p>Sturdy cotton canvas tote, long handles. Made by a print provider near you — see <a href="https://printify.com/">Printify</a>.</p>',
    options: [{ name: "Colors", type: "color", values: [{ id: 1046, title: "Natural", colors: ["#e7dcc4"] }, BLACK] }],
    firstVariantId: 71_400,
    price: () => 1800,
    defaultVariant: "Natural",
    images: {
      Natural: [{ file: "tote-natural.svg", position: "front" }],
      Black: [{ file: "tote-black.svg", position: "front" }],
    },
  }),
  product({
    id: "6740d0c1a9e4b20001a10005",
    title: "Lightbulb Sticker",
    description: "<p>Kiss-cut vinyl sticker, <b>weatherproof</b>.</p><p>For laptops, bottles and whiteboards.</p>",
    options: [
      {
        name: "Sizes",
        type: "size",
        values: [
          { id: 2001, title: "3″×3″" },
          { id: 2002, title: "4″×4″" },
          { id: 2003, title: "6″×6″" },
        ],
      },
    ],
    firstVariantId: 45_750,
    price: (values) => ({ 2001: 400, 2002: 500, 2003: 700 })[values[0]!.id as 2001 | 2002 | 2003],
    disabled: ["6″×6″"],
    defaultVariant: "3″×3″",
    images: { "*": [{ file: "sticker.svg", position: "front" }] },
  }),
  product({
    id: "6740d0c1a9e4b20001a10006",
    title: "Retired Cap",
    description: "<p>Last season's embroidered cap, no longer made.</p>",
    options: [{ name: "Colors", type: "color", values: [BLACK] }],
    firstVariantId: 80_100,
    price: () => 2200,
    defaultVariant: "Black",
    images: { Black: [{ file: "cap-black.svg", position: "front" }] },
    visible: false,
  }),
];

/** The demo product with this Printify id, or null. */
export function demoProduct(id: string): PrintifyProduct | null {
  return DEMO_PRODUCTS.find((p) => p.id === id) ?? null;
}
