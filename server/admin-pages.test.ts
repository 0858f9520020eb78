// The admin list screens render their first page with the page (lib/query.tsx FirstPage; the admin screens' total
// blocking time, decision 017): the items are in the HTML the server sends, the island starts from them, and only
// whoever may open the section gets them — never a cache, never a user without the section.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Server } from "bun";
import { builtAstroApp } from "../api/test/served-site";
import { startServer } from "./front";
import { createChallenge, createProject, createUser } from "../api/test/factories";
import { db } from "../api/src/db/client";
import { createSession, SESSION_COOKIE } from "../api/src/modules/auth/sessions";

let server: Server<undefined>;
let base: string;
const cookies: Record<"admin" | "delegate", string> = { admin: "", delegate: "" };
const titles = { challenge: "", project: "", resource: "", username: "" };

beforeAll(async () => {
  titles.challenge = (await createChallenge({ status: "DRAFT" })).title;
  titles.project = (await createProject()).title;
  titles.resource = (
    await (
      await db()
    ).resource.create({
      data: { title: `Admin page kit ${crypto.randomUUID()}`, description: "d", type: "TOOL", draft: true },
    })
  ).title;
  const admin = await createUser({ role: "ADMIN" });
  // A delegate for resources only: the other sections are not theirs.
  const delegate = await createUser({ role: "USER", toolAccess: ["resources"] });
  titles.username = delegate.username;
  cookies.admin = `${SESSION_COOKIE}=${(await createSession(admin.id)).token}`;
  cookies.delegate = `${SESSION_COOKIE}=${(await createSession(delegate.id)).token}`;
  server = startServer({ port: 0, hostname: "127.0.0.1", astro: await builtAstroApp() });
  base = `http://127.0.0.1:${server.port}`;
});
afterAll(() => server.stop(true));

const get = (path: string, as: keyof typeof cookies) => fetch(`${base}${path}`, { headers: { cookie: cookies[as] } });
/** The page's text outside its island's props (`<astro-island props="…">`), where the rendered list is. */
const rendered = (html: string) => html.replace(/<astro-island\b[^>]*>/g, "<astro-island>");

describe("admin list screens: the first page comes with the page", () => {
  const screens = [
    { path: "/admin/challenges", item: () => titles.challenge, loading: "Loading challenges" },
    { path: "/admin/projects", item: () => titles.project, loading: "Loading projects" },
    { path: "/admin/resources", item: () => titles.resource, loading: "Loading resources" },
    { path: "/admin/users", item: () => titles.username, loading: "Loading users" },
  ];
  for (const { path, item, loading } of screens) {
    test(`${path}: the items are in the HTML (drafts too), no skeleton, kept by no cache`, async () => {
      const res = await get(path, "admin");
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      const html = rendered(await res.text());
      expect(html).toContain(item());
      expect(html).not.toContain(`aria-label="${loading}"`);
    });
  }

  test("a section the user may not open gets Access Denied and none of its items", async () => {
    const denied = await get("/admin/challenges", "delegate");
    expect(denied.status).toBe(403);
    const html = await denied.text();
    expect(html).toContain("Access Denied");
    expect(html).not.toContain(titles.challenge);
    // Their own section renders its list.
    const own = await get("/admin/resources", "delegate");
    expect(own.status).toBe(200);
    expect(rendered(await own.text())).toContain(titles.resource);
  });
});
