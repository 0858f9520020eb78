// The public list's one query: status filter, optional full-text search, keyset pages (lib/keyset.ts), and the
// rows themselves with their participant counts — one statement, one round trip, run on the driver without Prisma's
// client pipeline (db/read.ts; decision 014). Raw SQL because the generated `search` tsvector is not a Prisma field,
// and because Prisma's own `findMany` with a relation count cost a second query and most of the route's CPU (its
// count also grouped every approved application in the table).
import { Prisma } from "../../generated/prisma/client";
import type { SqlReader } from "../../db/read";
import { defineKeyset, type KeysetRowsPage } from "../../lib/keyset";
import type { ChallengeStatus } from "./schema";

/**
 * Soonest start first, on the (status, startDate, id) index; a search in rank order, then (startDate, id).
 * Exported for the benchmark, which forges a deep cursor.
 */
export const challengeKeyset = defineKeyset({ table: "challenges", column: "startDate", kind: "timestamp", direction: "asc" });

export type ListInput = { statuses: readonly ChallengeStatus[]; search?: string; cursor?: string; limit: number };

/** A list row as the statement returns it: the columns of ChallengeSchema, the count already counted. */
export type ChallengeListRow = {
  id: string;
  title: string;
  description: string;
  fullDescription: string | null;
  status: ChallengeStatus;
  startDate: Date;
  endDate: Date | null;
  imageUrl: string | null;
  requirements: string[];
  outcomes: string[];
  timeline: string | null;
  createdAt: Date;
  participantCount: number;
};

// participantCount = approved applications (status ACTIVE is shown as "Approved"), counted per row on the
// (challengeId, status) index: the page's rows only, whatever the size of the table. The two text lists travel as
// JSON, parsed natively, instead of PostgreSQL's array text, which the driver parses character by character (a third
// of the statement's CPU in the profile: decision 014).
const LIST_COLUMNS = Prisma.sql`title, description, "fullDescription", status::text AS status, "endDate", "imageUrl",
  to_json(requirements) AS requirements, to_json(outcomes) AS outcomes, timeline, "createdAt", "startDate",
  (SELECT count(*)::int FROM challenge_participants p
    WHERE p."challengeId" = challenges.id AND p.status = 'ACTIVE') AS "participantCount"`;

/**
 * One page of rows plus the next page's cursor (null on the last page). `websearch_to_tsquery` accepts anything a
 * person types ("quoted phrase", -not, or) without syntax errors.
 */
export function listChallengeRows(
  read: SqlReader,
  { statuses, search, cursor, limit }: ListInput,
): Promise<KeysetRowsPage<ChallengeListRow>> {
  // One cast parameter per status: array parameters are not encoded alike by the PGlite and pg adapters.
  const where = [Prisma.sql`status IN (${Prisma.join(statuses.map((s) => Prisma.sql`${s}::"ChallengeStatus"`))})`];
  if (!search) return challengeKeyset.rows(read, { where, cursor, limit, columns: LIST_COLUMNS });
  const query = Prisma.sql`websearch_to_tsquery('english', ${search})`;
  where.push(Prisma.sql`"search" @@ ${query}`);
  return challengeKeyset.rows(read, {
    where,
    rank: Prisma.sql`ts_rank("search", ${query})`,
    cursor,
    limit,
    columns: LIST_COLUMNS,
  });
}
