// The API's outer behaviour: probes, the error shape for unknown routes, and request ids.
import { describe, expect, test } from "bun:test";
import { call } from "../test/http";

describe("probes", () => {
  test("GET /api/health says the process is alive", async () => {
    expect(await call("/api/health")).toMatchObject({ status: 200, body: { status: "ok" } });
  });

  test("GET /api/ready says the database is reachable and migrated", async () => {
    const res = await call("/api/ready");
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("ready");
    expect(res.body.database).toBe(process.env.TEST_DATABASE === "postgres" ? "postgres" : "pglite");
  });
});

describe("errors", () => {
  test("an unknown API path is a JSON 404", async () => {
    const res = await call("/api/no-such-thing");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.body).toEqual({ type: "not_found", message: "Not found" });
  });

  test("GET /api/auth/user is a 401 for an anonymous visitor (the site reads it as signed out)", async () => {
    const res = await call("/api/auth/user");
    expect(res.status).toBe(401);
    expect(res.body.type).toBe("unauthorized");
  });
});

describe("request ids", () => {
  test("every response carries one, and a sane incoming id is kept for tracing", async () => {
    const fresh = await call("/api/health");
    expect(fresh.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const traced = await call("/api/health", { headers: { "x-request-id": "trace-abc-12345" } });
    expect(traced.headers.get("x-request-id")).toBe("trace-abc-12345");
    const hostile = await call("/api/health", { headers: { "x-request-id": "<script>alert(1)</script>" } });
    expect(hostile.headers.get("x-request-id")).not.toContain("<");
  });
});
