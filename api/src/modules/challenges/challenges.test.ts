// Public challenge reads: visibility by status, filters, server-side search, participant counts, JSON-text lists.
import { describe, expect, test, beforeAll } from "bun:test";
import { visitor } from "../../../test/client";
import { createApplication, createChallenge, createUser, unique } from "../../../test/factories";
import { parseTextList } from "./schema";

const { api } = visitor();

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
    const { status, data } = await api.challenges.get({ query: { search: tag } });
    expect(status).toBe(200);
    expect(data?.map((c) => c.id)).toEqual([ids.completed, ids.active, ids.upcoming]);
  });

  test("'All Status' (ACTIVE,UPCOMING) hides COMPLETED; a single status shows only that status", async () => {
    const open = await api.challenges.get({ query: { status: "ACTIVE,UPCOMING", search: tag } });
    expect(open.data?.map((c) => c.status)).toEqual(["ACTIVE", "UPCOMING"]);
    const completed = await api.challenges.get({ query: { status: "COMPLETED", search: tag } });
    expect(completed.data?.map((c) => c.id)).toEqual([ids.completed]);
  });

  test("asking for DRAFT is refused with a clear message, not silently widened", async () => {
    const res = await api.challenges.get({ query: { status: "DRAFT" } });
    expect(res.status).toBe(400);
    expect(res.error?.value).toEqual({ type: "invalid_data", message: "Unknown challenge status" });
  });

  test("search is server-side, case-insensitive, and matches title or short description", async () => {
    const word = unique("Zebra");
    const byTitle = await createChallenge({ title: `Saving the ${word} crossing` });
    const byDescription = await createChallenge({ description: `Habitat of the ${word.toLowerCase()}` });
    await createChallenge({ title: "Unrelated" });
    const res = await api.challenges.get({ query: { search: word.toUpperCase() } });
    expect(res.data?.map((c) => c.id).sort()).toEqual([byTitle.id, byDescription.id].sort());
  });

  test("limit caps the list (home page asks for 3) and is validated", async () => {
    const res = await api.challenges.get({ query: { search: tag, limit: 2 } });
    expect(res.data).toHaveLength(2);
    const bad = await api.challenges.get({ query: { limit: 0 } });
    expect(bad.status).toBe(400);
    expect(bad.error?.value.message).toBe("limit must be between 1 and 100");
  });

  test("an over-long search is refused without echoing it back", async () => {
    const secret = "x".repeat(101);
    const res = await api.challenges.get({ query: { search: secret } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.error?.value)).not.toContain(secret);
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
    const one = await api.challenges({ id: challenge.id }).get();
    expect(one.data?.participantCount).toBe(2);
    const list = await api.challenges.get({ query: { search: challenge.title } });
    expect(list.data?.[0]?.participantCount).toBe(2);
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
    const { status, data } = await api.challenges({ id: challenge.id }).get();
    expect(status).toBe(200);
    expect(data).toEqual({
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
      teamSize: 5,
    });
  });

  test("a list item is exactly what the detail route answers (the list reads its rows in one SQL statement)", async () => {
    const challenge = await createChallenge({
      title: unique("Same shape"),
      requirements: ['["Designers","Data scientists"]', "  Mentors  "],
      outcomes: [],
      endDate: new Date("2027-02-28T12:30:00.250Z"),
      imageUrl: "/uploads/images/a.png",
      timeline: "Two weeks",
    });
    await createApplication(challenge.id, (await createUser()).id, { status: "ACTIVE" });
    const one = await api.challenges({ id: challenge.id }).get();
    const list = await api.challenges.get({ query: { search: challenge.title } });
    expect(list.data).toEqual([one.data!]);
    expect(one.data?.requirements).toEqual(["Designers", "Data scientists", "Mentors"]);
  });

  test("a DRAFT challenge is not found, exactly like a missing one", async () => {
    const draft = await createChallenge({ status: "DRAFT" });
    const hidden = await api.challenges({ id: draft.id }).get();
    const missing = await api.challenges({ id: "00000000-0000-0000-0000-000000000000" }).get();
    expect(hidden.status).toBe(404);
    expect(hidden.error?.value).toEqual(missing.error?.value);
    expect(hidden.error?.value).toEqual({ type: "not_found", message: "Challenge not found" });
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
