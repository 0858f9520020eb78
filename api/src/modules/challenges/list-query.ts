// The public list's one query: status filter, optional full-text search, keyset pages (lib/keyset.ts). Raw SQL
// because the generated `search` tsvector is not a Prisma field. It returns ids in order; the service loads the rows
// with their counts.
import { Prisma } from "../../generated/prisma/client";
import type { PrismaClient } from "../../generated/prisma/client";
import { defineKeyset, type KeysetPage } from "../../lib/keyset";
import { CHALLENGE_STATUSES, type ChallengeStatus } from "./schema";

/**
 * Soonest start first, on the (status, startDate, id) index; a search in rank order, then (startDate, id).
 * Exported for the benchmark, which forges a deep cursor.
 */
export const challengeKeyset = defineKeyset({ table: "challenges", column: "startDate", kind: "timestamp", direction: "asc" });

export type ListIdsInput = { statuses: readonly ChallengeStatus[]; search?: string; cursor?: string; limit: number };

/**
 * A status as an SQL literal, for the search's partial indexes (one GIN index per status, decision 008): the planner
 * picks an index only when it can see the status the index holds, so the value must not depend on whether a driver
 * plans with its parameters. Built from the closed enum list, never from request text.
 */
const STATUS_LITERAL = Object.fromEntries(CHALLENGE_STATUSES.map((s) => [s, Prisma.raw(`'${s}'::"ChallengeStatus"`)])) as Record<
  ChallengeStatus,
  Prisma.Sql
>;

/**
 * Ids of one page plus the next page's cursor (null on the last page). `websearch_to_tsquery` accepts anything a
 * person types ("quoted phrase", -not, or) without syntax errors.
 */
export function listChallengeIds(prisma: PrismaClient, { statuses, search, cursor, limit }: ListIdsInput): Promise<KeysetPage> {
  if (!search) {
    // One cast parameter per status: array parameters are not encoded alike by the PGlite and pg adapters.
    const where = [Prisma.sql`status IN (${Prisma.join(statuses.map((s) => Prisma.sql`${s}::"ChallengeStatus"`))})`];
    return challengeKeyset.page(prisma, { where, cursor, limit });
  }
  // `status = A OR status = B`, not `IN (A, B)`: only the OR form lets PostgreSQL (15 and PGlite's 18) combine the
  // statuses' partial indexes, so a search reads the matches of the asked statuses and no others.
  const eachStatus = statuses.map((s) => Prisma.sql`status = ${STATUS_LITERAL[s]}`);
  const query = Prisma.sql`websearch_to_tsquery('english', ${search})`;
  const where = [Prisma.sql`(${Prisma.join(eachStatus, " OR ")})`, Prisma.sql`"search" @@ ${query}`];
  return challengeKeyset.page(prisma, { where, rank: Prisma.sql`ts_rank("search", ${query})`, cursor, limit });
}
