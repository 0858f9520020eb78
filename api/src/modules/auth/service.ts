// The account use cases: sign-up, sign-in, e-mail verification, password reset, profile. Plain functions: callers
// pass plain values (the client's IP, the device cookie) and get plain data or an AppError. Every mail is a job
// enqueued in the transaction of the write it reports (emails.ts; decision 011).
import { randomUUID } from "node:crypto";
import { db } from "../../db/client";
import type { Prisma } from "../../generated/prisma/client";
import { enqueue, enqueueNow, work } from "../../jobs/jobs";
import { AppError } from "../../lib/errors";
import { RateLimiter } from "../../db/rate-limit";
import { AFFILIATIONS_MAX, AFFILIATIONS_MESSAGE, cleanAffiliations, MESSAGES, normaliseEmail } from "./schema";
import {
  assertAvailable,
  assertUsername,
  cleanName,
  conflictFromUniqueViolation,
  findUserIdBy,
  toCurrentUser,
  userSelect,
} from "./accounts";
import { deviceNonceFor, newDeviceCookie } from "./device-cookie";
import { hashNewPassword, verifyAgainstNothing, verifyPassword } from "./password";
import { createSession, destroyUserSessions, hashToken } from "./sessions";
import {
  EMAIL_CHANGED_MAIL_JOB,
  type EmailChangedMailJob,
  type LinkMailJob,
  linkMailKey,
  PASSWORD_RESET_MAIL_JOB,
  VERIFICATION_MAIL_JOB,
} from "./emails";
import { type LinkPurpose, linkToken, newLinkNonce } from "./link-tokens";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const VERIFY_TTL_MS = 24 * HOUR;
const RESET_TTL_MS = HOUR;

// Sign-in limits. Failures are counted per (account, IP) and per account; a browser holding a device cookie from
// an earlier successful sign-in to that account is judged only by its own failures, so an attacker hammering an
// account from elsewhere never locks its owner out (OWASP "device cookies").
const TOO_MANY_LOGINS = "Too many sign-in attempts. Please try again later.";
export const limits = {
  loginPerIp: new RateLimiter("login-ip", 50, 15 * MINUTE),
  loginPerAccountIp: new RateLimiter("login-account-ip", 5, 15 * MINUTE),
  loginPerAccount: new RateLimiter("login-account", 20, 15 * MINUTE),
  loginPerDevice: new RateLimiter("login-device", 5, 15 * MINUTE),
  registerPerIp: new RateLimiter("register-ip", 10, HOUR),
  forgotPerIp: new RateLimiter("forgot-ip", 10, HOUR),
  forgotPerEmail: new RateLimiter("forgot-email", 3, HOUR),
  // An e-mail change mails two addresses (a link to the new one, a notice to the old): bounded like a reset request,
  // per member and per address asked for, and the old address hears of changes once an hour at most.
  emailChangePerUser: new RateLimiter("email-change-user", 5, HOUR),
  emailChangePerAddress: new RateLimiter("email-change-address", 3, HOUR),
  emailChangedNoticePerAddress: new RateLimiter("email-changed-notice", 1, HOUR),
  resetPerIp: new RateLimiter("reset-ip", 20, 15 * MINUTE),
  /** Wrong current passwords on the profile (password or e-mail change), per account: a stolen session cannot guess. */
  currentPasswordPerUser: new RateLimiter("current-password", 30, 15 * MINUTE),
};

/**
 * Stores a link's token (its hash, with its expiry) on the account and enqueues its mail, both in `tx`: the mail
 * exists exactly when the token does. The job gets the nonce the token is rebuilt from (link-tokens.ts). Enqueued
 * first: if a job for this very token exists already — a reset request's job run again after a crash — the stored
 * token is left alone (it may have been used, and cleared, since) and nothing more happens.
 */
async function issueLink(tx: Prisma.TransactionClient, purpose: LinkPurpose, userId: string, nonce: string) {
  const tokenHash = hashToken(linkToken(purpose, userId, nonce));
  const verify = purpose === "verify-email";
  const queue = verify ? VERIFICATION_MAIL_JOB : PASSWORD_RESET_MAIL_JOB;
  const job = await enqueue<LinkMailJob>(tx, queue, { userId, nonce }, { key: linkMailKey(userId, tokenHash) });
  if (!job) return;
  const expires = new Date(Date.now() + (verify ? VERIFY_TTL_MS : RESET_TTL_MS));
  await tx.user.update({
    where: { id: userId },
    data: verify
      ? { verificationToken: tokenHash, verificationExpires: expires }
      : { resetPasswordToken: tokenHash, resetPasswordExpires: expires },
  });
}

/**
 * A new verification link for the account's current address, written and mailed through `tx` (the caller's
 * transaction: the account created, the address changed). The address counts as unverified until it is used.
 */
export function issueVerification(tx: Prisma.TransactionClient, userId: string) {
  return issueLink(tx, "verify-email", userId, newLinkNonce());
}

type ClientMeta = { ip: string; userAgent?: string };

export async function register(
  input: { username: string; email: string; password: string; firstName?: string | null; lastName?: string | null },
  meta: ClientMeta,
) {
  await limits.registerPerIp.consume(meta.ip, "Too many sign-ups from this address. Please try again later.");
  const username = input.username.trim();
  const email = normaliseEmail(input.email);
  assertUsername(username);
  await assertAvailable(username, email);
  const password = await hashNewPassword(input.password);
  const prisma = await db();
  // Only these fields: role, toolAccess and verification state are never taken from the request.
  const user = await prisma
    .$transaction(async (tx) => {
      const created = await tx.user.create({
        data: { username, email, password, firstName: cleanName(input.firstName), lastName: cleanName(input.lastName) },
        select: userSelect,
      });
      await issueVerification(tx, created.id);
      return created;
    })
    .catch(conflictFromUniqueViolation);
  const session = await createSession(user.id, meta);
  return { user: toCurrentUser(user), session };
}

export async function login(input: { usernameOrEmail: string; password: string }, meta: ClientMeta & { deviceCookie?: string }) {
  await limits.loginPerIp.consume(meta.ip, TOO_MANY_LOGINS);
  const identifier = input.usernameOrEmail.trim();
  const prisma = await db();
  const id = await findUserIdBy(identifier.includes("@") ? "email" : "username", identifier);
  const user = id ? await prisma.user.findUnique({ where: { id }, select: { ...userSelect, password: true } }) : null;
  const accountKey = user?.id ?? identifier.toLowerCase();
  const deviceNonce = user ? deviceNonceFor(meta.deviceCookie, user.id) : null;
  const counters = deviceNonce
    ? [[limits.loginPerDevice, deviceNonce] as const]
    : [[limits.loginPerAccountIp, `${accountKey}|${meta.ip}`] as const, [limits.loginPerAccount, accountKey] as const];
  for (const [limiter, key] of counters) await limiter.assertAllowed(key, TOO_MANY_LOGINS);

  // Unknown account and wrong password cost the same time and give the same answer.
  const ok = user ? await verifyPassword(input.password, user.password) : await verifyAgainstNothing(input.password);
  if (!user || !ok) {
    for (const [limiter, key] of counters) await limiter.hit(key);
    throw new AppError("unauthorized", MESSAGES.invalidCredentials);
  }
  for (const [limiter, key] of counters) await limiter.reset(key);
  const { password: _hash, ...profile } = user;
  const session = await createSession(user.id, meta);
  return { user: toCurrentUser(profile), session, deviceCookie: newDeviceCookie(user.id) };
}

const INVALID_VERIFICATION = "This verification link is invalid or has expired.";

/**
 * Marks the address verified. Idempotent on purpose: mail scanners often open links before people do, so a
 * second visit with the same (unexpired) link answers success instead of failing the real click.
 */
export async function verifyEmail(token: string) {
  const prisma = await db();
  const user = await prisma.user.findUnique({
    where: { verificationToken: hashToken(token) },
    select: { id: true, emailVerified: true, verificationExpires: true },
  });
  if (!user?.verificationExpires || user.verificationExpires.getTime() <= Date.now()) {
    throw new AppError("invalid_data", INVALID_VERIFICATION);
  }
  if (user.emailVerified) return { message: "Your email address is already verified." };
  await prisma.user.update({ where: { id: user.id }, data: { emailVerified: true } });
  return { message: "Your email address has been verified." };
}

const FORGOT_PASSWORD_ANSWER = "If an account exists with that email, we've sent password reset instructions.";

/**
 * Same answer, same status and the same time for every address: the request is stored as a job, the same write for
 * every address, and the look-up, the token and the mail happen in that job, after the response — so its timing says
 * nothing about whether the address has an account, and a crash after the answer loses nothing (decision 011).
 */
export async function forgotPassword(emailInput: string, meta: ClientMeta) {
  await limits.forgotPerIp.consume(meta.ip, "Too many requests. Please try again later.");
  const email = normaliseEmail(emailInput);
  // Counted for every address, known or not (same work, same time); over the limit: quietly no mail, so nobody
  // floods an inbox.
  if (await limits.forgotPerEmail.tryConsume(email)) {
    // Due a second later, not at once: the look-up and token write a known address costs would otherwise run right
    // behind this answer and slow the caller's next request (on the embedded database they share one connection),
    // telling a prober which addresses have accounts. Later, it falls among everyone's requests alike.
    await enqueueNow<ResetRequestJob>(RESET_REQUEST_JOB, { email, nonce: newLinkNonce() }, { startAfter: 1 });
  }
  return { message: FORGOT_PASSWORD_ANSWER };
}

export const RESET_REQUEST_JOB = "account-password-reset-request";
/** The nonce is chosen with the request, so a run again after a crash issues the same link, not a second one. */
export type ResetRequestJob = { email: string; nonce: string };

/** A reset request's job: the account with that address, if any, gets a reset token and its mail's job. */
async function issueResetLink({ email, nonce }: ResetRequestJob) {
  const id = await findUserIdBy("email", email);
  if (!id) return;
  await (await db()).$transaction((tx) => issueLink(tx, "reset-password", id, nonce));
}

// Ten at a time: a full batch is fetched again at once, so a burst of requests does not wait a poll each.
void work<ResetRequestJob>(RESET_REQUEST_JOB, issueResetLink, { batchSize: 10 });

export async function resetPassword(token: string, newPassword: string, meta: ClientMeta) {
  await limits.resetPerIp.consume(meta.ip, "Too many attempts. Please try again later.");
  const prisma = await db();
  const user = await prisma.user.findUnique({
    where: { resetPasswordToken: hashToken(token) },
    select: { id: true, resetPasswordExpires: true },
  });
  if (!user?.resetPasswordExpires || user.resetPasswordExpires.getTime() <= Date.now()) {
    throw new AppError("invalid_data", "This reset link is invalid or has expired.");
  }
  const password = await hashNewPassword(newPassword);
  // Single use: the token is cleared in the same conditional update that sets the password.
  const { count } = await prisma.user.updateMany({
    where: { id: user.id, resetPasswordToken: hashToken(token) },
    data: { password, resetPasswordToken: null, resetPasswordExpires: null },
  });
  if (count === 0) throw new AppError("invalid_data", "This reset link is invalid or has expired.");
  await destroyUserSessions(user.id); // whoever held a session with the old password is out
  return { message: "Your password has been reset successfully" };
}

/**
 * Checks the signed-in user's current password before a sensitive change (password, e-mail). Wrong guesses are
 * counted per account like sign-in failures: after 30 in 15 minutes every try answers 429.
 */
async function assertCurrentPassword(userId: string, currentPassword: string | undefined) {
  if (!currentPassword) throw new AppError("invalid_data", MESSAGES.currentPasswordRequired);
  await limits.currentPasswordPerUser.assertAllowed(userId, "Too many attempts. Please try again later.");
  const { password } = await (await db()).user.findUniqueOrThrow({ where: { id: userId }, select: { password: true } });
  if (!(await verifyPassword(currentPassword, password))) {
    await limits.currentPasswordPerUser.hit(userId);
    throw new AppError("invalid_data", MESSAGES.currentPasswordIncorrect);
  }
}

export async function updateProfile(
  userId: string,
  input: {
    username: string;
    email: string;
    firstName?: string | null;
    lastName?: string | null;
    affiliations?: string[];
    currentPassword?: string;
  },
) {
  const affiliations = input.affiliations === undefined ? undefined : cleanAffiliations(input.affiliations);
  if (affiliations && affiliations.length > AFFILIATIONS_MAX) throw new AppError("invalid_data", AFFILIATIONS_MESSAGE);
  const username = input.username.trim();
  const email = normaliseEmail(input.email);
  assertUsername(username);
  const prisma = await db();
  const before = await prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true } });
  const emailChanged = before.email !== email;
  // A new address takes over password resets: only someone who knows the password may set it.
  if (emailChanged) {
    await assertCurrentPassword(userId, input.currentPassword);
    await limits.emailChangePerUser.consume(userId, "Too many requests. Please try again later.");
    await limits.emailChangePerAddress.consume(email, "Too many requests. Please try again later.");
  }
  await assertAvailable(username, email, userId);
  const noticeToOldAddress = emailChanged && (await limits.emailChangedNoticePerAddress.tryConsume(before.email));
  const user = await prisma
    .$transaction(async (tx) => {
      const updated = await tx.user.update({
        where: { id: userId },
        data: {
          username,
          email,
          firstName: cleanName(input.firstName),
          lastName: cleanName(input.lastName),
          ...(affiliations ? { affiliations } : {}),
          ...(emailChanged ? { emailVerified: false } : {}),
        },
        select: userSelect,
      });
      if (emailChanged) {
        // The new address stays unverified until its link is used; the old one hears about the change.
        await issueVerification(tx, userId);
        if (noticeToOldAddress) {
          const changeId = randomUUID();
          const notice = { userId, changeId, oldEmail: before.email, newEmail: email };
          await enqueue<EmailChangedMailJob>(tx, EMAIL_CHANGED_MAIL_JOB, notice, { key: `${userId}:${changeId}` });
        }
      }
      return updated;
    })
    .catch(conflictFromUniqueViolation);
  return toCurrentUser(user);
}

export async function changePassword(userId: string, currentSid: string, currentPassword: string, newPassword: string) {
  await assertCurrentPassword(userId, currentPassword);
  await (await db()).user.update({ where: { id: userId }, data: { password: await hashNewPassword(newPassword) } });
  await destroyUserSessions(userId, currentSid); // every other device signs in again
  return { message: "Password updated" };
}
