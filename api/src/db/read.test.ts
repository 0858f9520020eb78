// The lean reader (read.ts) answers what Prisma's $queryRaw answers for the same statement, on this run's database
// (PGlite, or PostgreSQL with TEST_DATABASE=postgres): the hottest list switched from one to the other.
import { expect, test } from "bun:test";
import { Prisma } from "../generated/prisma/client";
import { createApplication, createChallenge, createUser, unique } from "../../test/factories";
import { getDatabase } from "./client";

test("the same rows and values as $queryRaw: UTC dates, nulls, json, numbers, text, enum text, bound parameters", async () => {
  const title = unique('Reader\'s "quoted" title');
  const challenge = await createChallenge({
    title,
    startDate: new Date("2027-03-04T05:06:07.089Z"),
    endDate: null,
    requirements: ["One", 'Two "quoted"', "[not json"],
    timeline: "Q2",
  });
  await createApplication(challenge.id, (await createUser()).id, { status: "ACTIVE" });
  const since = new Date("2027-03-04T05:06:07.000Z"); // a Date parameter against a `timestamp` column
  const statement = Prisma.sql`
    SELECT id, title, "startDate", "endDate", "createdAt", to_json(requirements) AS requirements, outcomes, timeline,
           "fullDescription", status::text AS status, 0.5::real AS rank, NULL::real AS "noRank",
           (SELECT count(*)::int FROM challenge_participants p WHERE p."challengeId" = challenges.id) AS "participantCount"
    FROM challenges WHERE title = ${title} AND "startDate" > ${since}`;
  const { prisma, read } = await getDatabase();
  const viaPrisma = await prisma.$queryRaw<Record<string, unknown>[]>(statement);
  const viaReader = await read<Record<string, unknown>>(statement);
  expect(viaReader).toEqual(viaPrisma);
  expect(viaReader).toEqual([
    {
      id: challenge.id,
      title,
      startDate: new Date("2027-03-04T05:06:07.089Z"),
      endDate: null,
      createdAt: challenge.createdAt,
      requirements: ["One", 'Two "quoted"', "[not json"],
      outcomes: [],
      timeline: "Q2",
      fullDescription: null,
      status: "ACTIVE",
      rank: 0.5,
      noRank: null,
      participantCount: 1,
    },
  ]);
  // A later bound is a later bound, whatever the process's time zone: nothing matches.
  expect(
    await read(
      Prisma.sql`SELECT id FROM challenges WHERE title = ${title} AND "startDate" > ${new Date("2027-03-04T05:06:08Z")}`,
    ),
  ).toEqual([]);
});

test("a statement read again and again (prepared once) answers each call's own values; a bad one fails alone", async () => {
  const { read } = await getDatabase();
  const first = await createChallenge({ title: unique("Prepared A") });
  const second = await createChallenge({ title: unique("Prepared B") });
  const byId = (id: string) => Prisma.sql`SELECT title FROM challenges WHERE id = ${id}`;
  for (let i = 0; i < 3; i++) {
    expect(await read(byId(first.id))).toEqual([{ title: first.title }]);
    expect(await read(byId(second.id))).toEqual([{ title: second.title }]);
  }
  // A statement that cannot be prepared, then one that cannot run: each rejects, and reads go on.
  await expect(read(Prisma.sql`SELECT no_such_column FROM challenges`)).rejects.toThrow(/no_such_column/);
  await expect(read(Prisma.sql`SELECT 1 / ${0}::int AS x`)).rejects.toThrow(/division by zero/);
  // With PostgreSQL's error code, as either driver reports it.
  await expect(read(Prisma.sql`SELECT 1 / ${0}::int AS x`)).rejects.toMatchObject({ code: "22012", severity: "ERROR" });
  expect(await read(byId(first.id))).toEqual([{ title: first.title }]);
  expect(await read(Prisma.sql`SELECT 1 / ${1}::int AS x`)).toEqual([{ x: 1 }]);
});

test("a prepared statement whose result type changed under it (a newer process's migration) is prepared again", async () => {
  const { read, prisma } = await getDatabase();
  const table = `reader_probe_${unique("t").replace(/\W/g, "_").toLowerCase()}`;
  await prisma.$executeRawUnsafe(`CREATE TABLE ${table} (id int PRIMARY KEY, size int)`);
  try {
    await prisma.$executeRawUnsafe(`INSERT INTO ${table} VALUES (1, 42)`);
    const statement = Prisma.sql`SELECT size FROM ${Prisma.raw(table)} WHERE id = ${1}`;
    // Every pooled connection of the pg reader may hold the statement: read it more often than the pool has them.
    for (let i = 0; i < 12; i++) expect(await read(statement)).toEqual([{ size: 42 }]);
    await prisma.$executeRawUnsafe(`ALTER TABLE ${table} ALTER COLUMN size TYPE text USING size::text || ' cm'`);
    for (let i = 0; i < 12; i++) expect(await read(statement)).toEqual([{ size: "42 cm" }]);
  } finally {
    await prisma.$executeRawUnsafe(`DROP TABLE ${table}`);
  }
});

test("a large answer, over many chunks and multi-byte text, comes back whole", async () => {
  const { read } = await getDatabase();
  const rows = await read<{ n: number; big: string }>(
    Prisma.sql`SELECT n, repeat(${"é€😀"}, 40000) || n AS big FROM generate_series(1, ${5}::int) n`,
  );
  expect(rows.map((r) => r.n)).toEqual([1, 2, 3, 4, 5]);
  for (const { n, big } of rows) expect(big).toBe("é€😀".repeat(40000) + n);
});
