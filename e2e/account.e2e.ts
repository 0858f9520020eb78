// Account journey: register through the form, verify the e-mail from the captured mail, log out and in, edit the profile and change the password.
import { expect, test, type Page } from "@playwright/test";
import { uniqueName } from "./support/auth";
import { linkIn, waitForMail } from "./support/mail";
import { accountButton, expectToast, logOut, openAccountMenu, signInLink, waitForHydration } from "./support/ui";

async function fillRegisterForm(
  page: Page,
  v: { firstName?: string; username: string; email: string; password: string; confirmPassword: string },
) {
  const form = page.getByRole("form", { name: "Create account" });
  if (v.firstName !== undefined) await form.getByLabel("First Name (optional)").fill(v.firstName);
  await form.getByLabel("Username").fill(v.username);
  await form.getByLabel("Email").fill(v.email);
  await form.getByLabel("Password", { exact: true }).fill(v.password);
  await form.getByLabel("Confirm Password").fill(v.confirmPassword);
  await form.getByRole("button", { name: "Create Account" }).click();
}

async function signInWithForm(page: Page, usernameOrEmail: string, password: string) {
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel("Username or Email").fill(usernameOrEmail);
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Sign In" }).click();
}

test("the register form catches a mismatch and a short password without sending anything", async ({ page }) => {
  const registerPosts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/register") registerPosts.push(request.url());
  });
  await page.goto("/register");
  await expect(page.getByRole("heading", { level: 1, name: "Create Account" })).toBeVisible();
  await waitForHydration(page);
  const username = uniqueName();
  const form = page.getByRole("form", { name: "Create account" });

  await fillRegisterForm(page, {
    username,
    email: `${username}@example.com`,
    password: "long-enough-1",
    confirmPassword: "long-enough-2",
  });
  await expect(form.getByText("Passwords do not match")).toBeVisible();
  await expect(form.getByLabel("Confirm Password")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Confirm Password")).toHaveAccessibleDescription("Passwords do not match");

  await fillRegisterForm(page, { username, email: `${username}@example.com`, password: "short", confirmPassword: "short" });
  await expect(form.getByText("Password must be at least 8 characters long")).toBeVisible();
  await expect(form.getByLabel("Password", { exact: true })).toHaveAccessibleDescription(
    "Password must be at least 8 characters long",
  );
  await expect(form.getByText("Passwords do not match")).toHaveCount(0);

  // Still on the form, nothing sent.
  await expect(page).toHaveURL(/\/register$/);
  expect(registerPosts).toEqual([]);
});

test("register, verify the e-mail, sign out and in, edit the profile and change the password", async ({ page }) => {
  const username = uniqueName();
  const email = `${username}@example.com`;
  const password = "first-pass-123";
  const newPassword = "second-pass-456";

  // Register through the form: signed in straight away, on the home page.
  await page.goto("/register");
  await waitForHydration(page);
  await fillRegisterForm(page, { firstName: "Ellie", username, email, password, confirmPassword: password });
  await expect(page).toHaveURL(/\/$/);
  await expectToast(page, "Account created successfully! You are now logged in.");
  await expect(accountButton(page, "Ellie")).toBeVisible();
  await expect(signInLink(page)).toHaveCount(0);

  // The verification mail's link confirms the address.
  const mail = await waitForMail(email, /^Verify your e-mail address/);
  expect(mail.text).toContain("Hi Ellie,");
  await page.goto(linkIn(mail, "/verify-email/"));
  await expect(page.getByRole("heading", { level: 1, name: "Email Verified!" })).toBeVisible();
  await expect(page.getByText("Your email address has been verified.")).toBeVisible();
  // Still signed in, so the sign-in page sends them on home.
  await page.getByRole("link", { name: "Go to Login" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(accountButton(page, "Ellie")).toBeVisible();

  // My Account → Log out.
  await logOut(page, "Ellie");

  // Sign in again with the form.
  await signInLink(page).click();
  await expect(page).toHaveURL(/\/login$/);
  await waitForHydration(page);
  await signInWithForm(page, username, password);
  await expect(page).toHaveURL(/\/$/);
  await expectToast(page, "You've been logged in successfully");
  await expect(accountButton(page, "Ellie")).toBeVisible();

  // Profile: a new first name is saved, shown in the header at once and still there after a reload.
  const menu = await openAccountMenu(page, "Ellie");
  await menu.getByRole("menuitem", { name: "Profile" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await waitForHydration(page);
  const personal = page.getByRole("form", { name: "Personal Information" });
  await expect(personal.getByLabel("Username")).toHaveValue(username);
  await expect(personal.getByLabel("Email")).toHaveValue(email);
  await expect(personal.getByLabel("First Name")).toHaveValue("Ellie");
  await personal.getByLabel("First Name").fill("Eleanor");
  await personal.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, "Profile updated");
  await expect(accountButton(page, "Eleanor")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("form", { name: "Personal Information" }).getByLabel("First Name")).toHaveValue("Eleanor");
  await expect(accountButton(page, "Eleanor")).toBeVisible();

  // Change the password: current + new + confirmation.
  await waitForHydration(page);
  const change = page.getByRole("form", { name: "Change Password" });
  await change.getByLabel("Current Password").fill(password);
  await change.getByLabel("New Password", { exact: true }).fill(newPassword);
  await change.getByLabel("Confirm New Password").fill(newPassword);
  await change.getByRole("button", { name: "Update Password" }).click();
  await expectToast(page, "Password updated");
  await expect(change.getByLabel("Current Password")).toHaveValue("");

  await logOut(page, "Eleanor");

  // The old password no longer works; the new one does.
  await page.goto("/login");
  await waitForHydration(page);
  await signInWithForm(page, username, password);
  await expectToast(page, "Error", "Invalid credentials");
  await expect(page).toHaveURL(/\/login$/);

  await signInWithForm(page, username, newPassword);
  await expect(page).toHaveURL(/\/$/);
  await expectToast(page, "You've been logged in successfully");
  await expect(accountButton(page, "Eleanor")).toBeVisible();
});

test("a bad verification link says so and offers the way home", async ({ page }) => {
  await page.goto("/verify-email/not-a-real-token");
  await expect(page.getByRole("heading", { level: 1, name: "Verification Failed" })).toBeVisible();
  await expect(page.getByRole("main").getByText("This verification link is invalid or has expired.")).toBeVisible();
  // SPEC §8: the failure is also said as a toast — the server's message…
  await expectToast(page, "Error", "This verification link is invalid or has expired.");
  await page.getByRole("main").getByRole("link", { name: "Go to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("a verification the network cut off says SPEC's words, in the page and as a toast", async ({ page }) => {
  await page.route("**/api/auth/verify-email/**", (route) => route.abort("connectionreset"));
  await page.goto("/verify-email/any-token");
  await expect(page.getByRole("heading", { level: 1, name: "Verification Failed" })).toBeVisible();
  await expect(page.getByRole("main").getByText("An error occurred while verifying your email")).toBeVisible();
  await expectToast(page, "Error", "An error occurred while verifying your email");
});
