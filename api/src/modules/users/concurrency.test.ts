// Two admins on one account at once, with Promise.all: two edits both succeed and the account is one of them; a delete
// racing an edit leaves it deleted and answers the losing edit 404; one username given to two accounts, or two new
// accounts with one username, end with one 200/201 and one 409 — never a 500.
import { describe, expect, test } from "bun:test";
import { signedInClient } from "../../../test/client";
import { createUser, unique } from "../../../test/factories";
import { db } from "../../db/client";

async function twoAdmins() {
  const [a, b] = await Promise.all([createUser({ role: "ADMIN" }), createUser({ role: "ADMIN" })]);
  return Promise.all([signedInClient(a), signedInClient(b)]);
}
const newName = () => unique("u").replace(/-/g, "_");
const sorted = (responses: { status: number }[]) => responses.map((r) => r.status).sort();

describe("two admins, one account", () => {
  test("two edits at once: both 200, the account is one of the two", async () => {
    const [target, [first, second]] = await Promise.all([createUser(), twoAdmins()]);
    const edits: { firstName: string | null; lastName: string | null }[] = [
      { firstName: "Ada", lastName: "Lovelace" },
      { firstName: "Grace", lastName: "Hopper" },
    ];
    const responses = await Promise.all([
      first.api.users({ id: target.id }).patch(edits[0]!),
      second.api.users({ id: target.id }).patch(edits[1]!),
    ]);
    expect(responses.map((r) => r.status)).toEqual([200, 200]);
    const row = await (await db()).user.findUniqueOrThrow({ where: { id: target.id } });
    expect(edits).toContainEqual({ firstName: row.firstName, lastName: row.lastName });
  });

  test("a delete racing an edit: the account is gone, the edit answers 200 (first) or 404 (lost), never 500", async () => {
    for (let round = 0; round < 3; round++) {
      const [target, [first, second]] = await Promise.all([createUser(), twoAdmins()]);
      const [edit, removal] = await Promise.all([
        first.api.users({ id: target.id }).patch({ firstName: "Renamed" }),
        second.api.users({ id: target.id }).delete(),
      ]);
      expect(removal.status).toBe(204);
      expect([200, 404]).toContain(edit.status);
      expect(await (await db()).user.findUnique({ where: { id: target.id } })).toBeNull();
    }
  });

  test("one new username given to two accounts at once: one 200, one 409", async () => {
    const [a, b, [first, second]] = await Promise.all([createUser(), createUser(), twoAdmins()]);
    const username = newName();
    const responses = await Promise.all([
      first.api.users({ id: a.id }).patch({ username }),
      second.api.users({ id: b.id }).patch({ username: username.toUpperCase() }),
    ]);
    expect(sorted(responses)).toEqual([200, 409]);
  });

  test("two deletes at once: one 204, one 404", async () => {
    const [target, [first, second]] = await Promise.all([createUser(), twoAdmins()]);
    const responses = await Promise.all([
      first.api.users({ id: target.id }).delete(),
      second.api.users({ id: target.id }).delete(),
    ]);
    expect(sorted(responses)).toEqual([204, 404]);
  });

  test("two new accounts with one username at once: one 201, one 409", async () => {
    const [first, second] = await twoAdmins();
    const username = newName();
    const body = (email: string) => ({ username, email, password: "secret-one", role: "USER" as const, toolAccess: [] });
    const responses = await Promise.all([
      first.api.users.post(body(`${newName()}@example.com`)),
      second.api.users.post(body(`${newName()}@example.com`)),
    ]);
    expect(sorted(responses)).toEqual([201, 409]);
    expect(await (await db()).user.count({ where: { username } })).toBe(1);
  });
});
