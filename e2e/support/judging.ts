// Setting up a challenge to judge through the API, for the admin Judging dialog's e2e files: an ACTIVE challenge asking
// for a link, with an entrant's team submitted on it; writes carry the site's Origin like every e2e call.
import { expect, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { freshMember, siteOrigin, uniqueName } from "./auth";
import { waitForHydration } from "./ui";

const headers = () => ({ origin: siteOrigin() });

/** An API write that must succeed; answers its JSON body (none for a 204). */
export async function call(
  request: APIRequestContext,
  path: string,
  data: object = {},
  method: "post" | "patch" | "put" = "post",
) {
  const res = await request[method](path, { data, headers: headers() });
  expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
  return res.status() === 204 ? null : res.json();
}

/**
 * An ACTIVE challenge asking for a link, with a team submitted on it by an entrant of its own (freshMember: the demo
 * member's ten applications an hour belong to the journeys about them). Answers the entrant's username too.
 */
export async function challengeWithSubmission(page: Page, browser: Browser, prefix = "Bright alleys") {
  const admin = page.request;
  const entrant = await freshMember(browser, "Morgan");
  const member = entrant.request;
  const title = `${prefix} ${uniqueName("ju")}`;
  const { id } = await call(admin, "/api/challenges", {
    title,
    description: "Light for the back streets",
    status: "ACTIVE",
    startDate: "2026-01-01T00:00:00.000Z",
    endDate: "2031-06-30T17:00:00.000Z",
  });
  const link = await call(admin, `/api/challenges/${id}/deliverables`, { title: "Prototype link", kind: "URL", required: true });
  const applied = await call(member, `/api/challenges/${id}/register`, {
    applicantName: "Demo member",
    applicantEmail: "member@example.com",
    company: "Neighbours",
    role: "Volunteer",
    isEnterprise: false,
    interestDescription: "We map the dark corners of our district.",
  });
  await call(admin, `/api/challenges/${id}/applications/${applied.id}/approve`, {}, "patch");
  await call(member, `/api/challenges/${id}/submission`);
  await call(
    member,
    `/api/challenges/${id}/submission/items/${link.id}`,
    { url: "https://example.org/alleys", revision: 0 },
    "put",
  );
  await call(member, `/api/challenges/${id}/submission/submit`);
  return { id, title, entrant: entrant.username };
}

export const dialog = (page: Page) => page.getByRole("dialog");

/** /admin/challenges with the challenge's Judging dialog open. */
export async function openJudging(page: Page, title: string) {
  await page.goto("/admin/challenges");
  await waitForHydration(page);
  await page
    .getByTestId("admin-challenge-card")
    .filter({ has: page.getByRole("heading", { name: title, exact: true }) })
    .getByRole("button", { name: "Judging" })
    .click();
  await expect(dialog(page).getByRole("heading", { name: `Judging: ${title}` })).toBeVisible();
}
