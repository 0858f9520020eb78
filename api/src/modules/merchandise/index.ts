// Storefront routes (SPEC §7): the public product list and one product. Management (sync from Printify) lives in the
// printify module; checkout in payments.
import { Elysia, t } from "elysia";
import { MERCHANDISE_LIST_MAX, MerchandiseDetailSchema, MerchandiseSummarySchema } from "./schema";
import { getMerchandise, listMerchandise } from "./service";
import { errorResponses, IdParams } from "../../lib/http-schema";
import { withNextLink } from "../../lib/keyset";
import { PageQuery } from "../../lib/page-params";

const ListQuery = PageQuery(MERCHANDISE_LIST_MAX);

export const merchandiseModule = new Elysia({ name: "merchandise", tags: ["merchandise"], prefix: "/merchandise" })
  .get("/", async ({ query, set }) => withNextLink(await listMerchandise(query), "/api/merchandise", query, set.headers), {
    query: ListQuery,
    response: { 200: t.Array(MerchandiseSummarySchema), ...errorResponses(400) },
    detail: { summary: "Available products, newest first, keyset pages (next cursor in headers)" },
  })
  .get("/:id", ({ params }) => getMerchandise(params.id), {
    params: IdParams,
    response: { 200: MerchandiseDetailSchema, ...errorResponses(400, 404) },
    detail: { summary: "One product with its options, images and variants (an unavailable one says so)" },
  });
