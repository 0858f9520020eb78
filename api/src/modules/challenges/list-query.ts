// The public list's one query: status filter, optional full-text search, keyset pagination. Raw SQL because the
// generated `search` tsvector is not a Prisma field and because keyset conditions on (rank, startDate, id) are
// row comparisons Prisma cannot express. It returns ids in order; the service loads the rows with their counts.
import { Prisma } from "../../generated/prisma/client";
import type { PrismaClient } from "../../generated/prisma/client";
import { AppError } from "../../lib/errors";
import type { ChallengeStatus } from "./schema";

/** Where the next page starts: after this row. `rank` is present only for a search (results are ranked). */
export type ListCursor = { startDate: string; id: string; rank?: number };

export function encodeCursor(cursor: ListCursor): string {
  return Buffer.from(JSON.stringify([cursor.startDate, cursor.id, cursor.rank ?? null])).toString("base64url");
}

const invalidCursor = () => new AppError("invalid_data", "Invalid page cursor");

/** A cursor is opaque to clients; anything that does not decode to the exact shape is a 400, never a 500. */
export function decodeCursor(text: string, searching: boolean): ListCursor {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(value) || value.length !== 3) throw invalidCursor();
  const [startDate, id, rank] = value;
  if (typeof startDate !== "string" || Number.isNaN(Date.parse(startDate)) || typeof id !== "string" || id.length > 64) {
    throw invalidCursor();
  }
  // A search cursor carries the rank it stopped at; a plain-list cursor must not (and vice versa).
  if (searching !== (typeof rank === "number" && Number.isFinite(rank))) throw invalidCursor();
  return { startDate, id, ...(searching ? { rank } : {}) };
}

export type ListIdsInput = { statuses: readonly ChallengeStatus[]; search?: string; after?: ListCursor; limit: number };
type Row = { id: string; startDate: Date; rank: number | null };

/**
 * Ids of one page plus the cursor of the following page (null on the last page). Plain lists run in
 * (startDate, id) order on the (status, startDate, id) index; searches in rank order, then (startDate, id).
 * `websearch_to_tsquery` accepts anything a person types ("quoted phrase", -not, or) without syntax errors.
 */
export async function listChallengeIds(
  prisma: PrismaClient,
  { statuses, search, after, limit }: ListIdsInput,
): Promise<{ ids: string[]; next: ListCursor | null }> {
  // One cast parameter per status: array parameters are not encoded alike by the PGlite and pg adapters.
  const statusIn = Prisma.sql`status IN (${Prisma.join(statuses.map((s) => Prisma.sql`${s}::"ChallengeStatus"`))})`;
  let rows: Row[];
  if (search) {
    const query = Prisma.sql`websearch_to_tsquery('english', ${search})`;
    const rank = Prisma.sql`ts_rank("search", ${query})`;
    const keyset = after
      ? Prisma.sql`AND (${rank} < ${after.rank}::real OR (${rank} = ${after.rank}::real AND ("startDate", id) > (${new Date(after.startDate)}, ${after.id})))`
      : Prisma.empty;
    rows = await prisma.$queryRaw<Row[]>`
      SELECT id, "startDate", ${rank} AS rank FROM "challenges"
      WHERE ${statusIn} AND "search" @@ ${query} ${keyset}
      ORDER BY rank DESC, "startDate" ASC, id ASC
      LIMIT ${limit + 1}`;
  } else {
    const keyset = after ? Prisma.sql`AND ("startDate", id) > (${new Date(after.startDate)}, ${after.id})` : Prisma.empty;
    rows = await prisma.$queryRaw<Row[]>`
      SELECT id, "startDate", NULL::real AS rank FROM "challenges"
      WHERE ${statusIn} ${keyset}
      ORDER BY "startDate" ASC, id ASC
      LIMIT ${limit + 1}`;
  }
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const next =
    rows.length > limit && last
      ? { startDate: last.startDate.toISOString(), id: last.id, ...(search ? { rank: Number(last.rank) } : {}) }
      : null;
  return { ids: page.map((r) => r.id), next };
}
