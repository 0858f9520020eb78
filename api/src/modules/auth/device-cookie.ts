// Device cookies (OWASP): `<userId>.<nonce>.<hmac>` says "this browser signed in to account X before", so the login
// limits can judge that browser by its own failures and an attacker elsewhere never locks the owner out.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { env } from "../../env";

function signDevice(userId: string, nonce: string) {
  return createHmac("sha256", env.SESSION_SECRET).update(`${userId}.${nonce}`).digest("base64url");
}
export function newDeviceCookie(userId: string) {
  const nonce = randomBytes(16).toString("base64url");
  return `${userId}.${nonce}.${signDevice(userId, nonce)}`;
}
/** The nonce of a valid device cookie for `userId`, or null. */
export function deviceNonceFor(cookie: string | undefined, userId: string): string | null {
  const [id, nonce, mac] = cookie?.split(".") ?? [];
  if (!id || !nonce || !mac || id !== userId) return null;
  const expected = Buffer.from(signDevice(id, nonce));
  const given = Buffer.from(mac);
  return expected.length === given.length && timingSafeEqual(expected, given) ? nonce : null;
}
