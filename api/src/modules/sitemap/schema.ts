// The sitemap contract: the database-backed pages search engines should know about, with their last change.
import { Type as T, type Static } from "@sinclair/typebox";

export const SitemapEntrySchema = T.Object({
  /** Site path, e.g. /challenges/{id}. */
  path: T.String(),
  lastModified: T.String({ format: "date-time" }),
});
export type SitemapEntry = Static<typeof SitemapEntrySchema>;

/** The sitemap protocol allows 50,000 URLs per file; past that the site would need a sitemap index. */
export const SITEMAP_MAX_URLS = 50_000;
