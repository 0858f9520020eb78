// The public list's one query: status filter, optional full-text search, keyset pages (lib/keyset.ts). Raw SQL
// because the generated `search` tsvector is not a Prisma field. It returns ids in order; the service loads the rows
// with their counts.
import { Prisma } from "../../generated/prisma/client";
import type { PrismaClient } from "../../generated/prisma/client";
import { defineKeyset, type KeysetPage } from "../../lib/keyset";
import type { ChallengeStatus } from "./schema";

/**
 * Soonest start first, on the (status, startDate, id) index; a search in rank order, then (startDate, id).
 * Exported for the benchmark, which forges a deep cursor.
 */
export const challengeKeyset = defineKeyset({ table: "challenges", column: "startDate", kind: "timestamp", direction: "asc" });

export type ListIdsInput = { statuses: readonly ChallengeStatus[]; search?: string; cursor?: string; limit: number };

/**
 * Ids of one page plus the next page's cursor (null on the last page). `websearch_to_tsquery` accepts anything a
 * person types ("quoted phrase", -not, or) without syntax errors.
 */
export function listChallengeIds(prisma: PrismaClient, { statuses, search, cursor, limit }: ListIdsInput): Promise<KeysetPage> {
  // One cast parameter per status: array parameters are not encoded alike by the PGlite and pg adapters.
  const where = [Prisma.sql`status IN (${Prisma.join(statuses.map((s) => Prisma.sql`${s}::"ChallengeStatus"`))})`];
  if (!search) return challengeKeyset.page(prisma, { where, cursor, limit });
  const query = Prisma.sql`websearch_to_tsquery('english', ${search})`;
  where.push(Prisma.sql`"search" @@ ${query}`);
  return challengeKeyset.page(prisma, { where, rank: Prisma.sql`ts_rank("search", ${query})`, cursor, limit });
}
