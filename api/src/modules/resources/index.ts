// Resource routes (SPEC §7): the public library and detail (shaped for the caller: `access`, never a premium
// fileUrl), management for the `resources` section, and the download route every download goes through
// (docs/decisions/009): it asks mayDownload and answers 302 to a short-lived signed link.
import { Elysia, t } from "elysia";
import { errorResponses, GUARDED_ERRORS, IdParams, NoContent } from "../../lib/http-schema";
import { oneOfPattern } from "../../lib/enums";
import { withNextLink, type PageInput } from "../../lib/keyset";
import { pageParams } from "../../lib/page-params";
import { authPlugin, optionalUser } from "../auth/guard";
import {
  RESOURCE_LIST_MAX,
  RESOURCE_TYPES,
  ResourceCountsSchema,
  ResourceInputSchema,
  type ResourceType,
  ResourceSchema,
  ResourceUpdateSchema,
} from "./schema";
import {
  resourceCounts,
  createResource,
  deleteResource,
  downloadLocation,
  getResource,
  listResources,
  updateResource,
} from "./service";

/** A write may also find the uploaded file it names taken by another record (409). */
const WRITE_ERRORS = { ...GUARDED_ERRORS, ...errorResponses(409) };
const ListQuery = t.Object({
  // A pattern, not t.UnionEnum: Elysia fills a missing optional enum in a query with its first value.
  type: t.Optional(
    t.String({ pattern: oneOfPattern(RESOURCE_TYPES), error: `type must be one of ${RESOURCE_TYPES.join(", ")}` }),
  ),
  /** `resources` section only: include unpublished drafts (the admin grid). Ignored for anyone else. */
  drafts: t.Optional(t.Boolean()),
  ...pageParams(RESOURCE_LIST_MAX),
});

type ListQuery = PageInput & { type?: ResourceType; drafts?: boolean };

export const resourcesModule = new Elysia({ name: "resources", tags: ["resources"], prefix: "/resources" })
  .use(authPlugin)
  .get(
    "/",
    async ({ query, request, cookie, set }) =>
      withNextLink(
        await listResources(await optionalUser(request, cookie), query as ListQuery),
        "/api/resources",
        query,
        set.headers,
      ),
    {
      query: ListQuery,
      response: { 200: t.Array(ResourceSchema), ...errorResponses(400) },
      detail: { summary: "The resource library, newest first; one type with ?type=; keyset pages (next cursor in headers)" },
    },
  )
  .get("/counts", () => resourceCounts(), {
    section: "resources",
    response: { 200: ResourceCountsSchema, ...GUARDED_ERRORS },
    detail: { summary: "How many free and premium resources there are (drafts included)" },
  })
  .get("/:id", async ({ params, request, cookie }) => getResource(await optionalUser(request, cookie), params.id), {
    params: IdParams,
    response: { 200: ResourceSchema, ...errorResponses(400, 404) },
    detail: { summary: "One resource" },
  })
  .get(
    "/:id/download",
    async ({ params, request, cookie }) => {
      const location = await downloadLocation(await optionalUser(request, cookie), params.id);
      // The link is personal and short-lived: never cached, never sent on as a Referer.
      return new Response(null, {
        status: 302,
        headers: { location, "cache-control": "private, no-store", "referrer-policy": "no-referrer" },
      });
    },
    {
      params: IdParams,
      response: { 302: t.Null({ description: "Location: a signed link valid for a few minutes" }), ...GUARDED_ERRORS },
      detail: { summary: "Download a resource: checks the entitlement, then redirects to a short-lived signed link" },
    },
  )
  .post(
    "/",
    async ({ body, set, user }) => {
      set.status = 201;
      return createResource(user, body);
    },
    {
      section: "resources",
      body: ResourceInputSchema,
      response: { 201: ResourceSchema, ...WRITE_ERRORS },
      detail: { summary: "Create a resource" },
    },
  )
  .patch("/:id", ({ params, body, user }) => updateResource(user, params.id, body), {
    section: "resources",
    params: IdParams,
    body: ResourceUpdateSchema,
    response: { 200: ResourceSchema, ...WRITE_ERRORS },
    detail: { summary: "Edit a resource (FREE clears the prices)" },
  })
  .delete(
    "/:id",
    async ({ params, set }) => {
      await deleteResource(params.id);
      set.status = 204;
    },
    {
      section: "resources",
      params: IdParams,
      response: { 204: NoContent, ...GUARDED_ERRORS },
      detail: { summary: "Delete a resource (its private file too, unless another record names it)" },
    },
  );
