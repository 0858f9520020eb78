// Signs in once per role (admin, member, delegate) through the API and saves each session as storageState, so
// journeys that only need to be signed in start signed in instead of calling /api/login themselves.
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { expect, test as setup } from "@playwright/test";
import { apiLogin, AUTH_STATE, ROLE_ACCOUNTS, type Role } from "./support/auth";

/** What each saved session must be, so a journey never runs as the wrong kind of user. */
const EXPECTED: Record<Role, { role: string; toolAccess: (list: string[]) => boolean }> = {
  admin: { role: "ADMIN", toolAccess: () => true },
  member: { role: "USER", toolAccess: (list) => list.length === 0 },
  delegate: { role: "USER", toolAccess: (list) => list.length > 0 && !list.includes("user_management") },
};

for (const role of Object.keys(ROLE_ACCOUNTS) as Role[]) {
  setup(`sign in as the ${role}`, async ({ request }) => {
    const { username, password } = ROLE_ACCOUNTS[role];
    const response = await apiLogin(request, username, password);
    expect(response.status(), `POST /api/login as ${username}: ${await response.text()}`).toBe(200);
    const user = (await response.json()) as { username: string; role: string; toolAccess: string[] };
    expect(user).toMatchObject({ username, role: EXPECTED[role].role });
    expect(EXPECTED[role].toolAccess(user.toolAccess), `${username}'s tool access: ${user.toolAccess}`).toBe(true);
    mkdirSync(dirname(AUTH_STATE[role]), { recursive: true });
    await request.storageState({ path: AUTH_STATE[role] });
  });
}
