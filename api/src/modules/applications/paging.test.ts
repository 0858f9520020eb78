// The application lists page by keyset (decision 008, "Every list pages") — /my-applications (and one challenge's with
// ?challengeId=), a challenge's review list (pending first, with the whole list's counts) and /dashboard's approved
// challenges: more rows than a page, every page walked, each row once, in order, nothing missing.
import { afterAll, describe, expect, test } from "bun:test";
import { as } from "../../../test/client";
import { createUser, unique } from "../../../test/factories";
import { walkPages } from "../../../test/pages";
import { db } from "../../db/client";
import { APPLICATIONS_PAGE_SIZE, MY_CHALLENGES_PAGE_SIZE, REVIEW_COUNT_HEADERS } from "./schema";

const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 0, minutes));
const application = (challengeId: string, userId: string, joinedAt: Date, status: "PENDING" | "ACTIVE" | "REJECTED") => ({
  challengeId,
  userId,
  joinedAt,
  status,
  applicantName: `Applicant ${unique("n")}`,
  company: "Analytical Engines",
  applicantEmail: "ada@example.com",
  role: "Engineer",
  interestDescription: "I want to help with this challenge.",
});

// The database is shared by the run: the challenges made here (public ones among them) go again at the end.
const made: string[] = [];
afterAll(async () => {
  await (await db()).challenge.deleteMany({ where: { id: { in: made } } });
});

/** `count` challenges (ACTIVE unless told), made in one statement, with distinct start dates and a pair that ties. */
async function challenges(count: number, status: "ACTIVE" | "DRAFT" = "ACTIVE") {
  const prisma = await db();
  const data = Array.from({ length: count }, (_, i) => ({
    id: crypto.randomUUID(),
    title: unique("Paged challenge"),
    description: "A short description",
    status,
    startDate: at(Math.floor(i / 2) * 10), // pairs share a start date: the id breaks the tie
  }));
  await prisma.challenge.createMany({ data });
  made.push(...data.map((c) => c.id));
  return data;
}

async function users(count: number) {
  const data = Array.from({ length: count }, () => {
    const name = unique("pager");
    return { id: crypto.randomUUID(), username: name, email: `${name}@example.com`, password: "x" };
  });
  await (await db()).user.createMany({ data });
  return data;
}

describe("GET /api/my-applications", () => {
  test(`${APPLICATIONS_PAGE_SIZE * 2 + 5} applications: three pages newest first; drafts left out; ?challengeId= finds one`, async () => {
    const me = await createUser();
    const [list, [draft]] = await Promise.all([challenges(APPLICATIONS_PAGE_SIZE * 2 + 5), challenges(1, "DRAFT")]);
    const prisma = await db();
    await prisma.challengeParticipant.createMany({
      data: [
        ...list.map((c, i) => application(c.id, me.id, at(Math.floor(i / 3)), "PENDING")), // threes share a time
        application(draft!.id, me.id, at(999), "PENDING"),
      ],
    });
    const api = as(me);
    const { items, pages } = await walkPages((cursor) => api["my-applications"].get({ query: { cursor } }));
    expect(pages).toBe(3);
    const expected = await prisma.challengeParticipant.findMany({
      where: { userId: me.id, challengeId: { not: draft!.id } },
      orderBy: [{ joinedAt: "desc" }, { id: "desc" }],
      select: { id: true },
    });
    expect(items.map((a) => a.id)).toEqual(expected.map((a) => a.id));

    const one = list[7]!;
    const found = await api["my-applications"].get({ query: { challengeId: one.id } });
    expect(found.data!.map((a) => a.challengeId)).toEqual([one.id]);
    expect((await api["my-applications"].get({ query: { challengeId: draft!.id } })).data).toEqual([]);
    expect((await api["my-applications"].get({ query: { cursor: "not-a-cursor" } })).status).toBe(400);
  });
});

describe("GET /api/challenges/{id}/applications", () => {
  test("45 applications in pages of 20: pending, then approved, then rejected, each newest first; counts of all", async () => {
    const [reviewer, [challenge], applicants] = await Promise.all([
      createUser({ toolAccess: ["challenges"] }),
      challenges(1),
      users(45),
    ]);
    const statuses = ["REJECTED", "PENDING", "ACTIVE"] as const;
    const prisma = await db();
    await prisma.challengeParticipant.createMany({
      data: applicants.map((u, i) => application(challenge!.id, u.id, at(Math.floor(i / 2)), statuses[i % 3]!)),
    });
    const api = as(reviewer);
    const first = await api.challenges({ id: challenge!.id }).applications.get({ query: {} });
    expect(first.response.headers.get(REVIEW_COUNT_HEADERS.total)).toBe("45");
    expect(first.response.headers.get(REVIEW_COUNT_HEADERS.pending)).toBe("15");
    const { items, pages } = await walkPages((cursor) =>
      api.challenges({ id: challenge!.id }).applications.get({ query: { cursor } }),
    );
    expect(pages).toBe(3);
    const rank = { PENDING: 0, ACTIVE: 1, REJECTED: 2 } as const;
    const rows = await prisma.challengeParticipant.findMany({
      where: { challengeId: challenge!.id },
      select: { id: true, status: true, joinedAt: true },
    });
    const expected = rows.sort(
      (a, b) =>
        rank[a.status] - rank[b.status] ||
        b.joinedAt.getTime() - a.joinedAt.getTime() ||
        (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
    );
    expect(items.map((a) => a.id)).toEqual(expected.map((a) => a.id));
    expect(items.every((a) => a.isOwn === false)).toBe(true);
  });
});

describe("GET /api/my-challenges", () => {
  test(`${MY_CHALLENGES_PAGE_SIZE * 2 + 3} approved challenges: soonest first over three pages; pending and drafts left out`, async () => {
    const [me, peer] = await Promise.all([createUser(), createUser()]);
    const [approved, [pending], [draft]] = await Promise.all([
      challenges(MY_CHALLENGES_PAGE_SIZE * 2 + 3),
      challenges(1),
      challenges(1, "DRAFT"),
    ]);
    const prisma = await db();
    await prisma.challengeParticipant.createMany({
      data: [
        ...approved.map((c) => application(c.id, me.id, at(0), "ACTIVE")),
        application(pending!.id, me.id, at(0), "PENDING"),
        application(draft!.id, me.id, at(0), "ACTIVE"),
        { ...application(approved[4]!.id, peer.id, at(0), "ACTIVE"), applicantName: "Peer Person" },
      ],
    });
    const api = as(me);
    const all: { id: string; participants: string[] }[] = [];
    const { pages } = await walkPages(async (cursor) => {
      const res = await api["my-challenges"].get({ query: { cursor } });
      const data = res.data?.map((d) => ({ id: d.challenge.id, participants: d.participants })) ?? null;
      all.push(...(data ?? []));
      return { ...res, data };
    });
    expect(pages).toBe(3);
    const expected = [...approved].sort((a, b) => a.startDate.getTime() - b.startDate.getTime() || (a.id < b.id ? -1 : 1));
    expect(all.map((c) => c.id)).toEqual(expected.map((c) => c.id));
    expect(all.find((c) => c.id === approved[4]!.id)?.participants).toEqual(["Peer Person"]);
  });
});
