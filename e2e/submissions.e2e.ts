// Submissions (decision 019): a team of two — the demo member starts the team's submission in the workspace and
// invites amara, who accepts on /dashboard; each fills an entry (a link, a text), a stale save shows the teammate's
// version and keeps what was typed, and the team submits; the challenge page and /dashboard lead there. A file entry
// uploads with its progress, downloads through a signed link and shows its SHA-256 in the version; text stays inert.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { expect, test, type APIRequestContext, type Browser } from "@playwright/test";
import { AUTH_STATE, apiLogin, siteOrigin, uniqueName } from "./support/auth";
import { audit } from "./support/axe";
import { expectToast, waitForHydration } from "./support/ui";

const AMARA = { username: "amara", password: "demo-member-1234" };
const headers = () => ({ origin: siteOrigin() });

async function post(request: APIRequestContext, path: string, data: object = {}, method: "post" | "patch" = "post") {
  const res = await request[method](path, { data, headers: headers() });
  expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
  return res.json();
}

/** An ACTIVE challenge asking for a link and a text, with `member` and `amara` approved on it. */
async function challengeWithTeamMates(browser: Browser) {
  const admin = await (await browser.newContext({ storageState: AUTH_STATE.admin })).request;
  const member = await (await browser.newContext({ storageState: AUTH_STATE.member })).request;
  const amaraContext = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  expect((await apiLogin(amaraContext.request, AMARA.username, AMARA.password)).status()).toBe(200);
  const title = `River clean-up ${uniqueName("s")}`;
  const { id } = await post(admin, "/api/challenges", {
    title,
    description: "Less litter in the river",
    status: "ACTIVE",
    startDate: "2026-01-01T00:00:00.000Z",
    endDate: "2031-06-30T17:00:00.000Z",
  });
  await post(admin, `/api/challenges/${id}/deliverables`, { title: "Prototype link", kind: "URL", required: true });
  await post(admin, `/api/challenges/${id}/deliverables`, { title: "Team story", kind: "TEXT", required: true });
  const application = {
    applicantName: "Team mate",
    applicantEmail: "mate@example.com",
    company: "Neighbours",
    role: "Volunteer",
    isEnterprise: false,
    interestDescription: "We clean the river every spring and want to do more.",
  };
  for (const who of [member, amaraContext.request]) {
    const applied = await post(who, `/api/challenges/${id}/register`, application);
    await post(admin, `/api/challenges/${id}/applications/${applied.id}/approve`, {}, "patch");
  }
  return { id, title, amaraContext };
}

test.use({ storageState: AUTH_STATE.member });

test("a team of two fills its entries and submits; a stale save keeps what was typed", async ({ page, browser }) => {
  const { id, title, amaraContext } = await challengeWithTeamMates(browser);

  // The challenge page's side card leads an approved participant to the workspace.
  await page.goto(`/challenges/${id}`);
  await page.getByRole("link", { name: "Your team's submission" }).click();
  await expect(page).toHaveURL(`/challenges/${id}/submission`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Start Submission" }).click();
  await expectToast(page, "Submission started");
  await expect(page.getByTestId("submission-status")).toContainText("Draft — not submitted yet");

  // Submit before the required entries are filled: the server's words.
  await page.getByRole("button", { name: "Submit" }).click();
  await expectToast(page, "Complete every required deliverable before submitting.");

  await page.getByLabel("Invite an approved participant").fill(AMARA.username);
  await page.getByRole("button", { name: "Invite", exact: true }).click();
  await expectToast(page, "Invitation sent");
  await expect(page.getByText(/waiting for an answer/)).toBeVisible();

  // amara accepts on /dashboard and lands in the workspace.
  const amara = await amaraContext.newPage();
  await amara.goto("/dashboard");
  await waitForHydration(amara);
  const invitation = amara.getByTestId("team-invitation").filter({ hasText: title });
  await invitation.getByRole("button", { name: "Accept" }).click();
  await expect(amara).toHaveURL(`/challenges/${id}/submission`);
  await waitForHydration(amara);
  await expect(amara.getByTestId("team-members")).toContainText("@amara");

  // Both open the text entry; amara saves first, the member's save is stale: amara's version shows, the typed text stays.
  await page.reload();
  await waitForHydration(page);
  const story = (p: typeof page) => p.getByTestId("entry-card").filter({ hasText: "Team story" });
  await story(amara).getByLabel("Text").fill("amara's story");
  await story(amara).getByRole("button", { name: "Save" }).click();
  await expectToast(amara, "Saved");
  await story(page).getByLabel("Text").fill("member's story");
  await story(page).getByRole("button", { name: "Save" }).click();
  await expect(story(page).getByTestId("their-version")).toContainText("amara's story");
  await expect(story(page).getByLabel("Text")).toHaveValue("member's story");
  await story(page).getByRole("button", { name: "Save" }).click(); // knowingly replaces it
  await expectToast(page, "Saved");

  const link = page.getByTestId("entry-card").filter({ hasText: "Prototype link" });
  await link.getByLabel("Link").fill("javascript:alert(1)");
  await link.getByRole("button", { name: "Save" }).click();
  await expect(link.getByText("Enter a link that starts with http:// or https://")).toBeVisible();
  await link.getByLabel("Link").fill("https://example.org/prototype");
  await link.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Saved");

  await page.getByRole("button", { name: "Submit" }).click();
  await expectToast(page, "Submission sent");
  await expect(page.getByTestId("submission-status")).toContainText("Submitted");
  await expect(page.getByTestId("submission-status")).toContainText("Version 1");
  await page.reload();
  await expect(page.getByTestId("entry-state")).toHaveText(["Submitted", "Submitted"]);

  // /dashboard shows each deliverable's state, due time and time left, and the team; it leads back to the workspace.
  await page.goto("/dashboard");
  const card = page.getByTestId("dashboard-challenge").filter({ hasText: title });
  const deliverables = card.getByTestId("dashboard-deliverable");
  await expect(deliverables).toHaveCount(2);
  await expect(deliverables.first()).toContainText(
    /Prototype link\s*Submitted\s*Due \w{3} \d+, \d{4} \d\d:\d\d UTC\s*\d+ days left/,
  );
  await expect(card.getByTestId("dashboard-team")).toContainText("(owner)");
  await card.getByRole("link", { name: "Your team's submission" }).click();
  await expect(page).toHaveURL(`/challenges/${id}/submission`);
});

for (const theme of ["dark", "light"] as const) {
  test(`no accessibility violations (${theme} theme: the workspace with its team and entries, a file entry's upload included)`, async ({
    page,
    browser,
  }) => {
    await page.addInitScript((t) => localStorage.setItem("theme", t), theme);
    const { id } = await challengeWithTeamMates(browser);
    const admin = await (await browser.newContext({ storageState: AUTH_STATE.admin })).request;
    await post(admin, `/api/challenges/${id}/deliverables`, { title: "Deck", kind: "FILE", required: false });
    await post(page.request, `/api/challenges/${id}/submission`);
    await page.goto(`/challenges/${id}/submission`);
    await waitForHydration(page);
    await expect(page.getByTestId("entry-card")).toHaveCount(3);
    await expect(page.getByTestId("file-entry")).toBeVisible();
    expect(await audit(page)).toEqual([]);
  });
}

test("someone who is not an approved participant is told why, and the API refuses them", async ({ browser }) => {
  const { id } = await challengeWithTeamMates(browser);
  const admin = await (await browser.newContext({ storageState: AUTH_STATE.admin })).newPage();
  await admin.goto(`/challenges/${id}/submission`);
  await expect(admin.getByText("Only approved participants can submit.")).toBeVisible();
  const refused = await admin.request.post(`/api/challenges/${id}/submission`, { headers: headers() });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ message: "Only approved participants can submit" });
});

test("a file entry: uploaded with its progress, downloaded through a signed link, its SHA-256 in the version; a wrong kind refused; text shown inert", async ({
  page,
  browser,
}) => {
  const { id } = await challengeWithTeamMates(browser);
  const admin = await (await browser.newContext({ storageState: AUTH_STATE.admin })).request;
  await post(admin, `/api/challenges/${id}/deliverables`, {
    title: "White paper",
    kind: "FILE",
    required: true,
    acceptedKinds: ["pdf"],
    maxBytes: 1024 * 1024,
  });
  await post(page.request, `/api/challenges/${id}/submission`);
  await page.goto(`/challenges/${id}/submission`);
  await waitForHydration(page);
  const paper = page.getByTestId("entry-card").filter({ hasText: "White paper" });
  await expect(paper).toContainText("Accepted: PDF · up to 1 MB");

  // PNG bytes under a .pdf name: the server reads the bytes and says what is accepted.
  const png = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
    "base64",
  );
  await paper.getByLabel("File").setInputFiles({ name: "paper.pdf", mimeType: "application/pdf", buffer: png });
  await paper.getByRole("button", { name: "Upload" }).click();
  await expect(paper.getByRole("alert")).toContainText("This deliverable accepts PDF only");

  const pdf = readFileSync("site/public/files/white-papers/classroom-repair-cafe.pdf");
  const hash = createHash("sha256").update(pdf).digest("hex");
  await paper.getByLabel("File").setInputFiles({ name: "Our paper.pdf", mimeType: "application/pdf", buffer: pdf });
  await paper.getByRole("button", { name: "Upload" }).click();
  await expectToast(page, "File uploaded");
  await expect(paper.getByTestId("current-file")).toContainText("Our paper.pdf");
  await expect(paper.getByTestId("current-file")).toContainText(hash);

  // The download goes through a short-lived signed link; the bytes are the file's.
  const download = await page.request.get(
    `/api/challenges/${id}/submission/items/${await deliverableId(page, id, "White paper")}/file`,
  );
  expect(download.status()).toBe(200);
  expect(
    createHash("sha256")
      .update(await download.body())
      .digest("hex"),
  ).toBe(hash);

  // A text with markup is shown as text: no script runs, no element is made of it.
  let dialogs = 0;
  page.on("dialog", (dialog) => {
    dialogs++;
    void dialog.dismiss();
  });
  const story = page.getByTestId("entry-card").filter({ hasText: "Team story" });
  await story
    .getByLabel("Text")
    .fill('# Plan\n\n<script>alert(1)</script> <img src=x onerror="alert(2)"> [x](javascript:alert(3))');
  await story.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Saved");
  const preview = story.getByTestId("text-preview");
  await expect(preview.getByRole("heading", { name: "Plan" })).toBeVisible();
  await expect(preview).toContainText("<script>alert(1)</script>");
  await expect(preview.locator("script, img, a")).toHaveCount(0);

  const link = page.getByTestId("entry-card").filter({ hasText: "Prototype link" });
  await link.getByLabel("Link").fill("https://example.org/prototype");
  await link.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Saved");
  await page.getByRole("button", { name: "Submit" }).click();
  await expectToast(page, "Submission sent");

  await page.getByRole("button", { name: "Show versions" }).click();
  await page.getByRole("button", { name: "Version 1" }).click();
  await expect(page.getByTestId("version-sha256")).toHaveText(`SHA-256 ${hash}`);
  await expect(page.getByTestId("version-detail").locator("script, img")).toHaveCount(0);
  expect(dialogs).toBe(0);
});

async function deliverableId(page: import("@playwright/test").Page, challengeId: string, title: string) {
  const list = (await (await page.request.get(`/api/challenges/${challengeId}/deliverables`)).json()) as {
    id: string;
    title: string;
  }[];
  return list.find((d) => d.title === title)!.id;
}
