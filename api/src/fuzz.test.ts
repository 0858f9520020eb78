// Every route the app declares (read from the app, so routes added later are covered) gets a corpus of hostile
// values in its path parameters, query and body, anonymously and as an admin: the answer is never a 500.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { app } from "./app";
import { env } from "./env";
import { createUser } from "../test/factories";
import { BASE_URL, raw, SITE_ORIGIN } from "../test/client";
import { db } from "./db/client";
import { hashToken, newToken, SESSION_COOKIE } from "./modules/auth/sessions";

const MB = 1_000_000;
/** Strings nobody should be able to turn into a 500. */
const BAD_STRINGS = [
  "\u0000",
  "a\u0000b",
  "\uD800",
  "x\uDFFFy",
  "\u202Eadmin\u202C",
  "x".repeat(MB),
  "%_\\",
  "' OR '1'='1' --",
  "../../etc/passwd",
  "<script>alert(1)</script>",
  "🦊".repeat(300),
  "",
  " ",
];
/** Values of the wrong type where strings (or anything) go. */
const WRONG_TYPES: unknown[] = [0, -1, 1e308, true, null, [], {}, ["a", 1], { nested: { a: 1 } }];
/** Whole bodies sent as raw JSON text: structures a JS literal cannot express, or hostile shapes. */
const RAW_BODIES = [
  '{"__proto__":{"role":"ADMIN"}}',
  '{"constructor":{"prototype":{"role":"ADMIN"}}}',
  "[".repeat(100_000) + "]".repeat(100_000),
  `${'{"a":'.repeat(5_000)}1${"}".repeat(5_000)}`,
  '"just a string"',
  "12345",
  "null",
  "[]",
  "{",
  '{"x":"\\ud800"}',
  '{"x":"\\u0000"}',
];

/** Percent-encodes anything, lone surrogates included (as the bytes a sloppy client would send). */
function encodeAny(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return value.replace(/[\uD800-\uDFFF]/g, "%ED%A0%80").replace(/[^%A-Za-z0-9]/g, (c) => encodeURIComponent(c));
  }
}

type Attempt = { method: string; path: string; body?: string; who: "anonymous" | "admin" };

/** Raw on purpose: the corpus is bytes and paths no typed call would produce. */
async function send(attempt: Attempt, sessionToken: string | null) {
  const headers = new Headers({ origin: SITE_ORIGIN });
  if (attempt.body !== undefined) headers.set("content-type", "application/json");
  if (sessionToken) headers.set("cookie", `${SESSION_COOKIE}=${sessionToken}`);
  const request = new Request(`${BASE_URL}${attempt.path}`, { method: attempt.method, headers, body: attempt.body });
  const res = await raw(request, `10.9.${(Math.random() * 250) | 0}.${(Math.random() * 250) | 0}`);
  await res.arrayBuffer();
  return res.status;
}

/** `count` new sessions of `userId`, as signing in would store them (sessions.ts), in one insert; their tokens. */
async function adminSessions(userId: string, count: number): Promise<string[]> {
  const tokens = Array.from({ length: count }, newToken);
  const createdAt = Date.now();
  await (await db()).session.createMany({
    data: tokens.map((token) => ({
      sid: hashToken(token),
      sess: { userId, createdAt },
      expire: new Date(createdAt + 3_600_000),
      userId,
    })),
  });
  return tokens;
}

function attemptsFor(route: { method: string; path: string; hooks: { body?: unknown } }): Omit<Attempt, "who">[] {
  const method = route.method;
  const out: Omit<Attempt, "who">[] = [];
  const params = route.path.match(/:\w+/g) ?? [];
  const fill = (value: string) => route.path.replace(/:\w+/g, value);
  const benign = fill("00000000-0000-0000-0000-000000000000");
  for (const value of [...BAD_STRINGS, "%", "%zz", "..%2F..", "%00", "%ED%A0%80"]) {
    if (params.length)
      out.push({ method, path: fill(value.startsWith("%") || value.includes("%2F") ? value : encodeAny(value)) });
    if (method === "GET") {
      const v = encodeAny(value);
      out.push({ method, path: `${benign}?search=${v}&status=${v}&limit=${v}&q=${v}&cursor=${v}` });
    }
  }
  if (method === "GET" || method === "HEAD") return out;
  const properties = Object.keys((route.hooks.body as { properties?: object } | undefined)?.properties ?? {});
  const names = [...new Set([...properties, "id", "email", "password", "status"])];
  for (const name of names) {
    for (const value of [...BAD_STRINGS, ...WRONG_TYPES])
      out.push({ method, path: benign, body: JSON.stringify({ [name]: value }) });
  }
  for (const value of [...BAD_STRINGS.slice(0, 6), ...WRONG_TYPES])
    out.push({ method, path: benign, body: JSON.stringify(value) });
  for (const raw of RAW_BODIES) out.push({ method, path: benign, body: raw });
  return out;
}

describe("fuzz: no route answers 500", () => {
  // Fuzzed as deployed: Printify's webhook with its signing secret set (without one it answers a deliberate 503
  // 'not configured', which says nothing about how it handles hostile input).
  const mutableEnv = env as { PRINTIFY_WEBHOOK_SECRET?: string };
  const unset = mutableEnv.PRINTIFY_WEBHOOK_SECRET;
  beforeAll(() => {
    mutableEnv.PRINTIFY_WEBHOOK_SECRET = "fuzz-printify-webhook-secret";
  });
  afterAll(() => {
    mutableEnv.PRINTIFY_WEBHOOK_SECRET = unset;
  });
  test("to hostile path parameters, queries and bodies, anonymous or signed in as an admin", async () => {
    const routes = app.routes.filter((r) => r.path.startsWith("/api"));
    expect(routes.length).toBeGreaterThan(10);
    const admin = await createUser({ role: "ADMIN" });
    const failures: string[] = [];
    let sent = 0;
    for (const route of routes) {
      const attempts = attemptsFor(route as never);
      // A fresh admin session per request (the corpus includes POST /api/logout and profile changes); a route's
      // sessions are written in one insert.
      const sessions = await adminSessions(admin.id, attempts.length);
      for (const [i, attempt] of attempts.entries()) {
        for (const who of ["anonymous", "admin"] as const) {
          const status = await send({ ...attempt, who }, who === "admin" ? sessions[i]! : null);
          sent++;
          if (status >= 500)
            failures.push(`${status} ${who} ${attempt.method} ${attempt.path.slice(0, 120)} ${attempt.body?.slice(0, 80) ?? ""}`);
        }
      }
    }
    expect(sent).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
  }, 240_000);
});
