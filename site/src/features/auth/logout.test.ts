// Log out (POST /logout, SPEC §4): the visitor lands on / anonymous whether the API's call succeeded or failed — when
// the API could not end the session, the page expires this browser's session cookie itself, so the session does not
// come back to life once the server recovers.
import { describe, expect, test } from "bun:test";
import { POST } from "../../pages/logout";

type Fetcher = (input: Request | string | URL, init?: RequestInit) => Promise<Response>;

async function logOut(fetch: Fetcher) {
  const request = new Request("http://localhost/logout", { method: "POST", headers: { cookie: "sid=abc" } });
  const context = { request, locals: { fetch } } as unknown as Parameters<typeof POST>[0];
  const response = (await POST(context)) as Response;
  return { status: response.status, location: response.headers.get("location"), cookies: response.headers.getSetCookie() };
}

describe("log out", () => {
  test("the API ended the session: its own cleared cookie goes to the browser", async () => {
    const api: Fetcher = async () =>
      new Response(null, { status: 204, headers: { "set-cookie": "sid=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax" } });
    expect(await logOut(api)).toEqual({
      status: 303,
      location: "/",
      cookies: ["sid=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax"],
    });
  });

  for (const [what, api] of [
    ["the API is down", (async () => Promise.reject(new TypeError("fetch failed"))) as Fetcher],
    ["the API answers 500", (async () => Response.json({ message: "boom" }, { status: 500 })) as Fetcher],
  ] as const) {
    test(`${what}: still home, and the session cookie expired by the page`, async () => {
      const out = await logOut(api);
      expect([out.status, out.location]).toEqual([303, "/"]);
      expect(out.cookies).toContain("sid=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax");
    });
  }
});
