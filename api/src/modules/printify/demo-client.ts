// The built-in demo shop as a Printify client (decision 012): without a token, and where the demo catalogue is on
// (demo-catalogue.ts wantsDemoCatalogue), Sync Products on the demo shop runs the sync's own path — its job, progress,
// summary and page-cache invalidation — over the demo products, so a newcomer's first click works and shows what a
// sync does. In-process and read-only: the shop, its product pages and one product. Everything else (orders, webhooks,
// publishing) refuses with a client error saying a token is needed: nothing can be ordered from or registered with a
// shop that does not exist at Printify.
import { type PrintifyClient, PrintifyError, type ShopId } from "./client";
import { DEMO_PRODUCTS, DEMO_SHOP, demoProduct } from "./demo-catalogue";

export const DEMO_READ_ONLY_MESSAGE =
  "The demo shop is read-only: set PRINTIFY_API_TOKEN to order, publish or register webhooks.";

const refuse = (method: string, path: string): never => {
  throw new PrintifyError("client", 400, DEMO_READ_ONLY_MESSAGE, { method, path });
};

/** The shop must be the demo shop; any other answers 404, as Printify does for a shop not in the account. */
function demoShop(shopId: ShopId, path: string): void {
  if (String(shopId) !== String(DEMO_SHOP.id)) throw new PrintifyError("client", 404, "Shop not found.", { method: "GET", path });
}

/** Copies, so a caller that changes what it got never changes the demo catalogue itself. */
const copy = <T>(value: T): T => structuredClone(value);

export const demoPrintify: PrintifyClient = {
  listShops: async () => [copy(DEMO_SHOP)],
  async *productPages(shopId) {
    demoShop(shopId, `shops/${shopId}/products.json`);
    // One page, like a real shop of six products (Printify pages by up to 100).
    yield { page: 1, lastPage: 1, total: DEMO_PRODUCTS.length, products: copy([...DEMO_PRODUCTS]) };
  },
  async listProducts(shopId) {
    demoShop(shopId, `shops/${shopId}/products.json`);
    return copy([...DEMO_PRODUCTS]);
  },
  async getProduct(shopId, productId) {
    const path = `shops/${shopId}/products/${productId}.json`;
    demoShop(shopId, path);
    const product = demoProduct(productId);
    if (!product) throw new PrintifyError("client", 404, "Product not found.", { method: "GET", path });
    return copy(product);
  },
  createOrder: (shopId) => refuse("POST", `shops/${shopId}/orders.json`),
  findOrderByExternalId: (shopId) => refuse("GET", `shops/${shopId}/orders.json`),
  getOrder: (shopId, orderId) => refuse("GET", `shops/${shopId}/orders/${orderId}.json`),
  sendToProduction: (shopId, orderId) => refuse("POST", `shops/${shopId}/orders/${orderId}/send_to_production.json`),
  registerWebhook: (shopId) => refuse("POST", `shops/${shopId}/webhooks.json`),
  listWebhooks: (shopId) => refuse("GET", `shops/${shopId}/webhooks.json`),
  deleteWebhook: (shopId, webhookId) => refuse("DELETE", `shops/${shopId}/webhooks/${webhookId}.json`),
  publishingSucceeded: (shopId, productId) => refuse("POST", `shops/${shopId}/products/${productId}/publishing_succeeded.json`),
  publishingFailed: (shopId, productId) => refuse("POST", `shops/${shopId}/products/${productId}/publishing_failed.json`),
};
