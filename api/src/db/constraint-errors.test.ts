// The constraint checks against the errors the database really raises, on PGlite and PostgreSQL, in and out of a
// transaction: what the services' 409s and 400s for a concurrent twin rest on.
import { expect, test } from "bun:test";
import { createUser, unique } from "../../test/factories";
import { db } from "./client";
import { isForeignKeyViolation, isUniqueViolation } from "./constraint-errors";

const failureOf = (write: Promise<unknown>) => write.then(() => null).catch((e: unknown) => e);

test("a duplicate of a unique value is a unique violation, not a foreign-key one", async () => {
  const prisma = await db();
  const user = await createUser();
  const duplicate = { username: unique("u"), email: user.email, password: "x" };
  const outside = await failureOf(prisma.user.create({ data: duplicate }));
  const inside = await failureOf(prisma.$transaction((tx) => tx.user.create({ data: duplicate })));
  for (const e of [outside, inside]) {
    expect(isUniqueViolation(e)).toBe(true);
    expect(isForeignKeyViolation(e)).toBe(false);
  }
});

test("a row pointing at nothing is a foreign-key violation, not a unique one", async () => {
  const prisma = await db();
  const e = await failureOf(
    prisma.project.create({
      data: { challengeId: unique("gone"), title: "t", description: "d", problem: "p", solution: "s" },
    }),
  );
  expect(isForeignKeyViolation(e)).toBe(true);
  expect(isUniqueViolation(e)).toBe(false);
});

test("anything else is neither", () => {
  for (const e of [new Error("P2002"), null, undefined, "P2002", { code: "P2025" }, { code: 2002 }]) {
    expect(isUniqueViolation(e)).toBe(false);
    expect(isForeignKeyViolation(e)).toBe(false);
  }
});
