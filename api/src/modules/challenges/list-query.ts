// The public list's one query: status filter, optional full-text search, keyset pages (lib/keyset.ts), and the
// rows themselves with their participant counts — one statement, one round trip, run on the driver without Prisma's
// client pipeline (db/read.ts; decision 014). Raw SQL because the generated `search` tsvector is not a Prisma field,
// and because Prisma's own `findMany` with a relation count cost a second query and most of the route's CPU (its
// count also grouped every approved application in the table).
import { Prisma } from "../../generated/prisma/client";
import type { SqlReader } from "../../lib/keyset";
import { defineKeyset, type KeysetRowsPage } from "../../lib/keyset";
import { searchSlots } from "../../lib/search-slots";
import { CHALLENGE_STATUSES, type ChallengeStatus } from "./schema";

/**
 * Soonest start first, on the (status, startDate, id) index; a search in rank order, then (startDate, id).
 * Exported for the benchmark, which forges a deep cursor.
 */
export const challengeKeyset = defineKeyset({ table: "challenges", column: "startDate", kind: "timestamp", direction: "asc" });

/**
 * A status as an SQL literal, for the search's partial indexes (one GIN index per status, decision 008): the planner
 * picks an index only when it can see the status the index holds, so the value must not depend on whether a driver
 * plans with its parameters. Built from the closed enum list, never from request text.
 */
const STATUS_LITERAL = Object.fromEntries(CHALLENGE_STATUSES.map((s) => [s, Prisma.raw(`'${s}'::"ChallengeStatus"`)])) as Record<
  ChallengeStatus,
  Prisma.Sql
>;

type ListInput = { statuses: readonly ChallengeStatus[]; search?: string; cursor?: string; limit: number };

/**
 * A list row as the statement returns it: the fields of ChallengeSchema, dates already as the ISO text the response
 * sends, the count already counted.
 */
export type ChallengeListRow = {
  id: string;
  title: string;
  description: string;
  fullDescription: string | null;
  status: ChallengeStatus;
  startDate: string;
  endDate: string | null;
  imageUrl: string | null;
  requirements: string[];
  outcomes: string[];
  timeline: string | null;
  createdAt: string;
  participantCount: number;
  teamSize: number;
};

/** A `timestamp` column (UTC) as the text Date.toISOString() writes, e.g. 2026-10-01T00:00:00.000Z. */
const isoText = (column: string) => Prisma.raw(`to_char("${column}", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "${column}"`);

// participantCount = approved applications (status ACTIVE is shown as "Approved"), counted per row on the
// (challengeId, status) index: the page's rows only, whatever the size of the table. What the drivers would parse
// slowly comes as text the response uses as it is (decision 014): the two lists as JSON (parsed natively, where
// PostgreSQL's array text is parsed character by character: a third of the statement's CPU), the dates as ISO text
// (no Date parsed and printed again per date: 15% of the statement's CPU on PostgreSQL, more on PGlite).
const LIST_COLUMNS = Prisma.sql`title, description, "fullDescription", status::text AS status, ${isoText("startDate")},
  ${isoText("endDate")}, "imageUrl", to_json(requirements) AS requirements, to_json(outcomes) AS outcomes, timeline,
  ${isoText("createdAt")}, "teamSize",
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
  if (!search) {
    // One cast parameter per status: array parameters are not encoded alike by the PGlite and pg adapters.
    const where = [Prisma.sql`status IN (${Prisma.join(statuses.map((s) => Prisma.sql`${s}::"ChallengeStatus"`))})`];
    return challengeKeyset.rows(read, { where, cursor, limit, columns: LIST_COLUMNS });
  }
  // `status = A OR status = B`, not `IN (A, B)`: only the OR form lets PostgreSQL (15 and PGlite's 18) combine the
  // statuses' partial indexes, so a search reads the matches of the asked statuses and no others.
  const eachStatus = statuses.map((s) => Prisma.sql`status = ${STATUS_LITERAL[s]}`);
  const query = Prisma.sql`websearch_to_tsquery('english', ${search})`;
  const where = [Prisma.sql`(${Prisma.join(eachStatus, " OR ")})`, Prisma.sql`"search" @@ ${query}`];
  return searchSlots.run(() =>
    challengeKeyset.rows(read, {
      where,
      rank: Prisma.sql`ts_rank("search", ${query})`,
      cursor,
      limit,
      columns: LIST_COLUMNS,
    }),
  );
}
