// One challenge: DRAFT visibility by section, and the "Add to calendar" download.
import { describe, expect, test } from "bun:test";
import { createChallenge, createUser } from "../../../test/factories";
import { signedInClient, visitor } from "../../../test/client";

/** GET /api/challenges/:id, anonymously or as `user`. */
async function getChallenge(id: string, user?: { id: string }) {
  const { api } = user ? await signedInClient(user) : visitor();
  return api.challenges({ id }).get();
}
const calendar = (id: string) => visitor().api.challenges({ id })["calendar.ics"].get();

describe("GET /api/challenges/:id", () => {
  test("a DRAFT is a 404 for visitors and members, and visible to admins and challenges delegates", async () => {
    const draft = await createChallenge({ status: "DRAFT" });
    const [member, delegate, other, admin] = await Promise.all([
      createUser(),
      createUser({ toolAccess: ["challenges"] }),
      createUser({ toolAccess: ["projects", "user_management"] }),
      createUser({ role: "ADMIN" }),
    ]);
    expect((await getChallenge(draft.id)).status).toBe(404);
    expect((await getChallenge(draft.id, member)).status).toBe(404);
    expect((await getChallenge(draft.id, other)).status).toBe(404);
    const seen = await getChallenge(draft.id, delegate);
    expect(seen.status).toBe(200);
    expect(seen.data?.status).toBe("DRAFT");
    expect((await getChallenge(draft.id, admin)).status).toBe(200);
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
    const res = await calendar(challenge.id);
    expect(res.status).toBe(200);
    expect(res.response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(res.response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="water-salt-and-more-a-very-long-title[a-z-]*\.ics"$/,
    );
    const text = res.data;
    if (typeof text !== "string") throw new Error(`expected the calendar as text, got ${typeof text}`);
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
    expect((await calendar(draft.id)).status).toBe(404);
    expect((await calendar("nope")).status).toBe(404);
  });
});
