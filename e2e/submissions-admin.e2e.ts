// The admin Submissions view (decision 019): on /admin/challenges a challenge's Submissions dialog lists the teams'
// submissions with a state filter, links the CSV and the ZIP of every submitted version, grants a team more time and
// disqualifies it with a reason (confirmed, then shown on the row). Axe finds nothing in the dialog in either theme.
import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { AUTH_STATE, siteOrigin, uniqueName } from "./support/auth";
import { audit } from "./support/axe";
import { expectToast, waitForHydration } from "./support/ui";

test.use({ storageState: AUTH_STATE.admin });

const headers = () => ({ origin: siteOrigin() });
async function call(request: APIRequestContext, path: string, data: object = {}, method: "post" | "patch" | "put" = "post") {
  const res = await request[method](path, { data, headers: headers() });
  expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
  return res.json();
}

/** An ACTIVE challenge asking for a link and a problem statement, with the demo member's team submitted on it. */
async function challengeWithSubmission(page: Page, browser: Browser) {
  const admin = page.request;
  const member = (await browser.newContext({ storageState: AUTH_STATE.member })).request;
  const title = `Quiet streets ${uniqueName("sa")}`;
  const { id } = await call(admin, "/api/challenges", {
    title,
    description: "Less noise at night",
    status: "ACTIVE",
    startDate: "2026-01-01T00:00:00.000Z",
    endDate: "2031-06-30T17:00:00.000Z",
  });
  const link = await call(admin, `/api/challenges/${id}/deliverables`, { title: "Prototype link", kind: "URL", required: true });
  const problem = await call(admin, `/api/challenges/${id}/deliverables`, { title: "Problem", kind: "TEXT", required: false });
  const applied = await call(member, `/api/challenges/${id}/register`, {
    applicantName: "Demo member",
    applicantEmail: "member@example.com",
    company: "Neighbours",
    role: "Volunteer",
    isEnterprise: false,
    interestDescription: "We measure the noise on our street every night.",
  });
  await call(admin, `/api/challenges/${id}/applications/${applied.id}/approve`, {}, "patch");
  await call(member, `/api/challenges/${id}/submission`);
  await call(
    member,
    `/api/challenges/${id}/submission/items/${link.id}`,
    { url: "https://example.org/quiet", revision: 0 },
    "put",
  );
  await call(
    member,
    `/api/challenges/${id}/submission/items/${problem.id}`,
    { text: "Night buses wake the street at 3 am.", revision: 0 },
    "put",
  );
  await call(member, `/api/challenges/${id}/submission/submit`);
  return { id, title };
}

const dialog = (page: Page) => page.getByRole("dialog");

async function openSubmissions(page: Page, title: string) {
  await page.goto("/admin/challenges");
  await waitForHydration(page);
  await page
    .getByTestId("admin-challenge-card")
    .filter({ has: page.getByRole("heading", { name: title, exact: true }) })
    .getByRole("button", { name: "Submissions" })
    .click();
  await expect(dialog(page).getByRole("heading", { name: `Submissions: ${title}` })).toBeVisible();
}

test("the admin filters a challenge's submissions, downloads them, grants an extension and disqualifies", async ({
  page,
  browser,
}) => {
  const { id, title } = await challengeWithSubmission(page, browser);
  await openSubmissions(page, title);
  const rows = dialog(page).getByTestId("submission-row");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Submitted");
  await expect(rows.first()).toContainText("Version 1");

  await dialog(page).getByLabel("State").selectOption("DISQUALIFIED");
  await expect(dialog(page).getByText("No submissions in this state.")).toBeVisible();
  await expect(dialog(page).getByRole("link", { name: "Export CSV" })).toHaveAttribute(
    "href",
    `/api/challenges/${id}/submissions.csv?status=DISQUALIFIED`,
  );
  await dialog(page).getByLabel("State").selectOption("");
  await expect(rows).toHaveCount(1);

  const zipHref = await dialog(page).getByRole("link", { name: "Download all (ZIP)" }).getAttribute("href");
  const zip = await page.request.get(zipHref!);
  expect(zip.status()).toBe(200);
  expect(zip.headers()["content-type"]).toBe("application/zip");
  expect((await zip.body()).subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));

  await rows.first().getByRole("button", { name: "Grant extension" }).click();
  await rows.first().getByLabel("Changes allowed until (your time zone)").fill("2031-07-15T12:00");
  await rows.first().getByRole("button", { name: "Grant extension" }).click();
  await expectToast(page, "Extension granted");
  await expect(rows.first()).toContainText(/Extended until Jul 15, 2031/);

  await rows.first().getByRole("button", { name: "Disqualify" }).click();
  await rows.first().getByLabel("Reason (the team sees it)").fill("The prototype belongs to another team.");
  await rows.first().getByRole("button", { name: "Confirm disqualification" }).click();
  await expectToast(page, "Submission disqualified");
  await expect(rows.first()).toContainText("Disqualified: The prototype belongs to another team.");
  await expect(rows.first().getByRole("button", { name: "Disqualify" })).toHaveCount(0);

  // The team reads the reason on its own submission.
  const member = (await browser.newContext({ storageState: AUTH_STATE.member })).request;
  const mine = await (await member.get(`/api/challenges/${id}/submission`)).json();
  expect(mine).toMatchObject({ status: "DISQUALIFIED", disqualifiedReason: "The prototype belongs to another team." });
});

test("archiving the completed challenge seeds its project from the chosen team's submission", async ({ page, browser }) => {
  const { id, title } = await challengeWithSubmission(page, browser);
  await call(page.request, `/api/challenges/${id}`, { status: "COMPLETED" }, "patch");
  await page.goto("/admin/projects");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Archive Challenge" }).click();
  const archive = page.getByRole("dialog", { name: "Archive Challenge" });
  await archive.getByLabel("Completed Challenge").selectOption({ label: title });
  const seed = archive.getByLabel("Seed the project from a submission (optional)");
  await expect(seed.locator("option", { hasText: "— version 1" })).toHaveCount(1);
  await seed.selectOption({ index: 1 });
  await archive.getByLabel(/Create draft resources/).uncheck();
  await archive.getByRole("button", { name: "Archive Challenge" }).click();
  await expectToast(page, "Challenge archived successfully", "Project created");

  const found = await (await page.request.get(`/api/projects?search=${encodeURIComponent(title)}`)).json();
  const project = (found as { challengeId: string | null; problem: string }[]).find((p) => p.challengeId === id);
  expect(project?.problem).toBe("Night buses wake the street at 3 am.");
});

for (const theme of ["dark", "light"] as const) {
  test(`no accessibility violations (${theme} theme: the Submissions dialog and its disqualify form)`, async ({
    page,
    browser,
  }) => {
    await page.addInitScript((t) => localStorage.setItem("theme", t), theme);
    const { title } = await challengeWithSubmission(page, browser);
    await openSubmissions(page, title);
    await expect(dialog(page).getByTestId("submission-row")).toHaveCount(1);
    expect(await audit(page)).toEqual([]);
    await dialog(page).getByRole("button", { name: "Disqualify" }).click();
    await expect(dialog(page).getByLabel("Reason (the team sees it)")).toBeVisible();
    expect(await audit(page)).toEqual([]);
  });
}
