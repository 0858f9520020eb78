// The typed test client: Eden treaty over `type App`, calling the real app in-process as a browser would over
// HTTP. Each client comes from its own address (random unless given, so rate limits see distinct visitors), keeps
// its cookies across calls, and sends the site's Origin on state-changing requests unless a test says otherwise.
// A renamed route or field breaks `tsc` here, as it does in the site.
//
// Never `await` a treaty object or return one from an async function: the proxy answers every property, `then`
// included, so the await never settles. Clients are plain objects holding `api`, which is safe to await.
import { treaty } from "@elysiajs/eden";
import { app, type App } from "../src/app";
import { recordClientIp } from "../src/lib/client-ip";
import { createSession, SESSION_COOKIE } from "../src/modules/auth/sessions";

export const BASE_URL = "http://localhost:3000";
export const SITE_ORIGIN = BASE_URL;

/** A browser's cookie store for one site: Set-Cookie in, Cookie out. */
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
  set(name: string, value: string) {
    this.cookies.set(name, value);
  }
}

const randomIp = () => `10.${(Math.random() * 255) | 0}.${(Math.random() * 255) | 0}.${(Math.random() * 254 + 1) | 0}`;

/** Hands a request to the app as the Bun front would: recorded as coming from `ip`, with the jar's cookies. */
function inProcessFetch(ip: string, jar: CookieJar): typeof fetch {
  const fetcher = async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    if (jar.cookies.size && !headers.has("cookie")) headers.set("cookie", jar.header());
    // Browsers send Origin on state-changing requests; ours come from the site itself unless a test says otherwise.
    const method = (init?.method ?? "GET").toUpperCase();
    if (method !== "GET" && method !== "HEAD" && !headers.has("origin")) headers.set("origin", SITE_ORIGIN);
    const request = new Request(input, { ...init, headers });
    recordClientIp(request, ip);
    const res = await app.handle(request);
    jar.store(res);
    return res;
  };
  return fetcher as typeof fetch;
}

export type ClientOptions = {
  /** The client's address for rate limits and session records (default: a random 10.x address). */
  ip?: string;
  /** Cookies to start from (and share with another client, e.g. a second tab). */
  jar?: CookieJar;
};

/** A browser: its own address and cookie jar. `api` is the treaty root under /api. */
export function createClient({ ip = randomIp(), jar = new CookieJar() }: ClientOptions = {}) {
  // parseDate: false — dates stay the ISO strings the contract declares (and the site receives).
  const { api } = treaty<App>(BASE_URL, { fetcher: inProcessFetch(ip, jar), parseDate: false });
  return { api, jar, ip };
}
export type Client = ReturnType<typeof createClient>;

/** An anonymous visitor. */
export const visitor = (options: ClientOptions = {}) => createClient(options);

/**
 * A client signed in as `who`: for a user row, by creating the session directly (no login round trip, no login
 * limit); for credentials, through POST /api/login as a browser would.
 */
export async function signedInClient(
  who: { id: string } | { usernameOrEmail: string; password: string },
  options: ClientOptions = {},
): Promise<Client> {
  const client = createClient(options);
  if ("id" in who) {
    client.jar.set(SESSION_COOKIE, (await createSession(who.id)).token);
  } else {
    const res = await client.api.login.post(who);
    if (res.status !== 200) throw new Error(`Sign-in as ${who.usernameOrEmail} failed with ${res.status}`);
  }
  return client;
}

/**
 * The API as `user` (a visitor without one), for tests that keep one treaty per user: `as(admin).challenges.post(…)`.
 * Not async (see the top of this file): the session is created on the first call instead.
 */
export function as(user?: { id: string }) {
  let cookie: Promise<string> | undefined;
  return treaty(app, {
    parseDate: false, // dates stay the strings the JSON carries, as a browser sees them
    headers: async () => {
      cookie ??= user ? createSession(user.id).then((s) => `${SESSION_COOKIE}=${s.token}`) : Promise.resolve("");
      const value = await cookie;
      return { origin: SITE_ORIGIN, ...(value ? { cookie: value } : {}) };
    },
  }).api;
}

/**
 * A value the contract's type refuses, sent on purpose to test validation (the type is taken from where it goes,
 * so the call still type-checks everything else).
 */
export const invalid = <T>(value: unknown) => value as T;

/**
 * A raw request, for what treaty cannot express: other content types, raw bytes and streams, malformed paths or
 * JSON. Recorded as coming from `ip` (random unless given); read the answer from the Response.
 */
export function raw(request: Request, ip: string = randomIp()): Promise<Response> {
  recordClientIp(request, ip);
  return app.handle(request);
}
