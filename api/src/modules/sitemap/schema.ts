// The sitemap contract: the database-backed pages search engines should know about, with their last change.
// Builders by name (not `Type`, one object holding them all): an island bundles only those it calls (lib/typebox.ts).
import * as T from "@sinclair/typebox/type";
import type { Static } from "@sinclair/typebox/type";

export const SitemapEntrySchema = T.Object({
  /** Site path, e.g. /challenges/{id}. */
  path: T.String(),
  lastModified: T.String({ format: "date-time" }),
});
export type SitemapEntry = Static<typeof SitemapEntrySchema>;

/** The sitemap protocol allows 50,000 URLs per file; past that the site would need a sitemap index. */
export const SITEMAP_MAX_URLS = 50_000;
