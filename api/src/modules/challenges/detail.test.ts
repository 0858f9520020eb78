// One challenge: DRAFT visibility by section, and the "Add to calendar" download.
import { describe, expect, test } from "bun:test";
import { app } from "../../app";
import { createChallenge, createUser } from "../../../test/factories";
import { createSession, SESSION_COOKIE } from "../auth/sessions";

async function get(path: string, userId?: string) {
  const headers = new Headers();
  if (userId) headers.set("cookie", `${SESSION_COOKIE}=${(await createSession(userId)).token}`);
  return app.handle(new Request(`http://localhost:3000${path}`, { headers }));
}

describe("GET /api/challenges/:id", () => {
  test("a DRAFT is a 404 for visitors and members, and visible to admins and challenges delegates", async () => {
    const draft = await createChallenge({ status: "DRAFT" });
    const [member, delegate, other, admin] = await Promise.all([
      createUser(),
      createUser({ toolAccess: ["challenges"] }),
      createUser({ toolAccess: ["projects", "user_management"] }),
      createUser({ role: "ADMIN" }),
    ]);
    expect((await get(`/api/challenges/${draft.id}`)).status).toBe(404);
    expect((await get(`/api/challenges/${draft.id}`, member.id)).status).toBe(404);
    expect((await get(`/api/challenges/${draft.id}`, other.id)).status).toBe(404);
    const seen = await get(`/api/challenges/${draft.id}`, delegate.id);
    expect(seen.status).toBe(200);
    expect((await seen.json()).status).toBe("DRAFT");
    expect((await get(`/api/challenges/${draft.id}`, admin.id)).status).toBe(200);
  });
});

describe("GET /api/challenges/:id/calendar.ics", () => {
  test("an all-day event over the challenge's dates, escaped and folded per RFC 5545", async () => {
    const challenge = await createChallenge({
      title: "Water; salt, and \\ more — a very long title that certainly needs folding past seventy-five octets",
      description: "Line one\nLine two",
      startDate: new Date("2027-03-01T00:00:00Z"),
      endDate: new Date("2027-03-31T00:00:00Z"),
    });
    const res = await get(`/api/challenges/${challenge.id}/calendar.ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="water-salt-and-more-a-very-long-title[a-z-]*\.ics"$/);
    const text = await res.text();
    expect(text).toContain("\r\nDTSTART;VALUE=DATE:20270301\r\n");
    expect(text).toContain("\r\nDTEND;VALUE=DATE:20270401\r\n"); // exclusive: the day after the end date
    expect(text.split("\r\n").every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    const unfolded = text.replace(/\r\n /g, "");
    expect(unfolded).toContain("SUMMARY:Water\\; salt\\, and \\\\ more — a very long title");
    expect(unfolded).toContain("DESCRIPTION:Line one\\nLine two\\n\\nhttp://localhost:3000/challenges/");
    expect(unfolded).toContain(`UID:challenge-${challenge.id}@localhost`);
  });

  test("no calendar for a DRAFT or a missing challenge", async () => {
    const draft = await createChallenge({ status: "DRAFT" });
    expect((await get(`/api/challenges/${draft.id}/calendar.ics`)).status).toBe(404);
    expect((await get(`/api/challenges/nope/calendar.ics`)).status).toBe(404);
  });
});
