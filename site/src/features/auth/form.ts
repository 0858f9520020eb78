// The account forms (SPEC §5): their values, the body each sends, and its check — the route's own contract through
// the form kit (site/src/lib/forms.ts), plus the cross-field rules a schema cannot state. Shared by the islands and
// by the pages that handle a no-JavaScript POST (submit.server.ts), so both say the same thing.
import {
  AFFILIATIONS_MAX,
  AFFILIATIONS_MESSAGE,
  cleanAffiliations,
  ForgotPasswordBody,
  LoginBody,
  MESSAGES,
  normaliseEmail,
  PasswordChangeBody,
  ProfileUpdateBody,
  RegisterBody,
  ResetPasswordBody,
} from "@api/modules/auth/schema";
import { checkForm, confirmProblem, type FieldErrors, type FormState } from "../../lib/forms";

export type { FormState } from "../../lib/forms";
/** Forgot password answered: show "Check Your Email" for this address. */
export type ForgotPasswordState = FormState<"email"> & { sentTo?: string };
/** Reset password done: show "Password Reset!". */
export type ResetPasswordState = FormState<"newPassword" | "confirmPassword"> & { done?: boolean };

/** Empty optional names are sent as null (the API stores "no name", not an empty string). */
const optionalName = (value: string) => value.trim() || null;

// ---- Login ----

export type LoginValues = { usernameOrEmail: string; password: string };
export const loginBody = (v: LoginValues) => ({ usernameOrEmail: v.usernameOrEmail.trim(), password: v.password });
export const checkLogin = (v: LoginValues): FieldErrors<keyof LoginValues> => checkForm(LoginBody, loginBody(v));

// ---- Register (SPEC §5: a mismatch or a short password never reaches the API) ----

export type RegisterValues = {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
};

/** SPEC §3 registration payload: confirmPassword stays in the browser. */
export const registerBody = (v: RegisterValues) => ({
  username: v.username.trim(),
  email: v.email.trim(),
  password: v.password,
  firstName: optionalName(v.firstName),
  lastName: optionalName(v.lastName),
});

export const checkRegister = (v: RegisterValues): FieldErrors<keyof RegisterValues> => ({
  ...checkForm(RegisterBody, registerBody(v)),
  confirmPassword: confirmProblem(v.password, v.confirmPassword, MESSAGES.passwordsDoNotMatch, MESSAGES.confirmPasswordRequired),
});

// ---- Forgot / reset password ----

export const forgotPasswordBody = (email: string) => ({ email: email.trim() });
export const checkForgotPassword = (email: string): FieldErrors<"email"> =>
  checkForm(ForgotPasswordBody, forgotPasswordBody(email));

export type ResetValues = { newPassword: string; confirmPassword: string };

/** The token comes from the link, not the person: its problem is the form's message, not a field's. */
export const checkResetPassword = (v: ResetValues, token: string): FieldErrors<keyof ResetValues | "token"> => ({
  ...checkForm(ResetPasswordBody, { token, newPassword: v.newPassword }),
  confirmPassword: confirmProblem(v.newPassword, v.confirmPassword, MESSAGES.passwordsDoNotMatch),
});

// ---- Profile (SPEC §5: username ≥ 3, valid email; the password change uses the 6-character rule) ----

export type ProfileValues = {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  /** One organisation per line. */
  affiliations: string;
  currentPassword: string;
};

/** The affiliations textarea as the API takes them: one per line, cleaned the way the server stores them. */
export const affiliationLines = (text: string) => cleanAffiliations(text.split(/\r?\n/));

/** Whether the profile form must ask for the current password: a changed e-mail takes over password resets. */
export const profileNeedsPassword = (v: ProfileValues, savedEmail: string) =>
  normaliseEmail(v.email) !== normaliseEmail(savedEmail);

export const profileBody = (v: ProfileValues, savedEmail: string) => ({
  username: v.username.trim(),
  email: v.email.trim(),
  firstName: optionalName(v.firstName),
  lastName: optionalName(v.lastName),
  affiliations: affiliationLines(v.affiliations),
  ...(profileNeedsPassword(v, savedEmail) ? { currentPassword: v.currentPassword } : {}),
});

export const checkProfile = (v: ProfileValues, savedEmail: string): FieldErrors<keyof ProfileValues> => ({
  ...checkForm(ProfileUpdateBody, profileBody(v, savedEmail)),
  // The schema caps each line; the count is the cleaned list's (as the service counts it).
  ...(affiliationLines(v.affiliations).length > AFFILIATIONS_MAX ? { affiliations: AFFILIATIONS_MESSAGE } : {}),
  // Cross-field (the e-mail against the saved one); the service asks the same.
  currentPassword: profileNeedsPassword(v, savedEmail) && !v.currentPassword ? MESSAGES.currentPasswordRequired : undefined,
});

export type PasswordChangeValues = { currentPassword: string; newPassword: string; confirmPassword: string };
export const passwordChangeBody = (v: PasswordChangeValues) => ({
  currentPassword: v.currentPassword,
  newPassword: v.newPassword,
});

export const checkPasswordChange = (v: PasswordChangeValues): FieldErrors<keyof PasswordChangeValues> => ({
  ...checkForm(PasswordChangeBody, passwordChangeBody(v)),
  confirmPassword: confirmProblem(
    v.newPassword,
    v.confirmPassword,
    MESSAGES.passwordsDontMatch,
    MESSAGES.confirmPasswordRequired,
  ),
});
