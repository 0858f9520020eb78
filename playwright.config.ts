// Playwright journeys (e2e/*.e2e.ts) against the built app served by one Bun process on a fresh embedded database.
import { defineConfig } from "@playwright/test";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const port = Number(process.env.E2E_PORT ?? 4477);
const baseURL = `http://127.0.0.1:${port}`;

const entry = join(import.meta.dirname ?? process.cwd(), "dist/server/entry.mjs");
if (!existsSync(entry)) {
  throw new Error(`The site is not built (${entry} is missing). Build it first: npm run build`);
}

// Each run gets an empty database, so the demo seed is exactly what the tests see. The config is also loaded in
// every worker: those inherit E2E_PGLITE_DATA_DIR from the runner and must not create (or delete) anything.
if (!process.env.E2E_PGLITE_DATA_DIR) {
  const dir = mkdtempSync(join(tmpdir(), "e2e-pglite-"));
  process.env.E2E_PGLITE_DATA_DIR = dir;
  // "exit" fires after the web server has been stopped.
  process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
}
const dataDir = process.env.E2E_PGLITE_DATA_DIR;

// Without SMTP the app writes every e-mail as an .eml file here; e2e/support/mail.ts reads them. Same trick: the
// runner creates (and removes) it, workers find its path in E2E_OUTBOX_DIR.
if (!process.env.E2E_OUTBOX_DIR) {
  const dir = mkdtempSync(join(tmpdir(), "e2e-outbox-"));
  process.env.E2E_OUTBOX_DIR = dir;
  process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
}
const outboxDir = process.env.E2E_OUTBOX_DIR;

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [["list"], ["json", { outputFile: "test-results/e2e-results.json" }]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    // Signs in once per role and saves the sessions (playwright/.auth/*.json) that journeys reuse (AUTH_STATE).
    { name: "setup", testMatch: "auth.setup.ts" },
    { name: "chromium", testMatch: "**/*.e2e.ts", dependencies: ["setup"] },
  ],
  webServer: {
    command: "node_modules/.bin/bun server/main.ts",
    url: `${baseURL}/api/ready`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      SITE_URL: baseURL,
      PGLITE_DATA_DIR: dataDir,
      // Empty means unset for the app: always the embedded database, never an inherited PostgreSQL URL.
      DATABASE_URL: "",
      SEED_DEMO_DATA: "true",
      // Empty means unset: never an inherited SMTP server, so mail always lands in the outbox.
      SMTP_URL: "",
      MAIL_OUTBOX_DIR: outboxDir,
      LOG_LEVEL: "warn",
      // Empty means unset: payments run through the local test payment page (development), never a real Stripe.
      STRIPE_SECRET_KEY: "",
      STRIPE_WEBHOOK_SECRET: "",
      STRIPE_API_BASE: "",
      // Empty means unset: the store runs on the demo catalogue, never an inherited Printify account.
      PRINTIFY_API_TOKEN: "",
    },
  },
});
