// Account helpers for journeys that are not about the sign-in form. Journeys that only need to be signed in use a
// role's saved session (`test.use({ storageState: AUTH_STATE.admin })`), signed in once per run by
// e2e/auth.setup.ts. The API refuses cross-origin writes, so every POST carries the site's Origin. Each call to
// /api/login counts against the per-IP sign-in limit (50 per 15 minutes, all e2e traffic is 127.0.0.1).
import { fileURLToPath } from "node:url";
import {
  expect,
  test,
  type APIRequestContext,
  type APIResponse,
  type Browser,
  type BrowserContext,
  type Page,
  type PlaywrightWorkerArgs,
} from "@playwright/test";

/** The seeded demo accounts (prisma/seed.ts). */
export const DEMO = {
  admin: { username: "admin", password: "admin-demo-1234", firstName: "Ada" },
  member: { username: "member", password: "member-demo-1234", firstName: "Morgan" },
  /** A delegate: challenges and order management, nothing else. */
  priya: { username: "priya", password: "demo-member-1234", firstName: "Priya" },
} as const;

/** The account each role's saved session belongs to. */
export const ROLE_ACCOUNTS = { admin: DEMO.admin, member: DEMO.member, delegate: DEMO.priya } as const;
export type Role = keyof typeof ROLE_ACCOUNTS;

// Per port: several passes run at once against different servers (scripts/run-tests.mjs), each with its own sessions.
const authDir = fileURLToPath(new URL(`../../playwright/.auth/${process.env.E2E_PORT ?? 4477}/`, import.meta.url));
/** Saved browser state (the session cookie) per role and server, written by e2e/auth.setup.ts; gitignored. */
export const AUTH_STATE: Record<Role, string> = {
  admin: `${authDir}admin.json`,
  member: `${authDir}member.json`,
  delegate: `${authDir}delegate.json`,
};

/** The site's origin (the project's baseURL), for the Origin header the API's CSRF check wants. */
export function siteOrigin(): string {
  const baseURL = test.info().project.use.baseURL;
  if (!baseURL) throw new Error("playwright.config.ts sets no baseURL");
  return new URL(baseURL).origin;
}

let counter = 0;
/** A username no other run or test has used: letters, digits and underscores, at most 32 characters. */
export function uniqueName(prefix = "e2e"): string {
  counter += 1;
  return `${prefix}_${Date.now().toString(36)}${counter}${Math.floor(Math.random() * 1000)}`.slice(0, 32);
}

export async function apiLogin(request: APIRequestContext, usernameOrEmail: string, password: string): Promise<APIResponse> {
  return request.post("/api/login", { data: { usernameOrEmail, password }, headers: { origin: siteOrigin() } });
}

/**
 * Signs `page`'s (signed-out) context in: for accounts a journey creates itself. The seeded roles have saved
 * sessions instead (AUTH_STATE), which cost no sign-in.
 */
export async function signIn(page: Page, username: string, password: string): Promise<void> {
  const response = await apiLogin(page.request, username, password);
  expect(response.status(), `POST /api/login as ${username}`).toBe(200);
}

/**
 * An API context of its own with no cookies. The `request` fixture carries the project's storageState: signing in
 * through it would end the role's saved session (a browser holds one session at a time) for every later journey.
 */
export function signedOutRequest(playwright: PlaywrightWorkerArgs["playwright"]): Promise<APIRequestContext> {
  return playwright.request.newContext({ baseURL: siteOrigin(), storageState: { cookies: [], origins: [] } });
}

type NewAccount = { username: string; email: string; password: string; firstName?: string };

/**
 * Registers a fresh account through the API (POST /api/register) with a context of its own, so the caller's
 * browser stays signed out. Registration is limited to 10 per IP per hour: one or two per run at most.
 */
export async function registerViaApi(request: APIRequestContext, account: NewAccount): Promise<void> {
  const response = await request.post("/api/register", {
    data: {
      username: account.username,
      email: account.email,
      password: account.password,
      firstName: account.firstName ?? null,
      lastName: null,
    },
    headers: { origin: siteOrigin() },
  });
  expect(response.status(), `POST /api/register ${account.username}: ${await response.text()}`).toBe(201);
}

/**
 * A verified member of their own, made by the admin (POST /api/users counts no sign-up limit) and signed in: for
 * journeys that apply and enter again and again. The demo accounts' limits (ten applications an hour per account, ten
 * sign-ups an hour per address) belong to the journeys that are about them.
 */
export async function freshMember(
  browser: Browser,
  firstName = "Rosa",
): Promise<{ username: string; context: BrowserContext; request: APIRequestContext }> {
  const admin = await browser.newContext({ storageState: AUTH_STATE.admin });
  const username = uniqueName("fm");
  const password = "fresh-member-1234";
  const created = await admin.request.post("/api/users", {
    data: { username, email: `${username}@example.com`, password, firstName, lastName: null },
    headers: { origin: siteOrigin() },
  });
  expect(created.status(), `POST /api/users ${username}: ${await created.text()}`).toBe(201);
  await admin.close();
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  expect((await apiLogin(context.request, username, password)).status(), `POST /api/login as ${username}`).toBe(200);
  return { username, context, request: context.request };
}
