// The judge's screens (decision 021): /judging lists the judge's open rounds with their progress and queue; the score
// sheet saves scores (a refused value is shown by its criterion), keeps them over a reload, and counts on /judging;
// recusal asks for a reason and ends on /judging with a notice; a member who judges nothing is told so; the pairwise
// screen answers, undoes and answers again. Data is set up through the API: the admin's challenge, two teams (the
// entrants of their own), and Priya (the delegate) as the only judge. Screenshots go to /tmp/shots-judging/.
import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { AUTH_STATE, freshMember, uniqueName } from "./support/auth";
import { audit } from "./support/axe";
import { call } from "./support/judging";
import { waitForHydration } from "./support/ui";

test.use({ storageState: AUTH_STATE.delegate });

const SHOTS = "/tmp/shots-judging";

type Teams = { admin: APIRequestContext; entrants: APIRequestContext[] };
let teams: Teams | null = null;

/** The admin's and the two entrants' API contexts (both entrants made once per run). */
async function setUp(browser: Browser): Promise<Teams> {
  if (teams) return teams;
  const admin = (await browser.newContext({ storageState: AUTH_STATE.admin })).request;
  // Entrants of their own: each challenge here takes an application from both (freshMember says why).
  const first = await freshMember(browser, "Morgan");
  const second = await freshMember(browser, "Rosa");
  teams = { admin, entrants: [first.request, second.request] };
  return teams;
}

/** An ACTIVE challenge asking for a link, both teams submitted and screened in, Priya its judge. */
async function challengeWithEntries({ admin, entrants }: Teams, label: string) {
  const title = `${label} ${uniqueName("jd")}`;
  const { id } = await call(admin, "/api/challenges", {
    title,
    description: "Cleaner air on the school run",
    status: "ACTIVE",
    startDate: "2026-01-01T00:00:00.000Z",
    endDate: "2031-06-30T17:00:00.000Z",
  });
  const link = await call(admin, `/api/challenges/${id}/deliverables`, { title: "Prototype link", kind: "URL", required: true });
  for (const [n, entrant] of entrants.entries()) {
    const applied = await call(entrant, `/api/challenges/${id}/register`, {
      applicantName: `Entrant ${n + 1}`,
      applicantEmail: `entrant${n + 1}@example.com`,
      company: "Neighbours",
      role: "Volunteer",
      isEnterprise: false,
      interestDescription: "We count the cars outside the school gates every morning.",
    });
    await call(admin, `/api/challenges/${id}/applications/${applied.id}/approve`, {}, "patch");
    await call(entrant, `/api/challenges/${id}/submission`);
    await call(
      entrant,
      `/api/challenges/${id}/submission/items/${link.id}`,
      { url: `https://example.org/air-${n}`, revision: 0 },
      "put",
    );
    await call(entrant, `/api/challenges/${id}/submission/submit`);
  }
  const rows: { submissionId: string }[] = await (await admin.get(`/api/challenges/${id}/eligibility`)).json();
  for (const row of rows) await call(admin, `/api/challenges/${id}/eligibility/${row.submissionId}`, { verdict: "PASS" }, "put");
  await call(admin, `/api/challenges/${id}/judges`, { usernameOrEmail: "priya" });
  return { id, title };
}

async function openRound(admin: APIRequestContext, challengeId: string, method: "RUBRIC" | "PAIRWISE", name: string) {
  const round = await call(admin, `/api/challenges/${challengeId}/rounds`, { name, method, judgesPerEntry: 1 });
  if (method === "RUBRIC")
    await call(
      admin,
      `/api/rounds/${round.id}/criteria`,
      {
        criteria: [
          {
            label: "Impact",
            guidance: "How many children breathe cleaner air?",
            min: 0,
            max: 10,
            weight: 2,
            visibility: "ENTRANT",
          },
          { label: "Feasibility", min: 0, max: 5, weight: 1, visibility: "PRIVATE" },
        ],
      },
      "put",
    );
  await call(admin, `/api/rounds/${round.id}/open`);
  return round.id as string;
}

const roundCard = (page: Page, name: string) =>
  page.getByTestId("judging-round").filter({ has: page.getByRole("heading", { name }) });

test("a judge scores an entry, sees the progress move, recuses from another with a reason, and keeps typed values when the round closes", async ({
  page,
  browser,
}) => {
  const set = await setUp(browser);
  const { title, id } = await challengeWithEntries(set, "School streets");
  const roundId = await openRound(set.admin, id, "RUBRIC", "Shortlist");

  await page.goto("/judging");
  const challenge = page.getByTestId("judging-challenge").filter({ has: page.getByRole("heading", { name: title }) });
  const round = challenge.getByTestId("judging-round");
  await expect(round.getByTestId("round-progress")).toHaveText("0 of 2 scored");
  const entries = round.getByTestId("queue-entry");
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText("Not scored");
  expect(await audit(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/queue.png`, fullPage: true });

  // The sheet: the entry's link, the rubric; a value out of range is refused by its criterion, then saved.
  const firstTeam = (await entries.nth(0).getByRole("link").textContent())!.trim();
  await entries.nth(0).getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1, name: firstTeam })).toBeVisible();
  await expect(page.getByRole("link", { name: /https:\/\/example\.org\/air-/ })).toBeVisible();
  await expect(page.getByText("How many children breathe cleaner air?")).toBeVisible();
  await waitForHydration(page);
  await expect(page.getByTestId("sheet-state")).toContainText("Incomplete");
  await page.getByLabel("Impact score").fill("7");
  await page.getByLabel("Feasibility score").fill("9");
  await page.getByLabel("Impact comment (optional)").fill("Two schools already asked for it.");
  await page.getByRole("button", { name: "Save scores" }).click();
  const feasibility = page.getByTestId("criterion").filter({ has: page.getByRole("heading", { name: "Feasibility" }) });
  await expect(feasibility.getByText("Feasibility takes a value from 0 to 5.")).toBeVisible();
  await expect(page.getByLabel("Impact score")).toHaveValue("7");
  await page.getByLabel("Feasibility score").fill("4");
  await page.getByRole("button", { name: "Save scores" }).click();
  await expect(page.getByTestId("saved")).toHaveText("Saved");
  await expect(page.getByTestId("sheet-state")).toContainText("Complete");
  expect(await audit(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/sheet.png`, fullPage: true });

  await page.reload();
  await expect(page.getByLabel("Impact score")).toHaveValue("7");
  await expect(page.getByLabel("Feasibility score")).toHaveValue("4");
  await expect(page.getByLabel("Impact comment (optional)")).toHaveValue("Two schools already asked for it.");

  await page.goto("/judging");
  await expect(round.getByTestId("round-progress")).toHaveText("1 of 2 scored");
  await expect(entries.filter({ hasText: firstTeam })).toContainText("Scored");

  // Recusal: the reason is required; then back on /judging with a notice, the entry gone from the queue.
  const other = entries.filter({ hasNotText: firstTeam });
  const otherHref = (await other.getByRole("link").getAttribute("href"))!;
  await other.getByRole("link").click();
  await waitForHydration(page);
  await page.getByRole("button", { name: "Recuse" }).click();
  const dialog = page.getByRole("dialog", { name: "Recuse from this entry" });
  await dialog.getByRole("button", { name: "Confirm recusal" }).click();
  await expect(dialog.getByText(/Say why you recuse yourself/)).toBeVisible();
  expect(await audit(page)).toEqual([]);
  await dialog.getByLabel("Reason").fill("My sister leads this team.");
  await dialog.getByRole("button", { name: "Confirm recusal" }).click();
  await expect(page).toHaveURL(/\/judging\?recused=1$/);
  await expect(page.getByText("You recused yourself from that entry.", { exact: false })).toBeVisible();
  await expect(round.getByTestId("round-progress")).toHaveText("1 of 1 scored");
  await expect(entries).toHaveCount(1);

  const gone = await page.goto(otherHref);
  expect(gone?.status()).toBe(404);
  await expect(page.getByText("This entry is not assigned to you, or its round has closed.")).toBeVisible();

  // The round closes while the judge types: the save is refused with the reason, and the typed value stays.
  await page.goto("/judging");
  await entries.getByRole("link").click();
  await waitForHydration(page);
  await page.getByLabel("Impact score").fill("8");
  await call(set.admin, `/api/rounds/${roundId}/close`);
  await page.getByRole("button", { name: "Save scores" }).click();
  await expect(page.getByRole("alert").filter({ hasText: /round has closed|round is closed/ })).toBeVisible();
  await expect(page.getByLabel("Impact score")).toHaveValue("8");
  await expect(page.getByTestId("saved")).toHaveCount(0);
});

/**
 * A member of their own, signed in: the demo accounts may judge (the demo data, other journeys adding `member` to a
 * panel on the same server), so "judges nothing" needs an account no journey touches.
 */
async function newcomer(browser: Browser): Promise<Page> {
  return (await freshMember(browser, "Nadia")).context.newPage();
}

test("/dashboard links a judge to /judging, and not a member who judges nothing", async ({ page, browser }) => {
  const { admin } = await setUp(browser);
  const { id } = await call(admin, "/api/challenges", {
    title: `Judged ${uniqueName("jd")}`,
    description: "A panel before any entry",
    status: "ACTIVE",
    startDate: "2026-01-01T00:00:00.000Z",
    endDate: "2031-06-30T17:00:00.000Z",
  });
  await call(admin, `/api/challenges/${id}/judges`, { usernameOrEmail: "priya" });
  await page.goto("/dashboard");
  await expect(page.getByTestId("dashboard-judging").getByRole("link", { name: "Judging" })).toHaveAttribute("href", "/judging");
  const member = await newcomer(browser);
  await member.goto("/dashboard");
  await expect(member.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(member.getByTestId("dashboard-judging")).toHaveCount(0);
});

test("a member who judges nothing is told so", async ({ browser }) => {
  const page = await newcomer(browser);
  await page.goto("/judging");
  await expect(page.getByText("You are not judging any challenge.")).toBeVisible();
  expect(await audit(page)).toEqual([]);
});

test("signed out, /judging asks to sign in", async ({ browser }) => {
  const page = await (await browser.newContext({ storageState: { cookies: [], origins: [] } })).newPage();
  await page.goto("/judging");
  await expect(page.getByRole("heading", { name: "Sign In Required" })).toBeVisible();
});

test("the pairwise screen answers, undoes and answers again", async ({ page, browser }) => {
  const set = await setUp(browser);
  const { title, id } = await challengeWithEntries(set, "Quiet streets");
  const roundId = await openRound(set.admin, id, "PAIRWISE", "Head to head");

  // /judging lists a pairwise round once the API's overview (GET /api/judging) is there; the screen works either way.
  const overview = (await page.request.get("/api/judging")).status() === 200;
  if (overview) {
    await page.goto("/judging");
    const card = roundCard(page, "Head to head");
    await expect(card).toContainText("0 comparisons made");
    await card.getByRole("link", { name: "Compare entries" }).click();
  } else await page.goto(`/judging/rounds/${roundId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Head to head" })).toBeVisible();
  await expect(page.getByText(title)).toBeVisible();
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Which is better?" })).toBeVisible();
  await expect(page.getByTestId("entry-A")).toContainText("https://example.org/air-");
  await expect(page.getByTestId("entry-B")).toBeVisible();
  expect(await audit(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/pair.png`, fullPage: true });

  // Answered meanwhile elsewhere (another tab): the screen's answer is refused and the current state shown instead.
  const shown = await (await page.request.get(`/api/judging/rounds/${roundId}/pair`)).json();
  await call(page.request, `/api/judging/rounds/${roundId}/decisions`, {
    winnerId: shown.pair.a.submissionId,
    loserId: shown.pair.b.submissionId,
  });
  await page.getByRole("button", { name: "B is better" }).click();
  await expect(page.getByText("This pair has changed: here is your current pair.")).toBeVisible();
  await expect(page.getByText("No more pairs for now.")).toBeVisible();
  await expect(page.getByTestId("comparisons")).toHaveText("1 comparison made");
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByTestId("comparisons")).toHaveText("0 comparisons made");

  // A double click answers once; Undo brings the pair back; a second answer counts again.
  await page.getByRole("button", { name: "A is better" }).dblclick();
  await expect(page.getByTestId("comparisons")).toHaveText("1 comparison made");
  await expect(page.getByText("No more pairs for now.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Undo" })).toBeVisible();
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByTestId("comparisons")).toHaveText("0 comparisons made");
  await expect(page.getByRole("heading", { name: "Which is better?" })).toBeVisible();
  await page.getByRole("button", { name: "B is better" }).click();
  await expect(page.getByTestId("comparisons")).toHaveText("1 comparison made");
  await page.screenshot({ path: `${SHOTS}/after-answer.png`, fullPage: true });

  if (overview) {
    await page.goto("/judging");
    await expect(roundCard(page, "Head to head")).toContainText("1 comparison made");
  }
});
