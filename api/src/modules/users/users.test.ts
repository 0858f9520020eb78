// User management and admin permissions: who may call /api/users, what delegates may not do, the last-admin
// rule, and that no response ever carries a password hash or token.
import { describe, expect, test } from "bun:test";
import { call, patch, post } from "../../../test/http";
import { createUser, createUserWithPassword, signedInJar, unique } from "../../../test/factories";
import { db } from "../../db/client";
import { waitForMail } from "../../../test/mailbox";
import { TOOL_ACCESS } from "../auth/schema";
import { canAccessSection, canManageAccount, hasAdminAccess } from "../auth/permissions";

const newUserBody = (overrides: Record<string, unknown> = {}) => {
  const username = unique("made").replace(/-/g, "_");
  return { username, email: `${username}@example.com`, password: "secret1", role: "USER", toolAccess: [], ...overrides };
};

async function admin() {
  const user = await createUser({ role: "ADMIN" });
  return { user, jar: await signedInJar(user.id) };
}
async function delegate(toolAccess: string[]) {
  const user = await createUser({ toolAccess });
  return { user, jar: await signedInJar(user.id) };
}

describe("the permission rule", () => {
  test("each toolAccess entry grants exactly its own section; ADMIN has all; none grants nothing", () => {
    for (const granted of TOOL_ACCESS) {
      const user = { role: "USER", toolAccess: [granted] };
      for (const section of TOOL_ACCESS) expect(canAccessSection(user, section)).toBe(section === granted);
      expect(hasAdminAccess(user)).toBe(true);
    }
    for (const section of TOOL_ACCESS) {
      expect(canAccessSection({ role: "ADMIN", toolAccess: [] }, section)).toBe(true);
      expect(canAccessSection({ role: "USER", toolAccess: [] }, section)).toBe(false);
    }
    expect(hasAdminAccess({ role: "USER", toolAccess: [] })).toBe(false);
    expect(canAccessSection(null, "challenges")).toBe(false);
  });
});

describe("access to /api/users", () => {
  test("anonymous → 401; a member → 403; another section's delegate → 403; user_management → 200", async () => {
    expect((await call("/api/users")).status).toBe(401);
    const member = await delegate([]);
    expect((await call("/api/users", { jar: member.jar })).status).toBe(403);
    for (const other of TOOL_ACCESS.filter((t) => t !== "user_management")) {
      const d = await delegate([other]);
      expect((await call("/api/users", { jar: d.jar })).status).toBe(403);
      expect((await post("/api/users", newUserBody(), { jar: d.jar })).status).toBe(403);
    }
    const manager = await delegate(["user_management"]);
    expect((await call("/api/users", { jar: manager.jar })).status).toBe(200);
  });

  test("the session is checked before the body: anonymous callers get 401, never the schema's hints", async () => {
    for (const body of [{}, { username: 1 }, newUserBody()]) {
      const res = await post("/api/users", body);
      expect(res).toMatchObject({ status: 401, body: { type: "unauthorized" } });
    }
    expect((await patch("/api/users/some-id", { role: "nope" })).status).toBe(401);
    expect((await patch("/api/profile", { username: 5 })).status).toBe(401);
    const member = await delegate([]);
    expect((await post("/api/users", { username: 1 }, { jar: member.jar })).status).toBe(403);
  });

  test("a new account clashes with an existing one only literally (no % or _ wildcards)", async () => {
    const { jar } = await admin();
    const existing = newUserBody();
    expect((await post("/api/users", existing, { jar })).status).toBe(201);
    const lookalike = newUserBody({ email: existing.email.replace(/^(.)./, "$1_") });
    expect((await post("/api/users", lookalike, { jar })).status).toBe(201);
    const same = newUserBody({ email: existing.email.toUpperCase() });
    expect((await post("/api/users", same, { jar })).body.message).toBe("Email is already registered");
  });

  test("lists users newest first without password hashes or tokens", async () => {
    const { jar } = await admin();
    const res = await call("/api/users", { jar });
    expect(res.status).toBe(200);
    expect(res.text).not.toContain("$argon2");
    expect(res.text).not.toContain("password");
    expect(res.text).not.toContain("Token");
    const created = res.body.map((u: { createdAt: string }) => u.createdAt);
    expect(created).toEqual([...created].sort().reverse());
  });
});

describe("create, edit, delete", () => {
  test("an admin creates a user with a role and tool access; the user can sign in", async () => {
    const { jar } = await admin();
    const body = newUserBody({ role: "USER", toolAccess: ["challenges", "order_management"] });
    const res = await post("/api/users", body, { jar });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ username: body.username, role: "USER", toolAccess: ["challenges", "order_management"] });
    expect(res.body.password).toBeUndefined();
    expect((await post("/api/login", { usernameOrEmail: body.username, password: "secret1" })).status).toBe(200);
  });

  test("SPEC rules: password at least 6; unknown tool access refused; duplicates refused", async () => {
    const { jar } = await admin();
    expect((await post("/api/users", newUserBody({ password: "five5" }), { jar })).body.message).toBe("Password must be at least 6 characters");
    expect((await post("/api/users", newUserBody({ toolAccess: ["root"] }), { jar })).status).toBe(400);
    const body = newUserBody();
    await post("/api/users", body, { jar });
    expect((await post("/api/users", { ...newUserBody(), username: body.username }, { jar })).status).toBe(409);
  });

  test("editing with an empty or absent password keeps the current one; a new one ends the user's sessions", async () => {
    const { jar } = await admin();
    const target = await createUserWithPassword("original-pass");
    const session = await signedInJar(target.id);
    expect((await patch(`/api/users/${target.id}`, { firstName: "Renamed" }, { jar })).status).toBe(200);
    expect((await post("/api/login", { usernameOrEmail: target.username, password: "original-pass" })).status).toBe(200);
    expect((await call("/api/auth/user", { jar: session })).status).toBe(200);
    expect((await patch(`/api/users/${target.id}`, { password: "changed-by-admin" }, { jar })).status).toBe(200);
    expect((await call("/api/auth/user", { jar: session })).status).toBe(401);
    expect((await post("/api/login", { usernameOrEmail: target.username, password: "changed-by-admin" })).status).toBe(200);
  });

  test("an e-mail changed by an admin is unverified until its owner follows the new link", async () => {
    const { jar } = await admin();
    const target = await createUser({ emailVerified: true });
    const email = `${unique("moved")}@example.com`;
    const res = await patch(`/api/users/${target.id}`, { email }, { jar });
    expect(res.body).toMatchObject({ email, emailVerified: false });
    const mail = await waitForMail(email, /Verify your e-mail/);
    expect(mail.links.some((l) => l.includes("/verify-email/"))).toBe(true);
  });

  test("an admin deletes a user; their data and sessions go with them", async () => {
    const { jar } = await admin();
    const target = await createUser();
    const session = await signedInJar(target.id);
    expect((await call(`/api/users/${target.id}`, { method: "DELETE", jar })).status).toBe(204);
    expect(await (await db()).user.findUnique({ where: { id: target.id } })).toBeNull();
    expect((await call("/api/auth/user", { jar: session })).status).toBe(401);
    expect((await call(`/api/users/${target.id}`, { method: "DELETE", jar })).status).toBe(404);
  });

  test("nobody deletes their own account from the admin screen", async () => {
    const { user, jar } = await admin();
    expect((await call(`/api/users/${user.id}`, { method: "DELETE", jar })).body.message).toBe("You cannot delete your own account here");
  });
});

describe("what a delegated manager may not do", () => {
  test("grant roles or tool access — to others or to themselves", async () => {
    const manager = await delegate(["user_management"]);
    expect((await post("/api/users", newUserBody({ role: "ADMIN" }), { jar: manager.jar })).status).toBe(403);
    expect((await post("/api/users", newUserBody({ toolAccess: ["challenges"] }), { jar: manager.jar })).status).toBe(403);
    const member = await createUser();
    expect((await patch(`/api/users/${member.id}`, { role: "ADMIN" }, { jar: manager.jar })).status).toBe(403);
    const self = await patch(`/api/users/${manager.user.id}`, { toolAccess: TOOL_ACCESS }, { jar: manager.jar });
    expect(self.body).toEqual({ type: "forbidden", message: "Only an admin can change roles or tool access" });
    const after = await (await db()).user.findUniqueOrThrow({ where: { id: manager.user.id } });
    expect(after.toolAccess).toEqual(["user_management"]);
  });

  test("touch an admin's account (no password reset into an admin)", async () => {
    const manager = await delegate(["user_management"]);
    const target = await admin();
    expect((await patch(`/api/users/${target.user.id}`, { password: "taken-over" }, { jar: manager.jar })).status).toBe(403);
    expect((await call(`/api/users/${target.user.id}`, { method: "DELETE", jar: manager.jar })).status).toBe(403);
  });

  test("take over another delegate: no password, e-mail or any change to an account that holds a section", async () => {
    const manager = await delegate(["user_management"]);
    const orders = await createUserWithPassword("orders-owner-pass", { toolAccess: ["order_management"] });
    const peer = await delegate(["user_management"]);
    for (const target of [orders.id, peer.user.id, manager.user.id]) {
      for (const change of [{ password: "taken-over" }, { email: `${unique("steal")}@example.com` }, { firstName: "Renamed" }]) {
        const res = await patch(`/api/users/${target}`, change, { jar: manager.jar });
        expect(res).toMatchObject({ status: 403, body: { message: "Only an admin can change an account that has admin access" } });
      }
      // Deleting oneself is refused earlier, and differently (409), from this screen.
      expect((await call(`/api/users/${target}`, { method: "DELETE", jar: manager.jar })).status).toBe(target === manager.user.id ? 409 : 403);
    }
    // The delegate's password is untouched: the takeover sign-in fails, the owner's works.
    expect((await post("/api/login", { usernameOrEmail: orders.username, password: "taken-over" })).status).toBe(401);
    expect((await post("/api/login", { usernameOrEmail: orders.username, password: "orders-owner-pass" })).status).toBe(200);
    // An admin may still change them.
    const { jar } = await admin();
    expect((await patch(`/api/users/${orders.id}`, { firstName: "By admin" }, { jar })).status).toBe(200);
  });

  test("one named rule decides, for the API and the screen alike", () => {
    const manager = { id: "m", role: "USER", toolAccess: ["user_management"] };
    expect(canManageAccount(manager, { id: "u", role: "USER", toolAccess: [] })).toBe(true);
    expect(canManageAccount(manager, { id: "d", role: "USER", toolAccess: ["order_management"] })).toBe(false);
    expect(canManageAccount(manager, { id: "a", role: "ADMIN", toolAccess: [] })).toBe(false);
    expect(canManageAccount(manager, manager)).toBe(false);
    expect(canManageAccount({ id: "c", role: "USER", toolAccess: ["challenges"] }, { id: "u", role: "USER", toolAccess: [] })).toBe(false);
    expect(canManageAccount({ id: "x", role: "ADMIN", toolAccess: [] }, { id: "d", role: "USER", toolAccess: ["order_management"] })).toBe(true);
    expect(canManageAccount(null, { id: "u", role: "USER", toolAccess: [] })).toBe(false);
  });

  test("but may edit a member's details", async () => {
    const manager = await delegate(["user_management"]);
    const member = await createUser();
    const res = await patch(`/api/users/${member.id}`, { firstName: "Edited", role: "USER", toolAccess: [] }, { jar: manager.jar });
    expect(res).toMatchObject({ status: 200, body: { firstName: "Edited" } });
  });
});

describe("the last admin", () => {
  test("cannot be demoted or deleted, even by two admins racing each other", async () => {
    const prisma = await db();
    const a = await admin();
    const b = await admin();
    // Make a and b the only admins for this test.
    await prisma.user.updateMany({ where: { role: "ADMIN", id: { notIn: [a.user.id, b.user.id] } }, data: { role: "USER" } });
    const [demoteB, demoteA] = await Promise.all([
      patch(`/api/users/${b.user.id}`, { role: "USER" }, { jar: a.jar }),
      patch(`/api/users/${a.user.id}`, { role: "USER" }, { jar: b.jar }),
    ]);
    expect([demoteA.status, demoteB.status].sort()).toEqual([200, 409]);
    expect(await prisma.user.count({ where: { role: "ADMIN" } })).toBe(1);
    const survivor = demoteA.status === 409 ? a : b;
    const other = survivor === a ? b : a;
    const lastDemote = await patch(`/api/users/${survivor.user.id}`, { role: "USER" }, { jar: survivor.jar });
    expect(lastDemote.body.message).toBe("The last admin cannot be demoted");
    // The demoted one may still manage users? No: without ADMIN or user_management it is a plain member now.
    expect((await call("/api/users", { jar: other.jar })).status).toBe(403);
    const helper = await admin();
    await prisma.user.update({ where: { id: survivor.user.id }, data: { role: "ADMIN" } });
    await prisma.user.update({ where: { id: helper.user.id }, data: { role: "USER" } });
    expect((await call(`/api/users/${survivor.user.id}`, { method: "DELETE", jar: (await admin()).jar })).status).toBe(204);
  });
});
