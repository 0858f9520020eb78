// The accounts contract (SPEC §5, §7): request bodies, the current-user shape, limits and the exact messages the
// forms show. Used by the API routes and by the site's forms (client checks before any request).
// Builders by name (not `Type`, one object holding them all): an island bundles only those it calls (lib/typebox.ts).
import * as T from "@sinclair/typebox/type";
import type { Static } from "@sinclair/typebox/type";
import { firstProblem, literalUnion, messages, type KeywordMessages, type RuleMessages } from "../../lib/typebox";

/** Register and reset (SPEC §9). */
export const PASSWORD_MIN_LENGTH = 8;
/** Profile password change and the admin user form (SPEC §9). */
export const SHORT_PASSWORD_MIN_LENGTH = 6;
/** Long passphrases are welcome; the cap only bounds hashing work. Never truncated. */
export const PASSWORD_MAX_LENGTH = 256;
const USERNAME_MIN_LENGTH = 3;
const USERNAME_MAX_LENGTH = 32;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;

export const MESSAGES = {
  passwordsDoNotMatch: "Passwords do not match",
  registerPasswordTooShort: "Password must be at least 8 characters long",
  resetPasswordTooShort: "Password must be at least 8 characters",
  shortPasswordTooShort: "Password must be at least 6 characters",
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  // Not SPEC's: the common-password check is ours (decision 004); the API says it, the forms show the server's message.
  passwordTooCommon: "This password is one of the most common ones. Please choose a less predictable password.",
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
const USERNAME_PATTERN = "^[A-Za-z0-9_.-]+$";

// Each field's rule and its SPEC §5 message live here, once: Elysia answers a 400 with them (plugins/errors.ts)
// and the site's forms show them under the field (site/src/lib/forms.ts). `error` is one text, `errorMessage` one per
// keyword (`empty` for a blank field); see RuleMessages in lib/typebox.ts.
export const emailField = (error: RuleMessages = MESSAGES.invalidEmail) =>
  T.String({ pattern: EMAIL_PATTERN, maxLength: EMAIL_MAX_LENGTH, ...messages(error) });
const USERNAME_MESSAGES = {
  type: MESSAGES.usernameTooShort,
  minLength: MESSAGES.usernameTooShort,
  maxLength: MESSAGES.usernameTooLong,
  pattern: MESSAGES.usernameCharacters,
} as const;
const username = (rules: RuleMessages = USERNAME_MESSAGES) =>
  T.String({ minLength: USERNAME_MIN_LENGTH, maxLength: USERNAME_MAX_LENGTH, pattern: USERNAME_PATTERN, ...messages(rules) });
export const usernameField = username();

export const isEmail = (value: string) => firstProblem(emailField(), value) === null;
/**
 * An address as accounts store and compare it: without surrounding spaces, in lower case (one account per mailbox
 * whatever its spelling; lookups also compare lower(email), auth/accounts.ts).
 */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();
/** The username rule for services that take a username outside a route body (the admin:create command). */
export const usernameProblem = (value: string): string | null => firstProblem(usernameField, value);

const nameField = T.Optional(T.Union([T.String({ maxLength: NAME_MAX_LENGTH }), T.Null()]));
/** A new password against a minimum; the cap only bounds hashing work. */
export const passwordField = (min: number, tooShort: string, extra: KeywordMessages = {}) =>
  T.String({
    minLength: min,
    maxLength: PASSWORD_MAX_LENGTH,
    errorMessage: { type: tooShort, minLength: tooShort, maxLength: MESSAGES.passwordTooLong, ...extra },
  });

/** Sign-up (SPEC §5): a blank required field says so; confirmPassword is the form's own (cross-field) rule. */
export const RegisterBody = T.Object(
  {
    username: username({ ...USERNAME_MESSAGES, empty: MESSAGES.required }),
    email: emailField({
      empty: MESSAGES.required,
      type: MESSAGES.required,
      pattern: MESSAGES.invalidEmail,
      maxLength: MESSAGES.invalidEmail,
    }),
    password: passwordField(PASSWORD_MIN_LENGTH, MESSAGES.registerPasswordTooShort, { empty: MESSAGES.required }),
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
export type ForgotPasswordBody = Static<typeof ForgotPasswordBody>;
export const ResetPasswordBody = T.Object({
  token: T.String({ minLength: 1, maxLength: 200, error: MESSAGES.invalidResetToken }),
  newPassword: passwordField(PASSWORD_MIN_LENGTH, MESSAGES.resetPasswordTooShort),
});
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;

/** Organisations a person declares on /profile (decision 021): judging reads conflicts of interest from them. */
export const AFFILIATIONS_MAX = 10;
export const AFFILIATION_MAX_LENGTH = 120;
export const AFFILIATIONS_HINT =
  "Organisations you work for or with. Used to keep you from judging entries you have a conflict with.";
export const AFFILIATIONS_MESSAGE = `List at most ${AFFILIATIONS_MAX} organisations, one per line, each at most ${AFFILIATION_MAX_LENGTH} characters.`;
const affiliationsField = T.Optional(
  T.Array(T.String({ maxLength: AFFILIATION_MAX_LENGTH, error: AFFILIATIONS_MESSAGE }), {
    maxItems: AFFILIATIONS_MAX * 4,
    error: AFFILIATIONS_MESSAGE,
  }),
);

/**
 * A profile's affiliations as stored: trimmed, empty ones dropped, repeats (ignoring case) dropped — the first
 * spelling stays. The caller refuses more than AFFILIATIONS_MAX after this.
 */
export function cleanAffiliations(list: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of list) {
    const a = raw.trim().replace(/\s+/g, " ");
    if (!a || seen.has(a.toLowerCase())) continue;
    seen.add(a.toLowerCase());
    out.push(a);
  }
  return out;
}

/** Profile details (SPEC §7 PATCH /api/profile, first shape). */
export const ProfileUpdateBody = T.Object(
  {
    username: usernameField,
    email: emailField(),
    firstName: nameField,
    lastName: nameField,
    /** Absent: unchanged. Cleaned by cleanAffiliations; at most AFFILIATIONS_MAX once cleaned. */
    affiliations: affiliationsField,
    /** Required when the e-mail changes (the new address takes over password resets): checked by the service. */
    currentPassword: T.Optional(T.String({ maxLength: PASSWORD_MAX_LENGTH })),
    /** A body with a new password is the other shape, never a profile update. */
    newPassword: T.Optional(T.Never()),
  },
  { additionalProperties: true },
);
export type ProfileUpdateBody = Static<typeof ProfileUpdateBody>;
/** A password change (SPEC §7 PATCH /api/profile, second shape); the confirmation stays in the browser. */
export const PasswordChangeBody = T.Object({
  currentPassword: T.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH, error: MESSAGES.currentPasswordRequired }),
  newPassword: passwordField(SHORT_PASSWORD_MIN_LENGTH, MESSAGES.shortPasswordTooShort),
});
export type PasswordChangeBody = Static<typeof PasswordChangeBody>;
/** PATCH /api/profile: one of the two shapes; a 400 carries the message of the shape the body comes closest to. */
export const ProfileBody = T.Union([ProfileUpdateBody, PasswordChangeBody]);
export type ProfileBody = Static<typeof ProfileBody>;

export const ROLES = ["USER", "ADMIN"] as const;
export type Role = (typeof ROLES)[number];
export const RoleSchema = literalUnion(ROLES);

/**
 * Admin sections a USER can be granted (SPEC §6's seven, then the ones added since: `operations` — jobs and the webhook
 * ledger, decisions 010 and 011); ADMIN has all of them.
 */
export const TOOL_ACCESS = [
  "challenges",
  "projects",
  "resources",
  "merchandise",
  "admin_dashboard",
  "user_management",
  "order_management",
  "operations",
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
export const CurrentUserSchema = T.Composite([
  UserSchema,
  T.Object({ roles: T.Array(T.String()), affiliations: T.Array(T.String()) }),
]);
export type CurrentUser = Static<typeof CurrentUserSchema>;

export const MessageSchema = T.Object({ message: T.String() });
