// The names of the cookies auth sets, each written once. No imports (not even env): server/page-cache.ts tells a
// visitor from a member by the session cookie's name, in Astro's bundle, before any API code runs.

/** `__Host-` (Secure, Path=/, no Domain) wherever the site is served over HTTPS; sessions.ts decides which. */
export const hostOnly = (name: string, secure: boolean) => (secure ? `__Host-${name}` : name);

/** The session cookie: a random id whose hash is a `sessions` row (sessions.ts). */
export const SESSION_COOKIE_NAME = "sid";
/** The device cookie: this browser signed in to the account before (device-cookie.ts, the login limits). */
export const DEVICE_COOKIE_NAME = "did";

const SESSION_COOKIE_IN_HEADER = new RegExp(`(?:^|;\\s*)(?:__Host-)?${SESSION_COOKIE_NAME}=`);

/** Whether a Cookie header carries a session cookie, under either name: any value, valid or not, is not anonymous. */
export const carriesSessionCookie = (cookieHeader: string | null) => SESSION_COOKIE_IN_HEADER.test(cookieHeader ?? "");
