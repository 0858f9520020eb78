// The commonest passwords are refused everywhere a person sets one (decision 004): sign-up and reset
// (8 characters at least), the profile's password change and the admin user form (6 at least). SPEC's minimums and
// messages are unchanged; a common password of the right length gets one clear message and changes nothing.
import { describe, expect, test } from "bun:test";
import { as, createClient, signedInClient, visitor } from "../../../test/client";
import { createUser, createUserWithPassword, unique } from "../../../test/factories";
import { waitForMail } from "../../../test/mailbox";
import { drain, withJobQueue } from "../../../test/jobs";
import { db } from "../../db/client";
import { isCommonPassword } from "./common-passwords";
import { PASSWORD_RESET_MAIL_JOB } from "./emails";
import { MESSAGES } from "./schema";
import { RESET_REQUEST_JOB } from "./service";

withJobQueue();
const PASSWORD = "correct horse battery";
const refused = { status: 400, error: { value: { message: MESSAGES.passwordTooCommon } } };

describe("the list", () => {
  test("holds the breach lists' favourites of every length SPEC allows, in any case, and not ordinary passphrases", async () => {
    for (const common of ["password", "12345678", "iloveyou", "qwerty123", "Password1", "LETMEIN", "sunshine", "123456"]) {
      expect(await isCommonPassword(common)).toBe(true);
    }
    for (const fine of [PASSWORD, "member-demo-1234", "admin-demo-1234", "Tr0ub4dor&3-staple"]) {
      expect(await isCommonPassword(fine)).toBe(false);
    }
  });
});

describe("refused wherever a password is set", () => {
  test("sign-up: no account is created", async () => {
    const username = unique("c").replace(/-/g, "_");
    const res = await visitor().api.register.post({ username, email: `${username}@example.com`, password: "password1" });
    expect(res).toMatchObject(refused);
    expect(await (await db()).user.findUnique({ where: { username } })).toBeNull();
    const ok = await visitor().api.register.post({ username, email: `${username}@example.com`, password: PASSWORD });
    expect(ok.status).toBe(201);
  });

  test("reset: the token is not spent, and an uncommon password then works", async () => {
    const user = await createUserWithPassword(PASSWORD);
    expect((await visitor().api.auth["forgot-password"].post({ email: user.email })).status).toBe(200);
    await drain(RESET_REQUEST_JOB);
    await drain(PASSWORD_RESET_MAIL_JOB);
    const mail = await waitForMail(user.email, /Reset your/);
    const token = decodeURIComponent(mail.links.find((l) => l.includes("/reset-password/"))!.split("/reset-password/")[1]!);
    const reset = (newPassword: string) => createClient().api.auth["reset-password"].post({ token, newPassword });
    expect(await reset("iloveyou")).toMatchObject(refused);
    expect((await reset("a brand new secret")).status).toBe(200);
  });

  test("profile: the old password keeps working", async () => {
    const user = await createUserWithPassword(PASSWORD);
    const { api } = await signedInClient(user);
    expect(await api.profile.patch({ currentPassword: PASSWORD, newPassword: "sunshine" })).toMatchObject(refused);
    const login = (password: string) => visitor().api.login.post({ usernameOrEmail: user.username, password });
    expect((await login(PASSWORD)).status).toBe(200);
    expect((await login("sunshine")).status).toBe(401);
  });

  test("the admin user form: on create and on edit", async () => {
    const api = as(await createUser({ role: "ADMIN" }));
    const username = unique("c").replace(/-/g, "_");
    const body = { username, email: `${username}@example.com`, password: "123456", role: "USER" as const, toolAccess: [] };
    expect(await api.users.post(body)).toMatchObject(refused);
    const created = await api.users.post({ ...body, password: "six-ish-words" });
    expect(created.status).toBe(201);
    const id = (created.data as { id: string }).id;
    expect(await api.users({ id }).patch({ ...body, password: "qwerty" })).toMatchObject(refused);
    expect((await visitor().api.login.post({ usernameOrEmail: username, password: "six-ish-words" })).status).toBe(200);
  });
});
