// The admin user form (SPEC §5): its values and the body it sends. The rules are the route's own contract
// (CreateUserBody / UpdateUserBody), checked in the browser through the form kit before any request.
import type { Role, ToolAccess } from "@api/modules/auth/schema";
import { CreateUserBody, UpdateUserBody, type AdminUser } from "@api/modules/users/schema";
import { checkForm, type FieldErrors } from "../../lib/forms";
import { sortToolAccess } from "./tool-access";

export type UserFormValues = { username: string; email: string; password: string; role: Role; toolAccess: ToolAccess[] };
type UserFormErrors = FieldErrors<keyof UserFormValues>;
/** Which route the form sends to: POST (create) or PATCH (edit). */
type UserFormKind = "create" | "edit";

export const EMPTY_USER_FORM: UserFormValues = { username: "", email: "", password: "", role: "USER", toolAccess: [] };

export function valuesFromUser(user: AdminUser): UserFormValues {
  return {
    username: user.username,
    email: user.email,
    password: "",
    role: user.role,
    toolAccess: sortToolAccess(user.toolAccess),
  };
}

/**
 * The request body. Role and tool access are sent only by an ADMIN (the API refuses them from anyone else);
 * on edit an empty password is left out so the current one is kept (SPEC §5).
 */
export function userPayload(values: UserFormValues, mode: "create", canChangeAccess: boolean): CreateUserBody;
export function userPayload(values: UserFormValues, mode: "edit", canChangeAccess: boolean): UpdateUserBody;
export function userPayload(
  values: UserFormValues,
  mode: UserFormKind,
  canChangeAccess: boolean,
): CreateUserBody | UpdateUserBody {
  const body: UpdateUserBody = { username: values.username.trim(), email: values.email.trim() };
  if (mode === "create" || values.password !== "") body.password = values.password;
  if (canChangeAccess) {
    body.role = values.role;
    body.toolAccess = sortToolAccess(values.toolAccess);
  }
  return body;
}

/** The body checked against the route it goes to: create needs a password, edit may leave it out. */
export function checkUserForm(values: UserFormValues, mode: UserFormKind, canChangeAccess: boolean): UserFormErrors {
  return mode === "create"
    ? checkForm(CreateUserBody, userPayload(values, "create", canChangeAccess))
    : checkForm(UpdateUserBody, userPayload(values, "edit", canChangeAccess));
}
