// Full-text search (stemming, ranking, any text a person types) and keyset pagination of the public list.
import { beforeAll, describe, expect, test } from "bun:test";
import { createChallenge, unique } from "../../../test/factories";
import { visitor } from "../../../test/client";
import { db } from "../../db/client";
import { searchSlots } from "../../lib/search-slots";

type Item = { id: string; title: string; status: string; startDate: string };
type ListQuery = { search?: string; status?: string; limit?: number; cursor?: string };

const { api } = visitor();
/** GET /api/challenges; `data` is null unless the answer is 2xx (so a failed call never passes as an empty list). */
async function list(query: ListQuery) {
  const res = await api.challenges.get({ query });
  return { status: res.status, data: res.data, error: res.error?.value, headers: res.response.headers };
}

/** Follows the next-page cursor to the end, as a "Load more" button would. */
async function walk(query: ListQuery) {
  const pages: Item[][] = [];
  let cursor: string | null = null;
  do {
    const res = await list(cursor ? { ...query, cursor } : query);
    expect(res.status).toBe(200);
    pages.push(res.data!);
    cursor = res.headers.get("x-next-cursor");
    if (cursor) expect(res.headers.get("link")).toContain(`cursor=${cursor}`);
    expect(pages.length).toBeLessThan(100);
  } while (cursor);
  return pages;
}

describe("full-text search", () => {
  const tag = unique("fts").replaceAll("-", ""); // one token, so each search sees only this file's rows
  let ids: Record<string, string>;

  beforeAll(async () => {
    const [city, river, deep, draft] = await Promise.all([
      createChallenge({ title: `Smart city mobility ${tag}`, description: "Getting around" }),
      createChallenge({ title: `River clean-up ${tag}`, description: "Water quality for riverside cities" }),
      createChallenge({ title: `Open data ${tag}`, description: "Portals", fullDescription: "Budgets of small cities." }),
      createChallenge({ title: `Hidden city ${tag}`, status: "DRAFT" }),
    ]);
    ids = { city: city.id, river: river.id, deep: deep.id, draft: draft.id };
  });

  test("stems words: 'cities' finds 'city', and searches the full description too", async () => {
    const res = await list({ search: `cities ${tag}` });
    expect(res.status).toBe(200);
    expect(res.data!.map((c) => c.id).sort()).toEqual([ids.city, ids.river, ids.deep].sort());
  });

  test("ranks title matches above description matches above full-description matches", async () => {
    const res = await list({ search: `city ${tag}` });
    expect(res.data!.map((c) => c.id)).toEqual([ids.city, ids.river, ids.deep]);
  });

  test("never returns a DRAFT challenge, whatever the search", async () => {
    const res = await list({ search: `hidden ${tag}` });
    expect(res.data).toEqual([]);
  });

  test("takes what people type: phrases, exclusions, stray operators and punctuation", async () => {
    expect((await list({ search: `"smart city" ${tag}` })).data!.map((c) => c.id)).toEqual([ids.city]);
    expect((await list({ search: `cities -river ${tag}` })).data!.map((c) => c.id).sort()).toEqual([ids.city, ids.deep].sort());
    for (const odd of ["&&", "!", "(", "':*", "a | | b", "the", "   "]) {
      const res = await list({ search: odd });
      expect(res.status).toBe(200);
    }
  });

  test("a status filter narrows a search", async () => {
    const res = await list({ search: `cities ${tag}`, status: "COMPLETED" });
    expect(res.data).toEqual([]);
  });
});

describe("keyset pagination", () => {
  const tag = unique("page").replaceAll("-", "");
  let made: string[];

  beforeAll(async () => {
    // Seven rows, two of which share a start date so the id breaks the tie.
    const days = ["03", "01", "05", "02", "02", "07", "04"];
    const rows = await Promise.all(
      days.map((d, i) =>
        createChallenge({ title: `Paged ${tag} ${i}`, status: "UPCOMING", startDate: new Date(`2031-01-${d}T00:00:00Z`) }),
      ),
    );
    made = rows.sort((a, b) => +a.startDate - +b.startDate || (a.id < b.id ? -1 : 1)).map((r) => r.id);
  });

  test("a search walks every match exactly once, in rank order, three at a time", async () => {
    const pages = await walk({ search: `paged ${tag}`, limit: 3 });
    expect(pages.map((p) => p.length)).toEqual([3, 3, 1]);
    // Equal ranks here, so the order falls back to start date then id.
    expect(pages.flat().map((c) => c.id)).toEqual(made);
  });

  test("the plain list walks every row once in (startDate, id) order, with no duplicates across pages", async () => {
    const seen = (await walk({ status: "UPCOMING", limit: 5 })).flat();
    expect(new Set(seen.map((c) => c.id)).size).toBe(seen.length);
    const mine = seen.filter((c) => made.includes(c.id)).map((c) => c.id);
    expect(mine).toEqual(made);
    const keys = seen.map((c) => `${c.startDate}|${c.id}`);
    expect(keys).toEqual([...keys].sort());
  });

  test("the last page has no next link; the default page is 12", async () => {
    const res = await list({ search: `paged ${tag}` });
    expect(res.data).toHaveLength(7);
    expect(res.headers.get("x-next-cursor")).toBeNull();
    expect(res.headers.get("link")).toBeNull();
  });

  test("a forged, foreign or mismatched cursor is a 400 with a clear message, never a 500", async () => {
    const searchCursor = (await list({ search: `paged ${tag}`, limit: 1 })).headers.get("x-next-cursor")!;
    const plainCursor = (await list({ status: "UPCOMING", limit: 1 })).headers.get("x-next-cursor")!;
    const forged = [
      "not-a-cursor",
      Buffer.from("{}").toString("base64url"),
      Buffer.from(JSON.stringify(["yesterday", "x", null])).toString("base64url"),
      Buffer.from(JSON.stringify(["2031-01-01T00:00:00.000Z", 5, null])).toString("base64url"),
    ];
    for (const cursor of forged) {
      const res = await list({ status: "UPCOMING", cursor });
      expect(res.status).toBe(400);
      expect(res.error?.message).toBe("Invalid page cursor");
    }
    expect((await list({ status: "UPCOMING", cursor: searchCursor })).status).toBe(400);
    expect((await list({ search: "paged", cursor: plainCursor })).status).toBe(400);
  });

  test("a cursor smuggling a control character (NUL in its id or date) is a 400, never a 500", async () => {
    const cursor = (parts: unknown[]) => Buffer.from(JSON.stringify(parts)).toString("base64url");
    const smuggled = [
      cursor(["2031-01-01T00:00:00.000Z", "a\u0000b", null]),
      cursor(["2031-01-01T00:00:00.000Z", "\u0000", null]),
      cursor(["2031-01-01T00:00:00.000Z\u0000", "x", null]),
      cursor(["2031-01-01T00:00:00.000Z", "line\nbreak", null]),
      cursor(["2031-01-01T00:00:00.000Z", "\ud800", null]),
    ];
    for (const c of smuggled) {
      const plain = await list({ status: "UPCOMING", cursor: c });
      expect(plain.status).toBe(400);
      expect(plain.error?.message).toBe("Invalid page cursor");
    }
    const ranked = cursor(["2031-01-01T00:00:00.000Z", "a\u0000b", 0.5]);
    expect((await list({ search: `paged ${tag}`, cursor: ranked })).status).toBe(400);
  });
});

// A search reads one index per status (decision 008, "Search under load"): the statuses asked for decide which rows
// it sees.
describe("search across statuses", () => {
  const tag = unique("stat").replaceAll("-", "");
  let ids: Record<"upcoming" | "active" | "completed" | "draft", string>;

  beforeAll(async () => {
    const mk = (status: "DRAFT" | "UPCOMING" | "ACTIVE" | "COMPLETED", title: string) =>
      createChallenge({ title: `${title} ${tag}`, status });
    const [upcoming, active, completed, draft] = await Promise.all([
      mk("UPCOMING", "Harbour ferries"),
      mk("ACTIVE", "Harbour walls"),
      mk("COMPLETED", "Harbour lights"),
      mk("DRAFT", "Harbour plans"),
    ]);
    ids = { upcoming: upcoming.id, active: active.id, completed: completed.id, draft: draft.id };
  });

  test("pages through the matches of every asked status exactly once, and of no other status", async () => {
    const everyPublic = (await walk({ search: `harbour ${tag}`, status: "UPCOMING,ACTIVE,COMPLETED", limit: 1 })).flat();
    expect(everyPublic.map((c) => c.id).sort()).toEqual([ids.upcoming, ids.active, ids.completed].sort());
    const open = (await walk({ search: `harbour ${tag}`, status: "ACTIVE,UPCOMING", limit: 1 })).flat();
    expect(open.map((c) => c.id).sort()).toEqual([ids.upcoming, ids.active].sort());
  });

  test("a challenge whose status changes is found under its new status only", async () => {
    const prisma = await db();
    const moved = await createChallenge({ title: `Harbour cranes ${tag}`, status: "ACTIVE" });
    expect((await list({ search: `cranes ${tag}`, status: "ACTIVE" })).data!.map((c) => c.id)).toEqual([moved.id]);
    await prisma.challenge.update({ where: { id: moved.id }, data: { status: "COMPLETED" } });
    expect((await list({ search: `cranes ${tag}`, status: "ACTIVE,UPCOMING" })).data).toEqual([]);
    expect((await list({ search: `cranes ${tag}`, status: "COMPLETED" })).data!.map((c) => c.id)).toEqual([moved.id]);
  });
});

describe("searches take turns (lib/search-slots.ts)", () => {
  test("with every search slot taken a search waits for one, while a plain list is served at once", async () => {
    const tag = unique("turn").replaceAll("-", "");
    const { id } = await createChallenge({ title: `Waiting room ${tag}` });
    const releases = await Promise.all(Array.from({ length: searchSlots.limit }, () => searchSlots.acquire()));
    let answered = false;
    const search = list({ search: tag }).finally(() => {
      answered = true;
    });
    try {
      expect((await list({})).status).toBe(200);
      await Bun.sleep(200);
      expect(answered).toBe(false);
      releases.pop()!();
      const res = await search;
      expect(res.status).toBe(200);
      expect(res.data!.map((c) => c.id)).toEqual([id]);
    } finally {
      for (const release of releases) release();
      await search;
    }
  });

  test("a flood past the queue is told to try again (503 with Retry-After), and the queue drains", async () => {
    const releases = await Promise.all(Array.from({ length: searchSlots.limit }, () => searchSlots.acquire()));
    const queued = Array.from({ length: searchSlots.maxQueue }, () => searchSlots.acquire());
    try {
      const res = await list({ search: "anything" });
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("2");
      expect(res.error).toMatchObject({ message: "The server is busy. Please try again in a moment." });
    } finally {
      // Each waiter gives its slot back as soon as it gets one, so the whole queue drains.
      const drained = Promise.all(queued.map((waiting) => waiting.then((release) => release())));
      for (const release of releases) release();
      await drained;
    }
    expect((await list({ search: "anything" })).status).toBe(200);
  });
});
