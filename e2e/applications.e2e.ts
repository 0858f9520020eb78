// Applying to a challenge end to end: the dialog's rules and messages, success (and no refetch), a second application
// refused; a reviewer approves with a note; the member sees Approved and the note, got the e-mail, and finds the
// challenge on /dashboard.
import { expect, test, type Page } from "@playwright/test";
import { audit } from "./support/axe";
import { AUTH_STATE, DEMO, registerViaApi, signIn, siteOrigin, uniqueName } from "./support/auth";
import { waitForMail } from "./support/mail";
import { expectToast, waitForHydration } from "./support/ui";

const CHALLENGE_TITLE = "Food Rescue Networks"; // ACTIVE in the demo seed, no approved participants

async function challengeId(page: Page): Promise<string> {
  const response = await page.request.get(`/api/challenges?search=${encodeURIComponent(CHALLENGE_TITLE)}`);
  const found = ((await response.json()) as { id: string; title: string }[]).find((c) => c.title === CHALLENGE_TITLE);
  if (!found) throw new Error(`${CHALLENGE_TITLE} is not in the demo seed`);
  return found.id;
}

const dialog = (page: Page) => page.getByRole("dialog");

test("a member applies, is refused a second time, is approved with a note, and sees it everywhere", async ({
  page,
  request,
  baseURL,
}) => {
  const username = uniqueName("apply");
  const email = `${username}@example.com`;
  const password = "apply-demo-1234";
  await registerViaApi(request, { username, email, password, firstName: "Rosa" });
  await signIn(page, username, password);
  const id = await challengeId(page);

  await page.goto(`/challenges/${id}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Register Now" }).click();
  await expect(dialog(page).getByRole("heading", { name: `Apply to ${CHALLENGE_TITLE}` })).toBeVisible();
  // Defaults from the signed-in user (first name only: this account has no last name).
  await expect(dialog(page).getByLabel("Full Name")).toHaveValue("Rosa");
  await expect(dialog(page).getByLabel("Email")).toHaveValue(email);

  // The explanation is asked only of non-enterprise applicants.
  const explanation = dialog(page).getByLabel("Enterprise explanation (optional)");
  await expect(explanation).toBeVisible();
  await dialog(page)
    .getByLabel(/enterprise participant/)
    .check();
  await expect(explanation).toBeHidden();
  await dialog(page)
    .getByLabel(/enterprise participant/)
    .uncheck();
  await expect(explanation).toBeVisible();

  // Closed, then reopened: the form starts afresh (it resets 200 ms after closing: the closed <dialog> keeps its
  // fields, so the reset is awaited there before reopening, which would cancel it).
  await dialog(page).getByLabel("Why are you interested?").fill("Half a thought");
  await dialog(page).getByRole("button", { name: "Cancel" }).click();
  await expect(dialog(page)).toBeHidden();
  const closedDialog = page.locator("dialog").filter({ hasText: `Apply to ${CHALLENGE_TITLE}` });
  await expect(closedDialog.getByLabel("Why are you interested?")).toHaveValue("");
  await page.getByRole("button", { name: "Register Now" }).click();
  await expect(dialog(page).getByLabel("Why are you interested?")).toHaveValue("");

  // SPEC §5: the five rules, with their exact messages, before any request.
  let posted = 0;
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().endsWith(`/api/challenges/${id}/register`)) posted += 1;
  });
  await dialog(page).getByLabel("Full Name").fill("R");
  await dialog(page).getByLabel("Email").fill("not-an-email");
  await dialog(page).getByLabel("Company").fill("C");
  await dialog(page).getByLabel("Role").fill("x");
  await dialog(page).getByLabel("Why are you interested?").fill("too short");
  await dialog(page).getByRole("button", { name: "Submit Application" }).click();
  for (const message of [
    "Name must be at least 2 characters",
    "Company name must be at least 2 characters",
    "Please enter a valid email address",
    "Role must be at least 2 characters",
    "Please provide at least 10 characters describing your interest",
  ]) {
    await expect(dialog(page).getByText(message, { exact: true })).toBeVisible();
  }
  expect(posted).toBe(0);

  await dialog(page).getByLabel("Full Name").fill("Rosa Parks");
  await dialog(page).getByLabel("Email").fill(email);
  await dialog(page).getByLabel("Company").fill("Community Kitchens");
  await dialog(page).getByLabel("Role").fill("Logistics volunteer");
  await dialog(page).getByLabel("Enterprise explanation (optional)").fill("I volunteer on my own time.");
  await dialog(page).getByLabel("Why are you interested?").fill("I run a neighbourhood fridge and want fewer meals wasted.");
  // The participant count is of approved applications: applying leaves it as the page rendered it, unasked.
  const count = page.getByTestId("challenge-participants");
  const countBefore = await count.textContent();
  let refetched = 0;
  page.on("request", (r) => {
    if (r.method() === "GET" && r.url().endsWith(`/api/challenges/${id}`)) refetched += 1;
  });
  await dialog(page).getByRole("button", { name: "Submit Application" }).dblclick();
  await expect(dialog(page).getByRole("heading", { name: "Application Submitted!" })).toBeVisible();
  await expectToast(page, "Application Submitted");
  expect(refetched, "the challenge is not refetched after applying").toBe(0);
  expect(await count.textContent(), "the page's participant count is left as rendered").toBe(countBefore);
  expect(posted, "a double click sends one application").toBe(1);
  // The page behind the success dialog already agrees with it: Pending Review, never next to Register Now. (CSS
  // locators: the modal makes the page inert, which role queries would skip.)
  const sideCard = page.getByTestId("challenge-side-card");
  await expect(sideCard.getByTestId("application-state")).toContainText("Pending Review");
  await expect(sideCard.locator("button", { hasText: "Register Now" })).toHaveCount(0);
  await expect(sideCard.locator("button", { hasText: "Already Applied" })).toHaveCount(1);
  await dialog(page).getByRole("status").getByRole("button", { name: "Close" }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(page.getByTestId("application-state")).toContainText("Pending Review");

  // One application per member: Register Now gives way to a disabled Already Applied (focus comes back to it from
  // the dialog), also after a reload or going back to the page, and the API refuses a second one.
  const alreadyApplied = page.getByRole("button", { name: "Already Applied" });
  await expect(alreadyApplied).toBeDisabled();
  await expect(alreadyApplied).toBeFocused();
  await expect(page.getByRole("button", { name: "Register Now" })).toHaveCount(0);
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole("button", { name: "Already Applied" })).toBeDisabled();
  await expect(page.getByTestId("application-state")).toContainText("Pending Review");
  await expect(page.getByRole("button", { name: "Register Now" })).toHaveCount(0);
  await page.goto("/my-applications");
  await page.goBack();
  await waitForHydration(page);
  await expect(page.getByRole("button", { name: "Already Applied" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Register Now" })).toHaveCount(0);
  const second = await page.request.post(`/api/challenges/${id}/register`, {
    data: {
      applicantName: "Rosa",
      applicantEmail: email,
      company: "Community Kitchens",
      role: "Logistics volunteer",
      isEnterprise: false,
      interestDescription: "Trying a second time, which should not work.",
    },
    headers: { origin: siteOrigin() },
  });
  expect(second.status()).toBe(409);
  expect(((await second.json()) as { message: string }).message).toBe("You have already applied to this challenge.");

  await page.goto("/my-applications");
  const card = page.getByTestId("application-card").filter({ hasText: CHALLENGE_TITLE });
  await expect(card).toContainText("Pending Review");
  await expect(card).toContainText("Community Kitchens");
  await expect(card).toContainText("Logistics volunteer");

  // A reviewer approves with a note on /admin/challenges; the decided application offers no second decision.
  const adminContext = await page.context().browser()!.newContext({ baseURL, storageState: AUTH_STATE.admin });
  const adminPage = await adminContext.newPage();
  await adminPage.goto("/admin/challenges");
  await waitForHydration(adminPage);
  await adminPage
    .getByTestId("admin-challenge-card")
    .filter({ has: adminPage.getByRole("heading", { name: CHALLENGE_TITLE, exact: true }) })
    .getByRole("button", { name: "Applications" })
    .click();
  const item = adminPage.getByTestId("review-item").filter({ hasText: email });
  await expect(item).toContainText("Pending Review");
  const note = "Welcome aboard! Kick-off call on Monday at 10:00.";
  await item.getByLabel("Note to the applicant (optional)").fill(note);
  await item.getByRole("button", { name: "Approve" }).click();
  await expectToast(adminPage, "Application Approved");
  await expect(item).toContainText("Approved");
  await expect(item.getByRole("button", { name: "Approve" })).toHaveCount(0);
  await expect(item).toContainText(`Note sent: ${note}`);
  const list = (await (await adminPage.request.get(`/api/challenges/${id}/applications`)).json()) as {
    id: string;
    applicantEmail: string;
  }[];
  const application = list.find((a) => a.applicantEmail === email)!;
  const again = await adminPage.request.patch(`/api/challenges/${id}/applications/${application.id}/reject`, {
    data: {},
    headers: { origin: siteOrigin() },
  });
  expect(again.status(), "a decided application cannot be decided again").toBe(409);
  await adminContext.close();

  await page.goto("/my-applications");
  await expect(card).toContainText("Approved");
  await expect(card.getByTestId("decision-note")).toContainText(note);

  const mail = await waitForMail(email, /was approved/);
  expect(mail.subject).toBe(`Your application to ${CHALLENGE_TITLE} was approved`);
  expect(mail.text).toContain(note);

  await page.goto("/dashboard");
  const dashboardCard = page.getByTestId("dashboard-challenge").filter({ hasText: CHALLENGE_TITLE });
  await expect(dashboardCard).toBeVisible();
  await expect(dashboardCard.getByTestId("next-due")).toContainText(/Final deliverables due|Challenge starts/);
  await page.goto(`/challenges/${id}`);
  await expect(page.getByText(/^1 participant$/)).toBeVisible();
});

test("signed out, My Applications and the dashboard ask to sign in; a member without approvals is pointed to /challenges", async ({
  page,
  request,
}) => {
  await page.goto("/my-applications");
  await expect(page.getByRole("heading", { name: "Sign In Required" })).toBeVisible();
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Sign In Required" })).toBeVisible();

  const username = uniqueName("fresh");
  await registerViaApi(request, { username, email: `${username}@example.com`, password: "fresh-demo-1234" });
  await signIn(page, username, "fresh-demo-1234");
  await page.goto("/my-applications");
  await expect(page.getByRole("heading", { name: "No Applications Yet" })).toBeVisible();
  await page.getByRole("link", { name: "Browse Challenges" }).click();
  await expect(page).toHaveURL(/\/challenges$/);
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "No Approved Challenges Yet" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Browse Challenges" })).toHaveAttribute("href", "/challenges");
});

test("the member pages and the application dialog have no accessibility violations", async ({ page }) => {
  await signIn(page, DEMO.member.username, DEMO.member.password);
  await page.goto("/my-applications");
  await expect(page.getByTestId("application-card").first()).toBeVisible();
  expect(await audit(page)).toEqual([]);
  await page.goto("/dashboard");
  await expect(page.getByTestId("dashboard-challenge").first()).toBeVisible();
  expect(await audit(page)).toEqual([]);
  await page.goto(`/challenges/${await challengeId(page)}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Register Now" }).click();
  await expect(dialog(page)).toBeVisible();
  // Audit the dialog as people see it, not half-way through its fade-in (colours mid-transition fail contrast).
  await expect(page.locator("dialog[open]")).toHaveCSS("opacity", "1");
  await expect(page.locator("dialog[open] .modal-box")).toHaveCSS("opacity", "1");
  await expect(page.locator("dialog[open] .modal-box")).toHaveCSS("transform", /^(none|matrix\(1, 0, 0, 1, 0, 0\))$/);
  expect(await audit(page)).toEqual([]);
});
