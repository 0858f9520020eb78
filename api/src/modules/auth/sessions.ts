// Server-side sessions in the `sessions` table. The browser holds a 256-bit random id in an HttpOnly cookie; the
// table stores only its SHA-256, so a leaked database does not leak live sessions. Idle and absolute expiry.
import { createHash, randomBytes } from "node:crypto";
import { db } from "../../db/client";
import { env } from "../../env";
import { userSelect } from "./accounts";
import { hostOnly, SESSION_COOKIE_NAME } from "./cookie-names";

/** `__Host-` (Secure, Path=/, no Domain) wherever the site is served over HTTPS. */
export const SECURE_COOKIES = env.SITE_URL.startsWith("https://");
export const SESSION_COOKIE = hostOnly(SESSION_COOKIE_NAME, SECURE_COOKIES);

const IDLE_MS = env.SESSION_IDLE_HOURS * 3_600_000;
const ABSOLUTE_MS = env.SESSION_ABSOLUTE_DAYS * 86_400_000;
/** Sliding expiry is written at most this often per session, not on every request. */
const TOUCH_EVERY_MS = 5 * 60_000;

type SessionData = { userId: string; createdAt: number; ip?: string; userAgent?: string };

export const newToken = () => randomBytes(32).toString("base64url");
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

function expiryFor(createdAt: number, now: number) {
  return new Date(Math.min(now + IDLE_MS, createdAt + ABSOLUTE_MS));
}

export const sessionCookieOptions = (maxAgeSeconds: number) => ({
  httpOnly: true,
  sameSite: "lax" as const,
  secure: SECURE_COOKIES,
  path: "/",
  maxAge: maxAgeSeconds,
});

/** Starts a new session (always a new id: signing in never reuses one) and returns its token for the cookie. */
export async function createSession(userId: string, meta: { ip?: string; userAgent?: string } = {}) {
  const token = newToken();
  const now = Date.now();
  const sess: SessionData = { userId, createdAt: now, ip: meta.ip, userAgent: meta.userAgent?.slice(0, 200) };
  const expire = expiryFor(now, now);
  await (await db()).session.create({ data: { sid: hashToken(token), sess, expire, userId } });
  return { token, maxAgeSeconds: Math.floor((expire.getTime() - now) / 1000) };
}

/** The user behind a session token, or null when it is unknown or expired. Extends the idle expiry. */
export async function readSession(token: string | undefined) {
  if (!token || token.length > 100) return null;
  const prisma = await db();
  const sid = hashToken(token);
  const row = await prisma.session.findUnique({
    where: { sid },
    select: {
      sess: true,
      expire: true,
      user: { select: userSelect }, // the one user projection (accounts.ts)
    },
  });
  const now = Date.now();
  if (!row?.user || row.expire.getTime() <= now) return null;
  const sess = row.sess as SessionData;
  const next = expiryFor(sess.createdAt, now);
  if (next.getTime() - row.expire.getTime() > TOUCH_EVERY_MS) {
    await prisma.session.update({ where: { sid }, data: { expire: next } }).catch(() => {}); // ended meanwhile: fine
  }
  return { sid, user: row.user };
}

export async function destroySession(token: string | undefined) {
  if (!token) return;
  await (await db()).session.deleteMany({ where: { sid: hashToken(token) } });
}

/** Ends every session of a user, except (optionally) the one making the request. */
export async function destroyUserSessions(userId: string, exceptSid?: string) {
  await (await db()).session.deleteMany({ where: { userId, ...(exceptSid ? { NOT: { sid: exceptSid } } : {}) } });
}

export async function deleteExpiredSessions(now = new Date()): Promise<number> {
  const { count } = await (await db()).session.deleteMany({ where: { expire: { lte: now } } });
  return count;
}
