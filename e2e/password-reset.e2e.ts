// Password reset journey: ask for a link, follow it from the captured mail, set a new password, sign in with it; spent and missing tokens are refused.
import { expect, test, type Page } from "@playwright/test";
import { apiLogin, registerViaApi, uniqueName } from "./support/auth";
import { linkIn, waitForMail } from "./support/mail";
import { accountButton, expectToast, waitForHydration } from "./support/ui";

async function submitNewPassword(page: Page, password: string) {
  const form = page.getByRole("form", { name: "Reset password" });
  await form.getByLabel("New Password").fill(password);
  await form.getByLabel("Confirm Password").fill(password);
  await form.getByRole("button", { name: "Reset Password" }).click();
}

test("a reset link from the mail sets a new password once", async ({ page, request }) => {
  // A fresh account of our own, so the demo passwords stay as they are.
  const username = uniqueName();
  const email = `${username}@example.com`;
  const oldPassword = "old-password-123";
  const newPassword = "new-password-456";
  await registerViaApi(request, { username, email, password: oldPassword, firstName: "Rita" });

  // Forgot password: the e-mail form, then the confirmation.
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await waitForHydration(page);
  await page.getByRole("form", { name: "Forgot password" }).getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Check Your Email" })).toBeVisible();
  await expectToast(page, "Check your email", "If an account exists with that email, we've sent password reset instructions.");
  await expect(page.getByRole("link", { name: "Back to Login" })).toHaveAttribute("href", "/login");

  // The mail's link opens the reset form.
  const mail = await waitForMail(email, /^Reset your .* password$/);
  expect(mail.text).toContain("Hi Rita,");
  const resetLink = linkIn(mail, "/reset-password/");
  await page.goto(resetLink);
  await expect(page.getByRole("heading", { level: 1, name: "Reset Password" })).toBeVisible();
  await waitForHydration(page);

  // The 8-character rule is checked before sending.
  const form = page.getByRole("form", { name: "Reset password" });
  await form.getByLabel("New Password").fill("short");
  await form.getByLabel("Confirm Password").fill("short");
  await form.getByRole("button", { name: "Reset Password" }).click();
  await expect(form.getByText("Password must be at least 8 characters")).toBeVisible();

  await submitNewPassword(page, newPassword);
  await expect(page.getByRole("heading", { level: 1, name: "Password Reset!" })).toBeVisible();
  const shownAt = Date.now();
  await expect(page.getByText("Your password has been reset successfully").first()).toBeVisible();
  // It stays a moment, then takes the user to sign in by itself (SPEC: after 3 seconds).
  await expect(page).toHaveURL(/\/login$/, { timeout: 6_000 });
  expect(Date.now() - shownAt).toBeGreaterThan(2_000);

  // The old password is gone; the new one signs in through the form.
  expect((await apiLogin(request, username, oldPassword)).status()).toBe(401);
  await waitForHydration(page);
  const signIn = page.getByRole("form", { name: "Sign in" });
  await signIn.getByLabel("Username or Email").fill(email);
  await signIn.getByLabel("Password").fill(newPassword);
  await signIn.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectToast(page, "You've been logged in successfully");
  await expect(accountButton(page, "Rita")).toBeVisible();

  // The link works only once: the server's reason is shown and the form stays.
  await page.goto(resetLink);
  await waitForHydration(page);
  await submitNewPassword(page, "third-password-789");
  await expectToast(page, "Error", "This reset link is invalid or has expired.");
  await expect(page.getByRole("heading", { level: 1, name: "Reset Password" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Password Reset!" })).toHaveCount(0);
});

test("/reset-password without a token says the token is invalid", async ({ page }) => {
  await page.goto("/reset-password");
  await expect(page.getByRole("heading", { level: 1, name: "Invalid reset token" })).toBeVisible();
  await expect(page.getByRole("form", { name: "Reset password" })).toHaveCount(0);
  await page.getByRole("link", { name: "Request a new link" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole("heading", { level: 1, name: "Forgot Password" })).toBeVisible();
});
