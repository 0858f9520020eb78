// The API's outer behaviour: probes, the error shape for unknown routes, and request ids.
import { describe, expect, test } from "bun:test";
import { raw, visitor } from "../test/client";

describe("probes", () => {
  test("GET /api/health says the process is alive", async () => {
    expect(await visitor().api.health.get()).toMatchObject({ status: 200, data: { status: "ok" } });
  });

  test("GET /api/ready says the database is reachable and migrated", async () => {
    const res = await visitor().api.ready.get();
    expect(res.status).toBe(200);
    expect(res.data?.status).toBe("ready");
    expect(res.data?.database).toBe(process.env.TEST_DATABASE === "postgres" ? "postgres" : "pglite");
  });
});

describe("errors", () => {
  test("an unknown API path is a JSON 404", async () => {
    // Raw: treaty only knows the routes that exist.
    const res = await raw(new Request("http://localhost:3000/api/no-such-thing"));
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(await res.json()).toEqual({ type: "not_found", message: "Not found" });
  });

  test("GET /api/auth/user is a 401 for an anonymous visitor (the site reads it as signed out)", async () => {
    const res = await visitor().api.auth.user.get();
    expect(res.status).toBe(401);
    expect(res.error?.value).toMatchObject({ type: "unauthorized" });
  });
});

describe("request ids", () => {
  test("every response carries one, and a sane incoming id is kept for tracing", async () => {
    const { api } = visitor();
    const fresh = await api.health.get();
    expect(fresh.response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const traced = await api.health.get({ headers: { "x-request-id": "trace-abc-12345" } });
    expect(traced.response.headers.get("x-request-id")).toBe("trace-abc-12345");
    const hostile = await api.health.get({ headers: { "x-request-id": "<script>alert(1)</script>" } });
    expect(hostile.response.headers.get("x-request-id")).not.toContain("<");
  });
});
