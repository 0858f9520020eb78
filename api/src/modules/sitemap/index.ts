// GET /api/sitemap: the entries /sitemap.xml lists (the site renders the XML and adds its static pages).
import { Elysia, t } from "elysia";
import { SitemapEntrySchema } from "./schema";
import { sitemapEntries } from "./service";

export const sitemapModule = new Elysia({ name: "sitemap", tags: ["sitemap"], prefix: "/sitemap" }).get(
  "/",
  () => sitemapEntries(),
  {
    response: { 200: t.Array(SitemapEntrySchema) },
    detail: { summary: "Public database-backed pages for the sitemap" },
  },
);
