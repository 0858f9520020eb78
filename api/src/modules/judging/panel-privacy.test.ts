// Privacy of judging (decision 021), as a table: every route a judge or member can call × every caller who must not
// reach the entry. Each answer is the expected status, and its body never carries the entry's team (the entrant's
// username) or another judge's score. Also here: the judge's file download, the admin's deletes and the judges'
// load counts, and the profile's affiliations.
import { afterAll, beforeEach, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { as } from "../../../test/client";
import { createApplication, createChallenge, createUser } from "../../../test/factories";
import { openRubricRound } from "../../../test/judging-scores";
import { app } from "../../app";
import { db } from "../../db/client";
import { recordClientIp } from "../../lib/client-ip";
import { localStorage, useStorage } from "../../lib/storage";
import { createSession, SESSION_COOKIE } from "../auth/sessions";
import { PANEL_MESSAGES as M } from "./schema";

const dirs: string[] = [];
beforeEach(() => {
  const dir = mkdtempSync(join(tmpdir(), "judge-files-"));
  dirs.push(dir);
  useStorage(localStorage(dir));
});
afterAll(() => {
  useStorage(undefined);
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const SECRET_COMMENT = "other-judge-secret-comment";
const FILE_BYTES = new TextEncoder().encode("%PDF-1.4\n% the team's deck\n");

/** An open rubric round: judge A's and judge B's assignments on one entry with a stored PDF; B has scored. */
async function fixture() {
  const base = await openRubricRound();
  const prisma = await db();
  const key = `private/${crypto.randomUUID().replaceAll("-", "")}.pdf`;
  const { storage } = await import("../../lib/storage");
  await storage().put(key, FILE_BYTES, "application/pdf");
  const sha256 = createHash("sha256").update(FILE_BYTES).digest("hex");
  await prisma.submissionVersion.create({
    data: {
      submissionId: base.submission.id,
      number: 1,
      items: [
        {
          deliverableId: "deck",
          title: "Deck",
          kind: "file",
          file: { key, name: "deck.pdf", type: "application/pdf", bytes: FILE_BYTES.length, sha256 },
        },
        { deliverableId: "demo", title: "Demo", kind: "link", url: "https://demo.test" },
      ],
    },
  });
  const [a, b] = base.judges as [(typeof base.judges)[0], (typeof base.judges)[0]];
  await prisma.judgeScore.create({
    data: { assignmentId: b.assignmentId, criterionId: base.impact.id, value: 9.75, comment: SECRET_COMMENT },
  });
  return { ...base, a, b, key };
}

async function call(user: { id: string } | null, method: string, path: string, body?: unknown) {
  const headers = new Headers({ origin: "http://localhost:3000" });
  if (user) headers.set("cookie", `${SESSION_COOKIE}=${(await createSession(user.id)).token}`);
  if (body !== undefined) headers.set("content-type", "application/json");
  const request = new Request(`http://localhost:3000/api${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  recordClientIp(request, "10.9.9.9");
  const res = await app.handle(request);
  return { status: res.status, text: await res.text() };
}

type Fx = Awaited<ReturnType<typeof fixture>>;
type Route = { name: string; method: string; path: (assignmentId: string) => string; body?: (fx: Fx) => unknown; list?: true };

/** Every judging route a judge or member can call. */
const JUDGE_ROUTES: Route[] = [
  { name: "overview", method: "GET", path: () => "/judging", list: true },
  { name: "queue", method: "GET", path: () => "/judging/assignments", list: true },
  { name: "assignment", method: "GET", path: (id) => `/judging/assignments/${id}` },
  { name: "sheet", method: "GET", path: (id) => `/judging/assignments/${id}/scores` },
  {
    name: "scores",
    method: "PUT",
    path: (id) => `/judging/assignments/${id}/scores`,
    body: (fx) => ({ scores: [{ criterionId: fx.impact.id, value: 1 }] }),
  },
  { name: "recuse", method: "POST", path: (id) => `/judging/assignments/${id}/recuse`, body: () => ({ reason: "Friend" }) },
  { name: "file", method: "GET", path: (id) => `/judging/assignments/${id}/items/deck/file` },
];
// The pairwise judge's routes (pair, decisions, undo) take a round, not an assignment: their table of callers
// (signed out, non-judge, removed judge, a rubric round, a conflicted entry never shown) is in pairwise-routes.test.ts.

type Caller = {
  name: string;
  /** Sets the scene; answers who calls and with which assignment id. */
  setup: (fx: Fx) => Promise<{ user: { id: string } | null; assignmentId: string }>;
  /** The status an assignment route answers (lists: 200 empty, or 401 signed out). */
  status: number | ((route: Route) => number);
};

const CALLERS: Caller[] = [
  { name: "signed out", setup: async (fx) => ({ user: null, assignmentId: fx.a.assignmentId }), status: 401 },
  {
    name: "member who is not a judge",
    setup: async (fx) => ({ user: await createUser(), assignmentId: fx.a.assignmentId }),
    status: 404,
  },
  {
    name: "judge of another challenge",
    setup: async (fx) => {
      const other = await createChallenge();
      const user = await createUser();
      await (await db()).judge.create({ data: { challengeId: other.id, userId: user.id } });
      return { user, assignmentId: fx.a.assignmentId };
    },
    status: 404,
  },
  {
    name: "conflicted judge with a forced assignment row",
    setup: async (fx) => {
      const prisma = await db();
      const user = await createUser();
      await prisma.judge.create({ data: { challengeId: fx.challenge.id, userId: user.id } });
      await createApplication(fx.challenge.id, user.id); // applied to the challenge: a conflict with every entry
      const forced = await prisma.judgeAssignment.create({
        data: { roundId: fx.round.id, submissionId: fx.submission.id, judgeId: user.id, manual: true },
      });
      return { user, assignmentId: forced.id };
    },
    status: 404,
  },
  {
    name: "removed judge",
    setup: async (fx) => {
      await (await db()).judge.delete({
        where: { challengeId_userId: { challengeId: fx.challenge.id, userId: fx.a.user.id } },
      });
      return { user: fx.a.user, assignmentId: fx.a.assignmentId };
    },
    status: 404,
  },
  {
    name: "judge after the round closed",
    setup: async (fx) => {
      await (await db()).judgingRound.update({ where: { id: fx.round.id }, data: { state: "CLOSED", closedAt: new Date() } });
      return { user: fx.a.user, assignmentId: fx.a.assignmentId };
    },
    // The sheet keeps its 409 (a write racing the close lost, decision 021); everything else is gone: 404.
    status: (route) => (route.name === "sheet" || route.name === "scores" ? 409 : 404),
  },
];

describe("privacy of judging: every judge route × every caller who may not see the entry", () => {
  for (const caller of CALLERS) {
    test(caller.name, async () => {
      const fx = await fixture();
      const { user, assignmentId } = await caller.setup(fx);
      for (const route of JUDGE_ROUTES) {
        const res = await call(user, route.method, route.path(assignmentId), route.body?.(fx));
        const expected = route.list
          ? user
            ? 200
            : 401
          : typeof caller.status === "number"
            ? caller.status
            : caller.status(route);
        expect({ route: route.name, status: res.status }).toEqual({ route: route.name, status: expected });
        expect(res.text).not.toContain(fx.entrant.username);
        expect(res.text).not.toContain(SECRET_COMMENT);
        expect(res.text).not.toContain("9.75");
        expect(res.text).not.toContain(fx.key);
        if (route.list && user) expect(res.text).not.toContain(assignmentId);
      }
      // Nothing was written on the way.
      expect(await (await db()).judgeScore.count({ where: { assignmentId: fx.a.assignmentId } })).toBe(0);
      expect(await (await db()).judgeAssignment.count({ where: { id: fx.a.assignmentId, recusedAt: { not: null } } })).toBe(0);
    });
  }

  test("admin routes answer a member who is not an admin 403", async () => {
    const fx = await fixture();
    const member = await createUser();
    const invitation = await (await db()).judgeInvitation.create({
      data: { challengeId: fx.challenge.id, email: "x@example.com" },
    });
    const routes: [string, string][] = [
      ["GET", `/challenges/${fx.challenge.id}/judges`],
      ["DELETE", `/challenges/${fx.challenge.id}/judges/${fx.a.user.id}`],
      ["DELETE", `/challenges/${fx.challenge.id}/judge-invitations/${invitation.id}`],
      ["GET", `/rounds/${fx.round.id}/assignments`],
      ["DELETE", `/rounds/${fx.round.id}/assignments/${fx.b.assignmentId}`],
      ["POST", `/rounds/${fx.round.id}/assign`],
    ];
    for (const [method, path] of routes) {
      const res = await call(member, method, path);
      expect({ path, status: res.status }).toEqual({ path, status: 403 });
      expect(res.text).not.toContain(fx.entrant.username);
      expect(res.text).not.toContain(SECRET_COMMENT);
    }
    expect(await (await db()).judgeAssignment.count({ where: { id: fx.b.assignmentId } })).toBe(1);
  });
});

describe("the judge's file download", () => {
  test("the assigned judge downloads the latest version's file through the API, never the storage key", async () => {
    const fx = await fixture();
    const detail = await fx.a.api.judging.assignments({ assignmentId: fx.a.assignmentId }).get();
    expect(detail.status).toBe(200);
    const text = JSON.stringify(detail.data);
    expect(text).not.toContain(fx.key);
    const url = `/api/judging/assignments/${fx.a.assignmentId}/items/deck/file`;
    expect(detail.data!.entry.items).toEqual([
      expect.objectContaining({ deliverableId: "deck", file: expect.objectContaining({ name: "deck.pdf" }), fileUrl: url }),
      { deliverableId: "demo", title: "Demo", kind: "link", url: "https://demo.test" },
    ]);
    const res = await call(fx.a.user, "GET", url.replace(/^\/api/, ""));
    expect(res.status).toBe(200);
    expect(res.text).toBe(new TextDecoder().decode(FILE_BYTES));
    const headers = await (async () => {
      const h = new Headers({ cookie: `${SESSION_COOKIE}=${(await createSession(fx.a.user.id)).token}` });
      const r = await app.handle(new Request(`http://localhost:3000${url}`, { headers: h }));
      await r.arrayBuffer();
      return r.headers;
    })();
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    expect(headers.get("content-disposition")).toContain("attachment");
    expect(headers.get("content-disposition")).toContain("deck.pdf");
    expect(headers.get("cache-control")).toBe("private, no-store");
    expect(headers.get("location")).toBeNull();
    // A link item, an unknown item, or an item only in an older version: 404.
    expect((await call(fx.a.user, "GET", `/judging/assignments/${fx.a.assignmentId}/items/demo/file`)).status).toBe(404);
    expect((await call(fx.a.user, "GET", `/judging/assignments/${fx.a.assignmentId}/items/nope/file`)).status).toBe(404);
    await (await db()).submissionVersion.create({ data: { submissionId: fx.submission.id, number: 2, items: [] } });
    expect((await call(fx.a.user, "GET", url.replace(/^\/api/, ""))).status).toBe(404);
  });
});

describe("admin: deletes and the judges' load", () => {
  test("taking a judge off an entry removes the assignment and its scores (204); after the close 409", async () => {
    const fx = await fixture();
    const admin = as(await createUser({ toolAccess: ["challenges"] }));
    const list = (await admin.challenges({ id: fx.challenge.id }).judges.get()).data!;
    const load = Object.fromEntries(list.judges.map((j) => [j.userId, [j.assigned, j.scored]]));
    expect(load).toEqual({ [fx.a.user.id]: [1, 0], [fx.b.user.id]: [1, 0] });
    // B completes the sheet: scored counts complete sheets only.
    await (await db()).judgeScore.create({ data: { assignmentId: fx.b.assignmentId, criterionId: fx.craft.id, value: 3 } });
    const after = (await admin.challenges({ id: fx.challenge.id }).judges.get()).data!;
    expect(after.judges.find((j) => j.userId === fx.b.user.id)).toMatchObject({ assigned: 1, scored: 1 });

    const del = await admin.rounds({ roundId: fx.round.id }).assignments({ assignmentId: fx.b.assignmentId }).delete();
    expect(del.status).toBe(204);
    expect(await (await db()).judgeScore.count({ where: { assignmentId: fx.b.assignmentId } })).toBe(0);
    expect((await admin.rounds({ roundId: fx.round.id }).assignments({ assignmentId: fx.b.assignmentId }).delete()).status).toBe(
      404,
    );
    const other = await openRubricRound();
    expect(
      (await admin.rounds({ roundId: fx.round.id }).assignments({ assignmentId: other.judges[0]!.assignmentId }).delete()).status,
    ).toBe(404);
    await admin.rounds({ roundId: fx.round.id }).close.post();
    const closed = await admin.rounds({ roundId: fx.round.id }).assignments({ assignmentId: fx.a.assignmentId }).delete();
    expect(closed.status).toBe(409);
    expect((closed.error?.value as { message?: string } | undefined)?.message).toBe(M.closedRound);
  });

  test("withdrawing an invitation (204); another challenge's invitation is 404", async () => {
    const challenge = await createChallenge();
    const other = await createChallenge();
    const admin = as(await createUser({ toolAccess: ["challenges"] }));
    const prisma = await db();
    const mine = await prisma.judgeInvitation.create({ data: { challengeId: challenge.id, email: "a@example.com" } });
    const theirs = await prisma.judgeInvitation.create({ data: { challengeId: other.id, email: "b@example.com" } });
    const invitations = admin.challenges({ id: challenge.id })["judge-invitations"];
    expect((await invitations({ invitationId: theirs.id }).delete()).status).toBe(404);
    expect((await invitations({ invitationId: mine.id }).delete()).status).toBe(204);
    expect((await invitations({ invitationId: mine.id }).delete()).status).toBe(404);
    expect((await admin.challenges({ id: challenge.id }).judges.get()).data!.invitations).toEqual([]);
    expect(await prisma.judgeInvitation.count({ where: { id: theirs.id } })).toBe(1);
  });
});

describe("affiliations on the profile", () => {
  test("PATCH /profile stores them trimmed, without blanks or repeats; the signed-in user reads them; at most 10", async () => {
    const user = await createUser({ firstName: "Ada" });
    const me = as(user);
    const base = { username: user.username, email: user.email, firstName: "Ada", lastName: null };
    const saved = await me.profile.patch({ ...base, affiliations: ["  Acme Corp ", "", "acme corp", "Globex"] });
    expect(saved.status).toBe(200);
    expect(saved.data).toMatchObject({ affiliations: ["Acme Corp", "Globex"] });
    expect((await me.auth.user.get()).data).toMatchObject({ affiliations: ["Acme Corp", "Globex"] });
    // Absent: unchanged.
    await me.profile.patch(base);
    expect((await me.auth.user.get()).data!.affiliations).toEqual(["Acme Corp", "Globex"]);
    const eleven = Array.from({ length: 11 }, (_, i) => `Org ${i}`);
    expect((await me.profile.patch({ ...base, affiliations: eleven })).status).toBe(400);
    expect((await me.profile.patch({ ...base, affiliations: ["x".repeat(121)] })).status).toBe(400);
    expect((await me.profile.patch({ ...base, affiliations: [...eleven.slice(0, 10), "org 0"] })).status).toBe(200);
    await expect(
      (await db()).user.findUniqueOrThrow({ where: { id: user.id } }).then((u) => u.affiliations.length),
    ).resolves.toBe(10);
  });
});
