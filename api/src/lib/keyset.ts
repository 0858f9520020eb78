// Keyset-paged lists (docs/decisions/008): one mechanism for every list — the opaque cursor (encode / decode), the
// keyset SQL (WHERE after the cursor, ORDER BY, LIMIT n + 1) and the next-page headers. A list declares its table,
// sort column and direction once (`defineKeyset`); search lists add a rank. The body stays the plain list SPEC §7
// describes; the next page's cursor travels in a header, and as an RFC 8288 `Link: rel="next"` for clients that
// follow links.
import { Prisma } from "../generated/prisma/client";
import type { PrismaClient } from "../generated/prisma/client";
import { AppError } from "./errors";

/** Runs one SQL statement and answers its rows: Prisma's `$queryRaw`, or the raw reader of db/read.ts (decision 014). */
export type SqlReader = <T>(query: Prisma.Sql) => Promise<T[]>;

/** The response header naming the next page's cursor (absent on the last page). The site reads the same name. */
export const NEXT_CURSOR_HEADER = "x-next-cursor";

/** One page of a keyset list: its items and the next page's cursor (null on the last page). Every list answers this. */
export type Page<T> = { items: T[]; nextCursor: string | null };
/** What a caller asks of a keyset list: a page size (the list's default when absent) and where to start. */
export type PageInput = { limit?: number; cursor?: string };

/** Sets the next-page headers for `page` (the route's `path` and its query without the cursor) and answers the items. */
export function withNextLink<T>(
  page: Page<T>,
  path: string,
  query: Record<string, unknown>,
  headers: Record<string, unknown>,
): T[] {
  setNextLink(page.nextCursor, path, query, headers);
  return page.items;
}

/** The next-page headers alone, for a route whose body wraps its page (e.g. the admin catalogue's `{ …, items }`). */
export function setNextLink(
  nextCursor: string | null,
  path: string,
  query: Record<string, unknown>,
  headers: Record<string, unknown>,
) {
  if (!nextCursor) return;
  const rest = Object.entries(query).flatMap(([k, v]) => (v === undefined || k === "cursor" ? [] : [[k, String(v)]]));
  headers[NEXT_CURSOR_HEADER] = nextCursor;
  headers.link = `<${path}?${new URLSearchParams([...rest, ["cursor", nextCursor]])}>; rel="next"`;
}

/**
 * How a list's sort column travels in a cursor: a timestamp as its ISO text, text as is. (A text sort makes longer
 * cursors: its route's `cursor` parameter must allow them.)
 */
export type SortKind = "timestamp" | "text";
type SortValue<K extends SortKind> = K extends "timestamp" ? Date : string;

export type KeysetSpec<K extends SortKind = SortKind> = {
  /** The table as named in SQL (`@@map`), e.g. "challenges". */
  table: string;
  /** The sort column as named in SQL, e.g. "startDate"; ties are broken by `id` in the same direction. */
  column: string;
  kind: K;
  direction: "asc" | "desc";
  /** The table's id column holds a uuid (pg-boss's jobs): a cursor's id must be one, or PostgreSQL errors. */
  uuidIds?: boolean;
};

/** Where the next page starts: after the row with this sort value and id; `rank` only in a ranked (search) list. */
export type Cursor<K extends SortKind = SortKind> = { key: SortValue<K>; id: string; rank?: number };

export type KeysetQuery = {
  /** Conditions every row of the list meets, joined with AND (none: the whole table). */
  where?: Prisma.Sql[];
  /** A search's relevance (e.g. `ts_rank(...)`): best first, then the sort column. Ranked lists have ranked cursors. */
  rank?: Prisma.Sql;
  /** The cursor text a client sent back (from NEXT_CURSOR_HEADER), if any. */
  cursor?: string;
  limit: number;
};

export type KeysetPage = { ids: string[]; nextCursor: string | null };
/** One page of whole rows (`rows`), each with `id` and the keyset's own `sortKey` and `rank` beside its columns. */
export type KeysetRowsPage<R> = { rows: (R & { id: string })[]; nextCursor: string | null };

/**
 * The `cursor` query parameter's limit on the lists' routes: their cursors (a timestamp, an id, a rank) are short
 * base64url text, so anything longer is not one of ours. A list sorted by text needs more, up to MAX_CURSOR_TEXT.
 */
export const CURSOR_MAX_LENGTH = 200;
/** The longest cursor text worth decoding; routes bound their `cursor` query parameter more tightly. */
const MAX_CURSOR_TEXT = 1024;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** Ids are our own (uuid) keys: a safe alphabet, so a control character, quote or space never reaches SQL. */
const ID = /^[A-Za-z0-9_-]{1,64}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Control characters (C0 but tab, line feed and carriage return, DEL, C1): PostgreSQL refuses NUL in text (the 500
// this replaces), and none of them is in a value we store. Ids and timestamps allow no control character at all.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const invalidCursor = () => new AppError("invalid_data", "Invalid page cursor");

const cleanText = (value: unknown, max: number): value is string =>
  typeof value === "string" && value.length <= max && value.isWellFormed() && !CONTROL.test(value);

/** One list's keyset: encode / decode its cursors and read one page of ids in its order. */
export type Keyset<K extends SortKind> = {
  readonly spec: KeysetSpec<K>;
  encode(cursor: Cursor<K>): string;
  /** A client's cursor back to values, or 400 'Invalid page cursor' for anything we did not issue for this list. */
  decode(text: string, ranked: boolean): Cursor<K>;
  /** Ids of one page, in order, plus the next page's cursor (null on the last page). */
  page(prisma: PrismaClient, query: KeysetQuery): Promise<KeysetPage>;
  /**
   * One page of rows with `columns` (SQL, the table's columns or expressions over them, e.g. a correlated count), in
   * the same statement as the keyset, run by `read` (db/read.ts): one round trip and no Prisma pipeline, for the
   * hottest list (decision 014). The caller types and maps the rows.
   */
  rows<R>(read: SqlReader, query: KeysetQuery & { columns: Prisma.Sql }): Promise<KeysetRowsPage<R>>;
};

export function defineKeyset<K extends SortKind>(spec: KeysetSpec<K>): Keyset<K> {
  if (!IDENTIFIER.test(spec.table) || !IDENTIFIER.test(spec.column))
    throw new Error(`Bad keyset spec ${spec.table}.${spec.column}`);
  // Qualified with the table: a name in ORDER BY means an output column first, and `rows` may select one under the
  // same name (the list's dates as text), which would sort by that instead of the indexed column.
  const column = Prisma.raw(`"${spec.table}"."${spec.column}"`);
  const id = Prisma.raw(`"${spec.table}".id`);
  const table = Prisma.raw(`"${spec.table}"`);
  const [after, order] = spec.direction === "asc" ? [Prisma.raw(">"), Prisma.raw("ASC")] : [Prisma.raw("<"), Prisma.raw("DESC")];

  const keyToJson = (key: SortValue<K>) => (key instanceof Date ? key.toISOString() : key);
  const keyFromJson = (value: unknown): SortValue<K> | undefined => {
    switch (spec.kind) {
      case "timestamp": {
        // Exactly what toISOString wrote for a date PostgreSQL can hold: years 0001–9999 (toISOString also writes
        // year 0000 and ±YYYYYY ones, which PostgreSQL refuses with an error), no other spelling, no trailing bytes.
        if (typeof value !== "string" || !ISO_TIMESTAMP.test(value) || value.startsWith("0000")) return undefined;
        const date = new Date(value);
        return !Number.isNaN(date.getTime()) && date.toISOString() === value ? (date as SortValue<K>) : undefined;
      }
      case "text":
        return cleanText(value, 500) ? (value as SortValue<K>) : undefined;
    }
  };

  const encode = (cursor: Cursor<K>) =>
    Buffer.from(JSON.stringify([keyToJson(cursor.key), cursor.id, cursor.rank ?? null])).toString("base64url");

  function decode(text: string, ranked: boolean): Cursor<K> {
    if (text.length > MAX_CURSOR_TEXT || !BASE64URL.test(text)) throw invalidCursor();
    let value: unknown;
    try {
      value = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
    } catch {
      throw invalidCursor();
    }
    if (!Array.isArray(value) || value.length !== 3) throw invalidCursor();
    const [rawKey, id, rank] = value;
    const key = keyFromJson(rawKey);
    if (key === undefined || typeof id !== "string" || !(spec.uuidIds ? UUID : ID).test(id)) throw invalidCursor();
    // A search cursor carries the rank it stopped at; a plain-list cursor must not (and vice versa).
    const hasRank = typeof rank === "number" && Number.isFinite(rank);
    if (ranked !== hasRank || (!ranked && rank !== null)) throw invalidCursor();
    return { key, id, ...(ranked ? { rank } : {}) };
  }

  type KeyRow = { id: string; sortKey: SortValue<K>; rank: number | null };

  async function read<R>(
    run: SqlReader,
    { where = [], rank, cursor, limit }: KeysetQuery,
    columns?: Prisma.Sql,
  ): Promise<KeysetRowsPage<R>> {
    const from = cursor === undefined ? undefined : decode(cursor, rank !== undefined);
    const conditions = [...where];
    if (from) {
      const pair = Prisma.sql`(${column}, ${id}) ${after} (${from.key}, ${from.id})`;
      // `::real`: ts_rank is real; the cursor's double must compare as the same real, or ties would repeat rows.
      conditions.push(rank ? Prisma.sql`(${rank} < ${from.rank}::real OR (${rank} = ${from.rank}::real AND ${pair}))` : pair);
    }
    const whereSql = conditions.length ? Prisma.sql`WHERE ${Prisma.join(conditions, " AND ")}` : Prisma.empty;
    const select = (more: Prisma.Sql) => Prisma.sql`
      SELECT ${id}, ${column} AS "sortKey", ${rank ?? Prisma.sql`NULL::real`} AS rank${more} FROM ${table}
      ${whereSql}
      ORDER BY ${rank ? Prisma.sql`rank DESC, ` : Prisma.empty}${column} ${order}, ${id} ${order}
      LIMIT ${limit + 1}`;
    // A ranked list computes the columns for the page's rows only, after the LIMIT. PostgreSQL evaluates a select
    // list before its sort, so in one SELECT a search computed them (dates as text, arrays as JSON, the participant
    // count) for every match it ranked: half of a search's time at 1,667 matches (decision 008, "Columns after the
    // limit"). A plain list reads its index in order and stops at the LIMIT, so there they stay in the one SELECT.
    const statement =
      rank && columns
        ? Prisma.sql`
      SELECT page.id, page."sortKey", page.rank, ${columns}
      FROM (${select(Prisma.empty)}) AS page JOIN ${table} ON ${id} = page.id
      ORDER BY page.rank DESC, page."sortKey" ${order}, page.id ${order}`
        : select(columns ? Prisma.sql`, ${columns}` : Prisma.empty);
    const rows = await run<R & KeyRow>(statement);
    const items = rows.slice(0, limit);
    const last = items.at(-1);
    const nextCursor =
      rows.length > limit && last
        ? encode({ key: last.sortKey, id: last.id, ...(rank ? { rank: Number(last.rank) } : {}) })
        : null;
    return { rows: items, nextCursor };
  }

  async function page(prisma: PrismaClient, query: KeysetQuery): Promise<KeysetPage> {
    const { rows, nextCursor } = await read((sql) => prisma.$queryRaw(sql), query);
    return { ids: rows.map((r) => r.id), nextCursor };
  }

  const rows = <R>(run: SqlReader, { columns, ...query }: KeysetQuery & { columns: Prisma.Sql }) => read<R>(run, query, columns);

  return { spec, encode, decode, page, rows };
}

/** Every page of a keyset list, one after another (exports): `read` gets the cursor the previous page ended at. */
export async function* eachPage<T>(read: (cursor: string | undefined) => Promise<Page<T>>): AsyncGenerator<T[]> {
  let cursor: string | undefined;
  do {
    const page = await read(cursor);
    yield page.items;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}

/** The rows for a page's ids, in the page's order; a row deleted between the two reads simply drops out. */
export function inPageOrder<T extends { id: string }>(ids: string[], rows: T[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}
