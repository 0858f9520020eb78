// Every public, database-backed page for /sitemap.xml. Each feature contributes one source function here (projects,
// resources, merchandise); the site adds its static pages.
import { db } from "../../db/client";
import { SITEMAP_MAX_URLS, type SitemapEntry } from "./schema";

type Source = (limit: number) => Promise<SitemapEntry[]>;

const challenges: Source = async (limit) => {
  const rows = await (await db()).challenge.findMany({
    where: { status: { not: "DRAFT" } },
    select: { id: true, updatedAt: true },
    orderBy: { updatedAt: "desc" },
    take: limit,
  });
  return rows.map((r) => ({ path: `/challenges/${r.id}`, lastModified: r.updatedAt.toISOString() }));
};

const projects: Source = async (limit) => {
  const rows = await (await db()).project.findMany({
    select: { id: true, updatedAt: true },
    orderBy: { updatedAt: "desc" },
    take: limit,
  });
  return rows.map((r) => ({ path: `/projects/${r.id}`, lastModified: r.updatedAt.toISOString() }));
};

/** Published resources only: drafts are not pages to the public. */
const resources: Source = async (limit) => {
  const rows = await (await db()).resource.findMany({
    where: { draft: false },
    select: { id: true, updatedAt: true },
    orderBy: { updatedAt: "desc" },
    take: limit,
  });
  return rows.map((r) => ({ path: `/resources/${r.id}`, lastModified: r.updatedAt.toISOString() }));
};

/** Products on sale: an unavailable product's page stays reachable from orders, but is not one to index. */
const merchandise: Source = async (limit) => {
  const rows = await (await db()).merchandise.findMany({
    where: { available: true },
    select: { id: true, updatedAt: true },
    orderBy: { updatedAt: "desc" },
    take: limit,
  });
  return rows.map((r) => ({ path: `/merchandise/${r.id}`, lastModified: r.updatedAt.toISOString() }));
};

const SOURCES: Source[] = [challenges, projects, resources, merchandise];

export async function sitemapEntries(): Promise<SitemapEntry[]> {
  const entries: SitemapEntry[] = [];
  for (const source of SOURCES) {
    const room = SITEMAP_MAX_URLS - entries.length;
    if (room <= 0) break;
    entries.push(...(await source(room)));
  }
  return entries;
}
