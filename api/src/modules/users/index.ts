// /api/users — user management, for ADMIN and for users granted "user_management" (SPEC §2, §7).
import { Elysia, t } from "elysia";
import { authPlugin } from "../auth/guard";
import { errorResponses, GUARDED_ERRORS, IdParams, NoContent } from "../../lib/http-schema";
import { oneOfPattern } from "../../lib/enums";
import { withNextLink } from "../../lib/keyset";
import { pageParams } from "../../lib/page-params";
import { ROLES } from "../auth/schema";
import {
  ADMIN_COUNT_HEADER,
  AdminUserSchema,
  CreateUserBody,
  TOTAL_COUNT_HEADER,
  UpdateUserBody,
  USER_LIST_MAX,
  USER_SEARCH_MAX_LENGTH,
} from "./schema";
import * as users from "./service";

const errors = { ...GUARDED_ERRORS, ...errorResponses(409) };

// Query strings need Elysia's `t` (it coerces "3" to 3). A pattern, not t.UnionEnum: Elysia fills a missing
// optional enum in a query with its first value.
const ListQuery = t.Object({
  search: t.Optional(t.String({ maxLength: USER_SEARCH_MAX_LENGTH, error: "Search is too long" })),
  role: t.Optional(t.String({ pattern: oneOfPattern(ROLES), error: `role must be one of ${ROLES.join(", ")}` })),
  ...pageParams(USER_LIST_MAX),
});

export const usersModule = new Elysia({ name: "users", tags: ["users"], prefix: "/users" })
  .use(authPlugin)
  .get(
    "/",
    async ({ query, set }) => {
      const page = await users.listUsers(query as users.UserListInput);
      set.headers[TOTAL_COUNT_HEADER] = String(page.total);
      set.headers[ADMIN_COUNT_HEADER] = String(page.admins);
      return withNextLink(page, "/api/users", query, set.headers);
    },
    {
      section: "user_management",
      query: ListQuery,
      response: { 200: t.Array(AdminUserSchema), ...errors },
      detail: {
        summary:
          "Users, newest first (never hashes or tokens): search and role filters, keyset pages (next cursor in headers), the filtered list's counts in x-total-count / x-admin-count",
      },
    },
  )
  .post(
    "/",
    async ({ user, body, set }) => {
      set.status = 201;
      return users.createUser(user, body);
    },
    {
      section: "user_management",
      body: CreateUserBody,
      response: { 201: AdminUserSchema, ...errors },
      detail: { summary: "Add a user" },
    },
  )
  .patch("/:id", ({ user, params, body }) => users.updateUser(user, params.id, body), {
    section: "user_management",
    params: IdParams,
    body: UpdateUserBody,
    response: { 200: AdminUserSchema, ...errors },
    detail: { summary: "Edit a user; an omitted password keeps the current one" },
  })
  .delete(
    "/:id",
    async ({ user, params, set }) => {
      await users.deleteUser(user, params.id);
      set.status = 204;
    },
    {
      section: "user_management",
      params: IdParams,
      response: { 204: NoContent, ...errors },
      detail: { summary: "Delete a user and their data" },
    },
  );
