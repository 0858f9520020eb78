// Project routes (SPEC §7): the public list and detail, and management for the `projects` section.
import { Elysia, t } from "elysia";
import { PROJECT_LIST_MAX, ProjectInputSchema, ProjectSchema, ProjectUpdateSchema, SEARCH_MAX_LENGTH } from "./schema";
import { createProject, deleteProject, getProject, listProjects, updateProject } from "./service";
import { errorResponses, GUARDED_ERRORS, IdParams, NoContent } from "../../lib/http-schema";
import { authPlugin } from "../auth/guard";
import { withNextLink } from "../../lib/keyset";
import { pageParams } from "../../lib/page-params";

// Query strings need Elysia's `t` (it coerces "3" to 3); the shared limits come from the contract.
const ListQuery = t.Object({
  search: t.Optional(
    t.String({ maxLength: SEARCH_MAX_LENGTH, error: `Search text must be at most ${SEARCH_MAX_LENGTH} characters` }),
  ),
  ...pageParams(PROJECT_LIST_MAX),
});

export const projectsModule = new Elysia({ name: "projects", tags: ["projects"], prefix: "/projects" })
  .use(authPlugin)
  .get("/", async ({ query, set }) => withNextLink(await listProjects(query), "/api/projects", query, set.headers), {
    query: ListQuery,
    response: { 200: t.Array(ProjectSchema), ...errorResponses(400) },
    detail: { summary: "Completed projects: full-text search, newest first, keyset pages (next cursor in headers)" },
  })
  .get("/:id", ({ params }) => getProject(params.id), {
    params: IdParams,
    response: { 200: ProjectSchema, ...errorResponses(400, 404) },
    detail: { summary: "One project" },
  })
  .post(
    "/",
    async ({ body, set }) => {
      set.status = 201;
      return createProject(body);
    },
    {
      section: "projects",
      body: ProjectInputSchema,
      response: { 201: ProjectSchema, ...GUARDED_ERRORS },
      detail: { summary: "Create a project" },
    },
  )
  .patch("/:id", ({ params, body }) => updateProject(params.id, body), {
    section: "projects",
    params: IdParams,
    body: ProjectUpdateSchema,
    response: { 200: ProjectSchema, ...GUARDED_ERRORS },
    detail: { summary: "Edit a project" },
  })
  .delete(
    "/:id",
    async ({ params, set }) => {
      await deleteProject(params.id);
      set.status = 204;
    },
    {
      section: "projects",
      params: IdParams,
      response: { 204: NoContent, ...GUARDED_ERRORS },
      detail: { summary: "Delete a project with its resources" },
    },
  );
