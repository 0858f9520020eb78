// The member's server-rendered lists page by keyset (decision 008, "Every list pages"; built site, in-process API):
// /my-applications and /dashboard show a page and a Load more link to the rest, which shows the rest; and a challenge
// page finds the member's application to it however many others they have (Already Applied, not Register Now).
import { afterAll, describe, expect, test } from "bun:test";
import { createUser, unique } from "../api/test/factories";
import { db } from "../api/src/db/client";
import { APPLICATIONS_PAGE_SIZE, MY_CHALLENGES_PAGE_SIZE } from "../api/src/modules/applications/schema";
import { createSession, SESSION_COOKIE } from "../api/src/modules/auth/sessions";
import { servedSite } from "../api/test/served-site";

const site = servedSite();
const made: string[] = [];
// The database is shared by the run: the public challenges made here go again at the end.
afterAll(async () => {
  await (await db()).challenge.deleteMany({ where: { id: { in: made } } });
});

/** A member with `count` ACTIVE challenges applied to (status as given), the challenges oldest start first. */
async function memberWithApplications(count: number, status: "PENDING" | "ACTIVE") {
  const prisma = await db();
  const member = await createUser();
  const challenges = Array.from({ length: count }, (_, i) => ({
    id: crypto.randomUUID(),
    title: unique(`Paged ${i}`),
    description: "A short description",
    status: "ACTIVE" as const,
    startDate: new Date(Date.UTC(2027, 0, 1 + i)),
  }));
  await prisma.challenge.createMany({ data: challenges });
  made.push(...challenges.map((c) => c.id));
  await prisma.challengeParticipant.createMany({
    data: challenges.map((c, i) => ({
      challengeId: c.id,
      userId: member.id,
      status,
      joinedAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
      applicantName: "Ada Lovelace",
      company: "Analytical Engines",
      applicantEmail: "ada@example.com",
      role: "Engineer",
      interestDescription: "I want to help with this challenge.",
    })),
  });
  const cookie = `${SESSION_COOKIE}=${(await createSession(member.id)).token}`;
  return { challenges, cookie };
}

const loadMore = (html: string, name: string) =>
  new RegExp(`<a href="([^"]+)"[^>]*data-load-more="${name}"`).exec(html)?.[1]?.replaceAll("&amp;", "&") ?? null;
/** Those of `challenges` whose title the page shows, in the page's order. */
const titlesIn = <C extends { title: string }>(html: string, challenges: C[]) =>
  challenges.filter((c) => html.includes(c.title)).sort((a, b) => html.indexOf(a.title) - html.indexOf(b.title));

describe("paged member pages", () => {
  test("/my-applications: newest first, a page, then Load more to the rest; the challenge page finds an old one", async () => {
    const { challenges, cookie } = await memberWithApplications(APPLICATIONS_PAGE_SIZE + 4, "PENDING");
    const newestFirst = [...challenges].reverse();
    const first = await site.page("/my-applications", cookie);
    expect(first.status).toBe(200);
    expect(titlesIn(first.html, challenges).map((c) => c.id)).toEqual(
      newestFirst.slice(0, APPLICATIONS_PAGE_SIZE).map((c) => c.id),
    );
    const next = loadMore(first.html, "applications");
    expect(next).toStartWith("/my-applications?cursor=");
    const second = await site.page(next!, cookie);
    expect(titlesIn(second.html, challenges).map((c) => c.id)).toEqual(
      newestFirst.slice(APPLICATIONS_PAGE_SIZE).map((c) => c.id),
    );
    expect(loadMore(second.html, "applications")).toBeNull();

    // The oldest application is on the last page; its challenge page still knows it.
    const detail = await site.page(`/challenges/${challenges[0]!.id}`, cookie);
    expect(detail.html).toContain("Already Applied");
  });

  test("/dashboard: soonest first, a page, then Load more to the rest", async () => {
    const { challenges, cookie } = await memberWithApplications(MY_CHALLENGES_PAGE_SIZE + 2, "ACTIVE");
    const first = await site.page("/dashboard", cookie);
    expect(first.status).toBe(200);
    expect(titlesIn(first.html, challenges).map((c) => c.id)).toEqual(
      challenges.slice(0, MY_CHALLENGES_PAGE_SIZE).map((c) => c.id),
    );
    const second = await site.page(loadMore(first.html, "dashboard")!, cookie);
    expect(titlesIn(second.html, challenges).map((c) => c.id)).toEqual(
      challenges.slice(MY_CHALLENGES_PAGE_SIZE).map((c) => c.id),
    );
    expect(loadMore(second.html, "dashboard")).toBeNull();
    expect((await site.page("/dashboard?cursor=nope", cookie)).status).toBe(400);
  });
});
