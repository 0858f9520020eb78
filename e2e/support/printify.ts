// The store against a Printify-compatible server (e2e/printify/printify.e2e.ts): where the second app server and the fake
// Printify listen (playwright.config.ts starts both from these values), the token and webhook secret they share, the
// fake's control routes (api/test/fake-printify-server.ts) reached over HTTP, and Printify's signed webhook.
import { createHmac, randomUUID } from "node:crypto";
import { type APIRequestContext, type APIResponse, expect } from "@playwright/test";

const e2ePort = Number(process.env.E2E_PORT ?? 4477);

/** E2E_PORT serves the demo-catalogue site, +1 and +2 the dev smoke test (e2e/audits/dev-server.e2e.ts); these come next. */
export const PRINTIFY_E2E = {
  fakeUrl: `http://127.0.0.1:${e2ePort + 3}`,
  /** The app server whose PRINTIFY_API_BASE is the fake: its own database, outbox and sessions. */
  appUrl: `http://127.0.0.1:${e2ePort + 4}`,
  /** The fake's mock-up image host: another origin, standing for images-api.printify.com. */
  imagesUrl: `http://127.0.0.1:${e2ePort + 5}`,
  token: "e2e-fake-printify-token",
  /** PRINTIFY_WEBHOOK_SECRET of that app (≥ 16 characters). */
  webhookSecret: "e2e-printify-webhook-secret-0001",
} as const;

export type FakeShop = { id: number; title: string; sales_channel: string; products: number; visible: number };
export type FakeShipment = { carrier: string; number: string; url: string | null; delivered_at: string | null };
/** An order as the fake answers it: our external_id is `metadata.shop_order_id`, as at Printify (no top-level one). */
export type FakeOrder = {
  id: string;
  metadata: { order_type: string; shop_order_id: string };
  shop_id: number;
  status: string;
  line_items: { product_id: string; variant_id: number; quantity: number }[];
  address_to: Record<string, string | undefined>;
  shipments: FakeShipment[];
};

async function control<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(`${PRINTIFY_E2E.fakeUrl}/__test/${path}`, init);
  expect(response.ok, `fake Printify ${init?.method ?? "GET"} /__test/${path}: ${response.status}`).toBe(true);
  return (await response.json()) as T;
}

/** The fake's shops, each with how many products it lists. */
export const fakeShops = () => control<FakeShop[]>("shops");

/** The webhooks registered at the fake (without their secrets). */
export const fakeWebhooks = () => control<{ id: string; shop_id: number; topic: string; url: string }[]>("webhooks");

/** Every order created at the fake, oldest first. */
export const fakeOrders = () => control<FakeOrder[]>("orders");

/** Ships the fake's order (it becomes `fulfilled`) and answers the shipment with its tracking URL. */
export const addFakeShipment = (printifyOrderId: string, shipment: { carrier: string; number: string }) =>
  control<FakeShipment>(`orders/${encodeURIComponent(printifyOrderId)}/shipments`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(shipment),
  });

/** Printify's X-Pfy-Signature for this raw body: `sha256=` + hex HMAC-SHA256 with the secret. */
export const signPrintify = (body: string, secret: string = PRINTIFY_E2E.webhookSecret) =>
  `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;

/** Printify's timestamp form: "2026-11-25 10:46:53+00:00". */
const printifyTimestamp = (date = new Date()) => `${date.toISOString().slice(0, 19).replace("T", " ")}+00:00`;

/**
 * An `order:shipment:created` event as Printify sends it, as the raw body to sign: the carrier code in upper case as
 * the events section documents it ("USPS"), where the order lookup spells it "usps".
 */
export function shipmentCreatedEvent(order: FakeOrder, shipment: FakeShipment, id: string = randomUUID()): string {
  return JSON.stringify({
    id,
    type: "order:shipment:created",
    created_at: printifyTimestamp(),
    resource: {
      id: order.id,
      type: "order",
      data: {
        shop_id: order.shop_id,
        shipped_at: printifyTimestamp(),
        carrier: { code: shipment.carrier.toUpperCase(), tracking_number: shipment.number, tracking_url: shipment.url },
        skus: [],
      },
    },
  });
}

/** Delivers a webhook to the app (POST /api/webhooks/printify) as Printify would: the raw body and its signature. */
export function postPrintifyWebhook(
  request: APIRequestContext,
  body: string,
  signature = signPrintify(body),
): Promise<APIResponse> {
  return request.post(`${PRINTIFY_E2E.appUrl}/api/webhooks/printify`, {
    data: body,
    headers: { "content-type": "application/json", "x-pfy-signature": signature },
  });
}
