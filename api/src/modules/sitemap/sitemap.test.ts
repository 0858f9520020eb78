import { expect, test } from "bun:test";
import { app } from "../../app";
import { createChallenge } from "../../../test/factories";

test("GET /api/sitemap lists every public challenge with its last change, and no DRAFT", async () => {
  const [active, completed, draft] = await Promise.all([
    createChallenge({ status: "ACTIVE" }),
    createChallenge({ status: "COMPLETED" }),
    createChallenge({ status: "DRAFT" }),
  ]);
  const res = await app.handle(new Request("http://localhost:3000/api/sitemap"));
  expect(res.status).toBe(200);
  const entries = (await res.json()) as { path: string; lastModified: string }[];
  const paths = entries.map((e) => e.path);
  expect(paths).toContain(`/challenges/${active.id}`);
  expect(paths).toContain(`/challenges/${completed.id}`);
  expect(paths).not.toContain(`/challenges/${draft.id}`);
  const entry = entries.find((e) => e.path === `/challenges/${active.id}`)!;
  expect(entry.lastModified).toBe(active.updatedAt.toISOString());
});
