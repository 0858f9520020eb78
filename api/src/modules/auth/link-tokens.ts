// The tokens in verification and password-reset links. The write that issues a link stores only the token's SHA-256
// (like sessions) and enqueues a mail job (decision 011); the job must put the token itself into the link. Rather
// than carry it in the job's data — pg-boss keeps a job's row, data included, for days after it ran, and the database
// and its backups are exactly where a one-time token must not sit in plain text — the job carries a random nonce, and
// the token is an HMAC of (purpose, user, nonce) under a key derived from SESSION_SECRET. The queue's rows alone open
// nothing; with the secret the job rebuilds the very token whose hash the write stored.
//
// Rotating SESSION_SECRET between a write and its job leaves the job a token that matches nothing: it sends no mail
// (the member asks for a new link), the same as every session's device cookie being reset by a rotation.
import { createHmac, randomBytes } from "node:crypto";
import { env } from "../../env";

export type LinkPurpose = "verify-email" | "reset-password";

/** A key of its own for link tokens, derived from SESSION_SECRET: a link token is never a cookie's signature. */
const tokenKey = (secret: string) => createHmac("sha256", secret).update("account-link-tokens/v1").digest();

/** 256 random bits, the seed of one link: goes into the mail job's data. */
export const newLinkNonce = () => randomBytes(32).toString("base64url");

/** The link's token (43 URL-safe characters, like a session token), rebuilt the same from the same nonce. */
export function linkToken(purpose: LinkPurpose, userId: string, nonce: string, secret = env.SESSION_SECRET): string {
  return createHmac("sha256", tokenKey(secret)).update(`${purpose}\n${userId}\n${nonce}`).digest("base64url");
}
