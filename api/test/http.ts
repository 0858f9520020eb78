// Calls the real app in-process, as a browser would over HTTP: each call comes from a client address (random
// unless given, so rate limits see distinct visitors) and may carry cookies; a Jar keeps them across calls.
import { app } from "../src/app";
import { recordClientIp } from "../src/lib/client-ip";

export const BASE_URL = "http://localhost:3000";
export const SITE_ORIGIN = BASE_URL;

export type CallOptions = RequestInit & { ip?: string; jar?: CookieJar; json?: unknown };

export class CookieJar {
  cookies = new Map<string, string>();
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  store(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const [name, ...value] = pair!.split("=");
      const expired = attrs.some((a) => /max-age=0\b/i.test(a.trim())) || value.join("=") === "";
      if (expired) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value.join("="));
    }
  }
  get(name: string) {
    return this.cookies.get(name);
  }
}

const randomIp = () => `10.${(Math.random() * 255) | 0}.${(Math.random() * 255) | 0}.${(Math.random() * 254 + 1) | 0}`;

export async function call(path: string, { ip, jar, json, ...init }: CallOptions = {}) {
  const headers = new Headers(init.headers);
  if (jar?.cookies.size) headers.set("cookie", jar.header());
  if (json !== undefined) {
    headers.set("content-type", "application/json");
    init.body = JSON.stringify(json);
  }
  // Browsers send Origin on state-changing requests; ours come from the site itself unless a test says otherwise.
  if (init.method && init.method !== "GET" && !headers.has("origin")) headers.set("origin", SITE_ORIGIN);
  const request = new Request(BASE_URL + path, { ...init, headers });
  recordClientIp(request, ip ?? randomIp());
  const res = await app.handle(request);
  jar?.store(res);
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, headers: res.headers, body: body as any, text };
}

export const post = (path: string, json: unknown, options: CallOptions = {}) => call(path, { ...options, method: "POST", json });
export const patch = (path: string, json: unknown, options: CallOptions = {}) => call(path, { ...options, method: "PATCH", json });
