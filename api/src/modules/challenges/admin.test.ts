// Challenge management: who may, the form's rules, and archiving into a project exactly once.
import { describe, expect, test } from "bun:test";
import { app } from "../../app";
import { as } from "../../../test/client";
import { db } from "../../db/client";
import { createApplication, createChallenge, createUser } from "../../../test/factories";
import { createSession, SESSION_COOKIE } from "../auth/sessions";

const ORIGIN = "http://localhost:3000";
const delegate = () => createUser({ toolAccess: ["challenges"] });
const valid = { title: "Quiet streets", description: "Less traffic noise near homes", startDate: "2027-02-01T00:00:00.000Z" };

describe("who may manage challenges", () => {
  test("visitors get 401, members and other delegates 403, challenges delegates and admins succeed", async () => {
    expect((await as().challenges.post(valid)).status).toBe(401);
    expect((await as(await createUser()).challenges.post(valid)).status).toBe(403);
    expect((await as(await createUser({ toolAccess: ["projects"] })).challenges.post(valid)).status).toBe(403);
    expect((await as(await delegate()).challenges.post(valid)).status).toBe(201);
    expect((await as(await createUser({ role: "ADMIN" })).challenges.post(valid)).status).toBe(201);
  });

  test("members cannot edit, delete, archive or list drafts", async () => {
    const challenge = await createChallenge({ status: "COMPLETED" });
    const api = as(await createUser());
    expect((await api.challenges({ id: challenge.id }).patch({ title: "Mine now" })).status).toBe(403);
    expect((await api.challenges({ id: challenge.id }).delete()).status).toBe(403);
    expect((await api.challenges({ id: challenge.id }).archive.post({})).status).toBe(403);
    expect((await api.challenges.manage.get({ query: {} })).status).toBe(403);
    expect((await (await db()).challenge.findUnique({ where: { id: challenge.id } }))?.title).toBe(challenge.title);
  });
});

describe("create and edit", () => {
  test("status defaults to UPCOMING; JSON-text lists are normalised; blank optional text is stored as null", async () => {
    const api = as(await delegate());
    const { data, status } = await api.challenges.post({
      ...valid,
      fullDescription: "   ",
      endDate: null,
      requirements: '["Acousticians", " Residents "]',
      outcomes: ["A noise map", ""],
    });
    expect(status).toBe(201);
    expect(data).toMatchObject({
      status: "UPCOMING",
      fullDescription: null,
      endDate: null,
      requirements: ["Acousticians", "Residents"],
      outcomes: ["A noise map"],
      participantCount: 0,
    });
  });

  test("required fields, dates and image URLs are checked with clear messages; nothing is stored", async () => {
    const api = as(await delegate());
    const before = await (await db()).challenge.count();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, title: "   " }, "Title is required"],
      [{ ...valid, description: "" }, "Short description is required"],
      [{ ...valid, startDate: "next tuesday" }, "Start date is required (ISO 8601)"],
      // Shapes a lenient parser reads (Elysia's own date-time format did): 01/02 is 2 January or 1 February depending
      // on who typed it, and a date without a time or zone is midnight somewhere. The islands refuse them too.
      [{ ...valid, startDate: "01/02/2027" }, "Start date is required (ISO 8601)"],
      [{ ...valid, startDate: "2027-02-01" }, "Start date is required (ISO 8601)"],
      [{ ...valid, startDate: "2027-02-01T00:00:00" }, "Start date is required (ISO 8601)"],
      [{ ...valid, endDate: "03/01/2027" }, "End date must be an ISO 8601 date or null"],
      [{ ...valid, endDate: "2027-01-01T00:00:00.000Z" }, "End date must be on or after the start date"],
      [{ ...valid, imageUrl: "javascript:alert(1)" }, "Image must be an uploaded image or an http(s) URL"],
      [{ ...valid, status: "ARCHIVED" }, "Invalid status"],
    ];
    for (const [body, message] of cases) {
      const res = await api.challenges.post(body as typeof valid);
      expect(res.status, message).toBe(400);
      expect((res.error?.value as { message?: string } | undefined)?.message).toMatch(
        message === "Invalid status" ? /status/i : new RegExp(`^${message.replace(/[()]/g, "\\$&")}$`),
      );
    }
    expect(await (await db()).challenge.count()).toBe(before);
  });

  test("PATCH changes only what it is given and checks the dates against the stored ones", async () => {
    const challenge = await createChallenge({ startDate: new Date("2027-05-01T00:00:00Z"), status: "DRAFT" });
    const api = as(await delegate());
    const res = await api.challenges({ id: challenge.id }).patch({ status: "ACTIVE", title: "Renamed" });
    expect(res.data).toMatchObject({ status: "ACTIVE", title: "Renamed", description: challenge.description });
    const bad = await api.challenges({ id: challenge.id }).patch({ endDate: "2027-04-01T00:00:00.000Z" });
    expect(bad.status).toBe(400);
    expect((await api.challenges({ id: "00000000-0000-4000-8000-000000000000" }).patch({ title: "x" })).status).toBe(404);
  });

  test("DELETE removes the challenge and its applications; a second DELETE is 404", async () => {
    const challenge = await createChallenge();
    const member = await createUser();
    await createApplication(challenge.id, member.id);
    const api = as(await delegate());
    expect((await api.challenges({ id: challenge.id }).delete()).status).toBe(204);
    expect(await (await db()).challengeParticipant.count({ where: { challengeId: challenge.id } })).toBe(0);
    expect((await api.challenges({ id: challenge.id }).delete()).status).toBe(404);
  });

  test("the admin list includes drafts; the public list never does", async () => {
    const draft = await createChallenge({ status: "DRAFT", title: "Unpublished zqxj" });
    const managed = await as(await delegate()).challenges.manage.get({ query: { search: "zqxj" } });
    expect(managed.data?.map((c) => c.id)).toEqual([draft.id]);
    const open = await as().challenges.get({ query: { search: "zqxj" } });
    expect(open.data).toEqual([]);
  });
});

describe("archive", () => {
  test("only a COMPLETED challenge can be archived (409 otherwise); unknown is 404", async () => {
    const api = as(await delegate());
    for (const status of ["DRAFT", "UPCOMING", "ACTIVE"] as const) {
      const challenge = await createChallenge({ status });
      const res = await api.challenges({ id: challenge.id }).archive.post({});
      expect(res.status).toBe(409);
      expect((res.error?.value as { message?: string } | undefined)?.message).toBe("Only completed challenges can be archived");
    }
    expect((await api.challenges({ id: "00000000-0000-4000-8000-000000000000" }).archive.post({})).status).toBe(404);
  });

  test("creates the project from the challenge, with draft resources when asked", async () => {
    const challenge = await createChallenge({
      status: "COMPLETED",
      title: "Tidy rivers",
      outcomes: ["Clean banks"],
      imageUrl: "https://img.example/r.png",
    });
    const api = as(await delegate());
    const res = await api.challenges({ id: challenge.id }).archive.post({ spawnResources: true });
    expect(res.status).toBe(201);
    const prisma = await db();
    const project = await prisma.project.findUniqueOrThrow({ where: { id: res.data!.projectId }, include: { resources: true } });
    expect(project).toMatchObject({ challengeId: challenge.id, title: "Tidy rivers", imageUrl: "https://img.example/r.png" });
    expect(project.solution).toContain("Clean banks");
    expect(project.resources.map((r) => r.type).sort()).toEqual(["BEST_PRACTICE", "RESEARCH", "TOOL"]);
    expect(project.resources.every((r) => r.draft && r.accessLevel === "FREE")).toBe(true);
    expect(res.data!.resourceIds).toHaveLength(3);
  });

  test("without spawnResources (or without a body) only the project is created", async () => {
    const challenge = await createChallenge({ status: "COMPLETED" });
    const res = await app.handle(
      new Request(`${ORIGIN}/api/challenges/${challenge.id}/archive`, {
        method: "POST",
        headers: { origin: ORIGIN, cookie: `${SESSION_COOKIE}=${(await createSession((await delegate()).id)).token}` },
      }),
    );
    expect(res.status).toBe(201);
    expect((await res.json()).resourceIds).toEqual([]);
  });

  test("a double click archives once: one project, the other request gets 409", async () => {
    const challenge = await createChallenge({ status: "COMPLETED" });
    const api = as(await delegate());
    const results = await Promise.all(
      [1, 2, 3].map(() => api.challenges({ id: challenge.id }).archive.post({ spawnResources: true })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(await (await db()).project.count({ where: { challengeId: challenge.id } })).toBe(1);
    expect(await (await db()).resource.count({ where: { project: { challengeId: challenge.id } } })).toBe(3);
  });
});
