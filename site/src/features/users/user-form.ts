// The admin user form's rules (SPEC §5): checked in the browser before any request, with the contract's messages.
import { MESSAGES, SHORT_PASSWORD_MIN_LENGTH, isEmail, usernameProblem, type Role, type ToolAccess } from "@api/modules/auth/schema";
import type { AdminUser, CreateUserBody, UpdateUserBody } from "@api/modules/users/schema";
import { sortToolAccess } from "./tool-access";

export type UserFormValues = { username: string; email: string; password: string; role: Role; toolAccess: ToolAccess[] };
export type UserFormErrors = Partial<Record<"username" | "email" | "password", string>>;
export type UserFormMode = { kind: "create" } | { kind: "edit"; user: AdminUser };

export const EMPTY_USER_FORM: UserFormValues = { username: "", email: "", password: "", role: "USER", toolAccess: [] };

export function valuesFromUser(user: AdminUser): UserFormValues {
  return { username: user.username, email: user.email, password: "", role: user.role, toolAccess: sortToolAccess(user.toolAccess) };
}

export function validateUserForm(values: UserFormValues, mode: UserFormMode["kind"]): UserFormErrors {
  const errors: UserFormErrors = {};
  const usernameError = usernameProblem(values.username.trim());
  if (usernameError) errors.username = usernameError;
  if (!isEmail(values.email.trim())) errors.email = MESSAGES.invalidEmail;
  // Create: required (an empty one is "too short"). Edit: empty keeps the current password.
  const checkPassword = mode === "create" || values.password.length > 0;
  if (checkPassword && values.password.length < SHORT_PASSWORD_MIN_LENGTH) errors.password = MESSAGES.shortPasswordTooShort;
  return errors;
}

/**
 * The request body. Role and tool access are sent only by an ADMIN (the API refuses them from anyone else);
 * on edit an empty password is left out so the current one is kept.
 */
export function userPayload(values: UserFormValues, mode: "create", canChangeAccess: boolean): CreateUserBody;
export function userPayload(values: UserFormValues, mode: "edit", canChangeAccess: boolean): UpdateUserBody;
export function userPayload(values: UserFormValues, mode: UserFormMode["kind"], canChangeAccess: boolean): CreateUserBody | UpdateUserBody {
  const body: UpdateUserBody = { username: values.username.trim(), email: values.email.trim() };
  if (mode === "create" || values.password !== "") body.password = values.password;
  if (canChangeAccess) {
    body.role = values.role;
    body.toolAccess = sortToolAccess(values.toolAccess);
  }
  return body;
}
