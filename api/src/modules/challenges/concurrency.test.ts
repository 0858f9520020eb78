// Two admins on one challenge at once, with Promise.all: two edits both succeed and the row is one of them, never a mix
// that breaks the date rule; a delete racing an edit leaves it deleted, the edit 404 if it lost.
import { describe, expect, test } from "bun:test";
import { as } from "../../../test/client";
import { createChallenge, createUser } from "../../../test/factories";
import { db } from "../../db/client";
import { END_BEFORE_START } from "./schema";

const admins = async () => Promise.all([createUser({ role: "ADMIN" }), createUser({ toolAccess: ["challenges"] })]);

describe("two admins, one challenge", () => {
  test("two edits at once: both 200, the stored row is one of the two", async () => {
    const [challenge, [first, second]] = await Promise.all([createChallenge(), admins()]);
    const edits = [
      { title: "Quiet streets", description: "Less noise" },
      { title: "Clean air", description: "Less smoke" },
    ];
    const responses = await Promise.all([
      as(first).challenges({ id: challenge.id }).patch(edits[0]!),
      as(second).challenges({ id: challenge.id }).patch(edits[1]!),
    ]);
    expect(responses.map((r) => r.status)).toEqual([200, 200]);
    const row = await (await db()).challenge.findUniqueOrThrow({ where: { id: challenge.id } });
    expect(edits).toContainEqual({ title: row.title, description: row.description });
  });

  test("a start date and an end date moved at once: the second sees the first, so the dates stay in order", async () => {
    const challenge = await createChallenge({
      startDate: new Date("2027-03-01T00:00:00Z"),
      endDate: new Date("2027-04-01T00:00:00Z"),
    });
    const [first, second] = await admins();
    const responses = await Promise.all([
      as(first).challenges({ id: challenge.id }).patch({ startDate: "2027-05-01T00:00:00.000Z", endDate: null }),
      as(second).challenges({ id: challenge.id }).patch({ endDate: "2027-03-15T00:00:00.000Z" }),
    ]);
    for (const res of responses) expect([200, 400]).toContain(res.status);
    for (const res of responses.filter((r) => r.status === 400)) {
      expect((res.error?.value as { message?: string } | undefined)?.message).toBe(END_BEFORE_START);
    }
    const row = await (await db()).challenge.findUniqueOrThrow({ where: { id: challenge.id } });
    expect(row.endDate === null || row.endDate >= row.startDate).toBe(true);
  });

  test("a delete racing an edit: the challenge is gone, the edit answers 200 (first) or 404 (lost), never 500", async () => {
    for (let round = 0; round < 3; round++) {
      const [challenge, [first, second]] = await Promise.all([createChallenge(), admins()]);
      const [edit, removal] = await Promise.all([
        as(first).challenges({ id: challenge.id }).patch({ title: "Renamed" }),
        as(second).challenges({ id: challenge.id }).delete(),
      ]);
      expect(removal.status).toBe(204);
      expect([200, 404]).toContain(edit.status);
      expect(await (await db()).challenge.findUnique({ where: { id: challenge.id } })).toBeNull();
    }
  });

  test("two deletes at once: one 204, one 404", async () => {
    const [challenge, [first, second]] = await Promise.all([createChallenge(), admins()]);
    const responses = await Promise.all([
      as(first).challenges({ id: challenge.id }).delete(),
      as(second).challenges({ id: challenge.id }).delete(),
    ]);
    expect(responses.map((r) => r.status).sort()).toEqual([204, 404]);
  });
});
