// Unknown paths (public and under /admin) answer 404 with the not-found page inside the site shell.
import { expect, test } from "@playwright/test";

for (const path of ["/this-does-not-exist", "/admin/does-not-exist"]) {
  test(`${path} shows the 404 page with status 404`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);

    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeVisible();
    await expect(main.getByText("Did you forget to add the page to the router?")).toBeVisible();
    await expect(page).toHaveTitle(/404 Page Not Found/);

    // Header and footer still wrap the page, so the visitor can find their way back.
    const header = page.getByRole("banner");
    await expect(header).toBeVisible();
    await expect(header.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home", exact: true })).toBeVisible();
    await expect(header.getByRole("button", { name: "Toggle theme" })).toBeVisible();
    const footer = page.getByRole("contentinfo");
    await expect(footer).toBeVisible();
    await expect(footer.getByRole("link", { name: "Privacy Policy" })).toBeVisible();
  });
}

test("the 404 page links back home", async ({ page }) => {
  await page.goto("/this-does-not-exist");
  await page.getByRole("main").getByRole("link", { name: "Go to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: "Featured Challenges" })).toBeVisible();
});

test("an unknown path answers 404 to plain HTTP clients too", async ({ request }) => {
  const response = await request.get("/no/such/page/here");
  expect(response.status()).toBe(404);
  expect(response.headers()["content-type"]).toContain("text/html");
  expect(await response.text()).toContain("404 Page Not Found");
});
