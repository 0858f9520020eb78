import { expect, test } from "bun:test";
import { app } from "../../app";
import { createChallenge, createMerchandise } from "../../../test/factories";

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

test("GET /api/sitemap lists products on sale, not unavailable ones", async () => {
  const [onSale, gone] = await Promise.all([createMerchandise(), createMerchandise({ available: false })]);
  const res = await app.handle(new Request("http://localhost:3000/api/sitemap"));
  const entries = (await res.json()) as { path: string; lastModified: string }[];
  expect(entries).toContainEqual({ path: `/merchandise/${onSale.id}`, lastModified: onSale.updatedAt.toISOString() });
  expect(entries.map((e) => e.path)).not.toContain(`/merchandise/${gone.id}`);
});
