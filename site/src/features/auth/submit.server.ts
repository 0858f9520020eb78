// The account pages' own handling of their form's POST (decision 004). Every form has
// method="post" so that a submit before its island hydrates, or with JavaScript off, never puts a password in the
// URL; the page then does what the island would have done: the same checks (form.ts: the route's own contract
// through the form kit, plus the confirmations), the same API route called in-process as JSON, the same SPEC texts
// (§5, §8). A failure re-renders the form with what was typed — never a password — and a message; a sign-in or
// sign-up ends with a 303 to /.
import type { AstroGlobal } from "astro";
import { MESSAGES } from "@api/modules/auth/schema";
import { serverMessage, toApiError } from "../../lib/api";
import { forwardCookies, serverApi } from "../../lib/api.server";
import { readFormFields } from "../../lib/form-post.server";
import { hasErrors, onlyErrors, type FieldErrors } from "../../lib/forms";
import {
  checkForgotPassword,
  checkLogin,
  checkRegister,
  checkResetPassword,
  forgotPasswordBody,
  loginBody,
  registerBody,
  type ForgotPasswordState,
  type FormState,
  type LoginValues,
  type RegisterValues,
  type ResetPasswordState,
  type ResetValues,
} from "./form";

/** For forms that only work once their island is running (the profile page's two forms). */
export const NEEDS_JAVASCRIPT = "Please enable JavaScript to use this form, or try again once the page has finished loading.";

const LOGIN_FIELDS = ["usernameOrEmail", "password"] as const satisfies readonly (keyof LoginValues)[];
const REGISTER_FIELDS = [
  "firstName",
  "lastName",
  "username",
  "email",
  "password",
  "confirmPassword",
] as const satisfies readonly (keyof RegisterValues)[];
const RESET_FIELDS = ["newPassword", "confirmPassword"] as const satisfies readonly (keyof ResetValues)[];

/**
 * The check's errors split for the page: those of the form's own fields, and any other (a field the person does
 * not type, such as the reset token) as the form's message.
 */
function splitErrors<K extends string>(
  errors: FieldErrors<string>,
  fields: readonly K[],
): { errors: FieldErrors<K>; message?: string } {
  const found = onlyErrors(errors);
  const own = Object.fromEntries(
    Object.entries(found).filter(([name]) => (fields as readonly string[]).includes(name)),
  ) as FieldErrors<K>;
  const other = Object.entries(found).find(([name]) => !(fields as readonly string[]).includes(name))?.[1];
  return { errors: own, message: other };
}

/** Marks the page's response as a failed submit; the page shows the returned state. Nobody caches it. */
function failed<S>(Astro: AstroGlobal, status: number, state: S): S {
  Astro.response.status = status;
  Astro.response.headers.set("Cache-Control", "private, no-store");
  return state;
}

/**
 * An API refusal as the form's message: the server's own words, else the SPEC's default. The page answers with the
 * API's status (400 for its 401: that one is for API clients) and passes Retry-After and any cookie on.
 */
type Outcome = { error: unknown; response: Response };

function apiFailure<K extends string>(
  Astro: AstroGlobal,
  { error, response }: Outcome,
  values: FormState<K>["values"],
  fallback: string,
): FormState<K> {
  forwardCookies(response, Astro.response.headers);
  const retryAfter = response.headers.get("retry-after");
  if (retryAfter) Astro.response.headers.set("Retry-After", retryAfter);
  const failure = toApiError(error as { status: unknown; value: unknown });
  const message = serverMessage(failure) || fallback;
  return failed(Astro, failure.status === 401 ? 400 : failure.status, { values, message });
}

/** Signed in: the new session's cookies ride on a 303 to /, so a reload never posts the password again. */
function signedInRedirect(response: Response): Response {
  const headers = new Headers({ location: "/", "cache-control": "no-store" });
  forwardCookies(response, headers);
  return new Response(null, { status: 303, headers });
}

/** POST /login: SPEC §5 both fields required; failure 'Invalid credentials' unless the server says otherwise. */
export async function submitLogin(Astro: AstroGlobal): Promise<Response | FormState<keyof LoginValues>> {
  const form = await readFormFields(Astro.request, LOGIN_FIELDS);
  if (!form.ok) return failed(Astro, form.status, { message: form.message });
  const kept = { usernameOrEmail: form.fields.usernameOrEmail };
  const { errors, message } = splitErrors(checkLogin(form.fields), LOGIN_FIELDS);
  if (hasErrors(errors) || message) return failed(Astro, 400, { values: kept, errors, message });
  const body = loginBody(form.fields);
  const result = await serverApi(Astro).login.post(body);
  if (result.error) return apiFailure(Astro, result, kept, MESSAGES.invalidCredentials);
  return signedInRedirect(result.response);
}

/** POST /register: SPEC §5's checks first (a mismatch or a short password never reaches the API). */
export async function submitRegister(Astro: AstroGlobal): Promise<Response | FormState<keyof RegisterValues>> {
  const form = await readFormFields(Astro.request, REGISTER_FIELDS);
  if (!form.ok) return failed(Astro, form.status, { message: form.message });
  const { firstName, lastName, username, email } = form.fields;
  const kept = { firstName, lastName, username, email };
  const { errors, message } = splitErrors(checkRegister(form.fields), REGISTER_FIELDS);
  if (hasErrors(errors) || message) return failed(Astro, 400, { values: kept, errors, message });
  const body = registerBody(form.fields);
  const result = await serverApi(Astro).register.post(body);
  if (result.error) return apiFailure(Astro, result, kept, "Failed to create account");
  return signedInRedirect(result.response);
}

/** POST /forgot-password: the same "Check Your Email" view the island shows, for every address. */
export async function submitForgotPassword(Astro: AstroGlobal): Promise<ForgotPasswordState> {
  const form = await readFormFields(Astro.request, ["email"] as const);
  if (!form.ok) return failed(Astro, form.status, { message: form.message });
  const kept = { email: form.fields.email };
  const { errors, message } = splitErrors(checkForgotPassword(form.fields.email), ["email"] as const);
  if (hasErrors(errors) || message) return failed(Astro, 400, { values: kept, errors, message });
  const body = forgotPasswordBody(form.fields.email);
  const result = await serverApi(Astro).auth["forgot-password"].post(body);
  if (result.error) return apiFailure(Astro, result, kept, "Something went wrong. Please try again.");
  Astro.response.headers.set("Cache-Control", "private, no-store");
  return { sentTo: body.email };
}

/** POST /reset-password/{token}: new password (≥ 8) and its confirmation; success shows "Password Reset!". */
export async function submitResetPassword(Astro: AstroGlobal, token: string): Promise<ResetPasswordState> {
  const form = await readFormFields(Astro.request, RESET_FIELDS);
  if (!form.ok) return failed(Astro, form.status, { message: form.message });
  const { errors, message } = splitErrors(checkResetPassword(form.fields, token), RESET_FIELDS);
  if (hasErrors(errors)) return failed(Astro, 400, { errors });
  if (message) return failed(Astro, 400, { message });
  const body = { token, newPassword: form.fields.newPassword };
  const result = await serverApi(Astro).auth["reset-password"].post(body);
  if (result.error) return apiFailure(Astro, result, undefined, "Failed to reset password");
  return { done: true };
}
