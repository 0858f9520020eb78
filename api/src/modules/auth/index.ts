// Account routes (SPEC §7). Thin: read cookies and the client's address, call the service, set cookies.
import { Elysia, t } from "elysia";
import { authPlugin } from "./guard";
import { clientIpOf } from "../../lib/client-ip";
import { errorResponses, NoContent } from "../../lib/http-schema";
import {
  CurrentUserSchema,
  ForgotPasswordBody,
  LoginBody,
  MessageSchema,
  ProfileBody,
  type ProfileUpdateBody,
  RegisterBody,
  ResetPasswordBody,
} from "./schema";
import { DEVICE_COOKIE_NAME, hostOnly } from "./cookie-names";
import { SECURE_COOKIES, SESSION_COOKIE, destroySession, sessionCookieOptions } from "./sessions";
import * as accounts from "./service";
import { toCurrentUser } from "./accounts";
import "./housekeeping"; // registers the expired-rows sweep (a cron job)

const DEVICE_COOKIE = hostOnly(DEVICE_COOKIE_NAME, SECURE_COOKIES);
const YEAR_SECONDS = 365 * 24 * 3600;
const errors = errorResponses(400, 401, 409, 429, 503);

const metaOf = (request: Request) => ({ ip: clientIpOf(request), userAgent: request.headers.get("user-agent") ?? undefined });

export const authModule = new Elysia({ name: "auth", tags: ["auth"] })
  .use(authPlugin)
  .post(
    "/register",
    async ({ body, request, cookie, set }) => {
      const { user, session } = await accounts.register(body, metaOf(request));
      await destroySession(cookie[SESSION_COOKIE]?.value as string | undefined); // as at sign-in
      cookie[SESSION_COOKIE]!.set({ value: session.token, ...sessionCookieOptions(session.maxAgeSeconds) });
      set.status = 201;
      return user;
    },
    { body: RegisterBody, response: { 201: CurrentUserSchema, ...errors }, detail: { summary: "Create an account and sign in" } },
  )
  .post(
    "/login",
    async ({ body, request, cookie }) => {
      const { user, session, deviceCookie } = await accounts.login(body, {
        ...metaOf(request),
        deviceCookie: cookie[DEVICE_COOKIE]?.value as string | undefined,
      });
      // A browser signs in to one account at a time: the session it held before ends on the server too.
      await destroySession(cookie[SESSION_COOKIE]?.value as string | undefined);
      cookie[SESSION_COOKIE]!.set({ value: session.token, ...sessionCookieOptions(session.maxAgeSeconds) });
      cookie[DEVICE_COOKIE]!.set({ value: deviceCookie, ...sessionCookieOptions(YEAR_SECONDS) });
      return user;
    },
    { body: LoginBody, response: { 200: CurrentUserSchema, ...errors }, detail: { summary: "Sign in with username or e-mail" } },
  )
  .post(
    "/logout",
    async ({ cookie, set }) => {
      await destroySession(cookie[SESSION_COOKIE]?.value as string | undefined);
      cookie[SESSION_COOKIE]!.set({ value: "", ...sessionCookieOptions(0) });
      set.status = 204;
    },
    { response: { 204: NoContent }, detail: { summary: "End this session (server-side too)" } },
  )
  .get("/auth/user", ({ user }) => toCurrentUser(user), {
    auth: true,
    response: { 200: CurrentUserSchema, ...errorResponses(401) },
    detail: { summary: "The signed-in user; 401 when anonymous" },
  })
  .get("/auth/verify-email/:token", ({ params }) => accounts.verifyEmail(params.token), {
    params: t.Object({ token: t.String({ maxLength: 200 }) }), // a token, not a record id
    response: { 200: MessageSchema, ...errorResponses(400) },
    // A GET that changes state, by SPEC §7: it is idempotent and authorised by the token alone (no cookie), so it
    // is no CSRF vector; see docs/decisions/004-accounts-sessions-and-abuse-limits.md.
    detail: { summary: "Confirm an e-mail address from the link in the verification mail" },
  })
  .post("/auth/forgot-password", ({ body, request }) => accounts.forgotPassword(body.email, metaOf(request)), {
    body: ForgotPasswordBody,
    response: { 200: MessageSchema, ...errors },
    detail: { summary: "Mail a reset link; the same answer for every address" },
  })
  .post("/auth/reset-password", ({ body, request }) => accounts.resetPassword(body.token, body.newPassword, metaOf(request)), {
    body: ResetPasswordBody,
    response: { 200: MessageSchema, ...errors },
    detail: { summary: "Set a new password with a reset token; ends every session" },
  })
  .patch(
    "/profile",
    async ({ body, user, sessionId }) => {
      // One route, two shapes (SPEC §7): a password change carries newPassword (a profile update may carry
      // currentPassword too, when it changes the e-mail; it never carries newPassword).
      if ("newPassword" in body && body.newPassword !== undefined) {
        return accounts.changePassword(user.id, sessionId, body.currentPassword, body.newPassword);
      }
      return accounts.updateProfile(user.id, body as ProfileUpdateBody);
    },
    {
      auth: true,
      body: ProfileBody,
      response: { 200: t.Union([CurrentUserSchema, MessageSchema]), ...errors },
      detail: { summary: "Update profile fields, or change the password" },
    },
  );
