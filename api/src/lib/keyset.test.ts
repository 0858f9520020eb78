// The one keyset mechanism: cursors we issue decode back, anything else (control characters, other shapes) is a 400,
// and a list with another table, sort column and direction pages every row exactly once.
import { beforeAll, describe, expect, test } from "bun:test";
import { Prisma } from "../generated/prisma/client";
import { db } from "../db/client";
import { createUser, unique } from "../../test/factories";
import { AppError } from "./errors";
import { defineKeyset, inPageOrder } from "./keyset";

const byStart = defineKeyset({ table: "challenges", column: "startDate", kind: "timestamp", direction: "asc" });
const raw = (parts: unknown) => Buffer.from(JSON.stringify(parts)).toString("base64url");
const ID = "0b9f6c1e-7a51-4f43-9a8e-2f1d3c4b5a69";
const WHEN = "2031-01-01T00:00:00.000Z";

function refusal(fn: () => unknown) {
  try {
    fn();
  } catch (e) {
    return e instanceof AppError ? { status: e.status, message: e.message } : e;
  }
  return "accepted";
}

describe("cursor text", () => {
  test("what we encode decodes to the same values, with and without a rank", () => {
    expect(byStart.decode(byStart.encode({ key: new Date(WHEN), id: ID }), false)).toEqual({ key: new Date(WHEN), id: ID });
    const ranked = byStart.encode({ key: new Date(WHEN), id: ID, rank: 0.0607927 });
    expect(byStart.decode(ranked, true)).toEqual({ key: new Date(WHEN), id: ID, rank: 0.0607927 });
  });

  test("control characters, lone surrogates, other shapes and other spellings are a 400 'Invalid page cursor'", () => {
    const forged = [
      raw([WHEN, "a\u0000b", null]),
      raw([WHEN, "\u0000", null]),
      raw([WHEN, "id\u007f", null]),
      raw([WHEN, "id\u0085", null]),
      raw([WHEN, "\ud800", null]),
      raw([`${WHEN}\u0000`, ID, null]),
      raw(["2031-01-01", ID, null]), // a date, but not the exact spelling we write
      raw(["2031-01-01T00:00:00Z", ID, null]),
      raw([WHEN, "has space", null]),
      raw([WHEN, "x".repeat(65), null]),
      raw([WHEN, "", null]),
      raw([WHEN, ID]),
      raw([WHEN, ID, null, null]),
      raw({ key: WHEN, id: ID }),
      raw([WHEN, 5, null]),
      raw([WHEN, ID, "0.5"]),
      `${raw([WHEN, ID, null])}=`,
      "not a cursor",
      "",
      "A".repeat(2000),
    ];
    for (const text of forged) {
      expect({ text, result: refusal(() => byStart.decode(text, false)) }).toEqual({
        text,
        result: { status: 400, message: "Invalid page cursor" },
      });
    }
  });

  test("a search cursor is refused by the plain list and the other way round", () => {
    const plain = byStart.encode({ key: new Date(WHEN), id: ID });
    const ranked = byStart.encode({ key: new Date(WHEN), id: ID, rank: 0.5 });
    expect(refusal(() => byStart.decode(plain, true))).toMatchObject({ status: 400 });
    expect(refusal(() => byStart.decode(ranked, false))).toMatchObject({ status: 400 });
  });

  test("a text sort keeps line breaks a stored value may hold but never NUL", () => {
    const byName = defineKeyset({ table: "users", column: "username", kind: "text", direction: "asc" });
    expect(byName.decode(byName.encode({ key: "two\nlines", id: ID }), false).key).toBe("two\nlines");
    expect(refusal(() => byName.decode(raw(["a\u0000", ID, null]), false))).toMatchObject({ status: 400 });
  });

  test("a date in the cursor's format but outside PostgreSQL's range is a 400, on the database too", async () => {
    // JavaScript writes years 0 and beyond 9999 in toISOString's format; PostgreSQL has no year 0 and stops at 294276.
    for (const when of ["0000-01-01T00:00:00.000Z", "+275760-09-13T00:00:00.000Z", "-000001-01-01T00:00:00.000Z"]) {
      expect({ when, result: refusal(() => byStart.decode(raw([when, ID, null]), false)) }).toEqual({
        when,
        result: { status: 400, message: "Invalid page cursor" },
      });
      const res = byStart.page(await db(), { cursor: raw([when, ID, null]), limit: 1 });
      await expect(res).rejects.toMatchObject({ status: 400 });
    }
    // The first and last days a stored date can have are still cursors.
    for (const when of ["0001-01-01T00:00:00.000Z", "9999-12-31T23:59:59.999Z"]) {
      expect(byStart.decode(raw([when, ID, null]), false).key).toEqual(new Date(when));
    }
  });

  test("only plain SQL identifiers name a table or column", () => {
    expect(() => defineKeyset({ table: 'users"; DROP TABLE users; --', column: "id", kind: "text", direction: "asc" })).toThrow();
  });
});

describe("another list on the same mechanism: users by username, descending", () => {
  const tag = unique("keyset").replaceAll("-", "_");
  const byName = defineKeyset({ table: "users", column: "username", kind: "text", direction: "desc" });
  const mine = Prisma.sql`username LIKE ${`${tag}%`}`;
  let expected: string[];

  beforeAll(async () => {
    const names = ["c", "a", "e", "b", "d", "f", "g"].map((n) => `${tag}_${n}`);
    const users = await Promise.all(names.map((username) => createUser({ username })));
    expected = users.sort((a, b) => (a.username < b.username ? 1 : -1)).map((u) => u.id);
  });

  test("walks every row exactly once, three at a time, in order; the last page has no cursor", async () => {
    const prisma = await db();
    const seen: string[] = [];
    const sizes: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await byName.page(prisma, { where: [mine], cursor, limit: 3 });
      seen.push(...page.ids);
      sizes.push(page.ids.length);
      cursor = page.nextCursor ?? undefined;
    } while (cursor && sizes.length < 10);
    expect(sizes).toEqual([3, 3, 1]);
    expect(seen).toEqual(expected);
    const rows = await prisma.user.findMany({ where: { id: { in: seen } }, select: { id: true } });
    expect(inPageOrder(seen, rows.reverse()).map((r) => r.id)).toEqual(expected);
  });

  test("a forged cursor is refused before any SQL runs", async () => {
    const prisma = await db();
    const res = byName.page(prisma, { where: [mine], cursor: raw(["x", "a\u0000b", null]), limit: 3 });
    await expect(res).rejects.toMatchObject({ status: 400, message: "Invalid page cursor" });
  });
});
