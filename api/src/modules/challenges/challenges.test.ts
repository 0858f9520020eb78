// Public challenge reads: visibility by status, filters, server-side search, participant counts, JSON-text lists.
import { describe, expect, test, beforeAll } from "bun:test";
import { call } from "../../../test/http";
import { createApplication, createChallenge, createUser, unique } from "../../../test/factories";
import { parseTextList } from "./schema";

describe("GET /api/challenges", () => {
  const tag = unique("vis"); // every challenge here carries it, so searches see only this file's rows
  let ids: Record<string, string>;

  beforeAll(async () => {
    const mk = (status: "DRAFT" | "UPCOMING" | "ACTIVE" | "COMPLETED", day: string) =>
      createChallenge({ title: `${status} ${tag}`, status, startDate: new Date(`2026-${day}T00:00:00Z`) });
    const [draft, upcoming, active, completed] = await Promise.all([
      mk("DRAFT", "12-01"),
      mk("UPCOMING", "12-20"),
      mk("ACTIVE", "12-10"),
      mk("COMPLETED", "10-01"),
    ]);
    ids = { draft: draft.id, upcoming: upcoming.id, active: active.id, completed: completed.id };
  });

  test("never lists DRAFT challenges; lists the others soonest first", async () => {
    const { status, body } = await call(`/api/challenges?search=${tag}`);
    expect(status).toBe(200);
    expect(body.map((c: { id: string }) => c.id)).toEqual([ids.completed, ids.active, ids.upcoming]);
  });

  test("'All Status' (ACTIVE,UPCOMING) hides COMPLETED; a single status shows only that status", async () => {
    const open = await call(`/api/challenges?status=ACTIVE,UPCOMING&search=${tag}`);
    expect(open.body.map((c: { status: string }) => c.status)).toEqual(["ACTIVE", "UPCOMING"]);
    const completed = await call(`/api/challenges?status=COMPLETED&search=${tag}`);
    expect(completed.body.map((c: { id: string }) => c.id)).toEqual([ids.completed]);
  });

  test("asking for DRAFT is refused with a clear message, not silently widened", async () => {
    const res = await call(`/api/challenges?status=DRAFT`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ type: "invalid_data", message: "Unknown challenge status" });
  });

  test("search is server-side, case-insensitive, and matches title or short description", async () => {
    const word = unique("Zebra");
    const byTitle = await createChallenge({ title: `Saving the ${word} crossing` });
    const byDescription = await createChallenge({ description: `Habitat of the ${word.toLowerCase()}` });
    await createChallenge({ title: "Unrelated" });
    const res = await call(`/api/challenges?search=${encodeURIComponent(word.toUpperCase())}`);
    expect(res.body.map((c: { id: string }) => c.id).sort()).toEqual([byTitle.id, byDescription.id].sort());
  });

  test("limit caps the list (home page asks for 3) and is validated", async () => {
    const res = await call(`/api/challenges?search=${tag}&limit=2`);
    expect(res.body).toHaveLength(2);
    const bad = await call(`/api/challenges?limit=0`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("limit must be between 1 and 100");
  });

  test("an over-long search is refused without echoing it back", async () => {
    const secret = "x".repeat(101);
    const res = await call(`/api/challenges?search=${secret}`);
    expect(res.status).toBe(400);
    expect(res.text).not.toContain(secret);
  });
});

describe("participantCount", () => {
  test("counts approved applications only", async () => {
    const challenge = await createChallenge({ title: unique("Counted") });
    const [a, b, c, d] = await Promise.all([createUser(), createUser(), createUser(), createUser()]);
    await createApplication(challenge.id, a.id, { status: "ACTIVE" });
    await createApplication(challenge.id, b.id, { status: "ACTIVE" });
    await createApplication(challenge.id, c.id, { status: "PENDING" });
    await createApplication(challenge.id, d.id, { status: "REJECTED" });
    const one = await call(`/api/challenges/${challenge.id}`);
    expect(one.body.participantCount).toBe(2);
    const list = await call(`/api/challenges?search=${encodeURIComponent(challenge.title)}`);
    expect(list.body[0].participantCount).toBe(2);
  });
});

describe("GET /api/challenges/:id", () => {
  test("returns the declared shape with ISO dates and normalised lists", async () => {
    const challenge = await createChallenge({
      requirements: ['["Designers","Data scientists"]'], // stored as one JSON-text element (SPEC §3)
      outcomes: ["A prototype", "A report"],
      endDate: new Date("2027-01-31T00:00:00Z"),
      fullDescription: "Long text",
    });
    const { status, body } = await call(`/api/challenges/${challenge.id}`);
    expect(status).toBe(200);
    expect(body).toEqual({
      id: challenge.id,
      title: challenge.title,
      description: "A short description",
      fullDescription: "Long text",
      status: "ACTIVE",
      startDate: "2026-12-01T00:00:00.000Z",
      endDate: "2027-01-31T00:00:00.000Z",
      imageUrl: null,
      requirements: ["Designers", "Data scientists"],
      outcomes: ["A prototype", "A report"],
      timeline: null,
      createdAt: challenge.createdAt.toISOString(),
      participantCount: 0,
    });
  });

  test("a DRAFT challenge is not found, exactly like a missing one", async () => {
    const draft = await createChallenge({ status: "DRAFT" });
    const hidden = await call(`/api/challenges/${draft.id}`);
    const missing = await call(`/api/challenges/00000000-0000-0000-0000-000000000000`);
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual(missing.body);
    expect(hidden.body).toEqual({ type: "not_found", message: "Challenge not found" });
  });
});

describe("parseTextList", () => {
  test("accepts arrays, JSON text and arrays holding JSON text", () => {
    expect(parseTextList(["a", "b"])).toEqual(["a", "b"]);
    expect(parseTextList('["a","b"]')).toEqual(["a", "b"]);
    expect(parseTextList(['["a","b"]', "c"])).toEqual(["a", "b", "c"]);
    expect(parseTextList("[not json")).toEqual(["[not json"]);
    expect(parseTextList(null)).toEqual([]);
    expect(parseTextList(["  ", ""])).toEqual([]);
  });
});
