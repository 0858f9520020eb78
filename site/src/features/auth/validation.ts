// Client-side checks for the account forms (SPEC §5), run before any request. Limits and texts come from the
// accounts contract so the browser and the API agree word for word; these functions are pure so they are easy
// to reason about (and to test) apart from React.
import {
  MESSAGES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  SHORT_PASSWORD_MIN_LENGTH,
  isEmail,
  usernameProblem,
} from "@api/modules/auth/schema";

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export const hasErrors = (errors: FieldErrors<string>) => Object.values(errors).some(Boolean);

/** Empty optional names are sent as null (the API stores "no name", not an empty string). */
const optionalName = (value: string) => value.trim() || null;

/** A new password against a minimum; the cap only bounds hashing work on the server. */
function passwordProblem(value: string, min: number, tooShort: string): string | undefined {
  if (value.length < min) return tooShort;
  if (value.length > PASSWORD_MAX_LENGTH) return MESSAGES.passwordTooLong;
  return undefined;
}

// ---- Login (SPEC §5: both fields required) ----

export type LoginValues = { usernameOrEmail: string; password: string };

export function checkLogin(v: LoginValues): FieldErrors<keyof LoginValues> {
  return {
    usernameOrEmail: v.usernameOrEmail.trim() ? undefined : MESSAGES.required,
    password: v.password ? undefined : MESSAGES.required,
  };
}

export const loginBody = (v: LoginValues) => ({ usernameOrEmail: v.usernameOrEmail.trim(), password: v.password });

// ---- Register (SPEC §5: mismatch and < 8 characters never reach the API) ----

export type RegisterValues = {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
};

export function checkRegister(v: RegisterValues): FieldErrors<keyof RegisterValues> {
  const username = v.username.trim();
  const email = v.email.trim();
  return {
    username: username ? (usernameProblem(username) ?? undefined) : MESSAGES.required,
    email: !email ? MESSAGES.required : isEmail(email) ? undefined : MESSAGES.invalidEmail,
    password: !v.password ? MESSAGES.required : passwordProblem(v.password, PASSWORD_MIN_LENGTH, MESSAGES.registerPasswordTooShort),
    confirmPassword: !v.confirmPassword
      ? MESSAGES.confirmPasswordRequired
      : v.password !== v.confirmPassword
        ? MESSAGES.passwordsDoNotMatch
        : undefined,
  };
}

/** SPEC §3 registration payload: confirmPassword stays in the browser. */
export const registerBody = (v: RegisterValues) => ({
  username: v.username.trim(),
  email: v.email.trim(),
  password: v.password,
  firstName: optionalName(v.firstName),
  lastName: optionalName(v.lastName),
});

// ---- Forgot / reset password ----

export function checkForgotPassword(email: string): FieldErrors<"email"> {
  return { email: isEmail(email.trim()) ? undefined : MESSAGES.enterValidEmail };
}

export type ResetValues = { newPassword: string; confirmPassword: string };

export function checkResetPassword(v: ResetValues): FieldErrors<keyof ResetValues> {
  return {
    newPassword: passwordProblem(v.newPassword, PASSWORD_MIN_LENGTH, MESSAGES.resetPasswordTooShort),
    confirmPassword: v.newPassword !== v.confirmPassword ? MESSAGES.passwordsDoNotMatch : undefined,
  };
}

// ---- Profile (SPEC §5: username ≥ 3, valid email; password change uses the 6-character rule) ----

export type ProfileValues = { firstName: string; lastName: string; username: string; email: string; currentPassword: string };

/** A changed e-mail also needs the current password (the new address takes over password resets). */
const emailChanges = (v: ProfileValues, savedEmail: string) => v.email.trim().toLowerCase() !== savedEmail.toLowerCase();

export function checkProfile(v: ProfileValues, savedEmail: string): FieldErrors<keyof ProfileValues> {
  return {
    username: usernameProblem(v.username.trim()) ?? undefined,
    email: isEmail(v.email.trim()) ? undefined : MESSAGES.invalidEmail,
    currentPassword: emailChanges(v, savedEmail) && !v.currentPassword ? MESSAGES.currentPasswordRequired : undefined,
  };
}

export const profileBody = (v: ProfileValues, savedEmail: string) => ({
  username: v.username.trim(),
  email: v.email.trim(),
  firstName: optionalName(v.firstName),
  lastName: optionalName(v.lastName),
  ...(emailChanges(v, savedEmail) ? { currentPassword: v.currentPassword } : {}),
});

/** Whether the profile form must ask for the current password. */
export const profileNeedsPassword = emailChanges;

export type PasswordChangeValues = { currentPassword: string; newPassword: string; confirmPassword: string };

export function checkPasswordChange(v: PasswordChangeValues): FieldErrors<keyof PasswordChangeValues> {
  return {
    currentPassword: v.currentPassword ? undefined : MESSAGES.currentPasswordRequired,
    newPassword: passwordProblem(v.newPassword, SHORT_PASSWORD_MIN_LENGTH, MESSAGES.shortPasswordTooShort),
    confirmPassword: !v.confirmPassword
      ? MESSAGES.confirmPasswordRequired
      : v.newPassword !== v.confirmPassword
        ? MESSAGES.passwordsDontMatch
        : undefined,
  };
}
