// `npm run dev` as a newcomer meets it: the dev server starts on its own ports, islands hydrate (the API's contract
// modules are served by Vite, not proxied to the API), the login form signs in over fetch with no password in any
// URL, no policy blocks Vite's client, and the loopback alias of the dev origin (localhost for 127.0.0.1) may post.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { expect as baseExpect, test, type Page } from "@playwright/test";
import { devEnv } from "../../scripts/server-env.mjs";
import { environmentOf, processTree } from "../support/process-tree";
import { DEMO } from "../support/auth";
import { accountButton, openAccountMenu } from "../support/ui";

// Beside the production server under test (E2E_PORT): the next two ports, unless told otherwise.
const e2ePort = Number(process.env.E2E_PORT ?? 4477);
const DEV_PORT = Number(process.env.E2E_DEV_PORT ?? e2ePort + 1);
const API_DEV_PORT = Number(process.env.E2E_API_DEV_PORT ?? e2ePort + 2);
const DEV_URL = `http://127.0.0.1:${DEV_PORT}`;
// Vite compiles each module on its first request: a cold page on a busy machine takes far longer than a built one.
const expect = baseExpect.configure({ timeout: 45_000 });

let dev: ChildProcess | undefined;
let devOutput = "";
let scratch: string | undefined;

test.describe.configure({ mode: "serial", timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  scratch = mkdtempSync(join(tmpdir(), "e2e-dev-"));
  // The README's command, in its own process group so that npm and the dev process stop together (afterAll).
  const root = dirname(test.info().config.configFile ?? join(process.cwd(), "playwright.config.ts"));
  dev = spawn("npm", ["run", "dev"], {
    cwd: root,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      DEV_PORT: String(DEV_PORT),
      API_DEV_PORT: String(API_DEV_PORT),
      PGLITE_DATA_DIR: join(scratch, "pglite"),
      MAIL_OUTBOX_DIR: join(scratch, "outbox"),
      DATABASE_URL: "",
      SMTP_URL: "",
      SEED_DEMO_DATA: "true",
      LOG_LEVEL: "warn",
    },
  });
  const keep = (chunk: Buffer) => (devOutput = (devOutput + chunk.toString()).slice(-20_000));
  dev.stdout!.on("data", keep);
  dev.stderr!.on("data", keep);
  // Ready when the API answers through Astro's dev proxy, i.e. both servers are up and the database is seeded.
  // A page asked for as soon as Astro answers, usually while the API is still creating and seeding its database,
  // waits for the API rather than failing (site/src/middleware.ts).
  const deadline = Date.now() + 120_000;
  let firstPage: Promise<number> | undefined;
  for (;;) {
    if (
      !firstPage &&
      (await fetch(`${DEV_URL}/logo.svg`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      firstPage = fetch(`${DEV_URL}/resources`).then(
        (r) => r.status,
        (e) => `failed: ${e}` as unknown as number,
      );
    }
    if (dev.exitCode !== null) throw new Error(`npm run dev exited with ${dev.exitCode}:\n${devOutput}`);
    const ready = await fetch(`${DEV_URL}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error(`npm run dev was not ready at ${DEV_URL} within 120 s:\n${devOutput}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  expect(await firstPage, devOutput).toBe(200);
  // The human line a newcomer reads (printed once both servers listen: it may trail the first answer).
  await expect.poll(() => devOutput, { timeout: 10_000 }).toContain(`InnovateHub is ready: ${DEV_URL}`);
});

test.afterAll(async () => {
  if (dev?.pid && dev.exitCode === null) {
    const exited = new Promise((resolve) => dev!.once("exit", resolve));
    process.kill(-dev.pid, "SIGTERM");
    const stopped = await Promise.race([exited.then(() => true), new Promise((r) => setTimeout(() => r(false), 15_000))]);
    if (!stopped) process.kill(-dev.pid, "SIGKILL");
  }
  // Nothing may keep listening on the dev ports once the test is over.
  for (const port of [DEV_PORT, API_DEV_PORT]) {
    await expect
      .poll(
        () =>
          fetch(`http://127.0.0.1:${port}/`).then(
            () => "listening",
            () => "closed",
          ),
        { timeout: 10_000 },
      )
      .toBe("closed");
  }
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** Collects what should never happen on a dev page: policy violations, page errors, and requests carrying the password. */
function watch(page: Page) {
  const problems: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("request", (r) => {
    if (r.url().includes(DEMO.admin.password)) problems.push(`password in a URL: ${r.method()} ${r.url()}`);
  });
  page.on("response", (r) => {
    // The contracts islands import are source modules under /api/src/: Vite must serve them, not the API.
    if (new URL(r.url()).pathname.startsWith("/api/src/") && !r.ok()) problems.push(`module ${r.url()} answered ${r.status()}`);
  });
  return problems;
}

async function signInThroughForm(page: Page, origin: string) {
  const problems = watch(page);
  await page.goto(`${origin}/login`);
  await expect(page.locator("astro-island[ssr]")).toHaveCount(0); // hydrated (support/ui.ts waitForHydration, longer)
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel("Username or Email").fill(DEMO.admin.username);
  await form.getByLabel("Password").fill(DEMO.admin.password);
  const login = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/login");
  await form.getByRole("button", { name: "Sign In" }).click();
  const response = await login;
  expect(response.request().method()).toBe("POST");
  expect(response.status()).toBe(200);
  await expect(page).toHaveURL(`${origin}/`);
  await expect(accountButton(page, DEMO.admin.firstName)).toBeVisible();
  return problems;
}

test("npm run dev: islands hydrate and the login form signs in through the browser", async ({ page }) => {
  const problems = await signInThroughForm(page, DEV_URL);
  // The header's account menu works on the signed-in page.
  const menu = await openAccountMenu(page, DEMO.admin.firstName);
  await expect(menu.getByRole("menuitem", { name: "Log out" })).toBeVisible();
  expect(problems).toEqual([]);
});

test("npm run dev: the loopback alias of the dev origin (localhost) may sign in too", async ({ page }) => {
  const problems = await signInThroughForm(page, `http://localhost:${DEV_PORT}`);
  expect(problems).toEqual([]);
});

test("npm run dev is one process: npm's only child serves the site and the API (decision 001)", () => {
  test.skip(process.platform !== "linux", "reads /proc");
  const processes = processTree(dev!.pid!).slice(1); // under npm
  expect(processes.map((p) => p.command)).toEqual([expect.stringMatching(/bun --watch scripts\/dev\.ts$/)]);
  // Started with what scripts/server-env.mjs says a dev process needs (package.json writes it out).
  const environment = environmentOf(processes[0]!.pid);
  for (const [name, value] of Object.entries(devEnv({}))) expect(environment).toContain(`${name}=${value}`);
});
