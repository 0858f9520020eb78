// The demo submissions in the development seed (README "Demo accounts"): Clean Air Corridors asks for a PDF, a link
// and a text; member and priya have a draft with one entry; diego and amara submitted version 1 on Accessible Transit
// for All. Seeding twice leaves the same rows (and brings a changed demo back to its story).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { seedDemoData } from "../../cli/seed";
import { FILE_KINDS, type FileKind } from "../deliverables/schema";
import { type Database, openDatabase } from "../../db/client";

// Its own in-memory database: the seed's rows must not meet the other tests' data.
let database: Database;
beforeAll(async () => {
  database = await openDatabase({ dataDir: "memory://demo-submissions-seed" });
});
afterAll(() => database.close());

/** The two teams this story is about (the judging demo adds entries of its own: demo-judging.ts and its test). */
async function demoTeams() {
  return database.prisma.submission.findMany({
    where: {
      challenge: { title: { in: ["Accessible Transit for All", "Clean Air Corridors"] } },
      members: { some: { role: "OWNER", user: { username: { in: ["diego", "member"] } } } },
    },
    orderBy: { createdAt: "asc" },
    select: {
      status: true,
      version: true,
      challenge: { select: { title: true, deliverables: { select: { title: true, kind: true, acceptedKinds: true } } } },
      members: { select: { role: true, user: { select: { username: true } } }, orderBy: { joinedAt: "asc" } },
      items: { select: { url: true, text: true }, orderBy: { deliverable: { position: "asc" } } },
      versions: { select: { number: true, items: true } },
    },
  });
}

test("a draft team of two with one entry and a submitted team at version 1, the same after a second seed", async () => {
  await seedDemoData(database.prisma, async (p) => `plain:${p}`, { demoCatalogue: false });
  const first = await demoTeams();
  expect(
    first.map((t) => [t.challenge.title, t.status, t.version, t.members.map((m) => `${m.user.username}:${m.role}`)]),
  ).toEqual([
    ["Accessible Transit for All", "SUBMITTED", 1, ["diego:OWNER", "amara:MEMBER"]],
    ["Clean Air Corridors", "DRAFT", 0, ["member:OWNER", "priya:MEMBER"]],
  ]);
  const [submitted, draft] = first;
  expect(draft!.challenge.deliverables.map((d) => d.kind).toSorted()).toEqual(["FILE", "TEXT", "URL"]);
  // The words the contract takes (a seed once wrote "PDF", and no upload could match it).
  expect(draft!.challenge.deliverables.find((d) => d.kind === "FILE")?.acceptedKinds).toEqual(["pdf"]);
  for (const d of [...draft!.challenge.deliverables, ...submitted!.challenge.deliverables])
    for (const kind of d.acceptedKinds) expect(FILE_KINDS).toContain(kind as FileKind);
  expect(draft!.items).toHaveLength(1);
  expect(submitted!.items.map((i) => (i.url ? "url" : i.text ? "text" : "?"))).toEqual(["url", "text"]);
  expect(submitted!.versions.map((v) => [v.number, (v.items as unknown[]).length])).toEqual([[1, 2]]);

  // Someone played with the demo: a second seed brings it back, without a second row anywhere.
  await database.prisma.submission.updateMany({ data: { status: "WITHDRAWN" } });
  await seedDemoData(database.prisma, async (p) => `plain:${p}`, { demoCatalogue: false });
  expect(await demoTeams()).toEqual(first);
});
