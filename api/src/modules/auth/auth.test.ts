// Accounts end to end through the API: sign-up, sign-in, sessions, verification and reset mail over real SMTP,
// profile changes — and the attacks: brute force, session fixation, stale cookies, CSRF, smuggled roles.
import { describe, expect, test } from "bun:test";
import { call, CookieJar, patch, post } from "../../../test/http";
import { createUserWithPassword, signedInJar, unique } from "../../../test/factories";
import { waitForMail, mailsTo } from "../../../test/mailbox";
import { db } from "../../db/client";
import { SESSION_COOKIE, hashToken } from "./sessions";

const PASSWORD = "correct horse battery";

async function register(overrides: Record<string, unknown> = {}, jar = new CookieJar()) {
  const username = unique("u").replace(/-/g, "_");
  const body = { username, email: `${username}@example.com`, password: PASSWORD, firstName: "Ada", lastName: "Lovelace", ...overrides };
  const res = await post("/api/register", body, { jar });
  return { res, jar, username: body.username as string, email: body.email as string };
}

describe("register", () => {
  test("creates the account, signs in, and mails a verification link built from SITE_URL", async () => {
    const { res, jar, username, email } = await register();
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ username, email, role: "USER", roles: ["USER"], toolAccess: [], emailVerified: false });
    expect(res.body.password).toBeUndefined();
    const me = await call("/api/auth/user", { jar });
    expect(me.body.username).toBe(username);

    const mail = await waitForMail(email, /Verify your e-mail/);
    expect(mail.raw).toContain("Content-Type: text/plain");
    expect(mail.raw).toContain("Content-Type: text/html");
    const link = mail.links.find((l) => l.includes("/verify-email/"))!;
    expect(link.startsWith("http://localhost:3000/verify-email/")).toBe(true);
    const token = decodeURIComponent(link.split("/verify-email/")[1]!);
    const stored = await (await db()).user.findFirstOrThrow({ where: { email }, select: { verificationToken: true } });
    expect(stored.verificationToken).toBe(hashToken(token)); // only the hash is stored
    expect(stored.verificationToken).not.toContain(token);

    const verified = await call(`/api/auth/verify-email/${encodeURIComponent(token)}`);
    expect(verified).toMatchObject({ status: 200, body: { message: "Your email address has been verified." } });
    expect((await call("/api/auth/user", { jar })).body.emailVerified).toBe(true);
    // A second visit (a mail scanner got there first) still reads as success, and changes nothing more.
    expect((await call(`/api/auth/verify-email/${encodeURIComponent(token)}`)).status).toBe(200);
  });

  test("a role or tool access smuggled into the sign-up body is ignored", async () => {
    const { res } = await register({ role: "ADMIN", toolAccess: ["user_management"], emailVerified: true });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ role: "USER", toolAccess: [], emailVerified: false });
  });

  test("stores an argon2id hash with OWASP parameters (19 MiB, t=2)", async () => {
    const { email } = await register();
    const { password } = await (await db()).user.findFirstOrThrow({ where: { email }, select: { password: true } });
    expect(password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  test("usernames and e-mails are unique regardless of case", async () => {
    const first = await register();
    const sameName = await register({ username: first.username.toUpperCase() });
    expect(sameName.res).toMatchObject({ status: 409, body: { message: "Username is already taken" } });
    const sameEmail = await register({ email: first.email.toUpperCase() });
    expect(sameEmail.res).toMatchObject({ status: 409, body: { message: "Email is already registered" } });
  });

  test("SPEC rules: password at least 8 characters; 64+ character passphrases accepted whole", async () => {
    expect((await register({ password: "short7!" })).res).toMatchObject({ status: 400, body: { message: "Password must be at least 8 characters long" } });
    expect((await register({ email: "not-an-email" })).res).toMatchObject({ status: 400, body: { message: "Invalid email address" } });
    expect((await register({ username: "ab" })).res.body.message).toBe("Username must be at least 3 characters");
    const long = "a very long passphrase that keeps going well past sixty-four characters!";
    const { username } = await register({ password: long });
    expect((await post("/api/login", { usernameOrEmail: username, password: long })).status).toBe(200);
    // No truncation: the same passphrase minus its last character is wrong.
    expect((await post("/api/login", { usernameOrEmail: username, password: long.slice(0, -1) })).status).toBe(401);
  });
});

describe("login and sessions", () => {
  test("signs in by username or e-mail (any case) with a fresh session id every time", async () => {
    const user = await createUserWithPassword(PASSWORD);
    const jar = new CookieJar();
    jar.cookies.set(SESSION_COOKIE, "attacker-chosen-session-id"); // session fixation attempt
    const first = await post("/api/login", { usernameOrEmail: user.username.toUpperCase(), password: PASSWORD }, { jar });
    expect(first.status).toBe(200);
    const sid1 = jar.get(SESSION_COOKIE)!;
    expect(sid1).not.toBe("attacker-chosen-session-id");
    expect(sid1.length).toBeGreaterThanOrEqual(43); // 256 bits, base64url
    const second = await post("/api/login", { usernameOrEmail: user.email, password: PASSWORD }, { jar });
    expect(second.status).toBe(200);
    expect(jar.get(SESSION_COOKIE)).not.toBe(sid1);
  });

  test("signing in again from a browser that holds a session ends that older session", async () => {
    const first = await createUserWithPassword(PASSWORD);
    const second = await createUserWithPassword(PASSWORD);
    const jar = new CookieJar();
    await post("/api/login", { usernameOrEmail: first.username, password: PASSWORD }, { jar });
    const oldToken = jar.get(SESSION_COOKIE)!;
    await post("/api/login", { usernameOrEmail: second.username, password: PASSWORD }, { jar });
    expect(jar.get(SESSION_COOKIE)).not.toBe(oldToken);
    expect(await (await db()).session.findUnique({ where: { sid: hashToken(oldToken) } })).toBeNull();
    const replay = new CookieJar();
    replay.cookies.set(SESSION_COOKIE, oldToken);
    expect((await call("/api/auth/user", { jar: replay })).status).toBe(401);
    expect((await call("/api/auth/user", { jar })).body.username).toBe(second.username);
  });

  test("the session cookie is HttpOnly and SameSite=Lax", async () => {
    const user = await createUserWithPassword(PASSWORD);
    const res = await post("/api/login", { usernameOrEmail: user.username, password: PASSWORD });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
  });

  test("unknown user and wrong password fail identically", async () => {
    const user = await createUserWithPassword(PASSWORD);
    const wrong = await post("/api/login", { usernameOrEmail: user.username, password: "nope-nope" });
    const unknown = await post("/api/login", { usernameOrEmail: unique("ghost"), password: "nope-nope" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toEqual({ type: "unauthorized", message: "Invalid credentials" });
  });

  test("logout deletes the session server-side: the old cookie is dead even if replayed", async () => {
    const user = await createUserWithPassword(PASSWORD);
    const jar = new CookieJar();
    await post("/api/login", { usernameOrEmail: user.username, password: PASSWORD }, { jar });
    const stolen = jar.get(SESSION_COOKIE)!;
    expect((await call("/api/logout", { method: "POST", jar })).status).toBe(204);
    expect(jar.get(SESSION_COOKIE)).toBeUndefined();
    const replay = new CookieJar();
    replay.cookies.set(SESSION_COOKIE, stolen);
    expect((await call("/api/auth/user", { jar: replay })).status).toBe(401);
    expect(await (await db()).session.count({ where: { sid: hashToken(stolen) } })).toBe(0);
  });

  test("an expired session is refused", async () => {
    const user = await createUserWithPassword(PASSWORD);
    const jar = await signedInJar(user.id);
    await (await db()).session.updateMany({ where: { userId: user.id }, data: { expire: new Date(Date.now() - 1000) } });
    expect((await call("/api/auth/user", { jar })).status).toBe(401);
  });
});

describe("case-insensitive matching is literal (% and _ are not wildcards)", () => {
  test("sign-in: `adm_n` or `ad%` is not `admin`; the real name in any case is", async () => {
    const name = unique("wild").replace(/-/g, "_"); // contains _ itself
    const user = await createUserWithPassword(PASSWORD, { username: name });
    const probes = [name.replace(/.$/, "_"), name.slice(0, 3) + "%", "%", "_%", name.replace("_", "%"), `%@${user.email.split("@")[1]}`];
    for (const probe of probes) {
      expect((await post("/api/login", { usernameOrEmail: probe, password: PASSWORD })).status).toBe(401);
    }
    expect((await post("/api/login", { usernameOrEmail: name.toUpperCase(), password: PASSWORD })).status).toBe(200);
    expect((await post("/api/login", { usernameOrEmail: user.email.toUpperCase(), password: PASSWORD })).status).toBe(200);
  });

  test("forgot-password: `di%@example.com` mails nobody", async () => {
    const user = await createUserWithPassword(PASSWORD);
    const [local, domain] = user.email.split("@");
    await post("/api/auth/forgot-password", { email: `${local!.slice(0, 4)}%@${domain}` });
    await post("/api/auth/forgot-password", { email: `${local!.slice(0, -1)}_@${domain}` });
    await Bun.sleep(300);
    expect(mailsTo(user.email)).toHaveLength(0);
  });

  test("uniqueness checks do not reveal addresses: `ad%@%.%` is simply a free (if odd) address", async () => {
    const other = await createUserWithPassword(PASSWORD);
    const me = await createUserWithPassword(PASSWORD);
    const jar = await signedInJar(me.id);
    const [local] = other.email.split("@");
    const probe = await patch("/api/profile", { username: `${local!.slice(0, 3)}%`.replace(/[^A-Za-z0-9_.-]/g, "_"), email: me.email }, { jar });
    expect(probe.status).toBe(200); // `abc_` is a new username, not a clash with `abcdef`
    const emailProbe = await patch("/api/profile", { username: me.username, email: `${local!.slice(0, 3)}%@%.%`, currentPassword: PASSWORD }, { jar });
    expect(emailProbe.status).toBe(200);
    expect(emailProbe.body.message).toBeUndefined();
    // A real clash in another case is still one.
    const clash = await patch("/api/profile", { username: me.username, email: other.email.toUpperCase(), currentPassword: PASSWORD }, { jar });
    expect(clash).toMatchObject({ status: 409, body: { message: "Email is already registered" } });
  });

  test("the database itself refuses a second account differing only in case (lower() unique indexes)", async () => {
    const user = await createUserWithPassword(PASSWORD);
    const prisma = await db();
    const copy = { password: "x", username: user.username.toUpperCase(), email: `${unique("other")}@example.com` };
    await expect(prisma.user.create({ data: copy }).then(() => "created")).rejects.toThrow();
    await expect(prisma.user.create({ data: { ...copy, username: unique("other2"), email: user.email.toUpperCase() } }).then(() => "created")).rejects.toThrow();
  });
});

describe("brute force", () => {
  test("an attacker gets 429 with Retry-After while the real user still signs in from elsewhere", async () => {
    const victim = await createUserWithPassword(PASSWORD);
    const attacker = "203.0.113.7";
    const answers: number[] = [];
    for (let i = 0; i < 7; i++) {
      answers.push((await post("/api/login", { usernameOrEmail: victim.username, password: `guess-${i}-x` }, { ip: attacker })).status);
    }
    expect(answers.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(answers.slice(5)).toEqual([429, 429]);
    const blocked = await post("/api/login", { usernameOrEmail: victim.username, password: PASSWORD }, { ip: attacker });
    expect(blocked.status).toBe(429); // even the right password: the attacker learns nothing
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);

    const owner = await post("/api/login", { usernameOrEmail: victim.username, password: PASSWORD }, { ip: "198.51.100.20" });
    expect(owner.status).toBe(200);
  });

  test("a distributed attack locks strangers out of the account, but not the owner's known browser", async () => {
    const victim = await createUserWithPassword(PASSWORD);
    const ownerBrowser = new CookieJar();
    expect((await post("/api/login", { usernameOrEmail: victim.username, password: PASSWORD }, { jar: ownerBrowser })).status).toBe(200);
    for (let i = 0; i < 20; i++) {
      await post("/api/login", { usernameOrEmail: victim.username, password: `guess-${i}-x` }, { ip: `192.0.2.${i + 1}` });
    }
    const stranger = await post("/api/login", { usernameOrEmail: victim.username, password: PASSWORD }, { ip: "192.0.2.200" });
    expect(stranger.status).toBe(429);
    const owner = await post("/api/login", { usernameOrEmail: victim.username, password: PASSWORD }, { jar: ownerBrowser, ip: "192.0.2.201" });
    expect(owner.status).toBe(200);
  });

  test("register, forgot and reset are rate limited per address too", async () => {
    const ip = "203.0.113.99";
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await post("/api/auth/forgot-password", { email: `${unique("f")}@example.com` }, { ip })).status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe("forgot and reset password", () => {
  test("forgot answers the same for every address; reset works once and ends every session", async () => {
    const user = await createUserWithPassword(PASSWORD);
    const unknown = await post("/api/auth/forgot-password", { email: `${unique("nobody")}@example.com` });
    const known = await post("/api/auth/forgot-password", { email: user.email.toUpperCase() });
    expect(known.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(known.body.message).toBe("If an account exists with that email, we've sent password reset instructions.");

    const otherDevice = await signedInJar(user.id);
    const mail = await waitForMail(user.email, /Reset your/);
    const token = decodeURIComponent(mail.links.find((l) => l.includes("/reset-password/"))!.split("/reset-password/")[1]!);

    const tooShort = await post("/api/auth/reset-password", { token, newPassword: "seven77" });
    expect(tooShort).toMatchObject({ status: 400, body: { message: "Password must be at least 8 characters" } });
    const reset = await post("/api/auth/reset-password", { token, newPassword: "a brand new secret" });
    expect(reset).toMatchObject({ status: 200, body: { message: "Your password has been reset successfully" } });
    expect((await post("/api/auth/reset-password", { token, newPassword: "and another one" })).status).toBe(400); // single use
    expect((await call("/api/auth/user", { jar: otherDevice })).status).toBe(401);
    expect((await post("/api/login", { usernameOrEmail: user.username, password: "a brand new secret" })).status).toBe(200);
    expect((await post("/api/login", { usernameOrEmail: user.username, password: PASSWORD })).status).toBe(401);
  });

  test("an expired or made-up reset token is refused", async () => {
    const user = await createUserWithPassword(PASSWORD);
    await post("/api/auth/forgot-password", { email: user.email });
    const mail = await waitForMail(user.email, /Reset your/);
    const token = decodeURIComponent(mail.links.find((l) => l.includes("/reset-password/"))!.split("/reset-password/")[1]!);
    await (await db()).user.update({ where: { id: user.id }, data: { resetPasswordExpires: new Date(Date.now() - 1) } });
    expect((await post("/api/auth/reset-password", { token, newPassword: "whatever-long" })).body.message).toBe("This reset link is invalid or has expired.");
    expect((await post("/api/auth/reset-password", { token: "made-up", newPassword: "whatever-long" })).status).toBe(400);
  });

  test("answers in the same time for known and unknown addresses (medians of 50 differ by < 2 ms)", async () => {
    const known = await Promise.all(Array.from({ length: 50 }, () => createUserWithPassword(PASSWORD)));
    const timings = { known: [] as number[], unknown: [] as number[] };
    const timed = async (kind: "known" | "unknown", email: string) => {
      const started = performance.now();
      const res = await post("/api/auth/forgot-password", { email }, { ip: `198.51.${timings[kind].length}.${kind === "known" ? 1 : 2}` });
      timings[kind].push(performance.now() - started);
      expect(res.status).toBe(200);
    };
    // Interleaved, so the background work of one call weighs on both kinds alike.
    for (let i = 0; i < 50; i++) {
      await timed("known", known[i]!.email);
      await timed("unknown", `${unique("nobody")}@example.com`);
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
    expect(Math.abs(median(timings.known) - median(timings.unknown))).toBeLessThan(2);
    await waitForMail(known[49]!.email, /Reset your/); // and the mail still goes out
  });

  test("mail to an unknown address is never sent", async () => {
    const email = `${unique("ghost")}@example.com`;
    await post("/api/auth/forgot-password", { email });
    await Bun.sleep(200);
    expect(mailsTo(email)).toHaveLength(0);
  });
});

describe("profile", () => {
  test("updates the profile fields; changing the e-mail asks for verification again", async () => {
    const user = await createUserWithPassword(PASSWORD, { emailVerified: true });
    const jar = await signedInJar(user.id);
    const username = unique("renamed").replace(/-/g, "_");
    const body = { username, email: `${username}@example.org`, firstName: "Grace", lastName: null, role: "ADMIN", currentPassword: PASSWORD };
    const res = await patch("/api/profile", body, { jar });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ username, email: `${username}@example.org`, firstName: "Grace", lastName: null, role: "USER", emailVerified: false });
    await waitForMail(`${username}@example.org`, /Verify your e-mail/);
  });

  test("an e-mail change needs the current password; the old address is told; the new one stays unverified", async () => {
    const user = await createUserWithPassword(PASSWORD, { emailVerified: true });
    const jar = await signedInJar(user.id); // a stolen session knows no password
    const newEmail = `${unique("thief")}@example.net`;
    const base = { username: user.username, email: newEmail };
    expect(await patch("/api/profile", base, { jar })).toMatchObject({ status: 400, body: { message: "Current password is required" } });
    expect(await patch("/api/profile", { ...base, currentPassword: "a wrong guess" }, { jar })).toMatchObject({
      status: 400,
      body: { message: "Current password is incorrect" },
    });
    expect((await (await db()).user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(user.email);
    // Other fields change without the password; an unchanged address (any case) needs none either.
    expect((await patch("/api/profile", { username: user.username, email: user.email.toUpperCase(), firstName: "Kept" }, { jar })).status).toBe(200);

    const ok = await patch("/api/profile", { ...base, currentPassword: PASSWORD }, { jar });
    expect(ok).toMatchObject({ status: 200, body: { email: newEmail, emailVerified: false } });
    const notice = await waitForMail(user.email, /e-mail address was changed/);
    expect(notice.text).toContain(newEmail);
    const verification = await waitForMail(newEmail, /Verify your e-mail/);
    const token = decodeURIComponent(verification.links.find((l) => l.includes("/verify-email/"))!.split("/verify-email/")[1]!);
    expect((await call(`/api/auth/verify-email/${encodeURIComponent(token)}`)).status).toBe(200);
    expect((await (await db()).user.findUniqueOrThrow({ where: { id: user.id } })).emailVerified).toBe(true);
  });

  test("30 wrong current passwords (password or e-mail change) → 429, even for the right one", async () => {
    const user = await createUserWithPassword(PASSWORD);
    const jar = await signedInJar(user.id);
    for (let i = 0; i < 30; i++) {
      const body = i % 2 ? { currentPassword: `wrong ${i}`, newPassword: "new secret 123" } : { username: user.username, email: `${unique("x")}@example.com`, currentPassword: `wrong ${i}` };
      expect((await patch("/api/profile", body, { jar })).status).toBe(400);
    }
    const locked = await patch("/api/profile", { currentPassword: PASSWORD, newPassword: "new secret 123" }, { jar });
    expect(locked.status).toBe(429);
    expect(locked.headers.get("retry-after")).toBeTruthy();
  });

  test("SPEC messages for bad profile input", async () => {
    const user = await createUserWithPassword(PASSWORD);
    const jar = await signedInJar(user.id);
    expect((await patch("/api/profile", { username: "ab", email: user.email }, { jar })).body.message).toBe("Username must be at least 3 characters");
    expect((await patch("/api/profile", { username: user.username, email: "nope" }, { jar })).body.message).toBe("Invalid email address");
    expect((await patch("/api/profile", { currentPassword: "", newPassword: "longenough" }, { jar })).body.message).toBe("Current password is required");
    expect((await patch("/api/profile", { currentPassword: PASSWORD, newPassword: "five5" }, { jar })).body.message).toBe("Password must be at least 6 characters");
    // The body is one of two shapes: the message is the one of the shape it comes closest to.
    expect((await patch("/api/profile", { username: "a b", email: user.email }, { jar })).body.message).toBe(
      "Username may only contain letters, numbers, dots, dashes and underscores",
    );
    expect((await patch("/api/profile", { newPassword: "long enough" }, { jar })).body.message).toBe("Current password is required");
    const neither = await patch("/api/profile", { firstName: "Only" }, { jar });
    expect(neither).toMatchObject({ status: 400, body: { type: "invalid_data", message: "Username must be at least 3 characters" } });
    // A body with a new password is a password change, whatever else it carries.
    const mixed = await patch("/api/profile", { username: "renamed_user", email: user.email, currentPassword: "wrong guess", newPassword: "long enough" }, { jar });
    expect(mixed.body.message).toBe("Current password is incorrect");
  });

  test("a password change needs the current password and ends the user's other sessions, not this one", async () => {
    const user = await createUserWithPassword(PASSWORD);
    const here = await signedInJar(user.id);
    const elsewhere = await signedInJar(user.id);
    const wrong = await patch("/api/profile", { currentPassword: "not it at all", newPassword: "new secret 123" }, { jar: here });
    expect(wrong).toMatchObject({ status: 400, body: { message: "Current password is incorrect" } });
    const ok = await patch("/api/profile", { currentPassword: PASSWORD, newPassword: "new secret 123" }, { jar: here });
    expect(ok).toMatchObject({ status: 200, body: { message: "Password updated" } });
    expect((await call("/api/auth/user", { jar: here })).status).toBe(200);
    expect((await call("/api/auth/user", { jar: elsewhere })).status).toBe(401);
  });

  test("needs a signed-in user", async () => {
    expect((await patch("/api/profile", { username: "whoever", email: "w@example.com" })).status).toBe(401);
  });
});

describe("CSRF", () => {
  test("a cross-site POST is refused with 403 and changes nothing", async () => {
    const user = await createUserWithPassword(PASSWORD);
    const jar = await signedInJar(user.id);
    const evil = await patch("/api/profile", { username: "pwned_user", email: "evil@example.com" }, { jar, headers: { origin: "https://evil.example" } });
    expect(evil.status).toBe(403);
    const sameSiteFetch = await patch("/api/profile", { username: "pwned_user", email: "evil@example.com" }, { jar, headers: { origin: "", "sec-fetch-site": "cross-site" } });
    expect(sameSiteFetch.status).toBe(403);
    const after = await (await db()).user.findUniqueOrThrow({ where: { id: user.id } });
    expect(after.username).toBe(user.username);
    const logout = await call("/api/logout", { method: "POST", jar, headers: { origin: "https://evil.example" } });
    expect(logout.status).toBe(403);
    expect((await call("/api/auth/user", { jar })).status).toBe(200); // still signed in
  });

  test("oversized JSON bodies are refused before parsing", async () => {
    const res = await post("/api/login", { usernameOrEmail: "x", password: "y".repeat(1_100_000) });
    expect(res.status).toBe(413);
  });
});

describe("session sweep", () => {
  test("removes expired rows and keeps live ones", async () => {
    const { deleteExpiredSessions } = await import("./sessions");
    const user = await createUserWithPassword(PASSWORD);
    const live = await signedInJar(user.id);
    const dead = await signedInJar(user.id);
    const prisma = await db();
    await prisma.session.update({ where: { sid: hashToken(dead.get(SESSION_COOKIE)!) }, data: { expire: new Date(Date.now() - 1) } });
    expect(await deleteExpiredSessions()).toBeGreaterThanOrEqual(1);
    expect(await prisma.session.count({ where: { sid: hashToken(dead.get(SESSION_COOKIE)!) } })).toBe(0);
    expect((await call("/api/auth/user", { jar: live })).status).toBe(200);
  });
});
