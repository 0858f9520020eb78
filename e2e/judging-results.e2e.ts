// What the public and the entrants see of judging (decision 021). Seeded through the API: a challenge with two
// submitted teams (an entrant's of its own and Priya's), a rubric round scored by the admin as judge (one criterion's
// feedback for entrants, one private), closed and published, and a published award. Then: the challenge page (as a
// visitor, whose earlier copy of the page was kept in the page cache) shows the Winners with the team's names and
// the round's SHA-256 with how to verify it; the project page its Winners; the member's dashboard their rank and the
// ENTRANT comment but never the PRIVATE one. A public-vote round opened next: visitors get "Sign in to vote"; the
// member votes on the ballot, reloads and finds their vote kept; no tally while the round is open.
import { createHash } from "node:crypto";
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { AUTH_STATE, freshMember, uniqueName } from "./support/auth";
import { audit } from "./support/axe";
import { call } from "./support/judging";
import { waitForHydration } from "./support/ui";

test.use({ storageState: AUTH_STATE.admin });

const SHOTS = "/tmp/shots-publicui";
/** A visitor's browser: no session, so the page cache's view. */
const signedOut = { storageState: { cookies: [], origins: [] } };
async function get(request: APIRequestContext, path: string) {
  const res = await request.get(path);
  expect(res.status(), `GET ${path}: ${await res.text()}`).toBe(200);
  return res.json();
}

/** No accessibility violations in either theme (switched in place, so what the page shows now is what is checked). */
async function auditThemes(page: Page) {
  for (const theme of ["light", "dark"]) {
    await page.evaluate((t) => {
      document.documentElement.dataset.theme = t;
    }, theme);
    expect(await audit(page), `${page.url()} (${theme})`).toEqual([]);
  }
}

/** RFC 8785 for the snapshot's values (strings, finite numbers, booleans, null): keys sorted, no whitespace. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object")
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  return JSON.stringify(value);
}

/** An entrant's way in: applies, is approved, starts the team's submission, fills the link and submits it. */
async function enter(admin: APIRequestContext, entrant: APIRequestContext, challengeId: string, linkId: string, who: string) {
  const applied = await call(entrant, `/api/challenges/${challengeId}/register`, {
    applicantName: who,
    applicantEmail: `${who.toLowerCase().replace(/\W+/g, ".")}@example.com`,
    company: "Neighbours",
    role: "Volunteer",
    isEnterprise: false,
    interestDescription: "We map the dark corners of our district.",
  });
  await call(admin, `/api/challenges/${challengeId}/applications/${applied.id}/approve`, {}, "patch");
  await call(entrant, `/api/challenges/${challengeId}/submission`);
  await call(
    entrant,
    `/api/challenges/${challengeId}/submission/items/${linkId}`,
    { url: "https://example.org/alleys", revision: 0 },
    "put",
  );
  const submitted = await call(entrant, `/api/challenges/${challengeId}/submission/submit`);
  return submitted.id as string;
}

/**
 * An ACTIVE challenge with two submitted entries that passed screening: an entrant's of its own (freshMember: the demo
 * member's ten applications an hour belong to the journeys about them) and Priya's.
 */
async function challengeWithEntries(page: Page, browser: Browser) {
  const admin = page.request;
  const entrant = await freshMember(browser, "Morgan");
  const member = entrant.request;
  const priya = (await browser.newContext({ storageState: AUTH_STATE.delegate })).request;
  const title = `Quiet streets ${uniqueName("pr")}`;
  const { id } = await call(admin, "/api/challenges", {
    title,
    description: "Less noise at night",
    status: "ACTIVE",
    startDate: "2026-01-01T00:00:00.000Z",
    endDate: "2031-06-30T17:00:00.000Z",
  });
  const link = await call(admin, `/api/challenges/${id}/deliverables`, { title: "Prototype link", kind: "URL", required: true });
  const memberEntry = await enter(admin, member, id, link.id, "Demo member");
  const priyaEntry = await enter(admin, priya, id, link.id, "Priya");
  for (const entry of [memberEntry, priyaEntry])
    await call(admin, `/api/challenges/${id}/eligibility/${entry}`, { verdict: "PASS" }, "put");
  return { id, title, memberEntry, entrant: entrant.context };
}

type Seeded = { id: string; title: string; memberTeam: string; sha256: string; entrant: BrowserContext };

/** The challenge with its rubric round scored, closed and published, and the member's team's award published. */
async function publishedChallenge(page: Page, browser: Browser): Promise<Seeded> {
  const admin = page.request;
  const { id, title, memberEntry, entrant } = await challengeWithEntries(page, browser);
  await call(admin, `/api/challenges/${id}/judges`, { usernameOrEmail: "admin" });
  const round = await call(admin, `/api/challenges/${id}/rounds`, { name: "Shortlist", method: "RUBRIC", judgesPerEntry: 1 });
  await call(
    admin,
    `/api/rounds/${round.id}/criteria`,
    {
      criteria: [
        { label: "Impact", min: 0, max: 10, weight: 1, visibility: "ENTRANT" },
        { label: "Feasibility", min: 0, max: 10, weight: 1, visibility: "PRIVATE" },
      ],
    },
    "put",
  );
  await call(admin, `/api/rounds/${round.id}/open`);
  const criteria = await get(admin, `/api/rounds/${round.id}/criteria`);
  const impact = criteria.find((c: { label: string }) => c.label === "Impact").id;
  const feasibility = criteria.find((c: { label: string }) => c.label === "Feasibility").id;
  const queue = await get(admin, "/api/judging/assignments");
  const mine = queue.assignments.filter((a: { round: { id: string } }) => a.round.id === round.id);
  expect(mine).toHaveLength(2);
  for (const a of mine) {
    const ours = a.entry.submissionId === memberEntry;
    await call(
      admin,
      `/api/judging/assignments/${a.assignmentId}/scores`,
      {
        scores: [
          { criterionId: impact, value: ours ? 9 : 4, comment: ours ? "Clear gains for the whole street." : "Narrow reach." },
          { criterionId: feasibility, value: 6, comment: "Private note: the budget looks thin." },
        ],
      },
      "put",
    );
  }
  await call(admin, `/api/rounds/${round.id}/close`);

  // A visitor's copy of the page is kept before publication: publishing must drop it.
  const visitor = await browser.newContext(signedOut);
  const before = await (await visitor.request.get(`/challenges/${id}`)).text();
  expect(before).not.toContain("Published results");

  const published = await call(admin, `/api/rounds/${round.id}/publish`);
  const award = await call(admin, `/api/challenges/${id}/awards`, { label: "Winner", rank: 1, submissionId: memberEntry });
  await call(admin, `/api/challenges/${id}/awards/publish`);
  await visitor.close();
  return { id, title, memberTeam: award.team, sha256: published.sha256, entrant };
}

test("published results: Winners and the record's SHA-256 on the challenge page, the entrant's rank and feedback on the dashboard", async ({
  page,
  browser,
}) => {
  const seeded = await publishedChallenge(page, browser);

  // The public view: a visitor (a fresh context, no session: the page cache's view).
  const visitor = await (await browser.newContext(signedOut)).newPage();
  await visitor.goto(`/challenges/${seeded.id}`);
  const winners = visitor.getByTestId("winners");
  await expect(winners.getByRole("heading", { name: "Winners" })).toBeVisible();
  await expect(winners.getByTestId("winner")).toHaveCount(1);
  await expect(winners.getByTestId("winner")).toContainText("Winner");
  await expect(winners.getByTestId("winner")).toContainText(seeded.memberTeam);
  const results = visitor.getByTestId("published-results");
  await expect(results.getByRole("heading", { name: "Shortlist" })).toBeVisible();
  await expect(results).toContainText("Rubric");
  await expect(results.getByTestId("published-entry")).toHaveCount(2);
  await expect(results.getByTestId("published-entry").first()).toContainText(seeded.memberTeam);
  await expect(results.getByTestId("results-hash")).toContainText(seeded.sha256);
  // The Verify recipe holds: the served snapshot, canonicalised and hashed, is the value shown.
  const served = await get(visitor.request, `/api/challenges/${seeded.id}/results`);
  const digest = createHash("sha256").update(canonical(served.rounds[0].snapshot), "utf8").digest("hex");
  expect(digest).toBe(seeded.sha256);
  await results.getByText("Verify", { exact: true }).click();
  await expect(results.getByText(/RFC 8785/)).toBeVisible();
  await expect(visitor.getByTestId("peoples-vote")).toHaveCount(0);
  await visitor.screenshot({ path: `${SHOTS}/challenge-results.png`, fullPage: true });
  await auditThemes(visitor);

  // The project that came out of the challenge: the same Winners.
  const project = await call(page.request, "/api/projects", {
    title: `Quiet streets, built ${uniqueName("pj")}`,
    description: "What the winners made",
    problem: "Noise at night",
    solution: "Soft kerbs",
    challengeId: seeded.id,
  });
  await visitor.goto(`/projects/${project.id}`);
  await expect(visitor.getByTestId("winners").getByTestId("winner")).toContainText(seeded.memberTeam);
  await auditThemes(visitor);

  // The entrant: rank and the ENTRANT feedback, never the PRIVATE one.
  const member = await seeded.entrant.newPage();
  await member.goto("/dashboard");
  const card = member.getByTestId("dashboard-challenge").filter({ has: member.getByRole("heading", { name: seeded.title }) });
  const mine = card.getByTestId("your-results");
  await expect(mine.getByTestId("your-rank")).toHaveText("Ranked 1 of 2");
  await expect(mine).toContainText("Impact");
  await expect(mine).toContainText("Judge 1");
  await expect(mine).toContainText("Clear gains for the whole street.");
  await expect(mine).not.toContainText("Feasibility");
  await expect(member.getByText("Private note")).toHaveCount(0);
  await mine.scrollIntoViewIfNeeded();
  await member.screenshot({ path: `${SHOTS}/dashboard-results.png`, fullPage: false });
  await auditThemes(member);
});

test("the People's vote: sign in to vote; a member's ballot kept across reloads, too many refused; the tally only after close", async ({
  page,
  browser,
}) => {
  const seeded = await challengeWithEntries(page, browser);
  const vote = await call(page.request, `/api/challenges/${seeded.id}/rounds`, {
    name: "People's choice",
    method: "PUBLIC_VOTE",
    voteLimit: 1,
  });
  const visitor = await (await browser.newContext(signedOut)).newPage();
  await visitor.goto(`/challenges/${seeded.id}`);
  await expect(visitor.getByTestId("peoples-vote")).toHaveCount(0); // a draft round shows nothing
  await call(page.request, `/api/rounds/${vote.id}/open`);

  await visitor.goto(`/challenges/${seeded.id}`);
  const visitorVote = visitor.getByTestId("peoples-vote");
  await expect(visitorVote.getByRole("heading", { name: "People's vote" })).toBeVisible();
  await expect(visitorVote.getByRole("link", { name: "Sign in to vote" })).toHaveAttribute("href", "/login");

  await auditThemes(visitor);

  const member = await (await browser.newContext({ storageState: AUTH_STATE.member })).newPage();
  await member.goto(`/challenges/${seeded.id}`);
  const ballot = member.getByTestId("peoples-vote");
  await ballot.scrollIntoViewIfNeeded();
  await waitForHydration(member);
  await expect(ballot.getByTestId("ballot-entry")).toHaveCount(2);
  await expect(ballot.getByTestId("votes-used")).toHaveText("0 of 1 vote used");
  await expect(ballot.getByTestId("ballot-tally")).toHaveCount(0);
  // Two votes where one is allowed: the API's message.
  await ballot.getByTestId("ballot-entry").nth(0).getByRole("checkbox").check();
  await ballot.getByTestId("ballot-entry").nth(1).getByRole("checkbox").check();
  await expect(ballot.getByTestId("votes-used")).toHaveText("2 of 1 vote used");
  await ballot.getByRole("button", { name: "Save my votes" }).click();
  await expect(ballot.getByRole("alert")).toHaveText("You can vote for at most 1 entry.");
  await auditThemes(member);
  await ballot.getByTestId("ballot-entry").nth(1).getByRole("checkbox").uncheck();
  const chosen = (await ballot.getByTestId("ballot-entry").nth(0).textContent())?.trim() ?? "";
  await ballot.getByRole("button", { name: "Save my votes" }).click();
  await expect(ballot.getByRole("status")).toContainText("Your votes are saved.");
  await member.screenshot({ path: `${SHOTS}/ballot.png`, fullPage: false });
  await auditThemes(member);

  await member.reload();
  await member.getByTestId("peoples-vote").scrollIntoViewIfNeeded();
  await waitForHydration(member);
  const kept = member.getByTestId("ballot-entry").filter({ hasText: chosen });
  await expect(kept.getByRole("checkbox")).toBeChecked();
  await expect(member.getByTestId("votes-used")).toHaveText("1 of 1 vote used");
  await expect(member.getByTestId("ballot-tally")).toHaveCount(0);
  expect((await get(member.request, `/api/rounds/${vote.id}/ballot`)).tally).toBeNull();

  // Closed: the tally, the member's vote counted.
  await call(page.request, `/api/rounds/${vote.id}/close`);
  await member.reload();
  await member.getByTestId("peoples-vote").scrollIntoViewIfNeeded();
  const tally = member.getByTestId("ballot-tally");
  await expect(tally.getByTestId("tally-row")).toHaveCount(2);
  await expect(tally.getByTestId("tally-row").first()).toContainText(chosen);
  await expect(tally.getByTestId("tally-row").first()).toContainText("1 vote");
  await auditThemes(member);
  await expect(member.getByTestId("ballot-entry")).toHaveCount(0);
});
