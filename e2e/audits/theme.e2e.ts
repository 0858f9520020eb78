// Theme journey: dark by default, the toggle switches to light and back, the choice persists in localStorage "theme" and is applied before first paint.
import { expect, test, type Page } from "@playwright/test";

declare global {
  interface Window {
    __themeAtFirstScript?: string;
    __themeAtDomContentLoaded?: string;
  }
}

/**
 * Records the theme as early as we can observe it: when the first <script> in the document runs (the page's own
 * module scripts and islands come later) and at DOMContentLoaded, before any deferred/module script has run.
 */
async function recordEarlyTheme(page: Page) {
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (document.body && window.__themeAtFirstScript === undefined) {
        window.__themeAtFirstScript = document.documentElement.dataset.theme ?? "(none)";
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true });
    document.addEventListener(
      "DOMContentLoaded",
      () => {
        window.__themeAtDomContentLoaded = document.documentElement.dataset.theme ?? "(none)";
      },
      { once: true },
    );
  });
}

const html = (page: Page) => page.locator("html");
const storedTheme = (page: Page) => page.evaluate(() => localStorage.getItem("theme"));

test("dark by default, toggling persists across reloads without a flash", async ({ page }) => {
  await recordEarlyTheme(page);

  // Fresh context: nothing stored, so the default applies.
  await page.goto("/");
  expect(await storedTheme(page)).toBeNull();
  await expect(html(page)).toHaveAttribute("data-theme", "dark");
  expect(await page.evaluate(() => window.__themeAtDomContentLoaded)).toBe("dark");

  const toggle = page.getByRole("banner").getByRole("button", { name: "Toggle theme" });
  await toggle.click();
  await expect(html(page)).toHaveAttribute("data-theme", "light");
  expect(await storedTheme(page)).toBe("light");

  // Reload: the stored choice is applied by the time <body> appears, i.e. before anything is painted.
  await page.reload();
  await expect(html(page)).toHaveAttribute("data-theme", "light");
  expect(await page.evaluate(() => window.__themeAtFirstScript)).toBe("light");
  expect(await page.evaluate(() => window.__themeAtDomContentLoaded)).toBe("light");
  expect(await storedTheme(page)).toBe("light");

  // The choice holds on another page too.
  await page.goto("/privacy");
  await expect(html(page)).toHaveAttribute("data-theme", "light");
  expect(await page.evaluate(() => window.__themeAtFirstScript)).toBe("light");

  // Back to dark, which persists as well.
  await page.getByRole("banner").getByRole("button", { name: "Toggle theme" }).click();
  await expect(html(page)).toHaveAttribute("data-theme", "dark");
  expect(await storedTheme(page)).toBe("dark");
  await page.goto("/");
  await expect(html(page)).toHaveAttribute("data-theme", "dark");
  expect(await page.evaluate(() => window.__themeAtFirstScript)).toBe("dark");
  expect(await page.evaluate(() => window.__themeAtDomContentLoaded)).toBe("dark");
});

test("the theme toggle shows the light look: page background changes", async ({ page }) => {
  await page.goto("/");
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const dark = await background();
  await page.getByRole("banner").getByRole("button", { name: "Toggle theme" }).click();
  await expect(html(page)).toHaveAttribute("data-theme", "light");
  await expect.poll(background).not.toBe(dark);
});

test("an invalid stored value falls back to dark", async ({ page }) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem("seeded")) {
      localStorage.setItem("theme", "purple");
      sessionStorage.setItem("seeded", "1");
    }
  });
  await page.goto("/");
  await expect(html(page)).toHaveAttribute("data-theme", "dark");
});
