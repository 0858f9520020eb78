// The admin Judging dialog's panel, results and awards (decision 021): judges added by username (at once) or by an
// unknown e-mail (an invitation, which the admin cancels); once the rubric round opens, the entry's judge on the
// Assignments tab, and a judge placed by hand across a conflict refused with the reason; the live results; an award
// created and published. Screenshots go to /tmp/shots-admin/.
import { expect, test, type Page } from "@playwright/test";
import { AUTH_STATE, uniqueName } from "./support/auth";
import { audit } from "./support/axe";
import { call, challengeWithSubmission, dialog, openJudging } from "./support/judging";
import { expectToast } from "./support/ui";

test.use({ storageState: AUTH_STATE.admin });

const SHOTS = "/tmp/shots-admin";

/** The entry passed, and a draft rubric round (one judge per entry) with one criterion. */
async function rubricRound(page: Page, challengeId: string) {
  const [entry] = await (await page.request.get(`/api/challenges/${challengeId}/eligibility`)).json();
  await call(
    page.request,
    `/api/challenges/${challengeId}/eligibility/${entry.submissionId}`,
    { verdict: "PASS", reason: null },
    "put",
  );
  const round = await call(page.request, `/api/challenges/${challengeId}/rounds`, {
    name: "Shortlist",
    method: "RUBRIC",
    judgesPerEntry: 1,
    carryForward: null,
    opensAt: null,
    closesAt: null,
    voteLimit: 3,
  });
  await call(
    page.request,
    `/api/rounds/${round.id}/criteria`,
    {
      criteria: [{ label: "Impact", guidance: null, min: 0, max: 10, weight: 1, visibility: "ENTRANT" }],
    },
    "put",
  );
  return { roundId: round.id as string, submissionId: entry.submissionId as string };
}

async function addJudge(page: Page, usernameOrEmail: string) {
  const form = dialog(page).getByRole("form", { name: "Add a judge" });
  await form.getByLabel("Username or e-mail").fill(usernameOrEmail);
  await form.getByRole("button", { name: "Add judge" }).click();
}

test("judges by username and invitation, assignments with a conflict, results and a published award", async ({
  page,
  browser,
}) => {
  const { id, title, entrant } = await challengeWithSubmission(page, browser, "Quiet courtyards");
  const { roundId } = await rubricRound(page, id);
  await openJudging(page, title);

  // Judges: none yet; one added by username at once, an unknown address invited (then the invitation cancelled).
  await dialog(page).getByRole("tab", { name: "Judges" }).click();
  await expect(dialog(page).getByText("No judges yet.")).toBeVisible();
  await addJudge(page, "priya");
  await expect(dialog(page).getByText(/is a judge now/)).toBeVisible();
  await expect(dialog(page).getByTestId("judge-row")).toHaveCount(1);
  await expect(dialog(page).getByTestId("judge-row")).toContainText("@priya");
  const email = `${uniqueName("inv")}@example.org`;
  await addJudge(page, email);
  await expect(dialog(page).getByText(`Invitation sent to ${email}`, { exact: false })).toBeVisible();
  const invitation = dialog(page).getByTestId("invitation-row");
  await expect(invitation).toContainText(email);
  await page.screenshot({ path: `${SHOTS}/judges.png`, fullPage: false });
  await invitation.getByRole("button", { name: "Cancel invitation" }).click();
  await invitation.getByRole("button", { name: "Confirm: cancel the invitation" }).click();
  await expectToast(page, "Invitation cancelled");
  await expect(dialog(page).getByTestId("invitation-row")).toHaveCount(0);
  // The entrant is on the entry's team: a judge, but never of that entry.
  await addJudge(page, entrant);
  await expect(dialog(page).getByTestId("judge-row")).toHaveCount(2);

  // Assignments: before opening, none; after, Priya judges the entry and the entrant is excluded with the reason.
  await dialog(page).getByRole("tab", { name: "Assignments" }).click();
  await expect(dialog(page).getByText("Judges are assigned to entries once the round is open.")).toBeVisible();
  await dialog(page).getByRole("tab", { name: "Rounds" }).click();
  await dialog(page).getByRole("button", { name: "Open", exact: true }).click();
  await dialog(page).getByRole("button", { name: "Confirm: open Shortlist" }).click();
  await expectToast(page, "Round opened");
  await dialog(page).getByRole("tab", { name: "Assignments" }).click();
  const entry = dialog(page).getByTestId("assignment-entry");
  await expect(entry).toHaveCount(1);
  await expect(entry.getByTestId("assigned-judge")).toContainText("@priya");
  await expect(entry.getByTestId("assigned-judge")).toContainText("Not complete");
  await expect(entry).toContainText("On the entry's team.");
  const { judges } = await (await page.request.get(`/api/challenges/${id}/judges`)).json();
  const teamJudge = judges.find((j: { username: string }) => j.username === entrant);
  await entry.getByRole("combobox", { name: "Assign a judge" }).selectOption(teamJudge.userId);
  await entry.getByRole("button", { name: "Assign", exact: true }).click();
  await expect(entry.getByText("That judge may not judge this entry: On the entry's team.")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/assignments.png`, fullPage: false });
  // Taking Priya off the entry is confirmed; assigning again puts her back (the only judge who may judge it).
  await entry.getByTestId("assigned-judge").getByRole("button", { name: "Remove" }).click();
  await entry.getByRole("button", { name: "Confirm: remove Priya Natarajan" }).click();
  await expectToast(page, "Assignment removed");
  await expect(entry.getByText("No judge on this entry.")).toBeVisible();
  await dialog(page).getByRole("button", { name: "Assign again" }).click();
  await expectToast(page, "Judges assigned again");
  await expect(entry.getByTestId("assigned-judge")).toContainText("@priya");

  // Results: the open round's live table (no scores yet: unranked).
  await dialog(page).getByRole("tab", { name: "Results" }).click();
  await expect(dialog(page).getByRole("table", { name: "Results of Shortlist" })).toBeVisible();
  await expect(dialog(page).getByTestId("result-row")).toHaveCount(1);
  await expect(dialog(page).getByRole("link", { name: "CSV by judge" })).toHaveAttribute(
    "href",
    `/api/rounds/${roundId}/export?format=csv&by=judge`,
  );
  const csv = await page.request.get(`/api/rounds/${roundId}/export?format=csv&by=entry`);
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-disposition"]).toContain("attachment");

  // Awards: none; one added (a label and the entry are required), then published after the confirmation.
  await dialog(page).getByRole("tab", { name: "Awards" }).click();
  await expect(dialog(page).getByText("No awards yet.")).toBeVisible();
  await dialog(page).getByRole("button", { name: "Add award" }).click();
  const form = dialog(page).getByRole("form", { name: "New award" });
  await form.getByRole("button", { name: "Add award" }).click();
  await expect(form.getByText("Choose the entry.")).toBeVisible();
  await form.getByLabel("Label").fill("Winner");
  await form.getByLabel("Entry").selectOption({ index: 1 });
  await form.getByRole("button", { name: "Add award" }).click();
  await expectToast(page, "Award added");
  const award = dialog(page).getByTestId("award-row");
  await expect(award).toContainText("1. Winner");
  await expect(award).toContainText("Draft");
  await dialog(page).getByRole("button", { name: "Publish awards" }).click();
  await expect(dialog(page).getByText(/Published awards appear on the challenge page./)).toBeVisible();
  await dialog(page).getByRole("button", { name: "Confirm: publish awards" }).click();
  await expectToast(page, "Awards published");
  await expect(award).toContainText("Published");
  await page.screenshot({ path: `${SHOTS}/awards.png`, fullPage: false });
  const published = await (await page.request.get(`/api/challenges/${id}/results`)).json();
  expect(published.awards).toMatchObject([{ label: "Winner", rank: 1 }]);
});

test("a public vote's votes on the Results tab: the tally, the vote list, and voiding with a reason", async ({
  page,
  browser,
}) => {
  const { id, title } = await challengeWithSubmission(page, browser, "Night markets");
  const [entry] = await (await page.request.get(`/api/challenges/${id}/eligibility`)).json();
  await call(page.request, `/api/challenges/${id}/eligibility/${entry.submissionId}`, { verdict: "PASS", reason: null }, "put");
  const round = await call(page.request, `/api/challenges/${id}/rounds`, {
    name: "People's vote",
    method: "PUBLIC_VOTE",
    judgesPerEntry: 1,
    carryForward: null,
    opensAt: null,
    closesAt: null,
    voteLimit: 1,
  });
  await call(page.request, `/api/rounds/${round.id}/open`);
  const member = (await browser.newContext({ storageState: AUTH_STATE.member })).request;
  await call(member, `/api/rounds/${round.id}/votes`, { submissionIds: [entry.submissionId] }, "put");

  await openJudging(page, title);
  await dialog(page).getByRole("tab", { name: "Results" }).click();
  const votes = dialog(page).getByRole("region", { name: "Votes" });
  await expect(votes.getByRole("table", { name: "Tally" })).toContainText("1");
  const row = votes.getByTestId("vote-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("@member");
  await expect(row).toContainText("Counted");
  const form = votes.getByRole("form", { name: "Void votes" });
  await expect(form.getByRole("button", { name: "Void votes" })).toBeDisabled();
  await row.getByRole("checkbox").check();
  await form.getByRole("button", { name: "Void votes" }).click();
  await expect(form.getByText("Say why these votes are voided", { exact: false })).toBeVisible();
  await form.getByLabel("Reason for voiding (kept with the votes)").fill("A test vote by the organisers");
  await form.getByRole("button", { name: "Void votes" }).click();
  await expect(form.getByText(/Voided votes never count again/)).toBeVisible();
  await form.getByRole("button", { name: "Confirm: void votes" }).click();
  await expectToast(page, "1 vote voided");
  await expect(row).toContainText("Voided: A test vote by the organisers");
  await page.screenshot({ path: `${SHOTS}/votes.png`, fullPage: false });
});

test("no accessibility violations in the Judging dialog's Judges, Assignments, Results and Awards tabs", async ({
  page,
  browser,
}) => {
  const { id, title } = await challengeWithSubmission(page, browser, "Shaded benches");
  const { roundId } = await rubricRound(page, id);
  await call(page.request, `/api/challenges/${id}/judges`, { usernameOrEmail: "priya" });
  await call(page.request, `/api/challenges/${id}/judges`, { usernameOrEmail: `${uniqueName("inv")}@example.org` });
  await call(page.request, `/api/rounds/${roundId}/open`);
  await openJudging(page, title);
  await dialog(page).getByRole("tab", { name: "Judges" }).click();
  await expect(dialog(page).getByTestId("invitation-row")).toHaveCount(1);
  await dialog(page).getByTestId("judge-row").getByRole("button", { name: "Remove" }).click();
  await expect(dialog(page).getByText(/Their access to the entries ends at once./)).toBeVisible();
  expect(await audit(page)).toEqual([]);
  await dialog(page).getByRole("tab", { name: "Assignments" }).click();
  await expect(dialog(page).getByTestId("assigned-judge")).toContainText("@priya");
  expect(await audit(page)).toEqual([]);
  await dialog(page).getByRole("tab", { name: "Results" }).click();
  await expect(dialog(page).getByTestId("result-row")).toHaveCount(1);
  expect(await audit(page)).toEqual([]);
  await dialog(page).getByRole("tab", { name: "Awards" }).click();
  await expect(dialog(page).getByText("No awards yet.")).toBeVisible();
  await dialog(page).getByRole("button", { name: "Add award" }).click();
  await expect(dialog(page).getByRole("form", { name: "New award" })).toBeVisible();
  expect(await audit(page)).toEqual([]);
});
