// The accounts contract (SPEC §5, §7): request bodies, the current-user shape, limits and the exact messages the
// forms show. Used by the API routes and by the site's forms (client checks before any request).
import { Type as T, type Static } from "@sinclair/typebox";
import { literalUnion } from "../../lib/typebox";

/** Register and reset (SPEC §9). */
export const PASSWORD_MIN_LENGTH = 8;
/** Profile password change and the admin user form (SPEC §9). */
export const SHORT_PASSWORD_MIN_LENGTH = 6;
/** Long passphrases are welcome; the cap only bounds hashing work. Never truncated. */
export const PASSWORD_MAX_LENGTH = 256;
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 32;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;

export const MESSAGES = {
  passwordsDoNotMatch: "Passwords do not match",
  registerPasswordTooShort: "Password must be at least 8 characters long",
  resetPasswordTooShort: "Password must be at least 8 characters",
  shortPasswordTooShort: "Password must be at least 6 characters",
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  usernameTooShort: "Username must be at least 3 characters",
  usernameTooLong: `Username must be at most ${USERNAME_MAX_LENGTH} characters`,
  usernameCharacters: "Username may only contain letters, numbers, dots, dashes and underscores",
  invalidEmail: "Invalid email address",
  enterValidEmail: "Please enter a valid email address",
  currentPasswordRequired: "Current password is required",
  currentPasswordIncorrect: "Current password is incorrect",
  confirmPasswordRequired: "Please confirm your password",
  passwordsDontMatch: "Passwords don't match",
  required: "This field is required",
  invalidCredentials: "Invalid credentials",
  invalidResetToken: "Invalid reset token",
} as const;

// A pragmatic address check (one @, a dot in the domain, no spaces); the mailbox itself is proven by verification.
const EMAIL_PATTERN = "^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$";
export const isEmail = (value: string) => new RegExp(EMAIL_PATTERN).test(value) && value.length <= EMAIL_MAX_LENGTH;

export const emailField = (error: string = MESSAGES.invalidEmail) =>
  T.String({ pattern: EMAIL_PATTERN, maxLength: EMAIL_MAX_LENGTH, error });
export const usernameField = T.String({ minLength: USERNAME_MIN_LENGTH, maxLength: USERNAME_MAX_LENGTH, error: MESSAGES.usernameTooShort });

/** The full username rule, for forms and services alike (a schema carries one message; this rule has three). */
export function usernameProblem(value: string): string | null {
  if (value.length < USERNAME_MIN_LENGTH) return MESSAGES.usernameTooShort;
  if (value.length > USERNAME_MAX_LENGTH) return MESSAGES.usernameTooLong;
  if (!/^[A-Za-z0-9_.-]+$/.test(value)) return MESSAGES.usernameCharacters;
  return null;
}
const nameField = T.Optional(T.Union([T.String({ maxLength: NAME_MAX_LENGTH }), T.Null()]));
const password = (min: number, error: string) => T.String({ minLength: min, maxLength: PASSWORD_MAX_LENGTH, error });

export const RegisterBody = T.Object(
  {
    username: usernameField,
    email: emailField(),
    password: password(PASSWORD_MIN_LENGTH, MESSAGES.registerPasswordTooShort),
    firstName: nameField,
    lastName: nameField,
  },
  { additionalProperties: true }, // extra fields (a smuggled role) are ignored, never stored
);
export type RegisterBody = Static<typeof RegisterBody>;

export const LoginBody = T.Object({
  usernameOrEmail: T.String({ minLength: 1, maxLength: EMAIL_MAX_LENGTH, error: MESSAGES.required }),
  password: T.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH, error: MESSAGES.required }),
});
export type LoginBody = Static<typeof LoginBody>;

export const ForgotPasswordBody = T.Object({ email: emailField(MESSAGES.enterValidEmail) });
export const ResetPasswordBody = T.Object({
  token: T.String({ minLength: 1, maxLength: 200, error: MESSAGES.invalidResetToken }),
  newPassword: password(PASSWORD_MIN_LENGTH, MESSAGES.resetPasswordTooShort),
});

export const ProfileUpdateBody = T.Object(
  {
    username: usernameField,
    email: emailField(),
    firstName: nameField,
    lastName: nameField,
    /** Required when the e-mail changes (the new address takes over password resets). */
    currentPassword: T.Optional(T.String({ maxLength: PASSWORD_MAX_LENGTH })),
  },
  { additionalProperties: true },
);
export const PasswordChangeBody = T.Object({
  currentPassword: T.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH, error: MESSAGES.currentPasswordRequired }),
  newPassword: password(SHORT_PASSWORD_MIN_LENGTH, MESSAGES.shortPasswordTooShort),
});

export const ROLES = ["USER", "ADMIN"] as const;
export type Role = (typeof ROLES)[number];
export const RoleSchema = literalUnion(ROLES);

/** Admin sections a USER can be granted (SPEC §6); ADMIN has all of them. */
export const TOOL_ACCESS = [
  "challenges",
  "projects",
  "resources",
  "merchandise",
  "admin_dashboard",
  "user_management",
  "order_management",
] as const;
export type ToolAccess = (typeof TOOL_ACCESS)[number];
export const ToolAccessSchema = literalUnion(TOOL_ACCESS);

/** A user as every response shows one (never a hash or a token); other user shapes derive from it. */
export const UserSchema = T.Object({
  id: T.String(),
  username: T.String(),
  email: T.String(),
  firstName: T.Union([T.String(), T.Null()]),
  lastName: T.Union([T.String(), T.Null()]),
  profileImageUrl: T.Union([T.String(), T.Null()]),
  role: RoleSchema,
  toolAccess: T.Array(T.String()),
  emailVerified: T.Boolean(),
  createdAt: T.String({ format: "date-time" }),
});
export type User = Static<typeof UserSchema>;

/** The signed-in user: the user plus role names for the header's badges (SPEC §3 "a list of role names"). */
export const CurrentUserSchema = T.Composite([UserSchema, T.Object({ roles: T.Array(T.String()) })]);
export type CurrentUser = Static<typeof CurrentUserSchema>;

export const MessageSchema = T.Object({ message: T.String() });
