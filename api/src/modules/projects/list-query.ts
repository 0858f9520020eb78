// The public list's one query: optional full-text search, keyset pages newest first (lib/keyset.ts). Raw SQL because
// the generated `search` tsvector is not a Prisma field. It returns ids in order; the service loads the rows.
import { Prisma } from "../../generated/prisma/client";
import type { PrismaClient } from "../../generated/prisma/client";
import { defineKeyset, type KeysetPage } from "../../lib/keyset";
import { searchSlots } from "../../lib/search-slots";

/** Newest first, on the (createdAt DESC, id DESC) index; a search in rank order, then newest first. */
const projectKeyset = defineKeyset({ table: "projects", column: "createdAt", kind: "timestamp", direction: "desc" });

type ListIdsInput = { search?: string; cursor?: string; limit: number };

/**
 * Ids of one page plus the next page's cursor (null on the last page). `websearch_to_tsquery` accepts anything a
 * person types ("quoted phrase", -not, or) without syntax errors.
 */
export function listProjectIds(prisma: PrismaClient, { search, cursor, limit }: ListIdsInput): Promise<KeysetPage> {
  if (!search) return projectKeyset.page(prisma, { cursor, limit });
  const query = Prisma.sql`websearch_to_tsquery('english', ${search})`;
  return searchSlots.run(() =>
    projectKeyset.page(prisma, {
      where: [Prisma.sql`"search" @@ ${query}`],
      rank: Prisma.sql`ts_rank("search", ${query})`,
      cursor,
      limit,
    }),
  );
}
