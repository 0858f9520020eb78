// Playwright journeys (e2e/*.e2e.ts) against the built app served by a Bun process on a fresh embedded database, on
// the demo catalogue; e2e/printify/printify.e2e.ts against a second one whose Printify is a fake (api/test/fake-printify-server.ts).
// With E2E_CLUSTER=1 each app server is instead two processes on one fresh PostgreSQL database and one S3-compatible
// bucket behind a round-robin proxy (e2e/support/cluster.ts): the same journeys, every one crossing processes.
import { defineConfig } from "@playwright/test";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PRINTIFY_E2E } from "./e2e/support/printify";

const port = Number(process.env.E2E_PORT ?? 4477);
/**
 * Debian's Chromium: its headless shell where installed (what Playwright itself runs headless: the same engine without
 * the desktop browser around it, a quarter less CPU per journey), else the full browser.
 */
const CHROMIUM = existsSync("/usr/bin/chromium-headless-shell") ? "/usr/bin/chromium-headless-shell" : "/usr/bin/chromium";
const cluster = process.env.E2E_CLUSTER === "1";
const baseURL = `http://127.0.0.1:${port}`;

const entry = join(import.meta.dirname ?? process.cwd(), "dist/server/entry.mjs");
if (!existsSync(entry)) {
  throw new Error(`The site is not built (${entry} is missing). Build it first: npm run build`);
}

/**
 * A fresh temporary directory per run, named in `variable`. The config is also loaded in every worker: those inherit
 * the variable from the runner and must not create (or delete) anything.
 */
function runDirectory(variable: string, prefix: string): string {
  if (!process.env[variable]) {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    process.env[variable] = dir;
    // "exit" fires after the web servers have been stopped.
    process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
  }
  return process.env[variable]!;
}

// Each run gets an empty database, so the demo seed is exactly what the tests see.
const dataDir = runDirectory("E2E_PGLITE_DATA_DIR", "e2e-pglite-");
// Without SMTP the app writes every e-mail as an .eml file here; e2e/support/mail.ts reads them (E2E_OUTBOX_DIR).
const outboxDir = runDirectory("E2E_OUTBOX_DIR", "e2e-outbox-");
// The Printify server's own (e2e/printify/printify.e2e.ts reads no mail of it).
const printifyDataDir = runDirectory("E2E_PRINTIFY_PGLITE_DATA_DIR", "e2e-pglite-printify-");
const printifyOutboxDir = runDirectory("E2E_PRINTIFY_OUTBOX_DIR", "e2e-outbox-printify-");

/** The app as both servers run it: built site, demo seed, mail to the outbox, local test payments. */
const appServer = (url: string, settings: { dataDir: string; outboxDir: string; printify: Record<string, string> }) => ({
  command: cluster ? "node_modules/.bin/bun e2e/support/cluster.ts" : "node_modules/.bin/bun server/main.ts",
  // The cluster drops its database and stops its processes on SIGTERM.
  gracefulShutdown: { signal: "SIGTERM" as const, timeout: 15_000 },
  url: `${url}/api/ready`,
  reuseExistingServer: false,
  timeout: 120_000,
  stdout: "pipe" as const,
  stderr: "pipe" as const,
  env: {
    PORT: new URL(url).port,
    HOST: "127.0.0.1",
    SITE_URL: url,
    PGLITE_DATA_DIR: settings.dataDir,
    // Empty means unset for the app: always the embedded database, never an inherited PostgreSQL URL.
    DATABASE_URL: "",
    SEED_DEMO_DATA: "true",
    // Empty means unset: never an inherited SMTP server, so mail always lands in the outbox.
    SMTP_URL: "",
    MAIL_OUTBOX_DIR: settings.outboxDir,
    LOG_LEVEL: "warn",
    // Empty means unset: payments run through the local test payment page (development), never a real Stripe.
    STRIPE_SECRET_KEY: "",
    STRIPE_WEBHOOK_SECRET: "",
    STRIPE_API_BASE: "",
    ...settings.printify,
  },
});

/**
 * The suite's parts are its folders under e2e/:
 * - `*.e2e.ts` at the top: the journeys (sessions, writes, jobs, files, payments), each one also on two processes;
 * - `read-only/`: journeys that only read and draw public pages, the same on either process, so not run again on two;
 * - `audits/`: what a page is and how it behaves in the browser, whichever process rendered it: the axe audits (these
 *   files, and the tests named after them in the journey files), the CSP, the theme, the 404 page, keyboard-only use
 *   of dialogs and menus, the toast's gestures, layout shifts while screens load, and the dev server's smoke test
 *   (which starts `npm run dev` of its own);
 * - `printify/`: the store against a second app server whose Printify is a fake.
 */
// Directly in e2e/ (a string pattern would match at any depth: Playwright puts "**/" before it).
const JOURNEY_FILES = /\/e2e\/[^/]+\.e2e\.ts$/;
const READ_ONLY_FILES = "read-only/*.e2e.ts";
const AUDIT_FILES = "audits/*.e2e.ts";
const PRINTIFY_FILES = "printify/*.e2e.ts";
const AUDIT_TITLES = /accessibility violations?\b|axe finds no violation/;

/**
 * Which part of the suite this run takes. Unset (a plain `npm run test:e2e`): everything on one server. `npm test`
 * runs the parts side by side, each on its own server and database (scripts/run-tests.mjs): "journeys" (the journeys
 * and the read-only ones), "audits" (the audits, the journeys' audit tests, and the store against a fake Printify).
 * The two-process pass (E2E_CLUSTER=1, `npm run test:cluster`) runs the journeys only: they are what can depend on
 * which process a request reaches.
 */
const part = cluster ? "journeys" : process.env.E2E_PART || "all";
if (!["all", "journeys", "audits"].includes(part)) throw new Error(`E2E_PART must be journeys or audits, not ${part}`);
const withPrintify = part !== "journeys";

/**
 * The journeys project: when the run is not split, every file but Printify's; in the journeys part the journeys and
 * the read-only ones (on two processes the journeys alone), without the journeys' audit tests.
 */
const journeys = {
  name: "chromium",
  testMatch:
    part === "all" ? [JOURNEY_FILES, READ_ONLY_FILES, AUDIT_FILES] : cluster ? JOURNEY_FILES : [JOURNEY_FILES, READ_ONLY_FILES],
  grepInvert: part === "journeys" ? AUDIT_TITLES : undefined,
  dependencies: ["setup"],
};
/** The audits part: the audit files, and the audit tests of the journey files. */
const audits = [
  { name: "audits", testMatch: AUDIT_FILES, dependencies: ["setup"] },
  { name: "journey-audits", testMatch: [JOURNEY_FILES, READ_ONLY_FILES], grep: AUDIT_TITLES, dependencies: ["setup"] },
];

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Twice Playwright's default: `npm test` runs three passes at once on two cores, and the longest journeys (create,
  // edit, delete, archive) take 10 s alone.
  timeout: 60_000,
  // Per port: `npm test` runs three passes at once (scripts/run-tests.mjs), and Playwright empties its output dir at start.
  outputDir: `test-results/playwright-${port}`,
  forbidOnly: !!process.env.CI,
  reporter: [
    ["list"],
    ["json", { outputFile: `test-results/e2e-results${cluster ? "-cluster" : part === "all" ? "" : `-${part}`}.json` }],
  ],
  use: {
    baseURL,
    // A trace of every test, kept when it fails (`npm test` turns it off: recording costs a third of the browser's CPU,
    // and the screenshot and the page's ARIA snapshot still come with a failure).
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? CHROMIUM,
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
    ...(part === "audits" ? audits : [journeys]),
    // The store with a Printify account: the second app server (its sessions are its own; the journeys sign in there).
    ...(withPrintify ? [{ name: "printify", testMatch: PRINTIFY_FILES, use: { baseURL: PRINTIFY_E2E.appUrl } }] : []),
  ],
  webServer: [
    appServer(baseURL, {
      dataDir,
      outboxDir,
      // Empty means unset: the store runs on the demo catalogue, never an inherited Printify account.
      printify: { PRINTIFY_API_TOKEN: "", PRINTIFY_API_BASE: "", PRINTIFY_WEBHOOK_SECRET: "" },
    }),
    // Only when the Printify journeys run: a server nobody visits costs a database and a seed.
    ...(withPrintify
      ? [
          {
            command: "node_modules/.bin/bun api/test/fake-printify-server.ts",
            url: `${PRINTIFY_E2E.fakeUrl}/__test/ready`,
            reuseExistingServer: false,
            timeout: 30_000,
            stdout: "pipe" as const,
            stderr: "pipe" as const,
            env: {
              FAKE_PRINTIFY_PORT: new URL(PRINTIFY_E2E.fakeUrl).port,
              FAKE_PRINTIFY_IMAGES_PORT: new URL(PRINTIFY_E2E.imagesUrl).port,
              FAKE_PRINTIFY_TOKEN: PRINTIFY_E2E.token,
            },
          },
          appServer(PRINTIFY_E2E.appUrl, {
            dataDir: printifyDataDir,
            outboxDir: printifyOutboxDir,
            printify: {
              PRINTIFY_API_TOKEN: PRINTIFY_E2E.token,
              PRINTIFY_API_BASE: `${PRINTIFY_E2E.fakeUrl}/v1/`,
              PRINTIFY_WEBHOOK_SECRET: PRINTIFY_E2E.webhookSecret,
              PRINTIFY_SEND_TO_PRODUCTION: "false",
              // The sync fetches mock-ups from the fake's image host only (it stands for images-api.printify.com).
              PRINTIFY_IMAGE_ORIGINS: PRINTIFY_E2E.imagesUrl,
            },
          }),
        ]
      : []),
  ],
});
