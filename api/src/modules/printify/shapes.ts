// Printify's wire shapes (API v1), as TypeBox schemas: the client checks every answer against them, so a changed or
// broken answer stops at the adapter (PrintifyError "invalid_response") instead of reaching the database. Only the
// fields we use are required; Printify sends many more, and objects keep them (TypeBox allows extra properties).
// This is Printify's vocabulary, not our API contract: routes declare theirs in the module's schema.ts.
import { type Static, Type as T } from "@sinclair/typebox";

export const PrintifyShopSchema = T.Object({
  id: T.Integer(),
  title: T.String(),
  sales_channel: T.String(),
});
export type PrintifyShop = Static<typeof PrintifyShopSchema>;

const PrintifyOptionValueSchema = T.Object({
  /** Unique across the product's options: a variant names its values by these ids. */
  id: T.Integer(),
  title: T.String(),
  /** Colour options: the swatch's hex colours. */
  colors: T.Optional(T.Array(T.String())),
});

/** At most three per product, e.g. { name: "Colors", type: "color" } and { name: "Sizes", type: "size" }. */
const PrintifyOptionSchema = T.Object({
  name: T.String(),
  type: T.String(),
  values: T.Array(PrintifyOptionValueSchema),
});
export type PrintifyOption = Static<typeof PrintifyOptionSchema>;

const PrintifyVariantSchema = T.Object({
  id: T.Integer(),
  title: T.String(),
  /** Retail price in cents. */
  price: T.Integer({ minimum: 0 }),
  /** false: the provider (or the shop owner) does not offer this combination at all. */
  is_enabled: T.Boolean(),
  is_default: T.Boolean(),
  /** false: offered, but out of stock at the provider for now. */
  is_available: T.Boolean(),
  /** The option value ids this variant is made of, one per option, in the product's option order. */
  options: T.Array(T.Integer()),
  sku: T.Optional(T.String()),
});
export type PrintifyVariant = Static<typeof PrintifyVariantSchema>;

const PrintifyImageSchema = T.Object({
  /** A mock-up on Printify's image host (images-api.printify.com / images.printify.com): mirrored at sync (images.ts). */
  src: T.String(),
  /** The variants this mock-up shows. */
  variant_ids: T.Array(T.Integer()),
  /** "front", "back", "other"… */
  position: T.String(),
  is_default: T.Boolean(),
  /**
   * false: the merchant left this mock-up out of what the sales channel shows. Absent from the documented example,
   * present (boolean or null) in real answers (airbyte source-printify manifest.yaml, shop_products).
   */
  is_selected_for_publishing: T.Optional(T.Union([T.Boolean(), T.Null()])),
});
export type PrintifyImage = Static<typeof PrintifyImageSchema>;

export const PrintifyProductSchema = T.Object({
  id: T.String({ minLength: 1 }),
  title: T.String(),
  /** HTML written by the provider or the shop owner: sanitizeDescription (catalogue.ts) before storing. */
  description: T.String(),
  tags: T.Optional(T.Array(T.String())),
  options: T.Array(PrintifyOptionSchema),
  variants: T.Array(PrintifyVariantSchema),
  images: T.Array(PrintifyImageSchema),
  /**
   * false: hidden in the sales channel by the shop owner (documented default true; real answers may carry null, which
   * reads as the default).
   */
  visible: T.Optional(T.Union([T.Boolean(), T.Null()])),
  /** Locked while a publishing runs, until the integration calls publishing_succeeded / publishing_failed. */
  is_locked: T.Optional(T.Union([T.Boolean(), T.Null()])),
  /** Seen in real answers (airbyte's inventory): a deleted product is never for sale. */
  is_deleted: T.Optional(T.Union([T.Boolean(), T.Null()])),
  created_at: T.Optional(T.String()),
  updated_at: T.Optional(T.String()),
});
export type PrintifyProduct = Static<typeof PrintifyProductSchema>;

/** Laravel-style page of a list (products, orders): `data` plus where we are. */
export const printifyPage = <Item extends ReturnType<typeof T.Object>>(item: Item) =>
  T.Object({
    current_page: T.Integer({ minimum: 1 }),
    last_page: T.Integer({ minimum: 1 }),
    total: T.Optional(T.Integer({ minimum: 0 })),
    data: T.Array(item),
  });

const PrintifyAddressSchema = T.Object({
  first_name: T.String(),
  last_name: T.String(),
  email: T.String(),
  phone: T.Optional(T.String()),
  /** ISO 3166-1 alpha-2. */
  country: T.String(),
  region: T.String(),
  address1: T.String(),
  address2: T.Optional(T.String()),
  city: T.String(),
  zip: T.String(),
  company: T.Optional(T.String()),
});
export type PrintifyAddress = Static<typeof PrintifyAddressSchema>;

/**
 * A parcel as the order lookup tells it. The carrier is spelled in lower case here ("usps") where the webhooks say
 * "USPS" (api/test/fixtures/printify/orders/): tracking.ts compares carriers without case. Only carrier and number
 * are needed; a link or delivery time not yet known may be null or absent.
 */
const PrintifyShipmentSchema = T.Object({
  carrier: T.String(),
  number: T.String(),
  url: T.Optional(T.Union([T.String(), T.Null()])),
  delivered_at: T.Optional(T.Union([T.String(), T.Null()])),
});
export type PrintifyShipment = Static<typeof PrintifyShipmentSchema>;

// An order's status as Printify words it (`status` below). Documented values, roughly in order: pending (costs being
// worked out; cannot be sent yet), on-hold (waiting for send_to_production), sending-to-production, in-production,
// partially-fulfilled, fulfilled; off the path: canceled, had-issues, payment-not-received. Typed as text: Printify
// may add more.
//
// Checked against Printify's documented order (api/test/fixtures/printify/orders/order.json and its siblings, by
// api/src/modules/printify/order-contract.test.ts). Only what the reconciliation follows is required (id, status,
// shipments' carrier and number); the rest is optional, so an order of another shape still reads.
export const PrintifyOrderSchema = T.Object({
  id: T.String({ minLength: 1 }),
  status: T.String(),
  /**
   * Where Printify answers our external_id: `shop_order_id` (text for an API order; a number for orders of other
   * sales channels). There is no top-level `external_id` in an order's answer.
   */
  metadata: T.Optional(
    T.Union([
      T.Object({
        order_type: T.Optional(T.Union([T.String(), T.Null()])),
        shop_order_id: T.Optional(T.Union([T.String(), T.Number(), T.Null()])),
      }),
      T.Null(),
    ]),
  ),
  shipments: T.Optional(T.Array(PrintifyShipmentSchema)),
  /** e.g. "2026-11-25 10:46:53+00:00" (UTC). */
  created_at: T.Optional(T.Union([T.String(), T.Null()])),
  sent_to_production_at: T.Optional(T.Union([T.String(), T.Null()])),
  fulfilled_at: T.Optional(T.Union([T.String(), T.Null()])),
});
export type PrintifyOrder = Static<typeof PrintifyOrderSchema>;

/**
 * A page of the order list as the lookup reads it (findOrderByExternalId): the list holds every order of the shop,
 * other sales channels' and manual ones included, in shapes we do not control — so only `data` being a list is
 * required, and each entry is read for the few fields the lookup needs (client.ts). The documented page has neither
 * `last_page` nor `next_page_url` (fixtures/printify/orders/orders-page.json); real ones have both (airbyte's
 * paginator follows `next_page_url`).
 */
export const PrintifyOrderLookupPageSchema = T.Object({
  current_page: T.Optional(T.Integer({ minimum: 1 })),
  last_page: T.Optional(T.Integer({ minimum: 1 })),
  next_page_url: T.Optional(T.Union([T.String(), T.Null()])),
  data: T.Array(T.Unknown()),
});

export const PrintifyCreatedOrderSchema = T.Object({ id: T.String({ minLength: 1 }) });

export type CreateOrderInput = {
  /** Our order id: answered back as `metadata.shop_order_id`; findOrderByExternalId looks it up before a retry creates anything. */
  external_id: string;
  line_items: { product_id: string; variant_id: number; quantity: number }[];
  address_to: PrintifyAddress;
  /** 1 standard, 2 priority, 3 express, 4 economy. */
  shipping_method: number;
  send_shipping_notification: boolean;
};

const PRINTIFY_WEBHOOK_TOPICS = [
  "order:created",
  "order:updated",
  "order:sent-to-production",
  "order:shipment:created",
  "order:shipment:delivered",
  "product:deleted",
  "product:publish:started",
  "shop:disconnected",
] as const;
export type PrintifyWebhookTopic = (typeof PRINTIFY_WEBHOOK_TOPICS)[number];
/**
 * The order events our receiver follows (orders/tracking.ts): the topics registered for each shop from the admin
 * screen (webhooks.ts). The other topics would only be recorded and ignored.
 */
export const ORDER_WEBHOOK_TOPICS = [
  "order:updated",
  "order:sent-to-production",
  "order:shipment:created",
  "order:shipment:delivered",
] as const satisfies readonly PrintifyWebhookTopic[];

/** The product events our receiver follows (printify/product-events.ts): a deleted product, and publishing it. */
export const PRODUCT_WEBHOOK_TOPICS = [
  "product:deleted",
  "product:publish:started",
] as const satisfies readonly PrintifyWebhookTopic[];

/** Every topic registered for a shop from the admin screen (webhooks.ts): the order events, then the product ones. */
export const RECEIVED_WEBHOOK_TOPICS = [...ORDER_WEBHOOK_TOPICS, ...PRODUCT_WEBHOOK_TOPICS] as const;

export const PrintifyWebhookSchema = T.Object({
  id: T.String({ minLength: 1 }),
  topic: T.String(),
  url: T.String(),
  shop_id: T.Optional(T.Union([T.Integer(), T.String()])),
});
export type PrintifyWebhook = Static<typeof PrintifyWebhookSchema>;

/**
 * A webhook delivery's body. No timestamp in the signature: the receiver dedupes on `id`. `resource.data` depends on
 * the event (an order's status, its shipment…); the webhook handler reads what it needs and re-fetches the order.
 */
export const PrintifyWebhookEventSchema = T.Object({
  id: T.String({ minLength: 1 }),
  type: T.String({ minLength: 1 }),
  created_at: T.String(),
  resource: T.Object({
    /** An order's or product's id (text); a shop's id is a number. */
    id: T.Union([T.String({ minLength: 1 }), T.Integer()]),
    type: T.String(),
    data: T.Union([T.Record(T.String(), T.Unknown()), T.Null()]),
  }),
});
export type PrintifyWebhookEvent = Static<typeof PrintifyWebhookEventSchema>;
