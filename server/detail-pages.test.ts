// Challenge and project pages for an id that cannot be shown (unknown, malformed, a draft to a visitor): HTTP 404
// with SPEC §2's message and its way back, not the router's generic 404 — and the challenges list's SPEC subtitle.
import { beforeAll, describe, expect, test } from "bun:test";
import { servedSite } from "./served-site";
import { createChallenge } from "../api/test/factories";

const site = servedSite();
let draftId: string;

beforeAll(async () => {
  draftId = (await createChallenge({ status: "DRAFT" })).id;
});

const page = (path: string) => site.page(path, undefined, "manual");
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

describe("an unknown challenge", () => {
  test.each([UNKNOWN_ID, "not-an-id", "draft", "%00", "%20", "%0D%0A"])(
    "/challenges/%s: 404, 'Failed to load challenge details.', Back to Challenges",
    async (which) => {
      const { status, html } = await page(`/challenges/${which === "draft" ? draftId : which}`);
      expect(status).toBe(404);
      expect(html).toContain("Failed to load challenge details.");
      expect(html).toMatch(/<a href="\/challenges"[^>]*>(<span aria-hidden="true">←<\/span>)? Back to Challenges<\/a>/);
      expect(html).not.toContain("404 Page Not Found");
    },
  );
});

describe("an unknown project", () => {
  test.each([UNKNOWN_ID, "not-an-id", "%00", "%09"])(
    "/projects/%s: 404, 'Failed to load project details.', Back to Projects",
    async (id) => {
      const { status, html } = await page(`/projects/${id}`);
      expect(status).toBe(404);
      expect(html).toContain("Failed to load project details.");
      expect(html).toMatch(/<a href="\/projects"[^>]*>(<span aria-hidden="true">←<\/span>)? Back to Projects<\/a>/);
      expect(html).not.toContain("404 Page Not Found");
    },
  );
});

test("/challenges: 'Innovation Challenges' with SPEC's subtitle", async () => {
  const { status, html } = await page("/challenges");
  expect(status).toBe(200);
  expect(html).toContain("Innovation Challenges");
  expect(html).toContain(">Join collaborative challenges to solve real-world problems and create impactful solutions</p>");
});
