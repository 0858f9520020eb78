// The member's server-rendered lists page by keyset (decision 008, "Every list pages"; built site, in-process API):
// /my-applications and /dashboard show a page and a Load more link to the rest, which shows the rest; and a challenge
// page finds the member's application to it however many others they have (Already Applied, not Register Now).
import { afterAll, describe, expect, test } from "bun:test";
import { createUser, unique } from "../api/test/factories";
import { db } from "../api/src/db/client";
import { APPLICATIONS_PAGE_SIZE, MY_CHALLENGES_PAGE_SIZE } from "../api/src/modules/applications/schema";
import { createSession, SESSION_COOKIE } from "../api/src/modules/auth/sessions";
import { servedSite } from "../api/test/served-site";
import { formatMoment } from "../site/src/lib/format";

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

test("/dashboard shows each deliverable's state, due time with time left, the team and its pending invitations", async () => {
  const challenge = await (await db()).challenge.create({
    data: { title: unique("Work"), description: "d", status: "ACTIVE", startDate: new Date(Date.now() - 86_400_000) },
  });
  const prisma = await db();
  const due = new Date(Date.now() + 2 * 86_400_000 + 3_600_000);
  const [link] = await Promise.all([
    prisma.deliverable.create({
      data: { challengeId: challenge.id, position: 1, title: "Prototype link", kind: "URL", dueAt: due },
    }),
    prisma.deliverable.create({ data: { challengeId: challenge.id, position: 2, title: "Summary", kind: "TEXT", dueAt: null } }),
  ]);
  const [owner, mate] = [await createUser({ firstName: "Olu" }), await createUser({ firstName: "Mina" })];
  for (const u of [owner, mate])
    await prisma.challengeParticipant.create({
      data: {
        challengeId: challenge.id,
        userId: u.id,
        status: "ACTIVE",
        applicantName: u.username,
        applicantEmail: u.email,
        company: "c",
        role: "r",
        interestDescription: "i",
      },
    });
  const submission = await prisma.submission.create({ data: { challengeId: challenge.id } });
  await prisma.teamMember.create({
    data: { submissionId: submission.id, challengeId: challenge.id, userId: owner.id, role: "OWNER" },
  });
  await prisma.teamInvitation.create({
    data: { submissionId: submission.id, challengeId: challenge.id, inviteeId: mate.id, invitedById: owner.id },
  });
  await prisma.submissionItem.create({
    data: { submissionId: submission.id, deliverableId: link.id, url: "https://example.org" },
  });
  const cookie = `${SESSION_COOKIE}=${(await createSession(owner.id)).token}`;
  const page = await site.page("/dashboard", cookie);
  const text = page.html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
  expect(text).toContain(`Prototype link Draft Due ${formatMoment(due.toISOString())} 2 days left`);
  expect(text).toContain("Summary Not started Open until the challenge is completed");
  expect(text).toContain(`Your team ${owner.firstName} ${owner.lastName ?? ""}`.trim());
  expect(text).toContain(`Invited, no answer yet: Mina`);
  expect(page.html).toContain(`href="/challenges/${challenge.id}/submission"`);
});
