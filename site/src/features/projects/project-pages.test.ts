// The server-rendered project pages (built site, in-process API): the search form's results from ?q=, the SPEC's
// empty text, every detail section with its links and OpenGraph tags, and SPEC's failure text (status 404) for unknown ids.
import { beforeAll, describe, expect, test } from "bun:test";
import { servedSite } from "../../../../api/test/served-site";
import { createChallenge, createProject, unique } from "../../../../api/test/factories";

const site = servedSite();
const tag = unique("pages").replaceAll("-", "");
let linked: { id: string; title: string; challengeId: string | null };
let plain: { id: string; title: string };

beforeAll(async () => {
  const challenge = await createChallenge({ status: "COMPLETED" });
  linked = await createProject({
    title: `Tool library ${tag}`,
    challengeId: challenge.id,
    description: "Lending tools to neighbours",
    problem: "Drills sit unused",
    solution: "A shared shelf & a booking sheet",
    insights: "People return what they borrow",
    whitePaperUrl: "/api/files/0123456789abcdef0123456789abcdef.pdf",
  });
  plain = await createProject({ title: `Street benches ${tag}`, description: "Somewhere to rest" });
});

const page = (path: string) => site.page(path);

describe("/projects", () => {
  test("'Completed Projects' with a plain GET search form; a search finds by stem and keeps the words in the box", async () => {
    const { status, html } = await page(`/projects?q=${encodeURIComponent(`libraries ${tag}`)}`);
    expect(status).toBe(200);
    expect(html).toContain("Completed Projects");
    expect(html).toMatch(/<form[^>]*method="get"[^>]*action="\/projects"/);
    expect(html).toContain(`value="libraries ${tag}"`);
    expect(html).toContain(linked.title);
    expect(html).not.toContain(plain.title);
    // The card: Key Outcome box, White Paper link, View Details.
    expect(html).toContain("Key Outcome");
    expect(html).toContain("A shared shelf &amp; a booking sheet");
    expect(html).toContain('href="/api/files/0123456789abcdef0123456789abcdef.pdf"');
    expect(html).toContain(`href="/projects/${linked.id}"`);
  });

  test("a card without an image shows the default one and no White Paper link", async () => {
    const { html } = await page(`/projects?q=${encodeURIComponent(`benches ${tag}`)}`);
    expect(html).toContain(plain.title);
    expect(html).toContain("/images/default-project.svg");
    expect(html).not.toContain(">White Paper<");
  });

  test("no match shows the SPEC's empty text", async () => {
    const { status, html } = await page(`/projects?q=zzqqxx${tag}`);
    expect(status).toBe(200);
    expect(html).toContain("No projects found matching your search.");
  });
});

describe("/projects/{id}", () => {
  test("every section, the white paper, View Original Challenge, Explore More Challenges and OpenGraph tags", async () => {
    const { status, html } = await page(`/projects/${linked.id}`);
    expect(status).toBe(200);
    for (const text of [
      "Completed",
      linked.title,
      "Lending tools to neighbours",
      "Download White Paper",
      "Problem Statement",
      "Drills sit unused",
      "Key Insights",
      "People return what they borrow",
      "Solution",
      "View Original Challenge",
      "Explore More Challenges",
    ]) {
      expect(html).toContain(text);
    }
    expect(html).toContain(`href="/challenges/${linked.challengeId}"`);
    expect(html).toContain(`<meta property="og:title" content="${linked.title}"`);
    expect(html).toContain('<script type="application/ld+json">');
  });

  test("without insights, white paper or a linked challenge those parts are left out", async () => {
    const { html } = await page(`/projects/${plain.id}`);
    expect(html).toContain("Problem Statement");
    expect(html).not.toContain("Key Insights");
    expect(html).not.toContain("Download White Paper");
    expect(html).not.toContain("View Original Challenge");
    expect(html).toContain("Explore More Challenges");
  });

  test("an unknown id answers 404 with 'Failed to load project details.'", async () => {
    const { status, html } = await page("/projects/00000000-0000-4000-8000-000000000000");
    expect(status).toBe(404);
    expect(html).toContain("Failed to load project details.");
  });
});
