// Challenge and project pages for an id that cannot be shown (unknown, malformed, a draft to a visitor): HTTP 404
// with SPEC §2's message and its way back, not the router's generic 404 — and the challenges list's SPEC subtitle.
import { beforeAll, describe, expect, test } from "bun:test";
import { servedSite } from "../api/test/served-site";
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

// A processed upload (decision 016) is offered as AVIF and WebP copies at its widths, with its own width and height;
// the detail page's hero is fetched first, the list's card when it nears the view.
describe("a challenge with an uploaded image", () => {
  const name = "0123456789abcdef0123456789abcdef_1200x800.jpg";
  const copies = (format: string) =>
    [480, 960, 1200].map((w) => `/api/files/0123456789abcdef0123456789abcdef_1200x800-${w}w.${format} ${w}w`).join(", ");
  let challenge: { id: string; title: string };
  beforeAll(async () => {
    challenge = await createChallenge({
      status: "ACTIVE",
      title: `Shaded bus stops ${Date.now()}`,
      imageUrl: `/api/files/${name}`,
    });
  });

  test("its page's hero is a <picture> of AVIF then WebP copies, sized, fetched eagerly and first", async () => {
    const { status, html } = await page(`/challenges/${challenge.id}`);
    expect(status).toBe(200);
    const picture = html.match(/<picture[^>]*>.*?<\/picture>/s)?.[0] ?? "";
    expect(picture).toContain(`<source type="image/avif" srcSet="${copies("avif")}" sizes="100vw"/>`);
    expect(picture).toContain(`<source type="image/webp" srcSet="${copies("webp")}" sizes="100vw"/>`);
    expect(picture.indexOf("image/avif")).toBeLessThan(picture.indexOf("image/webp"));
    expect(picture).toMatch(
      new RegExp(`<img [^>]*src="/api/files/${name}"[^>]*width="1200" height="800" loading="eager" fetchPriority="high"`),
    );
  });

  test("its card on /challenges offers the same copies for a card's width, lazily", async () => {
    const { html } = await page(`/challenges?q=${encodeURIComponent(challenge.title)}`);
    const card = html.slice(html.indexOf('data-testid="challenge-card"'));
    const picture = card.match(/<picture[^>]*>.*?<\/picture>/s)?.[0] ?? "";
    expect(picture).toContain(`srcSet="${copies("avif")}" sizes="(min-width: 1024px) 360px, (min-width: 768px) 50vw, 100vw"`);
    expect(picture).toMatch(/<img [^>]*width="1200" height="800" loading="lazy" decoding="async"/);
  });

  test("a demo image (SVG) is a plain <img> with the 16:9 box's width and height", async () => {
    const demo = await createChallenge({ status: "ACTIVE", imageUrl: "/images/demo/skyline.svg" });
    const { html } = await page(`/challenges/${demo.id}`);
    expect(html).toMatch(/<img [^>]*src="\/images\/demo\/skyline\.svg"[^>]*width="800" height="450"/);
    expect(html).not.toContain("<picture");
  });
});
