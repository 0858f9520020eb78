// The public list's one query: optional full-text search and keyset pagination, newest first. Raw SQL because the
// generated `search` tsvector is not a Prisma field and because keyset conditions on (rank, createdAt, id) are row
// comparisons Prisma cannot express. It returns ids in order; the service loads the rows.
import { Prisma } from "../../generated/prisma/client";
import type { PrismaClient } from "../../generated/prisma/client";
import { AppError } from "../../lib/errors";

/** Where the next page starts: after this row. `rank` is present only for a search (results are ranked). */
export type ListCursor = { createdAt: string; id: string; rank?: number };

export function encodeCursor(cursor: ListCursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.id, cursor.rank ?? null])).toString("base64url");
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
  const [createdAt, id, rank] = value;
  if (typeof createdAt !== "string" || Number.isNaN(Date.parse(createdAt)) || typeof id !== "string" || id.length > 64) {
    throw invalidCursor();
  }
  // A search cursor carries the rank it stopped at; a plain-list cursor must not (and vice versa).
  if (searching !== (typeof rank === "number" && Number.isFinite(rank))) throw invalidCursor();
  return { createdAt, id, ...(searching ? { rank } : {}) };
}

export type ListIdsInput = { search?: string; after?: ListCursor; limit: number };
type Row = { id: string; createdAt: Date; rank: number | null };

/**
 * Ids of one page plus the cursor of the following page (null on the last page). Plain lists run newest first in
 * (createdAt, id) order on the matching descending index; searches in rank order, then newest first.
 * `websearch_to_tsquery` accepts anything a person types ("quoted phrase", -not, or) without syntax errors.
 */
export async function listProjectIds(
  prisma: PrismaClient,
  { search, after, limit }: ListIdsInput,
): Promise<{ ids: string[]; next: ListCursor | null }> {
  let rows: Row[];
  if (search) {
    const query = Prisma.sql`websearch_to_tsquery('english', ${search})`;
    const rank = Prisma.sql`ts_rank("search", ${query})`;
    const keyset = after
      ? Prisma.sql`AND (${rank} < ${after.rank}::real OR (${rank} = ${after.rank}::real AND ("createdAt", id) < (${new Date(after.createdAt)}, ${after.id})))`
      : Prisma.empty;
    rows = await prisma.$queryRaw<Row[]>`
      SELECT id, "createdAt", ${rank} AS rank FROM "projects"
      WHERE "search" @@ ${query} ${keyset}
      ORDER BY rank DESC, "createdAt" DESC, id DESC
      LIMIT ${limit + 1}`;
  } else {
    const keyset = after ? Prisma.sql`WHERE ("createdAt", id) < (${new Date(after.createdAt)}, ${after.id})` : Prisma.empty;
    rows = await prisma.$queryRaw<Row[]>`
      SELECT id, "createdAt", NULL::real AS rank FROM "projects"
      ${keyset}
      ORDER BY "createdAt" DESC, id DESC
      LIMIT ${limit + 1}`;
  }
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const next =
    rows.length > limit && last
      ? { createdAt: last.createdAt.toISOString(), id: last.id, ...(search ? { rank: Number(last.rank) } : {}) }
      : null;
  return { ids: page.map((r) => r.id), next };
}
