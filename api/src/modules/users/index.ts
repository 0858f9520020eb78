// /api/users — user management, for ADMIN and for users granted "user_management" (SPEC §2, §7).
import { Elysia, t } from "elysia";
import { authPlugin } from "../auth/guard";
import { errorResponses, GUARDED_ERRORS, IdParams, NoContent } from "../../lib/http-schema";
import { AdminUserSchema, CreateUserBody, UpdateUserBody } from "./schema";
import * as users from "./service";

const errors = { ...GUARDED_ERRORS, ...errorResponses(409) };

export const usersModule = new Elysia({ name: "users", tags: ["users"], prefix: "/users" })
  .use(authPlugin)
  .get("/", () => users.listUsers(), {
    section: "user_management",
    response: { 200: t.Array(AdminUserSchema), ...errors },
    detail: { summary: "All users, newest first (never hashes or tokens)" },
  })
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
