// The user-management contract (SPEC §2 User Management, §5 admin user form, §7 /api/users).
import { Type as T, type Static } from "@sinclair/typebox";
import {
  MESSAGES,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  RoleSchema,
  SHORT_PASSWORD_MIN_LENGTH,
  ToolAccessSchema,
  emailField,
  usernameField,
} from "../auth/schema";

export const AdminUserSchema = T.Object({
  id: T.String(),
  username: T.String(),
  email: T.String(),
  firstName: T.Union([T.String(), T.Null()]),
  lastName: T.Union([T.String(), T.Null()]),
  role: RoleSchema,
  toolAccess: T.Array(T.String()),
  emailVerified: T.Boolean(),
  createdAt: T.String({ format: "date-time" }),
});
export type AdminUser = Static<typeof AdminUserSchema>;

const adminPassword = T.String({ minLength: SHORT_PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH, error: MESSAGES.shortPasswordTooShort });
const name = T.Optional(T.Union([T.String({ maxLength: NAME_MAX_LENGTH }), T.Null()]));
const toolAccess = T.Array(ToolAccessSchema, { uniqueItems: true, maxItems: 7, error: "Unknown tool access entry" });

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

/** SPEC §2: 'MMM dd, yyyy' (e.g. "Nov 02, 2026"), in UTC so server and browser agree. */
export function formatCreated(iso: string): string {
  const d = new Date(iso);
  const month = d.toLocaleString("en-US", { month: "short", timeZone: "UTC" });
  return `${month} ${String(d.getUTCDate()).padStart(2, "0")}, ${d.getUTCFullYear()}`;
}
