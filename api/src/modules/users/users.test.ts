// User management and admin permissions: who may call /api/users, what delegates may not do, the last-admin
// rule, and that no response ever carries a password hash or token.
import { describe, expect, test } from "bun:test";
import { invalid, signedInClient, visitor } from "../../../test/client";
import { createUser, createUserWithPassword, unique } from "../../../test/factories";
import { db } from "../../db/client";
import { withJobQueue } from "../../../test/jobs";
import { waitForMail } from "../../../test/mailbox";
import { TOOL_ACCESS, type ToolAccess } from "../auth/schema";
import type { CreateUserBody } from "./schema";
import { canAccessSection, canManageAccount, hasAdminAccess } from "../auth/permissions";

withJobQueue(); // a changed e-mail is mailed its verification link by a job (decision 011)

const newUserBody = (overrides: Partial<CreateUserBody> = {}): CreateUserBody => {
  const username = unique("made").replace(/-/g, "_");
  return { username, email: `${username}@example.com`, password: "secret-one", role: "USER", toolAccess: [], ...overrides };
};
const login = (usernameOrEmail: string, password: string) => visitor().api.login.post({ usernameOrEmail, password });

async function admin() {
  const user = await createUser({ role: "ADMIN" });
  return { user, ...(await signedInClient(user)) };
}
async function delegate(toolAccess: ToolAccess[]) {
  const user = await createUser({ toolAccess });
  return { user, ...(await signedInClient(user)) };
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
    expect((await visitor().api.users.get()).status).toBe(401);
    const member = await delegate([]);
    expect((await member.api.users.get()).status).toBe(403);
    for (const other of TOOL_ACCESS.filter((t) => t !== "user_management")) {
      const d = await delegate([other]);
      expect((await d.api.users.get()).status).toBe(403);
      expect((await d.api.users.post(newUserBody())).status).toBe(403);
    }
    const manager = await delegate(["user_management"]);
    expect((await manager.api.users.get()).status).toBe(200);
  });

  test("the session is checked before the body: anonymous callers get 401, never the schema's hints", async () => {
    const { api } = visitor();
    for (const body of [{}, { username: 1 }, newUserBody()]) {
      const res = await api.users.post(invalid(body));
      expect(res).toMatchObject({ status: 401, error: { value: { type: "unauthorized" } } });
    }
    expect((await api.users({ id: "some-id" }).patch(invalid({ role: "nope" }))).status).toBe(401);
    expect((await api.profile.patch(invalid({ username: 5 }))).status).toBe(401);
    const member = await delegate([]);
    expect((await member.api.users.post(invalid({ username: 1 }))).status).toBe(403);
  });

  test("a new account clashes with an existing one only literally (no % or _ wildcards)", async () => {
    const { api } = await admin();
    const existing = newUserBody();
    expect((await api.users.post(existing)).status).toBe(201);
    const lookalike = newUserBody({ email: existing.email.replace(/^(.)./, "$1_") });
    expect((await api.users.post(lookalike)).status).toBe(201);
    const same = newUserBody({ email: existing.email.toUpperCase() });
    expect((await api.users.post(same)).error?.value.message).toBe("Email is already registered");
  });

  test("lists users newest first without password hashes or tokens", async () => {
    const { api } = await admin();
    const res = await api.users.get();
    expect(res.status).toBe(200);
    const text = JSON.stringify(res.data);
    expect(text).not.toContain("$argon2");
    expect(text).not.toContain("password");
    expect(text).not.toContain("Token");
    const created = res.data!.map((u) => u.createdAt);
    expect(created).toEqual([...created].sort().reverse());
  });
});

describe("the list pages and filters on the server", () => {
  test("search (literal, case-insensitive, username or e-mail) and role narrow the pages and the counts together", async () => {
    const { api } = await admin();
    const tag = unique("Pager").toLowerCase().replace(/-/g, "_");
    const prisma = await db();
    await prisma.user.createMany({
      data: Array.from({ length: 130 }, (_, i) => ({
        username: `${tag}_${i}`,
        email: `${tag}.${i}@example.com`,
        password: "not-a-hash",
        role: i % 10 === 0 ? ("ADMIN" as const) : ("USER" as const),
        createdAt: new Date(Date.UTC(2022, 0, 1) + Math.floor(i / 2) * 1000),
      })),
    });
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 10; pages++) {
      const res = await api.users.get({ query: { search: tag.toUpperCase(), limit: 40, cursor } });
      expect(res.status).toBe(200);
      expect(res.response.headers.get("x-total-count")).toBe("130");
      expect(res.response.headers.get("x-admin-count")).toBe("13");
      seen.push(...res.data!.map((u) => u.username));
      cursor = res.response.headers.get("x-next-cursor") ?? undefined;
      if (!cursor) break;
    }
    expect(seen).toHaveLength(130);
    expect(new Set(seen).size).toBe(130);
    expect(seen.every((u) => u.startsWith(tag))).toBe(true);
    const admins = await api.users.get({ query: { search: tag, role: "ADMIN" } });
    expect(admins.data!.map((u) => u.role)).toEqual(Array(13).fill("ADMIN"));
    expect(admins.response.headers.get("x-total-count")).toBe("13");
    // "%" is a LIKE wildcard: taken literally, it matches nobody here.
    expect((await api.users.get({ query: { search: `${tag.slice(0, -1)}%` } })).response.headers.get("x-total-count")).toBe("0");
    expect((await api.users.get({ query: { role: invalid<"USER">("ROOT") } })).status).toBe(400);
    expect((await api.users.get({ query: { limit: 101 } })).status).toBe(400);
    expect((await api.users.get({ query: { search: "x".repeat(300) } })).status).toBe(400);
    expect((await api.users.get({ query: { search: "a\u0000b" } })).status).toBeLessThan(500);
    await prisma.user.deleteMany({ where: { username: { startsWith: tag } } });
  });
});

describe("create, edit, delete", () => {
  test("an admin creates a user with a role and tool access; the user can sign in", async () => {
    const { api } = await admin();
    const body = newUserBody({ role: "USER", toolAccess: ["challenges", "order_management"] });
    const res = await api.users.post(body);
    expect(res.status).toBe(201);
    expect(res.data).toMatchObject({ username: body.username, role: "USER", toolAccess: ["challenges", "order_management"] });
    expect(res.data).not.toHaveProperty("password");
    expect((await login(body.username, "secret-one")).status).toBe(200);
  });

  test("SPEC rules: password at least 6; unknown tool access refused; duplicates refused", async () => {
    const { api } = await admin();
    expect((await api.users.post(newUserBody({ password: "five5" }))).error?.value.message).toBe(
      "Password must be at least 6 characters",
    );
    expect((await api.users.post(newUserBody({ toolAccess: invalid(["root"]) }))).status).toBe(400);
    const body = newUserBody();
    expect((await api.users.post(body)).status).toBe(201);
    expect((await api.users.post({ ...newUserBody(), username: body.username })).status).toBe(409);
  });

  test("editing with an empty or absent password keeps the current one; a new one ends the user's sessions", async () => {
    const { api } = await admin();
    const target = await createUserWithPassword("original-pass");
    const session = await signedInClient(target);
    expect((await api.users({ id: target.id }).patch({ firstName: "Renamed" })).status).toBe(200);
    expect((await login(target.username, "original-pass")).status).toBe(200);
    expect((await session.api.auth.user.get()).status).toBe(200);
    expect((await api.users({ id: target.id }).patch({ password: "changed-by-admin" })).status).toBe(200);
    expect((await session.api.auth.user.get()).status).toBe(401);
    expect((await login(target.username, "changed-by-admin")).status).toBe(200);
  });

  test("an e-mail changed by an admin is unverified until its owner follows the new link", async () => {
    const { api } = await admin();
    const target = await createUser({ emailVerified: true });
    const email = `${unique("moved")}@example.com`;
    const res = await api.users({ id: target.id }).patch({ email });
    expect(res.data).toMatchObject({ email, emailVerified: false });
    const mail = await waitForMail(email, /Verify your e-mail/);
    expect(mail.links.some((l) => l.includes("/verify-email/"))).toBe(true);
  });

  test("an admin deletes a user; their data and sessions go with them", async () => {
    const { api } = await admin();
    const target = await createUser();
    const session = await signedInClient(target);
    expect((await api.users({ id: target.id }).delete()).status).toBe(204);
    expect(await (await db()).user.findUnique({ where: { id: target.id } })).toBeNull();
    expect((await session.api.auth.user.get()).status).toBe(401);
    expect((await api.users({ id: target.id }).delete()).status).toBe(404);
  });

  test("nobody deletes their own account from the admin screen", async () => {
    const { user, api } = await admin();
    expect((await api.users({ id: user.id }).delete()).error?.value.message).toBe("You cannot delete your own account here");
    expect(await (await db()).user.findUnique({ where: { id: user.id } })).not.toBeNull();
  });
});

describe("what a delegated manager may not do", () => {
  test("grant roles or tool access — to others or to themselves", async () => {
    const manager = await delegate(["user_management"]);
    expect((await manager.api.users.post(newUserBody({ role: "ADMIN" }))).status).toBe(403);
    expect((await manager.api.users.post(newUserBody({ toolAccess: ["challenges"] }))).status).toBe(403);
    const member = await createUser();
    expect((await manager.api.users({ id: member.id }).patch({ role: "ADMIN" })).status).toBe(403);
    const self = await manager.api.users({ id: manager.user.id }).patch({ toolAccess: [...TOOL_ACCESS] });
    expect(self.error?.value).toEqual({ type: "forbidden", message: "Only an admin can change roles or tool access" });
    const after = await (await db()).user.findUniqueOrThrow({ where: { id: manager.user.id } });
    expect(after.toolAccess).toEqual(["user_management"]);
  });

  test("touch an admin's account (no password reset into an admin)", async () => {
    const manager = await delegate(["user_management"]);
    const target = await admin();
    expect((await manager.api.users({ id: target.user.id }).patch({ password: "taken-over" })).status).toBe(403);
    expect((await manager.api.users({ id: target.user.id }).delete()).status).toBe(403);
  });

  test("take over another delegate: no password, e-mail or any change to an account that holds a section", async () => {
    const manager = await delegate(["user_management"]);
    const orders = await createUserWithPassword("orders-owner-pass", { toolAccess: ["order_management"] });
    const peer = await delegate(["user_management"]);
    for (const target of [orders.id, peer.user.id, manager.user.id]) {
      for (const change of [{ password: "taken-over" }, { email: `${unique("steal")}@example.com` }, { firstName: "Renamed" }]) {
        const res = await manager.api.users({ id: target }).patch(change);
        expect(res).toMatchObject({
          status: 403,
          error: { value: { message: "Only an admin can change an account that has admin access" } },
        });
      }
      // Deleting oneself is refused earlier, and differently (409), from this screen.
      expect((await manager.api.users({ id: target }).delete()).status).toBe(target === manager.user.id ? 409 : 403);
    }
    // The delegate's password is untouched: the takeover sign-in fails, the owner's works.
    expect((await login(orders.username, "taken-over")).status).toBe(401);
    expect((await login(orders.username, "orders-owner-pass")).status).toBe(200);
    // An admin may still change them.
    const { api } = await admin();
    expect((await api.users({ id: orders.id }).patch({ firstName: "By admin" })).status).toBe(200);
  });

  test("one named rule decides, for the API and the screen alike", () => {
    const manager = { id: "m", role: "USER", toolAccess: ["user_management"] };
    expect(canManageAccount(manager, { id: "u", role: "USER", toolAccess: [] })).toBe(true);
    expect(canManageAccount(manager, { id: "d", role: "USER", toolAccess: ["order_management"] })).toBe(false);
    expect(canManageAccount(manager, { id: "a", role: "ADMIN", toolAccess: [] })).toBe(false);
    expect(canManageAccount(manager, manager)).toBe(false);
    expect(
      canManageAccount({ id: "c", role: "USER", toolAccess: ["challenges"] }, { id: "u", role: "USER", toolAccess: [] }),
    ).toBe(false);
    expect(
      canManageAccount({ id: "x", role: "ADMIN", toolAccess: [] }, { id: "d", role: "USER", toolAccess: ["order_management"] }),
    ).toBe(true);
    expect(canManageAccount(null, { id: "u", role: "USER", toolAccess: [] })).toBe(false);
  });

  test("but may edit a member's details", async () => {
    const manager = await delegate(["user_management"]);
    const member = await createUser();
    const res = await manager.api.users({ id: member.id }).patch({ firstName: "Edited", role: "USER", toolAccess: [] });
    expect(res).toMatchObject({ status: 200, data: { firstName: "Edited" } });
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
      a.api.users({ id: b.user.id }).patch({ role: "USER" }),
      b.api.users({ id: a.user.id }).patch({ role: "USER" }),
    ]);
    expect([demoteA.status, demoteB.status].sort()).toEqual([200, 409]);
    expect(await prisma.user.count({ where: { role: "ADMIN" } })).toBe(1);
    const survivor = demoteA.status === 409 ? a : b;
    const other = survivor === a ? b : a;
    const lastDemote = await survivor.api.users({ id: survivor.user.id }).patch({ role: "USER" });
    expect(lastDemote.error?.value.message).toBe("The last admin cannot be demoted");
    // The demoted one may still manage users? No: without ADMIN or user_management it is a plain member now.
    expect((await other.api.users.get()).status).toBe(403);
    const helper = await admin();
    await prisma.user.update({ where: { id: survivor.user.id }, data: { role: "ADMIN" } });
    await prisma.user.update({ where: { id: helper.user.id }, data: { role: "USER" } });
    expect((await (await admin()).api.users({ id: survivor.user.id }).delete()).status).toBe(204);
  });
});
