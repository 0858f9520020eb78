// The server-rendered resource pages (built site, in-process API): the promo card's persisted price, the type
// filters in the URL, SPEC's empty text, premium options vs "You have access", Download Now links, 'Resource not
// found', and a crawl of every resource page as a visitor and as an unentitled member finding no premium file URL.
import { beforeAll, describe, expect, test } from "bun:test";
import { servedSite } from "../api/test/served-site";
import { createProject, createUser, unique } from "../api/test/factories";
import { db } from "../api/src/db/client";
import { createSession, SESSION_COOKIE } from "../api/src/modules/auth/sessions";
import { saveSubscriptionSettings } from "../api/src/modules/settings/service";
import { pagesChanged } from "../api/src/db/page-changes";
import { tagsChangedBy } from "../api/src/lib/page-tags";

const site = servedSite();
const tag = unique("res").replaceAll("-", "");
const SECRET_URL = `/files/premium-${tag}.pdf`;
let free: { id: string }, premium: { id: string }, noFile: { id: string }, project: { id: string; title: string };
let memberCookie: string, subscriberCookie: string;

beforeAll(async () => {
  const prisma = await db();
  project = await createProject({ title: `Related ${tag}` });
  free = await prisma.resource.create({
    data: { title: `Free kit ${tag}`, description: "d", type: "TOOL", fileUrl: "/files/free.pdf", projectId: project.id },
  });
  noFile = await prisma.resource.create({ data: { title: `No file ${tag}`, description: "d", type: "TOOL" } });
  premium = await prisma.resource.create({
    data: {
      title: `Premium study ${tag}`,
      description: "d",
      type: "RESEARCH",
      accessLevel: "PREMIUM",
      oneTimePrice: "29.00",
      monthlyPrice: "0.00",
      fileUrl: SECRET_URL,
    },
  });
  const member = await createUser();
  memberCookie = `${SESSION_COOKIE}=${(await createSession(member.id)).token}`;
  const subscriber = await createUser();
  await prisma.subscription.create({
    data: { userId: subscriber.id, plan: "ANNUAL", endDate: new Date(Date.now() + 86_400_000) },
  });
  subscriberCookie = `${SESSION_COOKIE}=${(await createSession(subscriber.id)).token}`;
});

const page = site.page;

describe("/resources", () => {
  test("'Resource Library', the promo card with the saved annual price, filters as links, the grid", async () => {
    await saveSubscriptionSettings({ annualPrice: "120.5" });
    const { status, html } = await page("/resources");
    expect(status).toBe(200);
    expect(html).toContain("Resource Library");
    expect(html).toContain("Subscribe for $120.50/year");
    for (const label of ["All Resources", "TOOL", "RESEARCH", "BEST_PRACTICE", "TEMPLATE"]) expect(html).toContain(label);
    expect(html).toContain('href="/resources?type=TOOL"');
    expect(html).toContain(`Premium study ${tag}`);
    expect(html).toContain("$29.00");
    await saveSubscriptionSettings({ annualPrice: "99" });
    await pagesChanged(tagsChangedBy("PUT", "/api/settings/subscription")); // as that write route does (server/front.ts)
    expect((await page("/resources")).html).toContain("Subscribe for $99/year");
  });

  test("a type filter shows only that type; an empty category says so", async () => {
    const tools = await page("/resources?type=TOOL");
    expect(tools.html).toContain(`Free kit ${tag}`);
    expect(tools.html).not.toContain(`Premium study ${tag}`);
    expect(tools.html).toMatch(/aria-current="page"[^>]*>\s*TOOL|href="\/resources\?type=TOOL"[^>]*aria-current="page"/);
    await db().then((p) => p.resource.updateMany({ where: { type: "BEST_PRACTICE" }, data: { draft: true } }));
    expect((await page("/resources?type=BEST_PRACTICE")).html).toContain("No resources found in this category.");
  });
});

describe("/resources/{id}", () => {
  test("premium for a visitor or member: one-time, monthly and annual options; a button only above zero", async () => {
    for (const cookie of [undefined, memberCookie]) {
      const { html } = await page(`/resources/${premium.id}`, cookie);
      expect(html).toContain("One-time purchase");
      expect(html).toContain("$29.00");
      expect(html).toContain("Monthly subscription");
      expect(html).toContain("Annual plan");
      expect(html).toContain("Buy Now");
      expect(html).not.toContain("Subscribe Monthly"); // monthly is 0.00: no button
      expect(html).not.toContain("You have access");
      expect(html).not.toContain(`/api/resources/${premium.id}/download`);
    }
  });

  test("an annual subscriber sees 'You have access' and Download", async () => {
    const { html } = await page(`/resources/${premium.id}`, subscriberCookie);
    expect(html).toContain("You have access");
    expect(html).toContain(`href="/api/resources/${premium.id}/download"`);
    expect(html).not.toContain("Buy Now");
  });

  test("free: Free and Download Now (a link, or the toast button without a file); the related project card", async () => {
    const { html } = await page(`/resources/${free.id}`);
    expect(html).toContain("Free");
    expect(html).toContain(`href="/api/resources/${free.id}/download"`);
    expect(html).toContain("Download Now");
    expect(html).toContain(`href="/projects/${project.id}"`);
    expect(html).toContain(project.title);
    const none = await page(`/resources/${noFile.id}`);
    expect(none.html).toContain("data-download-toast");
  });

  test("unknown ids: 'Resource not found' with a link back", async () => {
    const { status, html } = await page("/resources/00000000-0000-4000-8000-000000000000");
    expect(status).toBe(404);
    expect(html).toContain("Resource not found");
    expect(html).toContain('href="/resources"');
  });

  test("crawl: no page shows a premium file URL to a visitor or an unentitled member", async () => {
    const premiumUrls = await (await db()).resource.findMany({
      where: { accessLevel: "PREMIUM", fileUrl: { not: null } },
      select: { fileUrl: true, id: true },
    });
    const all = await (await db()).resource.findMany({ where: { draft: false }, select: { id: true } });
    for (const cookie of [undefined, memberCookie]) {
      const pages = [
        "/resources",
        ...["TOOL", "RESEARCH", "TEMPLATE", "BEST_PRACTICE"].map((t) => `/resources?type=${t}`),
        ...all.map((r) => `/resources/${r.id}`),
      ];
      for (const path of pages) {
        const { html } = await page(path, cookie);
        for (const { fileUrl } of premiumUrls) expect(html).not.toContain(fileUrl!);
      }
    }
  });
});
