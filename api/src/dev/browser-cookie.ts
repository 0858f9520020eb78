// A guest's local test payment is bound to the browser that started it (decision 010, "Merchandise"): a random token in
// an HttpOnly cookie, of which the database keeps only the SHA-256 — a leaked row or a guessed session id opens
// nothing. One token per browser, reused by its later checkouts. Local test payments (development) bind a guest's
// session to it; with Stripe it stands for the guest in the Checkout Session's idempotency key when the form carried no
// checkout nonce (checkout/merchandise.ts), never the client's address.
import { createHash, randomBytes } from "node:crypto";
import { hostOnly } from "../modules/auth/cookie-names";
import { SECURE_COOKIES } from "../modules/auth/sessions";

export const BROWSER_COOKIE = hostOnly("checkout_browser", SECURE_COOKIES);
/** A day: longer than a test payment lives (an hour). */
const MAX_AGE_SECONDS = 24 * 3600;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const newBrowserToken = () => randomBytes(32).toString("base64url");

/** The stored form of a well-formed token; null for none or anything else a client may send. */
export function browserHashOf(token: unknown): string | null {
  return typeof token === "string" && TOKEN.test(token) ? createHash("sha256").update(token).digest("hex") : null;
}

export const browserCookieOptions = () => ({
  httpOnly: true,
  sameSite: "lax" as const,
  secure: SECURE_COOKIES,
  path: "/",
  maxAge: MAX_AGE_SECONDS,
});
