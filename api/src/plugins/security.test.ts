// What every request passes before a route: body types and limits (415/413), a JSON body that is an object, the
// bad-input guard (NUL, lone surrogates, __proto__, depth) answering 400 instead of a database 500, and an access
// log that tells the truth.
import { afterEach, describe, expect, test } from "bun:test";
import { app } from "../app";
import { db } from "../db/client";
import { env } from "../env";
import { as, BASE_URL, invalid, raw, SITE_ORIGIN, visitor } from "../../test/client";
import { createApplication, createChallenge, createUser } from "../../test/factories";
import { findInputProblem, MAX_INPUT_DEPTH, MAX_INPUT_TEXT_LENGTH } from "../lib/input-guard";
import { createSession, SESSION_COOKIE } from "../modules/auth/sessions";
import { allowedOrigins, BODY_NOT_OBJECT } from "./security";

/** A raw request with a given body and content type (the typed client always sends JSON). */
async function send(path: string, body: BodyInit, contentType?: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (contentType) headers.set("content-type", contentType);
  headers.set("origin", SITE_ORIGIN);
  const request = new Request(`${BASE_URL}${path}`, { method: "POST", ...init, body, headers, duplex: "half" } as RequestInit);
  const res = await raw(request, "192.0.2.10");
  return { status: res.status, body: (await res.json().catch(() => null)) as { message?: string } | null };
}

function chunked(totalBytes: number, chunk = 64 * 1024) {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= totalBytes) return controller.close();
      sent += chunk;
      controller.enqueue(new Uint8Array(chunk).fill(0x61));
    },
  });
}

describe("body types", () => {
  test("JSON routes refuse any other type with 415, before reading the body", async () => {
    const login = JSON.stringify({ usernameOrEmail: "x", password: "y" });
    for (const type of [
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/xml",
      undefined,
    ]) {
      const res = await send("/api/login", login, type);
      expect(res.status).toBe(415);
      expect(res.body?.message).toBe("This endpoint accepts application/json bodies only");
    }
    const form = new FormData();
    form.set("usernameOrEmail", "admin");
    expect((await send("/api/login", form)).status).toBe(415);
  });

  test("declared and chunked bodies over the limit get 413; an empty body is fine where none is needed", async () => {
    expect((await send("/api/login", "x".repeat(1024 * 1024 + 1), "application/json")).status).toBe(413);
    expect((await send("/api/login", chunked(2 * 1024 * 1024), "application/json")).status).toBe(413);
    expect((await send("/api/logout", "", "application/json")).status).toBe(204);
    expect((await visitor().api.logout.post()).status).toBe(204);
  });

  test("a route's own multipart rule (accepts: multipartBody) checks the caller before reading any of the body", async () => {
    // POST /api/upload declares multipart with a limit by ?type= and an authorize step (limits: uploads.test.ts).
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 64 * 1024;
        controller.enqueue(new Uint8Array(64 * 1024));
        if (pulled >= 20 * 1024 * 1024) controller.close();
      },
    });
    const anonymous = await send("/api/upload", body, "multipart/form-data; boundary=x");
    expect(anonymous.status).toBe(401);
    expect(pulled).toBeLessThanOrEqual(4 * 64 * 1024); // what the stream pre-buffers at most; never the body
  });

  test("malformed JSON or invalid UTF-8 is a 400, not a 500", async () => {
    expect((await send("/api/login", "{not json", "application/json")).body?.message).toBe("The request body is not valid JSON");
    expect((await send("/api/login", new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]), "application/json")).status).toBe(400);
    expect((await send("/api/login", "[".repeat(200_000), "application/json")).status).toBe(400);
  });
});

describe("a JSON body is an object", () => {
  // Elysia's validation turns an array, a number, a string, `true` (and, for an optional body, `null`) into `{}` or
  // skips it, so `[1,2,3]` used to be "no changes" on every route whose body fields are all optional.
  const NOT_OBJECTS = ["[1,2,3]", "null", "42", '"text"', "true", "[]"];
  // The only routes whose body is not parsed JSON (multipart; raw bytes for the signature), tested below.
  const NOT_JSON = new Set(["/api/upload", "/api/webhooks/stripe", "/api/webhooks/printify"]);
  const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
  const routes = () =>
    (app.routes as { method: string; path: string }[]).filter((r) => WRITE_METHODS.has(r.method) && !NOT_JSON.has(r.path));

  async function fixtures() {
    const [admin, member, challenge, completed] = await Promise.all([
      createUser({ role: "ADMIN" }),
      createUser(),
      createChallenge(),
      createChallenge({ status: "COMPLETED" }),
    ]);
    const application = await createApplication(challenge.id, member.id);
    // Real ids where a route would otherwise stop at 404: the archive and the challenge edit used to succeed.
    const pathOf = (path: string) =>
      path
        .replace("/challenges/:id/archive", `/challenges/${completed.id}/archive`)
        .replace("/payments/test/:id", `/payments/test/cs_test_local_${"0".repeat(24)}`)
        .replace(":applicationId", application.id)
        .replace(":shopId", "9000001") // a well-formed Printify shop id (the demo shop's): the body is what is wrong
        .replace(":provider", "stripe") // a provider the webhook ledger knows (operations): the body is what is wrong
        .replace(":id", challenge.id)
        .replace(/:\w+/g, "x");
    // A fresh session each time: POST /api/logout, when it takes the body, ends the one it was sent with.
    const send = async (method: string, path: string, body: string, who: "admin" | "anonymous" = "admin") => {
      const headers = new Headers({ origin: SITE_ORIGIN, "content-type": "application/json" });
      if (who === "admin") headers.set("cookie", `${SESSION_COOKIE}=${(await createSession(admin.id)).token}`);
      return raw(new Request(`${BASE_URL}${pathOf(path)}`, { method, headers, body }));
    };
    return { challenge, completed, send };
  }

  test("every route that reads a JSON body refuses anything but an object with 400, and nothing changes", async () => {
    const { challenge, completed, send } = await fixtures();
    expect(routes().length).toBeGreaterThan(20);
    const answers: { route: string; body: string; status: number; message?: string }[] = [];
    for (const { method, path } of routes()) {
      for (const body of NOT_OBJECTS) {
        const res = await send(method, path, body);
        const { message } = (await res.json().catch(() => ({}))) as { message?: string };
        answers.push({ route: `${method} ${path}`, body, status: res.status, message });
      }
    }
    expect(answers.filter((a) => a.status !== 400 || a.message !== BODY_NOT_OBJECT)).toEqual([]);
    // Nothing ran: the challenge was not deleted (DELETE used to take `[1,2,3]`), the completed one not archived.
    const rows = await (await db()).challenge.findMany({ where: { id: { in: [challenge.id, completed.id] } } });
    expect(rows.map((r) => r.status).sort()).toEqual(["ACTIVE", "COMPLETED"]);
  });

  test("the route's own access check still comes first: an anonymous caller learns only 401", async () => {
    const { send } = await fixtures();
    let guarded = 0;
    for (const { method, path } of routes()) {
      const status = (await send(method, path, "{}", "anonymous")).status;
      if (status !== 401) continue;
      guarded++;
      for (const body of NOT_OBJECTS) {
        expect({ route: `${method} ${path}`, body, status: (await send(method, path, body, "anonymous")).status }).toEqual({
          route: `${method} ${path}`,
          body,
          status: 401,
        });
      }
    }
    expect(guarded).toBeGreaterThan(10);
  });

  test("an object, or no body where none is needed, still goes through", async () => {
    const { challenge, send } = await fixtures();
    const edited = await send("PATCH", "/api/challenges/:id", JSON.stringify({ title: "Renamed by an object" }));
    expect(edited.status).toBe(200);
    expect((await (await db()).challenge.findUniqueOrThrow({ where: { id: challenge.id } })).title).toBe("Renamed by an object");
    expect((await send("POST", "/api/logout", "")).status).toBe(204);
  });

  test("routes whose body is not parsed JSON keep their own rules", async () => {
    const { send } = await fixtures();
    expect((await send("POST", "/api/upload", "[1,2,3]")).status).toBe(415);
    // The webhook reads the exact bytes sent: `[1,2,3]` reaches the signature check, which refuses it.
    const webhook = await send("POST", "/api/webhooks/stripe", "[1,2,3]", "anonymous");
    expect(webhook.status).toBe(400);
    expect(((await webhook.json()) as { message: string }).message).not.toBe(BODY_NOT_OBJECT);
  });
});

describe("bad input never reaches a schema or the database", () => {
  const NUL = "\u0000";
  test("a NUL or a lone surrogate anywhere is a 400 with a clear message", async () => {
    const { api } = visitor();
    const cases: [() => Promise<{ status: number; error: { value: unknown } | null }>, string][] = [
      [() => api.login.post({ usernameOrEmail: `admin${NUL}`, password: "x" }), "usernameOrEmail"],
      [() => api.login.post({ usernameOrEmail: "admin", password: `pass${NUL}word` }), "password"],
      [() => api.register.post({ username: "abc", email: `a${NUL}@b.co`, password: "long enough" }), "email"],
      [() => api.auth["forgot-password"].post({ email: `x\uD800@example.com` }), "email"],
      [() => api.auth["reset-password"].post({ token: `t\uDC00`, newPassword: "long enough" }), "token"],
    ];
    for (const [sent, field] of cases) {
      const res = await sent();
      expect(res.status).toBe(400);
      expect(res.error?.value).toMatchObject({
        message: `${field} contains characters that are not allowed (NUL or an unpaired surrogate)`,
      });
    }
    const search = await api.challenges.get({ query: { search: `water${NUL}` } });
    expect(search).toMatchObject({
      status: 400,
      error: { value: { message: "query.search contains characters that are not allowed (NUL or an unpaired surrogate)" } },
    });
    expect((await api.challenges({ id: encodeURIComponent(`id${NUL}`) }).get()).status).toBe(400);
    // A lone surrogate, UTF-8-ish: raw, since no JavaScript string percent-encodes to these bytes.
    expect((await raw(new Request(`${BASE_URL}/api/auth/verify-email/%ED%A0%80x`))).status).toBe(400);
  });

  test("a paired surrogate (an emoji) is ordinary text", async () => {
    const res = await visitor().api.login.post({ usernameOrEmail: "🦊fox", password: "🦊🦊🦊🦊" });
    expect(res.status).toBe(401);
  });

  test("__proto__ keys and hostile nesting are refused", async () => {
    const proto = await send(
      "/api/login",
      '{"usernameOrEmail":"a","password":"b","__proto__":{"role":"ADMIN"}}',
      "application/json",
    );
    expect(proto).toMatchObject({ status: 400, body: { message: "The request body contains a key that is not allowed" } });
    let deep: unknown = "x";
    for (let i = 0; i < MAX_INPUT_DEPTH + 2; i++) deep = { a: deep };
    const nested = await visitor().api.login.post(invalid({ usernameOrEmail: "a", password: "b", deep }));
    expect(nested.error?.value.message).toBe("The request body is nested too deeply");
  });

  test("a field longer than any contract accepts is refused before its schema; up to that, the schema answers", async () => {
    const admin = as(await createUser({ role: "ADMIN" }));
    const tooLong = `toolAccess is too long (at most ${MAX_INPUT_TEXT_LENGTH.toLocaleString("en-US")} characters)`;
    const flood = await admin.users.post(
      invalid({ username: "flood", email: "flood@example.com", password: "long enough", toolAccess: "x".repeat(1_000_000) }),
    );
    expect(flood).toMatchObject({ status: 400, error: { value: { message: tooLong } } });
    // Just under the ceiling it is the contract's own answer, as before.
    const under = await admin.users.post(
      invalid({ username: "under", email: "under@example.com", password: "long enough", toolAccess: "x".repeat(60_000) }),
    );
    expect(under).toMatchObject({ status: 400, error: { value: { message: "Unknown tool access entry" } } });
    const query = await visitor().api.challenges.get({ query: { search: "w".repeat(MAX_INPUT_TEXT_LENGTH + 1) } });
    expect(query.error?.value).toMatchObject({ message: `query.search is too long (at most 65,536 characters)` });
    expect(await (await db()).user.count({ where: { username: { in: ["flood", "under"] } } })).toBe(0);
  });

  test("a list field sent as text or as an object with a length is refused, not read as a list", async () => {
    // Elysia's normaliser copied a list of choices by its `length`: "" cleared a user's delegations, "ab" was [a, b].
    const admin = as(await createUser({ role: "ADMIN" }));
    const delegate = await createUser({ toolAccess: ["resources"] });
    for (const toolAccess of ["", { length: 1, 0: "resources" }]) {
      const res = await admin.users({ id: delegate.id }).patch(invalid({ toolAccess }));
      expect(res).toMatchObject({ status: 400, error: { value: { message: "toolAccess must be a list" } } });
    }
    const created = await admin.users.post(
      invalid({ username: "listless", email: "listless@example.com", password: "long enough", toolAccess: "" }),
    );
    expect(created).toMatchObject({ status: 400, error: { value: { message: "toolAccess must be a list" } } });
    expect(await (await db()).user.count({ where: { username: "listless" } })).toBe(0);
    expect((await (await db()).user.findUniqueOrThrow({ where: { id: delegate.id } })).toolAccess).toEqual(["resources"]);
    // A real list, and a body without the field, are as before.
    expect((await admin.users({ id: delegate.id }).patch({ toolAccess: ["challenges"] })).status).toBe(200);
    expect((await admin.users({ id: delegate.id }).patch({ firstName: "Dee" })).status).toBe(200);
    expect((await (await db()).user.findUniqueOrThrow({ where: { id: delegate.id } })).toolAccess).toEqual(["challenges"]);
  });

  test("a body that is one huge string costs what an object of the same size costs (it never reaches a schema)", async () => {
    // TypeBox's error walk listed a string's own property names (one per character) before saying "not an object":
    // a 1 MB string sent to sign-up took ~3.7 s of CPU where an object of the same size took ~50 ms.
    const post = async (body: string) => {
      const started = performance.now();
      const res = await send("/api/register", body, "application/json");
      return { ...res, ms: performance.now() - started };
    };
    const big = "x".repeat(900_000);
    const median = async (body: string) => {
      const runs = [await post(body), await post(body), await post(body)];
      return { ...runs[0]!, ms: runs.map((r) => r.ms).sort((a, b) => a - b)[1]! };
    };
    const asObject = await median(JSON.stringify({ username: "ab", firstName: big }));
    const asString = await median(JSON.stringify(big));
    expect(asString).toMatchObject({ status: 400, body: { message: BODY_NOT_OBJECT } });
    expect(asObject.status).toBe(400);
    expect(asString.ms).toBeLessThan(asObject.ms * 5 + 20);
  });

  test("the guard itself: iterative, names where the problem is", () => {
    expect(findInputProblem({ a: [{ b: "ok" }, { c: "bad\u0000" }] }, "body")).toBe(
      "a.c contains characters that are not allowed (NUL or an unpaired surrogate)",
    );
    expect(findInputProblem({ q: "\uDBFF" }, "query")).toBe(
      "query.q contains characters that are not allowed (NUL or an unpaired surrogate)",
    );
    expect(findInputProblem({ ok: "fine", n: 1, list: ["a", "😀"] }, "body")).toBeNull();
    expect(findInputProblem({ list: ["a", "y".repeat(MAX_INPUT_TEXT_LENGTH + 1)] }, "body")).toBe(
      "list is too long (at most 65,536 characters)",
    );
    expect(findInputProblem({ text: "y".repeat(MAX_INPUT_TEXT_LENGTH) }, "body")).toBeNull();
    // A raw body (a signed webhook's exact text) is one string, not a field: any length the body limit allows.
    expect(findInputProblem("z".repeat(MAX_INPUT_TEXT_LENGTH * 2), "body")).toBeNull();
    let deep: unknown[] = [];
    const root = deep;
    for (let i = 0; i < 100_000; i++) {
      const inner: unknown[] = [];
      deep[0] = inner;
      deep = inner;
    }
    expect(findInputProblem(root, "body")).toBe("The request body is nested too deeply");
  });
});

describe("the access log", () => {
  const lines: Record<string, unknown>[] = [];
  const originalWrite = process.stdout.write.bind(process.stdout);
  const originalLevel = env.LOG_LEVEL;
  afterEach(() => {
    process.stdout.write = originalWrite;
    (env as { LOG_LEVEL: string }).LOG_LEVEL = originalLevel;
  });

  async function logged(run: () => Promise<unknown>) {
    lines.length = 0;
    (env as { LOG_LEVEL: string }).LOG_LEVEL = "info";
    process.stdout.write = ((chunk: string) => {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      return true;
    }) as typeof process.stdout.write;
    await run();
    await Bun.sleep(20); // the access line is written after the response
    process.stdout.write = originalWrite;
    return lines.filter((l) => l.msg === "request");
  }

  test("logs the status that was sent: 403, 413, 415, 400 (not 200 or 422)", async () => {
    const id = (n: number) => ({ headers: { "x-request-id": `log-status-${n}` } });
    const entries = await logged(async () => {
      const { api } = visitor();
      await api.login.post(invalid({}), { headers: { origin: "https://evil.example", ...id(1).headers } });
      await send("/api/login", "x".repeat(1024 * 1024 + 1), "application/json", id(2));
      await send("/api/login", "a=b", "application/x-www-form-urlencoded", id(3));
      await api.login.post(invalid({ usernameOrEmail: "" }), id(4));
    });
    const ours = entries
      .filter((e) => String(e.requestId).startsWith("log-status-"))
      .sort((a, b) => String(a.requestId).localeCompare(String(b.requestId)));
    expect(ours.map((e) => e.status)).toEqual([403, 413, 415, 400]);
  });

  test("tokens in paths are redacted", async () => {
    const token = "secret-token-abcdef123456";
    const entries = await logged(() => visitor().api.auth["verify-email"]({ token }).get());
    expect(entries[0]?.path).toBe("/api/auth/verify-email/[redacted]");
    expect(JSON.stringify(lines)).not.toContain(token);
  });
});

describe("origins a browser may write from", () => {
  test("development accepts SITE_URL's loopback aliases on the same port; production and other ports do not", () => {
    const dev = allowedOrigins("http://localhost:3000", "development");
    for (const origin of ["http://localhost:3000", "http://127.0.0.1:3000", "http://[::1]:3000"])
      expect(dev.has(origin)).toBe(true);
    for (const origin of ["http://127.0.0.1:3001", "https://localhost:3000", "http://evil.example:3000"])
      expect(dev.has(origin)).toBe(false);
    expect([...allowedOrigins("http://localhost:3000", "production")]).toEqual(["http://localhost:3000"]);
    expect([...allowedOrigins("https://hub.example.org", "development")]).toEqual(["https://hub.example.org"]);
  });
});

describe("answers for a signed-in caller stay out of shared caches", () => {
  test("the caller's own data carries Cache-Control: private, no-store; a route's own caching rule is kept", async () => {
    const user = await createUser({});
    const cookie = `${SESSION_COOKIE}=${(await createSession(user.id)).token}`;
    for (const path of ["/api/auth/user", "/api/my-billing/subscriptions", "/api/my-applications", "/api/challenges"]) {
      const res = await raw(new Request(`${BASE_URL}${path}`, { headers: { cookie } }));
      expect({ path, status: res.status, cacheControl: res.headers.get("cache-control") }).toEqual({
        path,
        status: 200,
        cacheControl: "private, no-store",
      });
    }
    // A CSV export says the same itself; an anonymous public list says nothing (its own rules apply).
    const anonymous = await raw(new Request(`${BASE_URL}/api/challenges`));
    expect(anonymous.headers.get("cache-control")).toBeNull();
  });
});
