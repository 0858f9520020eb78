// The OpenAPI document at /api/openapi/json is generated from the routes' schemas (bodies as the server takes them),
// and /api/openapi is a page that works offline under its own strict policy: no script, nothing loaded.
import { describe, expect, test } from "bun:test";
import { app } from "../app";

const get = (path: string) => app.handle(new Request(`http://localhost:3000${path}`));

describe("OpenAPI", () => {
  test("the JSON lists the routes with their schemas, tagged by feature", async () => {
    const res = await get("/api/openapi/json");
    expect(res.status).toBe(200);
    const document = (await res.json()) as {
      openapi: string;
      info: { title: string };
      // biome-ignore lint/suspicious/noExplicitAny: the test walks a generated OpenAPI document by hand
      paths: Record<string, Record<string, any>>;
    };
    expect(document.openapi).toStartWith("3.1");
    expect(document.info.title).toBe("InnovateHub API");
    for (const path of ["/api/challenges", "/api/challenges/{id}", "/api/login", "/api/register", "/api/ready"]) {
      expect(Object.keys(document.paths)).toContain(path);
    }
    const login = document.paths["/api/login"]!.post;
    // JSON only: the security plugin refuses form-encoded bodies with 415.
    expect(Object.keys(login.requestBody.content)).toEqual(["application/json"]);
    expect(login.requestBody.content["application/json"].schema.required).toEqual(["usernameOrEmail", "password"]);
    expect(login.responses["200"].content["application/json"].schema.properties).toHaveProperty("username");
    expect(login.responses["200"].content["application/json"].schema.properties).not.toHaveProperty("passwordHash");
    expect(document.paths["/api/challenges"]!.get.tags).toEqual(["challenges"]);
    expect(login.tags).toEqual(["auth"]);
    expect(document.paths["/api/challenges"]!.get.parameters.map((p: { name: string }) => p.name)).toContain("status");
    // The documentation routes document nothing but themselves.
    expect(Object.keys(document.paths).filter((p) => p.startsWith("/api/openapi"))).toEqual([]);
  });

  test("every operation carries its own module's tag, whatever its path says", async () => {
    // biome-ignore lint/suspicious/noExplicitAny: the test walks a generated OpenAPI document by hand
    const { paths } = (await (await get("/api/openapi/json")).json()) as { paths: Record<string, Record<string, any>> };
    const untagged = Object.entries(paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, operation]) => operation.tags?.length !== 1)
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(untagged).toEqual([]);
    // Paths whose first segment is not their module's name.
    expect(paths["/api/my-applications"]!.get.tags).toEqual(["applications"]);
    expect(paths["/api/upload"]!.post.tags).toEqual(["uploads"]);
    expect(paths["/api/files/{name}"]!.get.tags).toEqual(["uploads"]);
    expect(paths["/api/create-checkout-session"]!.post.tags).toEqual(["checkout"]);
    expect(paths["/api/webhooks/stripe"]!.post.tags).toEqual(["payments"]);
    expect(paths["/api/my-billing/purchases"]!.get.tags).toEqual(["billing"]);
    expect(paths["/api/payments/test/{id}"]!.get.tags).toEqual(["payments"]);
    expect(paths["/api/resources/{id}"]!.get.tags).toEqual(["resources"]);
  });

  test("every delete (and sign-out) declares its 204 without a body, beside the errors it may answer", async () => {
    // biome-ignore lint/suspicious/noExplicitAny: the test walks a generated OpenAPI document by hand
    const { paths } = (await (await get("/api/openapi/json")).json()) as { paths: Record<string, Record<string, any>> };
    const deletes = Object.keys(paths).filter((path) => paths[path]!.delete);
    expect(deletes).toEqual(
      expect.arrayContaining(["/api/users/{id}", "/api/challenges/{id}", "/api/projects/{id}", "/api/resources/{id}"]),
    );
    for (const path of deletes) {
      const responses = paths[path]!.delete.responses;
      expect({ path, noContent: responses["204"] }).toEqual({ path, noContent: { description: "Done: no content" } });
      expect({ path, errors: Object.keys(responses) }).toEqual({
        path,
        errors: expect.arrayContaining(["400", "401", "403", "404"]),
      });
    }
    expect(paths["/api/logout"]!.post.responses["204"]).toEqual({ description: "Done: no content" });
  });

  test("the page lists every operation without a script, under a policy that loads nothing", async () => {
    const res = await get("/api/openapi");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toStartWith("text/html");
    const policy = res.headers.get("content-security-policy") ?? "";
    expect(policy).toContain("default-src 'none'");
    expect(policy).not.toContain("script-src");
    const html = await res.text();
    expect(html).not.toContain("<script");
    expect(html).not.toMatch(/(src|href)="https?:/);
    expect(html).toContain('<a href="/api/openapi/json">');
    expect(html).toContain("<code>/api/login</code> — Sign in with username or e-mail");
    expect(html).toContain("<code>/api/challenges</code>");
  });
});
