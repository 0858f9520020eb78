// The product side of the fake Printify (fake-printify.ts), built from Printify's documented product payload
// (api/test/fixtures/printify/product.json: spencerlepine/printify-sdk-js docs/PRINTIFY-Documentation.md at 8c84721,
// "Retrieve a product") and the real field inventory (airbytehq/airbyte
// airbyte-integrations/connectors/source-printify/manifest.yaml at 680b8de, shop_products):
// - `asServed` gives a product every field Printify sends (blueprint_id, print_provider_id, user_id, shop_id,
//   print_areas, is_locked, visible, sales_channel_properties, express and economy flags; variants with cost and
//   grams; images with is_selected_for_publishing) and, with an image host, its mock-ups on that other origin, named
//   like Printify's (`/mockup/{product}/{variant}/{n}/{slug}.png`);
// - `startFakeImageHost` is that other origin (it stands for images-api.printify.com): a second local server that
//   answers a real PNG for any mock-up path, with a Content-Type that does not say what it is (the reader must sniff
//   the bytes), counts what it served, and can be made unreachable for chosen paths.
import { createHash } from "node:crypto";
import type { PrintifyProduct } from "../src/modules/printify/shapes";
import { recorded } from "./fixtures/printify/fixtures";

/** A product as the fake keeps it: Printify's shape, plus the publishing state the fake changes. */
export type FakeProduct = PrintifyProduct & {
  external?: { id: string; handle: string; shipping_template_id?: string }[];
};

const slug = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "") || "product";

/**
 * The product as Printify answers it: the documented field set around the product's own data (the recorded
 * product's values where the product has none, e.g. blueprint_id 68, print_provider_id 9), its shop's id, and its
 * mock-ups on `imageHost` when given (the same file for the same image: a URL changes only when the image does).
 */
export function asServed(product: FakeProduct, shopId: number, imageHost?: string): Record<string, unknown> {
  // A product a test broke on purpose is answered as it is: the client must catch it.
  if (!Array.isArray(product.variants) || !Array.isArray(product.images)) return { ...product };
  const template = recorded.product();
  const variantIds = product.variants.map((v) => v.id);
  return {
    ...product,
    variants: product.variants.map((v) => ({
      cost: Math.round(v.price * 0.6),
      grams: template.variants[0]!.grams,
      is_printify_express_eligible: true,
      ...v,
    })),
    images: product.images.map((image, n) => ({
      is_selected_for_publishing: true,
      ...image,
      src: imageHost && !/^https?:\/\//.test(image.src) ? mockupUrl(imageHost, product, image, n) : image.src,
    })),
    created_at: product.created_at ?? template.created_at,
    updated_at: product.updated_at ?? template.updated_at,
    visible: product.visible ?? true,
    is_locked: product.is_locked ?? false,
    is_printify_express_eligible: true,
    is_printify_express_enabled: false,
    is_economy_shipping_eligible: true,
    is_economy_shipping_enabled: false,
    blueprint_id: template.blueprint_id,
    user_id: template.user_id,
    shop_id: shopId,
    print_provider_id: template.print_provider_id,
    print_areas: template.print_areas.map((area) => ({ ...area, variant_ids: variantIds })),
    sales_channel_properties: [],
    ...(product.external ? { external: product.external } : {}),
  };
}

/** Printify's mock-up URL form on the image host; the file name carries the image's own file when it has one. */
function mockupUrl(host: string, product: FakeProduct, image: PrintifyProduct["images"][number], n: number) {
  const file =
    image.src
      .split("/")
      .pop()
      ?.replace(/\.[a-z]+$/, "") ?? slug(product.title);
  return `${host}/mockup/${product.id}/${image.variant_ids[0] ?? 0}/${100 + n}/${slug(file)}.png`;
}

export type FakeImageHost = {
  /** The origin, e.g. http://127.0.0.1:41235 (give it to the app as PRINTIFY_IMAGE_ORIGINS). */
  origin: string;
  /** Paths served (200), in order. */
  served: string[];
  /** Paths matching this answer 503 until cleared (null: none). */
  unreachable: RegExp | null;
  /** Paths matching `path` answer this body and Content-Type instead of a PNG (a lying or hostile host). */
  answers: { path: RegExp; body: Uint8Array | string; type: string }[];
  stop(): Promise<void>;
};

/** A small real PNG, its colour from the path (different images differ), made once per path. */
const pngs = new Map<string, Promise<Uint8Array>>();
function pngFor(path: string): Promise<Uint8Array> {
  let png = pngs.get(path);
  if (!png) {
    const [r, g, b] = createHash("sha256").update(path).digest();
    png = import("sharp").then(
      async ({ default: sharp }) =>
        new Uint8Array(
          await sharp({ create: { width: 96, height: 96, channels: 3, background: { r: r!, g: g!, b: b! } } })
            .png()
            .toBuffer(),
        ),
    );
    pngs.set(path, png);
  }
  return png;
}

/** The mock-up image host on a port of its own (0: a free one). */
export function startFakeImageHost(port = 0): FakeImageHost {
  const host: FakeImageHost = {
    origin: "",
    served: [],
    unreachable: null,
    answers: [],
    stop: () => server.stop(true),
  };
  const server = Bun.serve({
    port,
    hostname: "127.0.0.1",
    async fetch(request) {
      const { pathname } = new URL(request.url);
      if (request.method !== "GET" || !pathname.startsWith("/mockup/")) return new Response("Not found", { status: 404 });
      if (host.unreachable?.test(pathname)) return new Response("Service Unavailable", { status: 503 });
      host.served.push(pathname);
      const answer = host.answers.find((a) => a.path.test(pathname));
      if (answer) return new Response(answer.body as BodyInit, { headers: { "Content-Type": answer.type } });
      // A CDN's generic type: what the file is must come from its bytes.
      return new Response((await pngFor(pathname)) as Uint8Array<ArrayBuffer>, {
        headers: { "Content-Type": "application/octet-stream" },
      });
    },
  });
  host.origin = `http://127.0.0.1:${server.port}`;
  return host;
}
