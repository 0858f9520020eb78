// The admin's Judging dialog (decision 021): on /admin/challenges a challenge's Judging dialog screens the submitted
// entries (Pass, or Fail only with a reason), creates a rubric round, saves its criteria (a bad row is refused on the
// row), and opens the round after a confirmation that says what opening does. Screenshots go to /tmp/shots-admin/.
import { expect, test } from "@playwright/test";
import { AUTH_STATE } from "./support/auth";
import { audit } from "./support/axe";
import { challengeWithSubmission, dialog, openJudging } from "./support/judging";
import { expectToast } from "./support/ui";

test.use({ storageState: AUTH_STATE.admin });

const SHOTS = "/tmp/shots-admin";

test("the admin screens the entries, creates a rubric round, saves its criteria and opens it", async ({ page, browser }) => {
  const { id, title } = await challengeWithSubmission(page, browser);
  await openJudging(page, title);
  await expect(dialog(page).getByText(/No rounds yet/)).toBeVisible();

  // Eligibility: a fail needs a reason; then the entry passes.
  await dialog(page).getByRole("tab", { name: "Eligibility" }).click();
  const entry = dialog(page).getByTestId("eligibility-row");
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText("Not screened");
  await entry.getByRole("button", { name: "Fail" }).click();
  await entry.getByRole("button", { name: "Confirm fail" }).click();
  await expect(entry.getByText("A failed check needs a reason: the team is told.")).toBeVisible();
  await entry.getByRole("button", { name: "Cancel" }).click();
  await entry.getByRole("button", { name: "Pass" }).click();
  await expectToast(page, /passed/);
  await expect(entry).toContainText("Pass");
  await expect(dialog(page).getByText("1 of 1 passed.", { exact: false })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/eligibility.png`, fullPage: false });

  // A rubric round with one judge per entry.
  await dialog(page).getByRole("tab", { name: "Rounds" }).click();
  await dialog(page).getByRole("button", { name: "Add round" }).click();
  const form = dialog(page).getByRole("form", { name: "New round" });
  await form.getByLabel("Name").fill("Shortlist");
  await form.getByLabel("Judges per entry").fill("1");
  await form.getByRole("button", { name: "Create round" }).click();
  await expectToast(page, "Round created");
  const round = dialog(page).getByTestId("round-row");
  await expect(round).toHaveCount(1);
  await expect(round).toContainText("1. Shortlist");
  await expect(round).toContainText("Draft");
  await expect(round).toContainText("0 criteria");

  // Criteria: a row with min above max is refused on the row, then two good rows are saved.
  await round.getByRole("button", { name: "Edit criteria" }).click();
  const rows = round.getByTestId("criterion-row");
  await rows.nth(0).getByLabel("Criterion 1 label").fill("Impact");
  await rows.nth(0).getByLabel("Min").fill("5");
  await rows.nth(0).getByLabel("Max").fill("1");
  await round.getByRole("button", { name: "Save criteria" }).click();
  await expect(rows.nth(0).getByText("Max must be above min.")).toBeVisible();
  await rows.nth(0).getByLabel("Min").fill("0");
  await rows.nth(0).getByLabel("Max").fill("10");
  await rows.nth(0).getByLabel("Weight").fill("2");
  await rows.nth(0).getByLabel("Guidance for judges").fill("Who is better off, and how many?");
  await round.getByRole("button", { name: "Add criterion" }).click();
  await rows.nth(1).getByLabel("Criterion 2 label").fill("Feasibility");
  await rows.nth(1).getByLabel("Feedback seen by").selectOption("ENTRANT");
  await page.screenshot({ path: `${SHOTS}/criteria.png`, fullPage: false });
  await round.getByRole("button", { name: "Save criteria" }).click();
  await expectToast(page, "Criteria saved", "2 criteria.");
  await expect(round).toContainText("2 criteria");

  const saved = await (
    await page.request.get(
      `/api/rounds/${(await (await page.request.get(`/api/challenges/${id}/rounds`)).json())[0].id}/criteria`,
    )
  ).json();
  expect(saved).toMatchObject([
    { label: "Impact", min: 0, max: 10, weight: 2, visibility: "PRIVATE", guidance: "Who is better off, and how many?" },
    { label: "Feasibility", min: 0, max: 10, weight: 1, visibility: "ENTRANT", guidance: null },
  ]);

  // Opening says what it does first, then opens.
  await round.getByRole("button", { name: "Open", exact: true }).click();
  await expect(round.getByText(/Opening fixes the round's entries and criteria/)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/open-confirm.png`, fullPage: false });
  await round.getByRole("button", { name: "Confirm: open Shortlist" }).click();
  await expectToast(page, "Round opened");
  await expect(round).toContainText("Open");
  await expect(round).toContainText("1 entry");
  await expect(round.getByRole("button", { name: "Close", exact: true })).toBeVisible();
  await expect(round.getByRole("button", { name: "Edit settings" })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/round-open.png`, fullPage: false });

  // A second round whose entries the admin picks from the first; then deleted while it is the last draft.
  await dialog(page).getByRole("button", { name: "Add round" }).click();
  const next = dialog(page).getByRole("form", { name: "New round" });
  await next.getByLabel("Name").fill("Final");
  await next.getByRole("button", { name: "Create round" }).click();
  await expectToast(page, "Round created");
  const final = dialog(page).getByTestId("round-row").nth(1);
  await expect(final).toContainText("entries picked by hand");
  await final.getByRole("button", { name: "Pick entries" }).click();
  await final.getByRole("checkbox").check();
  await final.getByRole("button", { name: "Save entries (1)" }).click();
  await expectToast(page, "Entries saved", "1 of 1 from Shortlist.");
  await expect(final).toContainText("1 entry");
  await final.getByRole("button", { name: "Delete" }).click();
  await final.getByRole("button", { name: "Confirm: delete Final" }).click();
  await expectToast(page, "Round deleted");
  await expect(dialog(page).getByTestId("round-row")).toHaveCount(1);

  // Closing, then publishing: the confirmation names the SHA-256, and the toast gives it.
  await round.getByRole("button", { name: "Close", exact: true }).click();
  await round.getByRole("button", { name: "Confirm: close Shortlist" }).click();
  await expectToast(page, "Round closed");
  await round.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(round.getByText(/records their SHA-256/)).toBeVisible();
  await round.getByRole("button", { name: "Confirm: publish Shortlist" }).click();
  await expectToast(page, "Results published", /SHA-256 [0-9a-f]{64}/);
  await expect(round).toContainText("Published");
  await expect(round.getByLabel("Rank by")).toBeDisabled();
});

test("no accessibility violations in the Judging dialog (rounds, the round form, eligibility)", async ({ page, browser }) => {
  const { title } = await challengeWithSubmission(page, browser);
  await openJudging(page, title);
  await expect(dialog(page).getByText(/No rounds yet/)).toBeVisible();
  await dialog(page).getByRole("button", { name: "Add round" }).click();
  expect(await audit(page)).toEqual([]);
  await dialog(page).getByRole("tab", { name: "Eligibility" }).click();
  await expect(dialog(page).getByTestId("eligibility-row")).toHaveCount(1);
  expect(await audit(page)).toEqual([]);
});
