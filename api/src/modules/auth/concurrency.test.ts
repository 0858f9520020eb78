// Double-clicked account forms, sent at once with Promise.all: a sign-up twice (one 201, one 409), two sign-ups for one
// username or e-mail, a profile saved twice, two members taking one username — never a 500.
import { describe, expect, test } from "bun:test";
import { signedInClient, visitor } from "../../../test/client";
import { createUserWithPassword, unique } from "../../../test/factories";
import { db } from "../../db/client";

const PASSWORD = "correct horse battery";
const newName = () => unique("u").replace(/-/g, "_");
const sorted = (responses: { status: number }[]) => responses.map((r) => r.status).sort();
const messageOf = (res: { error: unknown }) => (res.error as { value?: { message?: string } } | null)?.value?.message;

describe("sign-up at once", () => {
  test("the same form twice from one browser: one account (201), the other 409", async () => {
    const username = newName();
    const body = { username, email: `${username}@example.com`, password: PASSWORD };
    const browser = visitor();
    const responses = await Promise.all([browser.api.register.post(body), browser.api.register.post(body)]);
    expect(sorted(responses)).toEqual([201, 409]);
    expect(await (await db()).user.count({ where: { username } })).toBe(1);
  });

  test("one username (in any case) or one e-mail from two browsers: one 201, one 409 naming the clash", async () => {
    const username = newName();
    const byName = await Promise.all([
      visitor().api.register.post({ username, email: `${newName()}@example.com`, password: PASSWORD }),
      visitor().api.register.post({ username: username.toUpperCase(), email: `${newName()}@example.com`, password: PASSWORD }),
    ]);
    expect(sorted(byName)).toEqual([201, 409]);
    expect(messageOf(byName.find((r) => r.status === 409)!)).toBe("Username is already taken");

    const email = `${newName()}@example.com`;
    const byEmail = await Promise.all([
      visitor().api.register.post({ username: newName(), email, password: PASSWORD }),
      visitor().api.register.post({ username: newName(), email: email.toUpperCase(), password: PASSWORD }),
    ]);
    expect(sorted(byEmail)).toEqual([201, 409]);
    expect(messageOf(byEmail.find((r) => r.status === 409)!)).toBe("Email is already registered");
  });
});

describe("profile at once", () => {
  test("the same update twice: both 200, the profile as sent", async () => {
    const user = await createUserWithPassword(PASSWORD);
    const { api } = await signedInClient(user);
    const body = { username: newName(), email: user.email, firstName: "Grace", lastName: "Hopper" };
    const responses = await Promise.all([api.profile.patch(body), api.profile.patch(body)]);
    expect(sorted(responses)).toEqual([200, 200]);
    const saved = await (await db()).user.findUniqueOrThrow({ where: { id: user.id } });
    expect(saved).toMatchObject({ username: body.username, firstName: "Grace", lastName: "Hopper" });
  });

  test("two members taking one free username at once: one 200, one 409", async () => {
    const [a, b] = await Promise.all([createUserWithPassword(PASSWORD), createUserWithPassword(PASSWORD)]);
    const [clientA, clientB] = await Promise.all([signedInClient(a), signedInClient(b)]);
    const username = newName();
    const responses = await Promise.all([
      clientA.api.profile.patch({ username, email: a.email }),
      clientB.api.profile.patch({ username, email: b.email }),
    ]);
    expect(sorted(responses)).toEqual([200, 409]);
    expect(await (await db()).user.count({ where: { username } })).toBe(1);
  });
});
