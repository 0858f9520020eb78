// The contract of the printify routes (SPEC §7: shops, provider product, sync; plus the sync's progress, the admin
// catalogue and the shop's order webhooks). TypeBox only: the admin island imports it.
// Builders by name (not `Type`, one object holding them all): an island bundles only those it calls (lib/typebox.ts).
import * as T from "@sinclair/typebox/type";
import type { Static } from "@sinclair/typebox/type";
import { literalUnion } from "../../lib/typebox";
import { MerchandiseSummarySchema } from "../merchandise/schema";

/** Printify shop ids are numbers; they travel as text in paths. */
export const ShopIdParams = T.Object({
  shopId: T.String({ pattern: "^[0-9]{1,20}$", error: "Unknown shop" }),
});
/** Printify object ids are 24 hex characters; a little room either way, and nothing a path could abuse. */
export const ProductIdParams = T.Object({
  printifyId: T.String({ pattern: "^[A-Za-z0-9_-]{1,64}$", error: "Unknown product" }),
});

/** SPEC §3 "Provider shop": id, title, sales_channel; `demo` marks the demo shop shown without a token. */
export const ShopSchema = T.Object({
  id: T.Number(),
  title: T.String(),
  sales_channel: T.String(),
  demo: T.Boolean(),
});
export type Shop = Static<typeof ShopSchema>;

/**
 * POST /api/printify/sync/{shopId}'s options (the body stays empty, SPEC §7). Products the merchant hides in Printify
 * (`visible` false) are left out unless `includeHidden` is "true": then they are stored, unavailable.
 */
export const SyncQuery = T.Object({ includeHidden: T.Optional(T.Union([T.Literal("true"), T.Literal("false")])) });

export const SYNC_STATUSES = ["RUNNING", "SUCCEEDED", "FAILED"] as const;

/** One sync of one shop: live progress while RUNNING, the summary after. */
const SyncRunSchema = T.Object({
  id: T.String(),
  shopId: T.String(),
  status: literalUnion(SYNC_STATUSES),
  /** Products at the provider (known after the first page). */
  total: T.Integer(),
  processed: T.Integer(),
  added: T.Integer(),
  updated: T.Integer(),
  /** Products of this shop the sync marked unavailable (gone from the provider). */
  unavailable: T.Integer(),
  /** Product images the run could not fetch from Printify (each kept its previous copy, if it had one). */
  imagesFailed: T.Integer(),
  /** Why a FAILED run failed (Printify's reason when it gave one). */
  error: T.Union([T.String(), T.Null()]),
  startedAt: T.String({ format: "date-time" }),
  finishedAt: T.Union([T.String({ format: "date-time" }), T.Null()]),
  /** A finished run's summary for people (the 'Sync Successful' toast); null while it runs or after a failure. */
  message: T.Union([T.String(), T.Null()]),
});
export type SyncRun = Static<typeof SyncRunSchema>;

/** POST /api/printify/sync/{shopId}: SPEC's `message` (shown by the 'Sync Successful' toast) and the run. */
export const SyncResultSchema = T.Object({ message: T.String(), run: SyncRunSchema });
export type SyncResult = Static<typeof SyncResultSchema>;

/** GET /api/printify/sync/{shopId}: the shop's latest run, or null before the first. */
export const LatestSyncSchema = T.Union([SyncRunSchema, T.Null()]);

/** A product on the admin card: what a store card shows (sanitized description, price in dollars), plus its source. */
const CatalogueItemSchema = T.Composite([
  T.Omit(MerchandiseSummarySchema, ["createdAt"]),
  T.Object({
    isDemo: T.Boolean(),
    printifyId: T.Union([T.String(), T.Null()]),
    printifyShopId: T.Union([T.String(), T.Null()]),
  }),
]);
export type CatalogueItem = Static<typeof CatalogueItemSchema>;

/**
 * One page of the admin catalogue card: every product, available or not, newest first (keyset pages, decision 008: the
 * next cursor in the headers); `total` counts the whole catalogue; `configured` is whether a Printify token is set.
 */
export const CatalogueSchema = T.Object({
  configured: T.Boolean(),
  total: T.Integer({ minimum: 0 }),
  items: T.Array(CatalogueItemSchema),
});
export type Catalogue = Static<typeof CatalogueSchema>;

/** Catalogue products per page unless the caller asks for another size, and the largest page. */
export const CATALOGUE_PAGE_SIZE = 24;
export const CATALOGUE_LIST_MAX = 100;

/** GET /api/printify/webhooks/{shopId}: where Printify should send order and product events, and what is registered. */
export const WebhookStatusSchema = T.Object({
  /** Our receiver, POST /api/webhooks/printify on SITE_URL. */
  url: T.String(),
  /** The events the receiver follows: order topics, then product ones. */
  topics: T.Array(T.String()),
  /** Those of `topics` registered at Printify for exactly `url`. */
  registered: T.Array(T.String()),
  /** Whether PRINTIFY_WEBHOOK_SECRET is set (registering needs it: Printify signs each delivery with it). */
  secretConfigured: T.Boolean(),
  /**
   * Webhooks are registered for `url`, but not with the current PRINTIFY_WEBHOOK_SECRET (it changed since, or they
   * were registered without this site recording which secret): deliveries would fail their signature check until
   * Register replaces them.
   */
  secretChanged: T.Boolean(),
  /** When this site last registered the shop's webhooks (null: never). */
  registeredAt: T.Union([T.String({ format: "date-time" }), T.Null()]),
  /** The latest proof they work: a delivery whose signature verified, or a registration that found them all. */
  lastVerified: T.Union([
    T.Object({ at: T.String({ format: "date-time" }), by: T.Union([T.Literal("delivery"), T.Literal("check")]) }),
    T.Null(),
  ]),
});
export type WebhookStatus = Static<typeof WebhookStatusSchema>;

/** POST /api/printify/webhooks/{shopId}: the toast's message and the status after registering. */
export const WebhookRegistrationSchema = T.Object({ message: T.String(), status: WebhookStatusSchema });
export type WebhookRegistration = Static<typeof WebhookRegistrationSchema>;
