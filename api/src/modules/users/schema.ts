// The user-management contract (SPEC §2 User Management, §5 admin user form, §7 /api/users).
// Builders by name (not `Type`, one object holding them all): an island bundles only those it calls (lib/typebox.ts).
import * as T from "@sinclair/typebox/type";
import type { Static } from "@sinclair/typebox/type";
import {
  MESSAGES,
  NAME_MAX_LENGTH,
  RoleSchema,
  SHORT_PASSWORD_MIN_LENGTH,
  TOOL_ACCESS,
  ToolAccessSchema,
  emailField,
  passwordField,
  usernameField,
  UserSchema,
} from "../auth/schema";

/** The largest page of users a client may ask for, and the page size when it does not say. */
export const USER_LIST_MAX = 100;
export const USER_PAGE_SIZE = 50;
export const USER_SEARCH_MAX_LENGTH = 254;
/** The filtered list's counts (SPEC: "computed on the filtered list"), sent with every page. */
export const TOTAL_COUNT_HEADER = "x-total-count";
export const ADMIN_COUNT_HEADER = "x-admin-count";

/** A row of the user table: the common user projection. */
export const AdminUserSchema = UserSchema;
export type AdminUser = Static<typeof AdminUserSchema>;

const adminPassword = passwordField(SHORT_PASSWORD_MIN_LENGTH, MESSAGES.shortPasswordTooShort);
const name = T.Optional(T.Union([T.String({ maxLength: NAME_MAX_LENGTH }), T.Null()]));
const toolAccess = T.Array(ToolAccessSchema, {
  uniqueItems: true,
  maxItems: TOOL_ACCESS.length,
  error: "Unknown tool access entry",
});

export const CreateUserBody = T.Object({
  username: usernameField,
  email: emailField(),
  password: adminPassword,
  role: T.Optional(RoleSchema),
  toolAccess: T.Optional(toolAccess),
  firstName: name,
  lastName: name,
});
export type CreateUserBody = Static<typeof CreateUserBody>;

/** The same fields, all optional; an omitted password keeps the current one (SPEC §5). */
export const UpdateUserBody = T.Partial(CreateUserBody);
export type UpdateUserBody = Static<typeof UpdateUserBody>;
