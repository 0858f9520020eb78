// Anonymous public pages from Astro's route cache (server/page-cache.ts, decision 015): what a visitor, a member and an
// admin each see, and that a write is on the next page served — by this process, and (PostgreSQL) by another process on
// the same database.
import { beforeAll, describe, expect, test } from "bun:test";
import { gunzipSync } from "node:zlib";
import { createChallenge, createUser } from "../api/test/factories";
import { createSession, SESSION_COOKIE } from "../api/src/modules/auth/sessions";
import { servedSite } from "../api/test/served-site";
import { startServerProcess } from "../api/test/server-process";

const site = servedSite();
// The first page that reads data opens (and migrates) the test database: done here, so no test starts cold. Every
// test starts with the cache empty (api/test/setup.ts).
beforeAll(async () => void (await fetch(site.url("/challenges")).then((r) => r.text())), 60_000);
const ORIGIN = "http://localhost:3000"; // SITE_URL under test

async function get(base: string, path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${path}`, { headers: { "accept-encoding": "gzip", ...headers }, redirect: "manual" });
  return { status: res.status, cache: res.headers.get("x-astro-cache"), headers: res.headers, html: await res.text() };
}
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const page = (path: string, headers: Record<string, string> = {}) => get(site.url(""), path, headers);

async function sessionCookie(data: Parameters<typeof createUser>[0] = {}) {
  const user = await createUser(data);
  return { user, cookie: `${SESSION_COOKIE}=${(await createSession(user.id)).token}` };
}

async function patchChallenge(base: string, id: string, cookie: string, title: string) {
  return fetch(`${base}/api/challenges/${id}`, {
    method: "PATCH",
    headers: { cookie, origin: ORIGIN, "content-type": "application/json" },
    body: JSON.stringify({ title }),
  });
}

describe("a visitor", () => {
  test("gets a public page rendered once, then kept: the same HTML and policy, compressed or not as asked", async () => {
    const first = await page("/challenges");
    const second = await page("/challenges");
    expect([first.status, first.cache, second.status, second.cache]).toEqual([200, "MISS", 200, "HIT"]);
    expect(second.html).toBe(first.html);
    expect(second.headers.get("content-security-policy")).toBe(first.headers.get("content-security-policy"));
    expect(second.headers.get("x-frame-options")).toBe("DENY"); // the front's headers on kept pages too
    expect(second.headers.get("vary")).toContain("Accept-Encoding");

    const plain = await fetch(site.url("/challenges"), { headers: { "accept-encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(first.html);
    const gzip = await fetch(site.url("/challenges"), { headers: { "accept-encoding": "gzip" }, decompress: false });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(new Uint8Array(await gzip.arrayBuffer())).toString()).toBe(first.html);
  });

  test("the same query in another order is the same page", async () => {
    await createChallenge({ status: "ACTIVE", title: "Ordered query" });
    expect((await page("/challenges?status=ACTIVE&q=ordered")).cache).toBe("MISS");
    expect((await page("/challenges?q=ordered&status=ACTIVE")).cache).toBe("HIT");
  });

  test("never sees a page rendered for a member, and a member never gets a kept page", async () => {
    const { user, cookie } = await sessionCookie({ firstName: "Quentin" });
    const challenge = await createChallenge({ status: "ACTIVE" });
    const path = `/challenges/${challenge.id}`;

    // The member first: rendered for them, not kept.
    const member = await page(path, { cookie });
    expect(member.cache).toBeNull();
    expect(member.html).toContain(user.firstName!);
    const visitor = await page(path);
    expect(visitor.cache).toBe("MISS");
    expect(visitor.html).not.toContain(user.firstName!);
    expect((await page(path)).cache).toBe("HIT");

    // Now kept for visitors: the member still gets their own page, every time.
    for (let i = 0; i < 2; i++) {
      const again = await page(path, { cookie });
      expect(again.cache).toBeNull();
      expect(again.html).toContain(user.firstName!);
    }
    // Any session cookie, even one that names no session, skips the cache.
    expect((await page(path, { cookie: `${SESSION_COOKIE}=forged` })).cache).toBeNull();
  });

  test("nothing under /admin, /api or /payments, no other page and no HEAD or POST comes from the cache", async () => {
    for (const path of ["/admin", "/api/challenges", "/payments/checkout", "/login", "/register", "/dashboard"]) {
      await page(path);
      expect({ path, cache: (await page(path)).cache }).toEqual({ path, cache: null });
    }
    await page("/challenges");
    const head = await fetch(site.url("/challenges"), { method: "HEAD" });
    expect(head.headers.get("x-astro-cache")).toBeNull();
    const post = await fetch(site.url("/challenges"), { method: "POST", headers: { origin: ORIGIN } });
    expect(post.headers.get("x-astro-cache")).toBeNull();
  });

  test("an unknown record's 404 is not kept", async () => {
    const path = "/challenges/00000000-0000-4000-8000-000000000000";
    expect((await page(path)).status).toBe(404);
    const again = await page(path);
    expect([again.status, again.cache]).toEqual([404, null]);
  });
});

describe("a write", () => {
  test("an admin's edit drops the pages that show it: the challenge, its list and the home page render anew", async () => {
    const { cookie } = await sessionCookie({ role: "ADMIN" });
    const challenge = await createChallenge({ status: "ACTIVE", title: `Before ${crypto.randomUUID()}` });
    const paths = [`/challenges/${challenge.id}`, "/challenges", "/"];
    for (const path of paths) {
      await page(path);
      expect((await page(path)).cache).toBe("HIT");
    }
    const title = `After ${crypto.randomUUID()}`;
    expect((await patchChallenge(site.url(""), challenge.id, cookie, title)).status).toBe(200);
    for (const path of paths) {
      const next = await page(path);
      expect({ path, cache: next.cache }).toEqual({ path, cache: "MISS" });
    }
    // The lists show a first page of whatever the suite created; the challenge's own page shows it for sure.
    expect(titleOf((await page(paths[0]!)).html)).toBe(`${title} | InnovateHub`);
  });

  test("a refused write changes nothing, so kept pages stay", async () => {
    const { cookie } = await sessionCookie(); // a member may not edit challenges
    const challenge = await createChallenge({ status: "ACTIVE" });
    const path = `/challenges/${challenge.id}`;
    await page(path);
    expect((await patchChallenge(site.url(""), challenge.id, cookie, "Not mine")).status).toBe(403);
    expect((await page(path)).cache).toBe("HIT");
  });
});

test.skipIf(process.env.TEST_DATABASE !== "postgres")(
  "two processes on one PostgreSQL: a write through one reaches the other's kept pages at once",
  async () => {
    const env = { DATABASE_URL: process.env.DATABASE_URL };
    const [a, b] = await Promise.all([startServerProcess({ apiOnly: false, env }), startServerProcess({ apiOnly: false, env })]);
    try {
      const { cookie } = await sessionCookie({ role: "ADMIN" });
      const challenge = await createChallenge({ status: "ACTIVE", title: `Before ${crypto.randomUUID()}` });
      const path = `/challenges/${challenge.id}`;
      for (const server of [a, b]) {
        await get(server.url, path);
        expect((await get(server.url, path)).cache).toBe("HIT");
      }
      for (let round = 0; round < 3; round++) {
        const [writer, reader] = round % 2 === 0 ? [a, b] : [b, a];
        const title = `Round ${round} ${crypto.randomUUID()}`;
        expect((await patchChallenge(writer.url, challenge.id, cookie, title)).status).toBe(200);
        // The writer answers once its own notification came back, so the reader has been sent it too; a busy reader
        // may take a moment to read it (decision 015). Within 2 s, never a kept page from before.
        let shown = titleOf((await get(reader.url, path)).html);
        for (let i = 0; i < 20 && shown !== `${title} | InnovateHub`; i++) {
          await Bun.sleep(100);
          shown = titleOf((await get(reader.url, path)).html);
        }
        expect(shown).toBe(`${title} | InnovateHub`);
        // And kept again. The reader may still be handling the notification while it renders (NOTIFY reaches each
        // listener on its own time); a render that overlapped an invalidation is served but not kept, so the next
        // one is.
        let cache: string | null = null;
        for (let i = 0; i < 20 && cache !== "HIT"; i++) {
          const again = await get(reader.url, path);
          expect(titleOf(again.html)).toBe(`${title} | InnovateHub`);
          cache = again.cache;
          if (cache !== "HIT") await Bun.sleep(100);
        }
        expect(cache).toBe("HIT");
      }
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  },
  120_000,
);
