// Resources and settings API: who may manage them (401/403/delegates), SPEC's form rules (FREE clears prices, blank
// price is 0), drafts hidden from the public, the download route (401/403/404, signed links that expire and cannot
// be re-targeted), a crawl proving no premium file URL reaches anyone but managers, and bad input as 400s.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BASE_URL, invalid, raw, signedInClient, visitor, type Client } from "../../../test/client";
import { createProject, createUser } from "../../../test/factories";
import { drain, withJobQueue } from "../../../test/jobs";
import { db } from "../../db/client";
import { localStorage, signLocalLink, useStorage } from "../../lib/storage";
import { loggedPath } from "../../plugins/request-context";
import { jobQueue, startJobs, stopJobs } from "../../jobs/jobs";
import { FILE_CLEANUP_JOB } from "../uploads/references";
import { RESOURCE_MESSAGES } from "./schema";

const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
const SECRET_NAME = "0123456789abcdef0123456789abcdef.pdf";
const valid = { title: "Grant kit", description: "Templates for grants", type: "TEMPLATE", accessLevel: "FREE" } as const;
const messageOf = (res: { error: unknown }) => (res.error as { value?: { message?: string } } | null)?.value?.message ?? "";

withJobQueue(); // a deleted resource's file is deleted by a job (decision 011)

const dir = mkdtempSync(join(tmpdir(), "resources-test-"));
beforeEach(() => useStorage(localStorage(dir)));
afterAll(() => {
  useStorage(undefined);
  rmSync(dir, { recursive: true, force: true });
});

let admin: Client, delegate: Client, member: Client, anonymous: Client;
beforeAll(async () => {
  admin = await signedInClient(await createUser({ role: "ADMIN" }));
  delegate = await signedInClient(await createUser({ toolAccess: ["resources"] }));
  member = await signedInClient(await createUser());
  anonymous = visitor();
});

/** A premium resource whose file was uploaded (stored under public/, then moved to private/ on save). */
async function premiumWithStoredFile(extra: Record<string, unknown> = {}) {
  const name = `${crypto.randomUUID().replaceAll("-", "")}.pdf`;
  await localStorage(dir).put(`public/${name}`, PDF, "application/pdf");
  const res = await delegate.api.resources.post({
    ...valid,
    accessLevel: "PREMIUM",
    oneTimePrice: "29",
    monthlyPrice: "4.5",
    fileUrl: `/api/files/${name}`,
    ...extra,
  });
  expect(res.status).toBe(201);
  return { resource: res.data!, name };
}

describe("who may manage resources", () => {
  test("visitors 401, members and other delegates 403, resources delegates and admins succeed", async () => {
    expect((await anonymous.api.resources.post(valid)).status).toBe(401);
    expect((await member.api.resources.post(valid)).status).toBe(403);
    const other = await signedInClient(await createUser({ toolAccess: ["projects"] }));
    expect((await other.api.resources.post(valid)).status).toBe(403);
    expect((await delegate.api.resources.post(valid)).status).toBe(201);
    expect((await admin.api.resources.post(valid)).status).toBe(201);
    const { resource } = await premiumWithStoredFile();
    for (const client of [anonymous, member, other]) {
      expect([401, 403]).toContain((await client.api.resources({ id: resource.id }).patch({ title: "Mine" })).status);
      expect([401, 403]).toContain((await client.api.resources({ id: resource.id }).delete()).status);
    }
  });

  test("settings: anyone reads the annual price (99.00 by default); only the resources section saves it", async () => {
    const before = await anonymous.api.settings.subscription.get();
    expect(before.status).toBe(200);
    expect(before.data!.annualPrice).toMatch(/^\d+\.\d{2}$/);
    expect((await anonymous.api.settings.subscription.put({ annualPrice: "120" })).status).toBe(401);
    expect((await member.api.settings.subscription.put({ annualPrice: "120" })).status).toBe(403);
    const bad = await delegate.api.settings.subscription.put({ annualPrice: "-1" });
    expect(bad.status).toBe(400);
    expect(messageOf(bad)).toBe("Annual price must be a number of 0 or more with at most 2 decimals");
    const saved = await delegate.api.settings.subscription.put({ annualPrice: "120.5" });
    expect(saved.data).toEqual({ annualPrice: "120.50" });
    expect((await anonymous.api.settings.subscription.get()).data).toEqual({ annualPrice: "120.50" });
    // PUT is the one way to save it: a PATCH finds no route and changes nothing.
    const patch = new Request(`${BASE_URL}/api/settings/subscription`, {
      method: "PATCH",
      headers: { cookie: admin.jar.header(), origin: BASE_URL, "content-type": "application/json" },
      body: JSON.stringify({ annualPrice: "130" }),
    });
    expect((await raw(patch)).status).toBe(404);
    expect((await anonymous.api.settings.subscription.get()).data).toEqual({ annualPrice: "120.50" });
    await admin.api.settings.subscription.put({ annualPrice: before.data!.annualPrice });
  });
});

describe("create, edit, delete", () => {
  test("PREMIUM keeps prices with 2 decimals; blank price is 0; FREE clears them to null", async () => {
    const res = await admin.api.resources.post({ ...valid, accessLevel: "PREMIUM", oneTimePrice: "", monthlyPrice: "9.9" });
    expect(res.data).toMatchObject({
      accessLevel: "PREMIUM",
      oneTimePrice: "0.00",
      monthlyPrice: "9.90",
      draft: false,
      hasFile: false,
    });
    const free = await admin.api.resources({ id: res.data!.id }).patch({ accessLevel: "FREE", oneTimePrice: "5" });
    expect(free.data).toMatchObject({ accessLevel: "FREE", oneTimePrice: null, monthlyPrice: null });
    const created = await admin.api.resources.post({ ...valid, oneTimePrice: "10", monthlyPrice: "2" });
    expect(created.data).toMatchObject({ oneTimePrice: null, monthlyPrice: null });
  });

  test("SPEC's messages; a missing project is a 400; unknown ids 404 'Resource not found'", async () => {
    const blank = await admin.api.resources.post({ ...valid, title: "  " });
    expect(blank.status).toBe(400);
    expect(messageOf(blank)).toBe(RESOURCE_MESSAGES.title);
    const url = await admin.api.resources.post({ ...valid, fileUrl: "javascript:alert(1)" });
    expect(messageOf(url)).toBe(RESOURCE_MESSAGES.fileUrl);
    const price = await admin.api.resources.post({ ...valid, accessLevel: "PREMIUM", oneTimePrice: "1.234" });
    expect(messageOf(price)).toBe(RESOURCE_MESSAGES.price);
    const project = await admin.api.resources.post({ ...valid, projectId: "00000000-0000-4000-8000-000000000000" });
    expect(messageOf(project)).toBe(RESOURCE_MESSAGES.projectMissing);
    const missing = await anonymous.api.resources({ id: "00000000-0000-4000-8000-000000000000" }).get();
    expect(missing.status).toBe(404);
    expect(messageOf(missing)).toBe("Resource not found");
    expect((await admin.api.resources({ id: "00000000-0000-4000-8000-000000000000" }).delete()).status).toBe(404);
  });

  test("the related project comes with the resource; deleting removes it", async () => {
    const project = await createProject();
    const res = await admin.api.resources.post({ ...valid, projectId: project.id });
    expect(res.data!.project).toEqual({ id: project.id, title: project.title, description: project.description });
    expect((await admin.api.resources({ id: res.data!.id }).delete()).status).toBe(204);
    expect((await anonymous.api.resources({ id: res.data!.id }).get()).status).toBe(404);
  });

  test("NUL bytes, huge text and bad types are 400s, never 500s", async () => {
    expect((await admin.api.resources.post({ ...valid, title: "bad\u0000title" })).status).toBe(400);
    expect((await admin.api.resources.post({ ...valid, description: "x".repeat(100_000) })).status).toBe(400);
    expect((await admin.api.resources.post({ ...valid, type: invalid<"TOOL">("WEAPON") })).status).toBe(400);
    expect((await anonymous.api.resources.get({ query: { type: invalid<"TOOL">("NOPE") } })).status).toBe(400);
    expect((await raw(new Request(`${BASE_URL}/api/resources/${"x".repeat(500)}`))).status).toBe(400);
    expect((await raw(new Request(`${BASE_URL}/api/resources/%00/download`))).status).toBeLessThan(500);
  });
});

describe("the public library", () => {
  test("drafts are hidden from the public and listed to managers who ask; the type filter works", async () => {
    const draft = await (await db()).resource.create({
      data: { title: "Draft kit", description: "d", type: "RESEARCH", draft: true },
    });
    const publicIds = (await anonymous.api.resources.get({ query: {} })).data!.map((r) => r.id);
    expect(publicIds).not.toContain(draft.id);
    expect((await anonymous.api.resources({ id: draft.id }).get()).status).toBe(404);
    expect((await member.api.resources.get({ query: { drafts: true } })).data!.map((r) => r.id)).not.toContain(draft.id);
    expect((await delegate.api.resources.get({ query: { drafts: true } })).data!.map((r) => r.id)).toContain(draft.id);
    const published = await admin.api.resources.post({ ...valid, type: "RESEARCH" });
    const research = (await anonymous.api.resources.get({ query: { type: "RESEARCH" } })).data!;
    expect(research.map((r) => r.id)).toContain(published.data!.id);
    expect(research.every((r) => r.type === "RESEARCH")).toBe(true);
  });

  test("keyset pages: past 500 resources (no ceiling), every one once, the type kept, Link to the next page", async () => {
    const prisma = await db();
    const stamp = Date.now();
    // 505 TEMPLATE resources at distinct times, plus ties (same createdAt) broken by id.
    await prisma.resource.createMany({
      data: Array.from({ length: 505 }, (_, i) => ({
        title: `Paged ${stamp} ${i}`,
        description: "p",
        type: "TEMPLATE" as const,
        createdAt: new Date(Date.UTC(2020, 0, 1) + Math.floor(i / 2) * 1000),
      })),
    });
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const res = await anonymous.api.resources.get({ query: { type: "TEMPLATE", limit: 100, cursor } });
      expect(res.status).toBe(200);
      seen.push(...res.data!.filter((r) => r.title.startsWith(`Paged ${stamp} `)).map((r) => r.title));
      expect(res.data!.every((r) => r.type === "TEMPLATE")).toBe(true);
      cursor = res.response.headers.get("x-next-cursor") ?? undefined;
      if (cursor) expect(res.response.headers.get("link")).toContain("type=TEMPLATE");
      pages++;
    } while (cursor && pages < 20);
    expect(seen.length).toBe(505);
    expect(new Set(seen).size).toBe(505);
    expect((await anonymous.api.resources.get({ query: { limit: 101 } })).status).toBe(400);
    expect((await anonymous.api.resources.get({ query: { cursor: "bm9wZQ" } })).status).toBe(400);
    await prisma.resource.deleteMany({ where: { title: { startsWith: `Paged ${stamp} ` } } });
  });

  test("free and premium counts cover the whole library, for managers only", async () => {
    const prisma = await db();
    const [free, premium] = await Promise.all([
      prisma.resource.count({ where: { accessLevel: "FREE" } }),
      prisma.resource.count({ where: { accessLevel: "PREMIUM" } }),
    ]);
    expect((await delegate.api.resources.counts.get()).data).toEqual({ free, premium });
    expect((await member.api.resources.counts.get()).status).toBe(403);
    expect((await anonymous.api.resources.counts.get()).status).toBe(401);
  });

  test("crawl: no premium file URL in any public answer, for visitors or unentitled members; managers see it", async () => {
    const { resource, name } = await premiumWithStoredFile();
    const crawl = async (client: Client) => {
      const texts: string[] = [];
      for (const query of [{}, { type: "TEMPLATE" as const }, { drafts: true }]) {
        const res = await client.api.resources.get({ query });
        texts.push(JSON.stringify(res.data));
        for (const r of res.data ?? []) texts.push(JSON.stringify((await client.api.resources({ id: r.id }).get()).data));
      }
      texts.push(JSON.stringify((await client.api.sitemap.get()).data ?? ""));
      return texts.join("\n");
    };
    const premiumUrls = (
      await (
        await db()
      ).resource.findMany({ where: { accessLevel: "PREMIUM", fileUrl: { not: null } }, select: { fileUrl: true } })
    ).map((r) => r.fileUrl!);
    expect(premiumUrls).toContain(`/api/files/private/${name}`);
    for (const client of [anonymous, member]) {
      const text = await crawl(client);
      expect(text).not.toContain("fileUrl");
      for (const url of premiumUrls) expect(text).not.toContain(url);
      expect(text).not.toContain(name);
    }
    const seen = (await delegate.api.resources({ id: resource.id }).get()).data!;
    expect(seen.fileUrl).toBe(`/api/files/private/${name}`);
    expect(seen.access).toBe(true);
    expect((await member.api.resources({ id: resource.id }).get()).data).toMatchObject({ hasFile: true, access: false });
  });
});

describe("downloads", () => {
  const download = (client: Client, id: string) => client.api.resources({ id }).download.get({ fetch: { redirect: "manual" } });

  test("premium: anonymous 401, unentitled 403, buyer and managers get a signed link; the upload URL no longer works", async () => {
    const { resource, name } = await premiumWithStoredFile();
    expect((await raw(new Request(`${BASE_URL}/api/files/${name}`))).status).toBe(404);
    expect((await download(anonymous, resource.id)).status).toBe(401);
    const denied = await download(member, resource.id);
    expect(denied.status).toBe(403);
    const buyerUser = await createUser();
    await (await db()).order.create({
      data: {
        userId: buyerUser.id,
        resourceId: resource.id,
        orderType: "RESOURCE_ONETIME",
        status: "COMPLETED",
        customerEmail: "b@example.com",
        amount: "29.00",
      },
    });
    const buyer = await signedInClient(buyerUser);
    expect((await buyer.api.resources({ id: resource.id }).get()).data!.access).toBe(true);
    for (const client of [buyer, delegate, admin]) {
      const res = await download(client, resource.id);
      expect(res.status).toBe(302);
      expect(res.response.headers.get("cache-control")).toContain("no-store");
      const location = res.response.headers.get("location")!;
      expect(location).toMatch(new RegExp(`^/api/files/private/${name}\\?expires=\\d+&filename=[^&]+&signature=`));
      const file = await raw(new Request(BASE_URL + location));
      expect(file.status).toBe(200);
      expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF);
    }
  });

  // The file downloads under the resource's title, whatever characters the title holds (decision 007).
  test("a download is named after the resource's title: a safe ASCII filename and the exact one as filename*", async () => {
    const cases = [
      {
        title: "Guía de financiación — ñandú",
        header: `attachment; filename="Guia de financiacion _ nandu.pdf"; filename*=UTF-8''Gu%C3%ADa%20de%20financiaci%C3%B3n%20%E2%80%94%20%C3%B1and%C3%BA.pdf`,
      },
      {
        // Quotes, a semicolon and CRLF: nothing ends the header value early or starts another header.
        title: 'Report "Q1"; filename=evil.exe\r\nSet-Cookie: a=b',
        header: `attachment; filename="Report Q1 _ filename=evil.exe Set-Cookie a=b.pdf"; filename*=UTF-8''Report%20Q1%20%3B%20filename%3Devil.exe%20Set-Cookie%20a%3Db.pdf`,
      },
      {
        title: "東京の水",
        header: `attachment; filename="download.pdf"; filename*=UTF-8''%E6%9D%B1%E4%BA%AC%E3%81%AE%E6%B0%B4.pdf`,
      },
    ];
    for (const { title, header } of cases) {
      const { resource } = await premiumWithStoredFile({ title });
      const location = (await download(admin, resource.id)).response.headers.get("location")!;
      const file = await raw(new Request(BASE_URL + location));
      expect(file.status).toBe(200);
      expect(file.headers.get("content-disposition")).toBe(header);
      expect(file.headers.get("set-cookie")).toBeNull();
      // The name is signed with the link: another name is a 404, not a file under a name of the caller's choosing.
      const renamed = new URL(location, BASE_URL);
      renamed.searchParams.set("filename", "other.pdf");
      expect((await raw(new Request(renamed))).status).toBe(404);
    }
  });

  test("the access log never names a private file", () => {
    expect(loggedPath(new Request(`${BASE_URL}/api/files/private/${SECRET_NAME}?expires=1&signature=x`))).toBe(
      "/api/files/private/[redacted]",
    );
  });

  test("signed links expire and cannot be re-targeted at another file", async () => {
    const { name } = await premiumWithStoredFile();
    const { name: otherName } = await premiumWithStoredFile();
    const expired = signLocalLink(`private/${name}`, 1, undefined, Date.now() - 10_000);
    expect((await raw(new Request(BASE_URL + expired))).status).toBe(404);
    const good = signLocalLink(`private/${name}`, 60);
    expect((await raw(new Request(BASE_URL + good))).status).toBe(200);
    expect((await raw(new Request(BASE_URL + good.replace(name, otherName)))).status).toBe(404);
    expect((await raw(new Request(BASE_URL + good.replace("/private/", "/public/")))).status).toBe(404);
    expect((await raw(new Request(BASE_URL + good.replace(/expires=\d+/, "expires=99999999999")))).status).toBe(404);
  });

  test("free resources download without sign-in; a free resource without a file is a 404 with a clear message", async () => {
    const withFile = await admin.api.resources.post({ ...valid, fileUrl: "/files/resources/guide.pdf" });
    const res = await download(anonymous, withFile.data!.id);
    expect(res.status).toBe(302);
    expect(res.response.headers.get("location")).toBe("/files/resources/guide.pdf");
    const noFile = await admin.api.resources.post(valid);
    const none = await download(anonymous, noFile.data!.id);
    expect(none.status).toBe(404);
    expect(messageOf(none)).toBe(RESOURCE_MESSAGES.noFile);
    expect((await download(anonymous, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
  });

  test("deleting a resource deletes its private file, by a job enqueued with the delete", async () => {
    const { resource, name } = await premiumWithStoredFile();
    expect(await localStorage(dir).list("private/")).toContain(`private/${name}`);
    await admin.api.resources({ id: resource.id }).delete();
    await drain(FILE_CLEANUP_JOB);
    expect(await localStorage(dir).list("private/")).not.toContain(`private/${name}`);
  });

  test("a file claimed again before its clean-up job ran is kept: the job looks at the references when it runs", async () => {
    const { resource, name } = await premiumWithStoredFile();
    // The clean-up waits (no worker, then a restart) while another resource takes the file over.
    await (await jobQueue()).boss.offWork(FILE_CLEANUP_JOB);
    try {
      expect((await admin.api.resources({ id: resource.id }).delete()).status).toBe(204);
      const fileUrl = `/api/files/private/${name}`;
      expect((await admin.api.resources.post({ ...valid, accessLevel: "PREMIUM", fileUrl })).status).toBe(201);
    } finally {
      await stopJobs();
      await startJobs();
    }
    await drain(FILE_CLEANUP_JOB);
    expect(await localStorage(dir).list("private/")).toContain(`private/${name}`);
  });

  // A private file belongs to the record that claimed it (decision 007).
  test("a file another record uses cannot become this resource's file (409), so a free resource never serves a premium file", async () => {
    const { resource: premium, name } = await premiumWithStoredFile();
    const free = await admin.api.resources.post(valid);
    const challengeImage = `${crypto.randomUUID().replaceAll("-", "")}.png`;
    await localStorage(dir).put(`public/${challengeImage}`, PDF, "image/png");
    await createProject({ imageUrl: `/api/files/${challengeImage}` });
    const attempts = [
      () => admin.api.resources.post({ ...valid, fileUrl: `/api/files/private/${name}` }),
      () => admin.api.resources.post({ ...valid, fileUrl: `/api/files/${name}` }),
      () => delegate.api.resources({ id: free.data!.id }).patch({ fileUrl: `/api/files/private/${name}` }),
      () => delegate.api.resources({ id: free.data!.id }).patch({ fileUrl: `/api/files/${name}` }),
      // A public upload another record shows (a project's image) is not moved away from it either.
      () => delegate.api.resources({ id: free.data!.id }).patch({ fileUrl: `/api/files/${challengeImage}` }),
    ];
    for (const attempt of attempts) {
      const res = await attempt();
      expect(res.status).toBe(409);
      expect(messageOf(res)).toBe(RESOURCE_MESSAGES.fileTaken);
    }
    expect((await download(anonymous, free.data!.id)).status).toBe(404);
    expect(await localStorage(dir).list()).toContain(`public/${challengeImage}`);
    // The owner itself may be saved again with its own file.
    const again = await delegate.api
      .resources({ id: premium.id })
      .patch({ fileUrl: `/api/files/private/${name}`, title: "Renamed" });
    expect(again.status).toBe(200);
  });

  test("deleting a resource keeps a file another record still references", async () => {
    const { resource, name } = await premiumWithStoredFile();
    // Records sharing one file, as today's data may already hold: another resource and a project's white paper.
    const other = await (await db()).resource.create({
      data: { ...valid, accessLevel: "PREMIUM", fileUrl: `/api/files/private/${name}` },
    });
    await createProject({ whitePaperUrl: `/api/files/private/${name}` });
    expect((await admin.api.resources({ id: resource.id }).delete()).status).toBe(204);
    await drain(FILE_CLEANUP_JOB);
    expect(await localStorage(dir).list("private/")).toContain(`private/${name}`);
    expect((await download(admin, other.id)).status).toBe(302);
    const location = (await download(admin, other.id)).response.headers.get("location")!;
    expect((await raw(new Request(BASE_URL + location))).status).toBe(200);
  });

  test("saving an upload URL whose file is gone is a 400", async () => {
    const res = await admin.api.resources.post({ ...valid, fileUrl: `/api/files/${SECRET_NAME}` });
    expect(res.status).toBe(400);
    expect(messageOf(res)).toBe(RESOURCE_MESSAGES.fileMissing);
  });
});
