// Printify routes (SPEC §7): the provider's shops and products, the catalogue sync with its progress, the admin
// catalogue and a shop's order webhooks (webhooks.ts). All behind the `merchandise` section. SPEC lists
// GET /api/printify/shops and /api/printify/product/{id} with auth "none", but they read the store's Printify account
// (shop names, sales channels, unpublished products and provider data) with our token and spend its rate limit: the
// storefront reads GET /api/merchandise instead, so these stay with the people who manage the catalogue.
import { CloneType } from "@sinclair/typebox";
import { Elysia, t } from "elysia";
import { errorResponses, GUARDED_ERRORS } from "../../lib/http-schema";
import { setNextLink } from "../../lib/keyset";
import { PageQuery } from "../../lib/page-params";
import { authPlugin } from "../auth/guard";
import { PrintifyProductSchema } from "./shapes";
import {
  CATALOGUE_LIST_MAX,
  CatalogueSchema,
  LatestSyncSchema,
  ProductIdParams,
  ShopIdParams,
  ShopSchema,
  SyncQuery,
  SyncResultSchema,
  WebhookRegistrationSchema,
  WebhookStatusSchema,
} from "./schema";
import { adminCatalogue, getProviderProduct, listShops, syncProducts } from "./service";
import { latestSyncRun } from "./sync";
import { registerWebhooks, webhookStatus } from "./webhooks";

const errors = { ...GUARDED_ERRORS, ...errorResponses(503) };
/**
 * The provider product route's own copy of the schema: Elysia normalises a response schema in place (it sets
 * `additionalProperties: false`), and the client checks every Printify answer against the shared one, which must keep
 * accepting the many fields Printify sends that we do not read — else every sync after a visit here failed.
 */
const ProviderProductSchema = CloneType(PrintifyProductSchema);

export const printifyModule = new Elysia({ name: "printify", tags: ["printify"], prefix: "/printify" })
  .use(authPlugin)
  .get("/shops", () => listShops(), {
    section: "merchandise",
    response: { 200: t.Array(ShopSchema), ...errors },
    detail: { summary: "The Printify account's shops (without a token: the demo shop, flagged demo)" },
  })
  .get("/product/:printifyId", ({ params, query }) => getProviderProduct(params.printifyId, query.shopId), {
    section: "merchandise",
    params: ProductIdParams,
    query: t.Object({ shopId: t.Optional(ShopIdParams.properties.shopId) }),
    response: { 200: ProviderProductSchema, ...errors },
    detail: { summary: "One product as Printify has it (shop: the one given, else the one it was synced from)" },
  })
  .post("/sync/:shopId", ({ params, query, user }) => syncProducts(params.shopId, user.id, query), {
    section: "merchandise",
    params: ShopIdParams,
    query: SyncQuery,
    response: { 200: SyncResultSchema, ...errors, ...errorResponses(409) },
    detail: {
      summary:
        "Sync the shop's visible products (with includeHidden=true the hidden ones too, stored unavailable) into the catalogue on the job queue, images mirrored into our storage (one sync per shop at a time: 409 meanwhile); answers at its end, or after 8 s with the run still RUNNING",
    },
  })
  .get("/sync/:shopId", ({ params }) => latestSyncRun(params.shopId), {
    section: "merchandise",
    params: ShopIdParams,
    response: { 200: LatestSyncSchema, ...errors },
    detail: { summary: "The shop's latest sync: progress while it runs, its summary after (null before the first)" },
  })
  .get(
    "/catalogue",
    async ({ query, set }) => {
      const { nextCursor, ...page } = await adminCatalogue(query);
      setNextLink(nextCursor, "/api/printify/catalogue", query, set.headers);
      return page;
    },
    {
      section: "merchandise",
      query: PageQuery(CATALOGUE_LIST_MAX),
      response: { 200: CatalogueSchema, ...errors },
      detail: {
        summary:
          "The catalogue for the admin screen: every product, available or not, newest first, keyset pages (next cursor in headers), with the total",
      },
    },
  )
  .get("/webhooks/:shopId", ({ params }) => webhookStatus(params.shopId), {
    section: "merchandise",
    params: ShopIdParams,
    response: { 200: WebhookStatusSchema, ...errors },
    detail: { summary: "The shop's order webhooks: our receiver URL, the topics it needs, those registered at Printify" },
  })
  .post("/webhooks/:shopId", ({ params, user }) => registerWebhooks(params.shopId, user.id), {
    section: "merchandise",
    params: ShopIdParams,
    response: { 200: WebhookRegistrationSchema, ...errors },
    detail: {
      summary: "Register the shop's missing order webhooks (idempotent; 503 without PRINTIFY_WEBHOOK_SECRET or a token)",
    },
  });
