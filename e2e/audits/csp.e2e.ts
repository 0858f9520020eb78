// Content-Security-Policy and Permissions-Policy journey: every page kind, in both themes, signed out and as the demo admin, loads without a single policy violation, with the CSP header on the document and its inline scripts and islands running.
import { expect, test, type Page } from "@playwright/test";
import { AUTH_STATE, DEMO } from "../support/auth";
import { waitForHydration } from "../support/ui";

declare global {
  interface Window {
    __policyViolations?: string[];
  }
}

const PUBLIC_PAGES = [
  "/",
  "/contact",
  "/privacy",
  "/terms",
  "/challenges",
  "/challenges?status=COMPLETED&q=housing",
  "/challenges/c0000001-5eed-4c00-8000-000000000001",
  "/projects",
  "/projects?q=repair",
  "/projects/b0000001-5eed-4b00-8000-000000000001",
  "/resources",
  "/resources?type=TOOL",
  "/resources/e0000001-5eed-4e00-8000-000000000001",
  "/resources/e0000002-5eed-4e00-8000-000000000002",
  "/login",
  "/register",
  "/forgot-password",
  "/reset-password/sometoken",
  "/verify-email/sometoken",
  "/no-such-page",
];
// /admin/users stays last: the check below reads its list.
const SIGNED_IN_PAGES = ["/profile", "/admin", "/admin/projects", "/admin/resources", "/admin/users"];

/**
 * Records what the browser refuses: `securitypolicyviolation` events (kept on window by an init script, which the
 * page's CSP does not govern) and console messages about either policy. Chromium reports an unknown
 * Permissions-Policy feature name only on the console.
 */
async function watchPolicies(page: Page): Promise<() => Promise<string[]>> {
  const consoleMessages: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Permissions[- ]Policy/i.test(message.text())) consoleMessages.push(message.text());
  });
  await page.addInitScript(() => {
    window.__policyViolations = [];
    window.addEventListener(
      "securitypolicyviolation",
      (e) =>
        window.__policyViolations?.push(
          `${e.effectiveDirective} blocked ${e.blockedURI || "inline"} (${e.sourceFile}:${e.lineNumber}) sample: ${e.sample}`,
        ),
      true,
    );
  });
  return async () => [...consoleMessages, ...((await page.evaluate(() => window.__policyViolations)) ?? [])];
}

/** Opens `path`, checks the document's policy header and that the page's inline scripts and islands ran. */
async function visit(page: Page, path: string, theme: string) {
  const response = await page.goto(path);
  expect(response, path).not.toBeNull();
  const csp = response!.headers()["content-security-policy"] ?? "";
  expect(csp, `${path} CSP`).toContain("frame-ancestors 'none'");
  expect(csp, `${path} CSP`).toContain("object-src 'none'");
  expect(csp, `${path} CSP`).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/); // hashes only, nothing looser
  expect(response!.headers()["permissions-policy"], `${path} Permissions-Policy`).toContain("camera=()");
  // The hashed theme script in <head> ran (in the light theme the server's dark default proves nothing else).
  await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
  // Content pages have no island (they ship no React); where a page has islands, the hashed runtime hydrated them.
  if ((await page.locator("astro-island").count()) > 0) await waitForHydration(page);
}

for (const theme of ["dark", "light"] as const) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((t) => localStorage.setItem("theme", t), theme);
    });

    test("public pages load without a policy violation", async ({ page }) => {
      const violations = await watchPolicies(page);
      for (const path of PUBLIC_PAGES) {
        await visit(page, path, theme);
        expect(await violations(), `violations on ${path}`).toEqual([]);
      }

      // The login form's island runs React: an empty submit shows its own messages, not the browser's.
      await visit(page, "/login", theme);
      const form = page.getByRole("form", { name: "Sign in" });
      await form.getByRole("button", { name: "Sign In" }).click();
      await expect(form.getByText("This field is required").first()).toBeVisible();

      // The theme toggle's handler is an inline module script Astro hashed: it works.
      const toggle = page.getByRole("banner").getByRole("button", { name: "Toggle theme" });
      await toggle.click();
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme === "dark" ? "light" : "dark");
      await toggle.click();
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
      expect(await violations()).toEqual([]);
    });

    test.describe("signed in as the admin", () => {
      test.use({ storageState: AUTH_STATE.admin });

      test("profile and admin pages load without a policy violation for the admin", async ({ page }) => {
        const violations = await watchPolicies(page);
        for (const path of SIGNED_IN_PAGES) {
          await visit(page, path, theme);
          expect(await violations(), `violations on ${path}`).toEqual([]);
        }
        // The users island fetched its list from the API (connect-src) and rendered it.
        await expect(page.getByRole("cell", { name: DEMO.admin.username, exact: true })).toBeVisible();
        expect(await violations()).toEqual([]);
      });
    });
  });
}
