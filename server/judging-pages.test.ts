// What the public pages show of judging (decision 021), through the served site and its page cache: a public-vote
// round's People's vote section (visitors: Sign in to vote; members: the ballot island), kept across a member's vote
// but dropped when the round closes or is published; then the Published results with the record's SHA-256 and votes,
// and the Winners (published awards only) on the challenge page and on the page of a project from the challenge.
import { beforeAll, expect, test } from "bun:test";
import { createChallenge, createProject, createUser } from "../api/test/factories";
import { createSession, SESSION_COOKIE } from "../api/src/modules/auth/sessions";
import { servedSite } from "../api/test/served-site";
import { db } from "../api/src/db/client";

const site = servedSite();
beforeAll(async () => void (await fetch(site.url("/challenges")).then((r) => r.text())), 60_000);
const ORIGIN = "http://localhost:3000"; // SITE_URL under test

async function get(path: string, cookie?: string) {
  const res = await fetch(site.url(path), { headers: cookie ? { cookie } : {}, redirect: "manual" });
  return { status: res.status, cache: res.headers.get("x-astro-cache"), html: await res.text() };
}
async function send(method: string, path: string, cookie: string, body: object = {}) {
  const res = await fetch(site.url(path), {
    method,
    headers: { cookie, origin: ORIGIN, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.status, `${method} ${path}: ${text}`).toBeLessThan(300);
  return text ? JSON.parse(text) : null;
}
async function cookieOf(data: Parameters<typeof createUser>[0] = {}) {
  const user = await createUser(data);
  return `${SESSION_COOKIE}=${(await createSession(user.id)).token}`;
}

test("a public vote from open to published, and the awards, as visitors and members see them", async () => {
  const prisma = await db();
  const challenge = await createChallenge({ status: "ACTIVE" });
  const project = await createProject({ challengeId: challenge.id });
  const round = await prisma.judgingRound.create({
    data: {
      challengeId: challenge.id,
      position: 1,
      name: "People's Choice",
      method: "PUBLIC_VOTE",
      state: "OPEN",
      voteLimit: 1,
      openedAt: new Date(),
    },
  });
  const entries: string[] = [];
  for (const firstName of ["Ada", "Alan"]) {
    const user = await createUser({ firstName, lastName: "Tester" });
    const s = await prisma.submission.create({
      data: {
        challengeId: challenge.id,
        status: "SUBMITTED",
        version: 1,
        members: { create: { challengeId: challenge.id, userId: user.id, role: "OWNER" } },
      },
    });
    await prisma.roundEntry.create({ data: { roundId: round.id, submissionId: s.id } });
    entries.push(s.id);
  }
  const admin = await cookieOf({ role: "ADMIN" });
  const member = await cookieOf({ emailVerified: true, createdAt: new Date(Date.now() - 86_400_000) });
  const path = `/challenges/${challenge.id}`;

  // Open: visitors are asked to sign in, and their page is kept; a member's vote leaves it kept.
  const open = await get(path);
  expect(open.html).toContain(">People's vote</h2>");
  expect(open.html).toContain(">Sign in to vote</a>");
  expect(open.html).not.toContain("<astro-island");
  expect((await get(path)).cache).toBe("HIT");
  await send("PUT", `/api/rounds/${round.id}/votes`, member, { submissionIds: [entries[0]] });
  expect((await get(path)).cache).toBe("HIT");
  // A member gets the ballot island (their pages are never kept).
  const mine = await get(path, member);
  expect(mine.html).toMatch(/<astro-island[^>]*component-url="[^"]*Ballot/);
  expect(mine.html).toContain('client="visible"');

  // Closed: the kept page is dropped and says so.
  await send("POST", `/api/rounds/${round.id}/close`, admin);
  const closed = await get(path);
  expect(closed.cache).not.toBe("HIT");
  expect(closed.html).toContain("voting has closed");
  expect(closed.html).not.toContain("Published results");

  // Published: the record with its SHA-256 and the votes.
  const published = await send("POST", `/api/rounds/${round.id}/publish`, admin);
  const results = await get(path);
  expect(results.cache).not.toBe("HIT");
  expect(results.html).toContain("Published results");
  expect(results.html).toContain(published.sha256);
  expect(results.html).toContain(">Votes</th>");
  expect(results.html).not.toContain('data-testid="winners"');

  // Awards: a draft shows nowhere; once published, on the challenge page and the project's.
  const award = await send("POST", `/api/challenges/${challenge.id}/awards`, admin, {
    label: "Crowd favourite",
    rank: 1,
    submissionId: entries[0],
  });
  expect((await get(path)).html).not.toContain('data-testid="winners"');
  expect((await get(`/projects/${project.id}`)).html).not.toContain('data-testid="winners"');
  await send("POST", `/api/challenges/${challenge.id}/awards/publish`, admin);
  for (const page of [path, `/projects/${project.id}`]) {
    const { html } = await get(page);
    expect(html).toContain('data-testid="winners"');
    expect(html).toContain(award.team);
    expect(html).toContain("Crowd favourite");
  }
});
