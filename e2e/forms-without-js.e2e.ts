// Forms without JavaScript (decision 004): every form posts to its page, so signing in and up work with JavaScript off
// and no password ever appears in a URL.
import { expect, test, type Page } from "@playwright/test";
import { DEMO, uniqueName } from "./support/auth";
import { waitForHydration } from "./support/ui";

/** Every URL the page requests, to prove a password never travels in one. */
function recordRequestUrls(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => urls.push(request.url()));
  return urls;
}

function expectNoUrlContains(urls: string[], page: Page, secret: string) {
  expect(urls.length).toBeGreaterThan(0);
  for (const url of [...urls, page.url()]) {
    expect(url).not.toContain(secret);
    expect(url).not.toContain(encodeURIComponent(secret));
  }
}

/** Who the browser context is signed in as, asked with the context's own cookies (the header needs JavaScript). */
async function signedInUsername(page: Page): Promise<string | null> {
  const res = await page.context().request.get("/api/auth/user");
  return res.ok() ? ((await res.json()) as { username: string }).username : null;
}

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the demo member signs in with the plain form and lands on / signed in", async ({ page }) => {
    const urls = recordRequestUrls(page);
    await page.goto("/login");
    const form = page.getByRole("form", { name: "Sign in" });
    await expect(form).toHaveAttribute("method", "post");
    await form.getByLabel("Username or Email").fill(DEMO.member.username);
    await form.getByLabel("Password").fill(DEMO.member.password);
    await form.getByRole("button", { name: "Sign In" }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1, name: "Solve real-world problems, together" })).toBeVisible();
    expect(await signedInUsername(page)).toBe(DEMO.member.username);
    // Server-rendered proof too: the profile page shows the member's own details, and /login sends them home.
    await page.goto("/profile");
    await expect(page.getByRole("form", { name: "Personal Information" }).getByLabel("Username")).toHaveValue(
      DEMO.member.username,
    );
    await page.goto("/login");
    await expect(page).toHaveURL(/\/$/);
    expectNoUrlContains(urls, page, DEMO.member.password);
  });

  test("a wrong password shows 'Invalid credentials', keeps the username and puts nothing in the URL", async ({ page }) => {
    const wrong = "not-the-password-987";
    const urls = recordRequestUrls(page);
    await page.goto("/login");
    const form = page.getByRole("form", { name: "Sign in" });
    await form.getByLabel("Username or Email").fill(DEMO.member.username);
    await form.getByLabel("Password").fill(wrong);
    await form.getByRole("button", { name: "Sign In" }).click();

    await expect(page).toHaveURL(/\/login$/);
    const again = page.getByRole("form", { name: "Sign in" });
    await expect(again.getByRole("alert")).toHaveText("Invalid credentials");
    await expect(again.getByLabel("Username or Email")).toHaveValue(DEMO.member.username);
    await expect(again.getByLabel("Password")).toHaveValue("");
    expect(await page.content()).not.toContain(wrong);
    expect(await signedInUsername(page)).toBeNull();
    expectNoUrlContains(urls, page, wrong);
  });

  test("a password mismatch shows 'Passwords do not match' and keeps the other fields", async ({ page }) => {
    const username = uniqueName("nojs");
    const urls = recordRequestUrls(page);
    await page.goto("/register");
    const form = page.getByRole("form", { name: "Create account" });
    await form.getByLabel("Username").fill(username);
    await form.getByLabel("Email").fill(`${username}@example.com`);
    await form.getByLabel("Password", { exact: true }).fill("mismatch-one-1");
    await form.getByLabel("Confirm Password").fill("mismatch-two-2");
    await form.getByRole("button", { name: "Create Account" }).click();

    await expect(page).toHaveURL(/\/register$/);
    const again = page.getByRole("form", { name: "Create account" });
    await expect(again.getByRole("alert")).toHaveText("Passwords do not match");
    await expect(again.getByLabel("Confirm Password")).toHaveAccessibleDescription("Passwords do not match");
    await expect(again.getByLabel("Username")).toHaveValue(username);
    await expect(again.getByLabel("Email")).toHaveValue(`${username}@example.com`);
    await expect(again.getByLabel("Password", { exact: true })).toHaveValue("");
    expectNoUrlContains(urls, page, "mismatch-one-1");
    expectNoUrlContains(urls, page, "mismatch-two-2");
  });

  test("a fresh account registers with the plain form and is signed in on /", async ({ page }) => {
    // One /api/register call per run (10 per hour per IP).
    const username = uniqueName("nojs");
    const password = "no-js-password-1";
    const urls = recordRequestUrls(page);
    await page.goto("/register");
    const form = page.getByRole("form", { name: "Create account" });
    await expect(form).toHaveAttribute("method", "post");
    await form.getByLabel("First Name (optional)").fill("Nora");
    await form.getByLabel("Username").fill(username);
    await form.getByLabel("Email").fill(`${username}@example.com`);
    await form.getByLabel("Password", { exact: true }).fill(password);
    await form.getByLabel("Confirm Password").fill(password);
    await form.getByRole("button", { name: "Create Account" }).click();

    await expect(page).toHaveURL(/\/$/);
    expect(await signedInUsername(page)).toBe(username);
    expectNoUrlContains(urls, page, password);
  });

  test("forgot password shows 'Check Your Email' without JavaScript", async ({ page }) => {
    await page.goto("/forgot-password");
    const form = page.getByRole("form", { name: "Forgot password" });
    await form.getByLabel("Email").fill(`${uniqueName("nojs")}@example.com`);
    await form.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole("heading", { level: 1, name: "Check Your Email" })).toBeVisible();
  });
});

test("with JavaScript on, every form on the account pages posts (before and after hydration)", async ({ page }) => {
  for (const path of ["/login", "/register", "/forgot-password"]) {
    await page.goto(path);
    const forms = page.locator("form");
    expect(await forms.count(), path).toBeGreaterThan(0);
    await expect(page.locator("form[method=post]"), path).toHaveCount(await forms.count());
    await waitForHydration(page);
    expect(await forms.count(), path).toBeGreaterThan(0);
    await expect(page.locator("form:not([method=post])"), path).toHaveCount(0);
  }
});

test("with JavaScript on, a native submit (as before hydration) gets the page's answer, and the island keeps it", async ({
  page,
}) => {
  const wrong = "native-submit-987";
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  await page.goto("/login");
  await waitForHydration(page);
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel("Username or Email").fill(DEMO.member.username);
  await form.getByLabel("Password").fill(wrong);
  // form.submit() skips the onSubmit handler: the browser posts the form itself, as it would before hydration.
  await Promise.all([page.waitForURL(/\/login$/, { waitUntil: "load" }), form.evaluate((el: HTMLFormElement) => el.submit())]);
  await waitForHydration(page);

  const again = page.getByRole("form", { name: "Sign in" });
  await expect(again.getByRole("alert")).toHaveText("Invalid credentials");
  await expect(again.getByLabel("Username or Email")).toHaveValue(DEMO.member.username);
  await expect(again.getByLabel("Password")).toHaveValue("");
  // Failed loads are expected (this page's own 400, the header's anonymous 401); a hydration mismatch is not.
  expect(problems.filter((p) => !p.startsWith("Failed to load resource"))).toEqual([]);
  expect(page.url()).not.toContain(wrong);
});
