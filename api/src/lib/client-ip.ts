// The client's address for rate limits and session records. The Bun front records it per request (from the
// socket, so a client cannot forge it); behind a reverse proxy (TRUST_PROXY) the proxy's X-Forwarded-For wins.
import { env } from "../env";

const addresses = new WeakMap<Request, string>();

export function recordClientIp(request: Request, ip: string | undefined) {
  if (ip) addresses.set(request, ip);
}

export function clientIpOf(request: Request): string {
  if (env.TRUST_PROXY) {
    // The last entry is the one our own proxy appended; earlier ones are whatever the client claimed.
    const forwarded = request.headers.get("x-forwarded-for")?.split(",").at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  return addresses.get(request) ?? "unknown";
}
