// Challenge and project pages for an id that cannot be shown (unknown, malformed, a draft to a visitor): HTTP 404
// with SPEC §2's message and its way back, not the router's generic 404 — and the challenges list's SPEC subtitle.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Server } from "bun";
import { loadAstroApp, startServer } from "./front";
import { createChallenge } from "../api/test/factories";

let server: Server<undefined>;
let base: string;
let draftId: string;

beforeAll(async () => {
  draftId = (await createChallenge({ status: "DRAFT" })).id;
  server = startServer({ port: 0, hostname: "127.0.0.1", astro: await loadAstroApp() });
  base = `http://127.0.0.1:${server.port}`;
});
afterAll(() => server.stop(true));

const page = async (path: string) => {
  const res = await fetch(`${base}${path}`, { redirect: "manual" });
  return { status: res.status, html: await res.text() };
};
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
