// The fake Printify (fake-printify.ts) as a process of its own, for the Playwright journeys (e2e/printify/printify.e2e.ts;
// playwright.config.ts starts it): a fixed port, the demo shop holding a catalogue large enough that a sync shows
// its progress over several slowed pages, a second shop, and test-control routes under /__test/ (no real Printify
// has that path) since the journeys run under Node and reach it over HTTP only.
//
//   node_modules/.bin/bun api/test/fake-printify-server.ts
//
// Settings (env): FAKE_PRINTIFY_PORT (required), FAKE_PRINTIFY_TOKEN (required: the app's PRINTIFY_API_TOKEN),
// FAKE_PRINTIFY_PRODUCTS (products in the demo shop, default 150: the six demo products and generated totes),
// FAKE_PRINTIFY_PAGE_DELAY_MS (each products page answers this much later, default 400), FAKE_PRINTIFY_IMAGES_PORT
// (required: the mock-up image host, another origin standing for images-api.printify.com; fake-printify-products.ts).
//
// Control routes: GET /__test/ready; GET /__test/shops (each with its product count, and how many are visible); GET /__test/orders (every order
// created through the API, oldest first, as Printify answers it: our id in metadata.shop_order_id; the shop's
// foreign orders are on its list but not here); POST /__test/orders/{id}/shipments {carrier, number, url?} (answers the shipment, 201);
// GET /__test/webhooks (registered webhooks, secrets left out).
import { DEMO_PRODUCTS, DEMO_SHOP } from "../src/modules/printify/demo-catalogue";
import type { PrintifyProduct, PrintifyShop } from "../src/modules/printify/shapes";
import { type FakePrintify, foreignOrders, startFakePrintify } from "./fake-printify";
import { startFakeImageHost } from "./fake-printify-products";

/** A second shop, so the journeys can see every Sync button disabled while one shop syncs. */
export const POP_UP_SHOP: PrintifyShop = { id: 9_000_002, title: "Pop-up Shop", sales_channel: "custom_integration" };

function setting(name: string, fallback?: number): string {
  const value = process.env[name] ?? (fallback === undefined ? undefined : String(fallback));
  if (!value) {
    console.error(`fake Printify: set ${name}`);
    process.exit(1);
  }
  return value;
}

/**
 * `count` products: generated copies of the demo tote bag (two variants) first, then the six demo products. A sync stores them in this
 * order and the store lists newest first, so the demo products (the journeys buy the Logo Tee) open the grid.
 */
export function catalogue(count: number): PrintifyProduct[] {
  const tote = DEMO_PRODUCTS.find((p) => p.title === "Canvas Tote Bag")!;
  const generated = Array.from({ length: Math.max(0, count - DEMO_PRODUCTS.length) }, (_, i) => ({
    ...structuredClone(tote),
    id: `e2e0${(i + 1).toString(16).padStart(20, "0")}`,
    title: `Community Tote No. ${String(i + 1).padStart(3, "0")}`,
    // The first carries what a compromised or careless provider account could send: the journeys check it stays inert.
    ...(i === 0 ? { description: HOSTILE_DESCRIPTION } : {}),
  }));
  return [...generated, ...structuredClone([...DEMO_PRODUCTS])].slice(-count);
}

/** Script in every place HTML can carry it; each would set window.__xss if it ever ran in a page. */
export const HOSTILE_DESCRIPTION =
  '<p>Sturdy <strong>tote</strong> <img src="x" onerror="window.__xss=1"></p><script>window.__xss=2</script>' +
  '<a href="javascript:window.__xss=3">details</a><svg onload="window.__xss=4"></svg>' +
  '<iframe src="javascript:window.__xss=5"></iframe><form action="javascript:window.__xss=6"><button>go</button></form>' +
  '<p style="background:url(javascript:window.__xss=7)" onclick="window.__xss=8">Machine washable.</p>';

const json = (data: unknown, status = 200) => Response.json(data, { status });

function control(fake: () => FakePrintify) {
  return (request: Request, url: URL, body: unknown): Response | undefined => {
    if (!url.pathname.startsWith("/__test/")) return undefined;
    const route = `${request.method} ${url.pathname.slice("/__test".length)}`;
    if (route === "GET /ready") return json({ ready: true });
    if (route === "GET /shops") {
      return json(
        fake().shops.map((s) => {
          const products = fake().products.get(s.id) ?? [];
          return { ...s, products: products.length, visible: products.filter((p) => p.visible !== false).length };
        }),
      );
    }
    if (route === "GET /orders") return json(fake().orders.map(({ pendingReadsLeft: _, ...order }) => order));
    if (route === "GET /webhooks") return json(fake().webhooks.map(({ secret: _, ...webhook }) => webhook));
    const shipment = /^POST \/orders\/([^/]+)\/shipments$/.exec(route);
    if (shipment) {
      const input = body as { carrier?: unknown; number?: unknown; url?: unknown } | null;
      if (typeof input?.carrier !== "string" || typeof input.number !== "string") {
        return json({ error: "carrier and number are required" }, 400);
      }
      if (!fake().order(shipment[1]!)) return json({ error: `no order ${shipment[1]}` }, 404);
      const url = typeof input.url === "string" ? input.url : undefined;
      return json(fake().addShipment(shipment[1]!, { carrier: input.carrier, number: input.number, url }), 201);
    }
    return json({ error: `no control route ${route}` }, 404);
  };
}

if (import.meta.main) {
  const port = Number(setting("FAKE_PRINTIFY_PORT"));
  const images = startFakeImageHost(Number(setting("FAKE_PRINTIFY_IMAGES_PORT")));
  const fake: FakePrintify = startFakePrintify({
    port,
    images: images.origin,
    token: setting("FAKE_PRINTIFY_TOKEN"),
    shops: [DEMO_SHOP, POP_UP_SHOP],
    products: { [DEMO_SHOP.id]: catalogue(Number(setting("FAKE_PRINTIFY_PRODUCTS", 150))), [POP_UP_SHOP.id]: [] },
    productPageDelayMs: Number(setting("FAKE_PRINTIFY_PAGE_DELAY_MS", 400)),
    control: control(() => fake),
  });
  // The shop's other orders (other sales channels, manual, fields missing): the submission's lookup meets them.
  for (const order of foreignOrders()) fake.addForeignOrder(DEMO_SHOP.id, order);
  console.log(`fake Printify listening: ${fake.url}`);
  const stop = () => void Promise.all([fake.stop(), images.stop()]).finally(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
