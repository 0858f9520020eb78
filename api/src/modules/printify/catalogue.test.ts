// The admin catalogue (GET /api/printify/catalogue) pages by keyset with no ceiling (decision 008; it stopped at 500
// products): more products than a page, every page walked, each product once, newest first, the total of all.
import { expect, test } from "bun:test";
import { signedInClient } from "../../../test/client";
import { createUser, unique } from "../../../test/factories";
import { walkPages } from "../../../test/pages";
import { db } from "../../db/client";
import { CATALOGUE_PAGE_SIZE } from "./schema";

test(`${CATALOGUE_PAGE_SIZE * 2 + 5} products, available or not: keyset pages newest first, each once, with the total`, async () => {
  const prisma = await db();
  const tag = unique("paged");
  // Pairs share a time (the id decides). The database is shared by the run: removed again at the end.
  const products = Array.from({ length: CATALOGUE_PAGE_SIZE * 2 + 5 }, (_, i) => ({
    id: crypto.randomUUID(),
    title: `${tag} ${i}`,
    description: "<p>A product</p>",
    price: "20.00",
    available: i % 4 !== 0,
    createdAt: new Date(Date.UTC(2001, 0, 1, 0, Math.floor(i / 2))),
  }));
  await prisma.merchandise.createMany({ data: products });
  try {
    await walkTheCatalogue(products, tag);
  } finally {
    await prisma.merchandise.deleteMany({ where: { id: { in: products.map((p) => p.id) } } });
  }
});

async function walkTheCatalogue(products: { id: string; createdAt: Date; available: boolean }[], tag: string) {
  const prisma = await db();
  const { api } = await signedInClient(await createUser({ toolAccess: ["merchandise"] }));

  const first = await api.printify.catalogue.get({ query: {} });
  expect(first.data!.items).toHaveLength(CATALOGUE_PAGE_SIZE);
  expect(first.data!.total).toBe(await prisma.merchandise.count());
  const { items, pages } = await walkPages(async (cursor) => {
    const res = await api.printify.catalogue.get({ query: { cursor } });
    return { ...res, data: res.data?.items ?? null };
  });
  expect(pages).toBeGreaterThanOrEqual(3);
  expect(items).toHaveLength(first.data!.total);
  const newestFirst = [...products].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
  const ours = new Set(products.map((p) => p.id));
  expect(items.filter((i) => ours.has(i.id)).map((i) => i.id)).toEqual(newestFirst.map((p) => p.id));
  expect(items.filter((i) => i.title.startsWith(tag) && !i.available)).toHaveLength(Math.ceil(products.length / 4));
  expect((await api.printify.catalogue.get({ query: { limit: 101 } })).status).toBe(400);
}
