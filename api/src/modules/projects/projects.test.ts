// Projects API: who may manage them, the form's rules and messages, the public list's full-text search and keyset
// pages, the detail, 404s, and input that must be a 400 rather than a 500.
import { beforeAll, describe, expect, test } from "bun:test";
import { app } from "../../app";
import { as } from "../../../test/client";
import { db } from "../../db/client";
import { createChallenge, createProject, createUser, unique } from "../../../test/factories";

const ORIGIN = "http://localhost:3000";
const MISSING = "00000000-0000-4000-8000-000000000000";
const delegate = () => createUser({ toolAccess: ["projects"] });
const valid = {
  title: "Quiet streets",
  description: "Less traffic noise",
  problem: "Noise at night",
  solution: "Rubber asphalt",
};
const messageOf = (res: { error: unknown }) => (res.error as { value?: { message?: string } } | null)?.value?.message ?? "";

type Item = { id: string; title: string; createdAt: string };
async function list(query: Record<string, string | number>) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const res = await app.handle(new Request(`${ORIGIN}/api/projects?${qs}`));
  return { status: res.status, body: (await res.json()) as Item[] & { message?: string }, headers: res.headers };
}

describe("who may manage projects", () => {
  test("visitors get 401, members and other delegates 403, projects delegates and admins succeed", async () => {
    expect((await as().projects.post(valid)).status).toBe(401);
    expect((await as(await createUser()).projects.post(valid)).status).toBe(403);
    expect((await as(await createUser({ toolAccess: ["challenges", "resources"] })).projects.post(valid)).status).toBe(403);
    expect((await as(await delegate()).projects.post(valid)).status).toBe(201);
    expect((await as(await createUser({ role: "ADMIN" })).projects.post(valid)).status).toBe(201);
  });

  test("visitors, members and other delegates can neither edit nor delete", async () => {
    const project = await createProject();
    for (const api of [as(), as(await createUser()), as(await createUser({ toolAccess: ["challenges"] }))]) {
      expect([401, 403]).toContain((await api.projects({ id: project.id }).patch({ title: "Mine now" })).status);
      expect([401, 403]).toContain((await api.projects({ id: project.id }).delete()).status);
    }
    expect((await (await db()).project.findUnique({ where: { id: project.id } }))?.title).toBe(project.title);
  });
});

describe("create, edit, delete", () => {
  test("creates with every field; blank optional text is stored as null; uploaded and http(s) URLs are accepted", async () => {
    const challenge = await createChallenge({ status: "COMPLETED" });
    const api = as(await delegate());
    const res = await api.projects.post({
      ...valid,
      title: "  Padded title  ",
      challengeId: challenge.id,
      insights: "   ",
      imageUrl: "/api/files/0123456789abcdef0123456789abcdef.png",
      whitePaperUrl: "https://example.org/papers/quiet.pdf",
    });
    expect(res.status).toBe(201);
    expect(res.data).toMatchObject({
      title: "Padded title",
      challengeId: challenge.id,
      insights: null,
      imageUrl: "/api/files/0123456789abcdef0123456789abcdef.png",
      whitePaperUrl: "https://example.org/papers/quiet.pdf",
    });
    expect(Date.parse(res.data!.createdAt)).not.toBeNaN();
    const absolute = await api.projects.post({
      ...valid,
      whitePaperUrl: "http://localhost:3000/api/files/0123456789abcdef0123456789abcdef.pdf",
    });
    expect(absolute.status).toBe(201);
  });

  test("required fields, links and URLs are checked with the contract's messages; nothing is stored", async () => {
    const api = as(await delegate());
    const before = await (await db()).project.count();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, title: "   " }, "Title is required"],
      [{ ...valid, description: "" }, "Description is required"],
      [{ ...valid, problem: "\n" }, "Problem statement is required"],
      [{ ...valid, solution: undefined }, "Solution is required"],
      [{ ...valid, challengeId: MISSING }, "The linked challenge does not exist"],
      [{ ...valid, imageUrl: "javascript:alert(1)" }, "Image must be an uploaded image or an http(s) URL"],
      [{ ...valid, whitePaperUrl: "data:application/pdf;base64,AAAA" }, "White paper must be an uploaded file or an http(s) URL"],
      [{ ...valid, whitePaperUrl: "/api/files/../../etc/passwd" }, "White paper must be an uploaded file or an http(s) URL"],
    ];
    for (const [body, message] of cases) {
      const res = await api.projects.post(body as typeof valid);
      expect(res.status, message).toBe(400);
      expect(messageOf(res), message).toBe(message);
    }
    expect(await (await db()).project.count()).toBe(before);
  });

  test("PATCH changes only what it is given, can unlink the challenge, and checks a new link", async () => {
    const challenge = await createChallenge({ status: "COMPLETED" });
    const project = await createProject({ challengeId: challenge.id, whitePaperUrl: "https://example.org/a.pdf" });
    const api = as(await delegate());
    const res = await api.projects({ id: project.id }).patch({ title: "Renamed", whitePaperUrl: null });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      title: "Renamed",
      description: project.description,
      challengeId: challenge.id,
      whitePaperUrl: null,
    });
    expect((await api.projects({ id: project.id }).patch({ challengeId: null })).data?.challengeId).toBeNull();
    const bad = await api.projects({ id: project.id }).patch({ challengeId: MISSING });
    expect(bad.status).toBe(400);
    expect(messageOf(bad)).toBe("The linked challenge does not exist");
    expect((await api.projects({ id: project.id }).patch({ title: "" })).status).toBe(400);
    expect((await api.projects({ id: MISSING }).patch({ title: "x" })).status).toBe(404);
  });

  test("PATCH with every field, as the edit dialog sends it, keeps a seeded project's site image and white paper", async () => {
    const project = await createProject({
      imageUrl: "/images/demo/chart.svg",
      whitePaperUrl: "/files/white-papers/open-rent-registry.pdf",
    });
    const { id, createdAt, ...fields } = project;
    const res = await as(await delegate())
      .projects({ id })
      .patch({
        title: "Renamed",
        description: fields.description,
        problem: fields.problem,
        solution: fields.solution,
        challengeId: null,
        insights: null,
        imageUrl: fields.imageUrl,
        whitePaperUrl: fields.whitePaperUrl,
      });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      title: "Renamed",
      imageUrl: "/images/demo/chart.svg",
      whitePaperUrl: "/files/white-papers/open-rent-registry.pdf",
    });
  });

  test("DELETE removes the project and its resources; a second DELETE is 404", async () => {
    const project = await createProject();
    const prisma = await db();
    await prisma.resource.create({ data: { projectId: project.id, title: "Kit", description: "d", type: "TOOL" } });
    const api = as(await delegate());
    expect((await api.projects({ id: project.id }).delete()).status).toBe(204);
    expect(await prisma.resource.count({ where: { projectId: project.id } })).toBe(0);
    expect((await api.projects({ id: project.id }).delete()).status).toBe(404);
  });

  test("a project is removed with its challenge (SPEC §3)", async () => {
    const challenge = await createChallenge({ status: "COMPLETED" });
    const project = await createProject({ challengeId: challenge.id });
    await (await db()).challenge.delete({ where: { id: challenge.id } });
    expect((await as().projects({ id: project.id }).get()).status).toBe(404);
  });
});

describe("public detail", () => {
  test("anyone reads one project; unknown ids are 404 with a message; NUL is a 400, never a 500", async () => {
    const project = await createProject({ insights: "Shared tools last longer" });
    const res = await as().projects({ id: project.id }).get();
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      id: project.id,
      title: project.title,
      insights: "Shared tools last longer",
      challengeId: null,
    });
    const missing = await as().projects({ id: MISSING }).get();
    expect(missing.status).toBe(404);
    expect(messageOf(missing)).toBe("Project not found");
    expect((await as().projects({ id: "not-a-uuid" }).get()).status).toBe(404);
    const nul = await app.handle(new Request(`${ORIGIN}/api/projects/abc%00def`));
    expect(nul.status).toBe(400);
    const long = await app.handle(new Request(`${ORIGIN}/api/projects/${"x".repeat(100)}`));
    expect(long.status).toBe(400);
  });
});

describe("full-text search", () => {
  const tag = unique("fts").replaceAll("-", ""); // one token, so each search sees only this file's rows
  let ids: Record<string, string>;

  beforeAll(async () => {
    const [repair, lunch, rent, insight] = await Promise.all([
      createProject({ title: `Repair cafe ${tag}`, description: "Fixing things together" }),
      createProject({ title: `Lunch kits ${tag}`, description: "Reusable boxes", solution: "Pupils repaired broken lids" }),
      createProject({ title: `Rent registry ${tag}`, description: "Open data", problem: "Landlords rarely repair flats" }),
      createProject({
        title: `Cooling centres ${tag}`,
        description: "Heat relief",
        insights: "Volunteers enjoyed repairing fans",
      }),
    ]);
    ids = { repair: repair.id, lunch: lunch.id, rent: rent.id, insight: insight.id };
  });

  test("stems words ('repairs' finds repair, repaired, repairing) across title, description, problem, solution, insights", async () => {
    const res = await list({ search: `repairs ${tag}` });
    expect(res.status).toBe(200);
    expect(res.body.map((p) => p.id).sort()).toEqual([ids.repair, ids.lunch, ids.rent, ids.insight].sort());
  });

  test("ranks a title match above problem / solution matches above an insights match", async () => {
    const order = (await list({ search: `repair ${tag}` })).body.map((p) => p.id);
    expect(order[0]).toBe(ids.repair);
    expect(order.at(-1)).toBe(ids.insight);
  });

  test("takes what people type: phrases, exclusions, stray operators and punctuation", async () => {
    expect((await list({ search: `"repair cafe" ${tag}` })).body.map((p) => p.id)).toEqual([ids.repair]);
    expect((await list({ search: `repair -lunch ${tag}` })).body.map((p) => p.id)).not.toContain(ids.lunch);
    for (const odd of ["&&", "!", "(", "':*", "a | | b", "the", "   "]) {
      expect((await list({ search: odd })).status).toBe(200);
    }
  });

  test("a NUL or over-long search is a 400 with a message, never a 500", async () => {
    const nul = await list({ search: "repair\u0000" });
    expect(nul.status).toBe(400);
    const long = await list({ search: "x".repeat(101) });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe("Search text must be at most 100 characters");
  });
});

describe("keyset pagination", () => {
  const tag = unique("page").replaceAll("-", "");
  let newestFirst: string[];

  beforeAll(async () => {
    // Seven rows, two of which share a creation time so the id breaks the tie.
    const days = ["03", "01", "05", "02", "02", "07", "04"];
    const rows = await Promise.all(
      days.map((d, i) => createProject({ title: `Paged ${tag} ${i}`, createdAt: new Date(`2020-01-${d}T00:00:00Z`) })),
    );
    newestFirst = rows.sort((a, b) => +b.createdAt - +a.createdAt || (a.id < b.id ? 1 : -1)).map((r) => r.id);
  });

  async function walk(query: Record<string, string | number>) {
    const pages: Item[][] = [];
    let cursor: string | null = null;
    do {
      const res = await list(cursor ? { ...query, cursor } : query);
      expect(res.status).toBe(200);
      pages.push(res.body);
      cursor = res.headers.get("x-next-cursor");
      if (cursor) expect(res.headers.get("link")).toContain(`cursor=${cursor}`);
      expect(pages.length).toBeLessThan(200);
    } while (cursor);
    return pages;
  }

  test("a search walks every match exactly once, three at a time, newest first among equal ranks", async () => {
    const pages = await walk({ search: `paged ${tag}`, limit: 3 });
    expect(pages.map((p) => p.length)).toEqual([3, 3, 1]);
    expect(pages.flat().map((p) => p.id)).toEqual(newestFirst);
  });

  test("the plain list walks every row once, newest first, with no duplicates across pages", async () => {
    const seen = (await walk({ limit: 5 })).flat();
    expect(new Set(seen.map((p) => p.id)).size).toBe(seen.length);
    expect(seen.filter((p) => newestFirst.includes(p.id)).map((p) => p.id)).toEqual(newestFirst);
    const keys = seen.map((p) => `${p.createdAt}|${p.id}`);
    expect(keys).toEqual([...keys].sort().reverse());
  });

  test("the last page has no next link", async () => {
    const res = await list({ search: `paged ${tag}` });
    expect(res.body).toHaveLength(7);
    expect(res.headers.get("x-next-cursor")).toBeNull();
    expect(res.headers.get("link")).toBeNull();
  });

  test("a forged or mismatched cursor is a 400 with a clear message, never a 500", async () => {
    const searchCursor = (await list({ search: `paged ${tag}`, limit: 1 })).headers.get("x-next-cursor")!;
    const plainCursor = (await list({ limit: 1 })).headers.get("x-next-cursor")!;
    const forged = [
      "not-a-cursor",
      Buffer.from("{}").toString("base64url"),
      Buffer.from(JSON.stringify(["yesterday", "x", null])).toString("base64url"),
      Buffer.from(JSON.stringify(["2031-01-01T00:00:00.000Z", 5, null])).toString("base64url"),
    ];
    for (const cursor of forged) {
      const res = await list({ cursor });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("Invalid page cursor");
    }
    expect((await list({ cursor: searchCursor })).status).toBe(400);
    expect((await list({ search: `paged ${tag}`, cursor: plainCursor })).status).toBe(400);
    expect((await list({ limit: 0 })).status).toBe(400);
  });

  test("a cursor smuggling a control character (NUL in its id or date) is a 400, never a 500", async () => {
    const cursor = (parts: unknown[]) => Buffer.from(JSON.stringify(parts)).toString("base64url");
    const smuggled = [
      cursor(["2020-01-01T00:00:00.000Z", "a\u0000b", null]),
      cursor(["2020-01-01T00:00:00.000Z", "\u0000", null]),
      cursor(["2020-01-01T00:00:00.000Z\u0000", "x", null]),
      cursor(["2020-01-01T00:00:00.000Z", "tab\there", null]),
      cursor(["2020-01-01T00:00:00.000Z", "\ud800", null]),
    ];
    for (const c of smuggled) {
      const res = await list({ cursor: c });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("Invalid page cursor");
    }
    const ranked = cursor(["2020-01-01T00:00:00.000Z", "a\u0000b", 0.5]);
    expect((await list({ search: `paged ${tag}`, cursor: ranked })).status).toBe(400);
  });
});

test("GET /api/sitemap lists every project page with its last change", async () => {
  const project = await createProject();
  const res = await app.handle(new Request(`${ORIGIN}/api/sitemap`));
  const entries = (await res.json()) as { path: string; lastModified: string }[];
  expect(entries.find((e) => e.path === `/projects/${project.id}`)?.lastModified).toBe(project.updatedAt.toISOString());
});
