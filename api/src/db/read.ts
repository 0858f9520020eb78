// A read statement run straight on the driver Prisma itself uses — the pg pool, or the PGlite instance — without
// Prisma's client pipeline around $queryRaw (request building, the query interpreter, result deserialisation), which
// cost the API's hottest list more CPU than the statement did on the driver (decision 014). For that list only: every
// other read and every write keeps Prisma. The statement is still a Prisma.sql template, so values stay bound
// parameters, and it comes back in the shapes $queryRaw gives — timestamps as UTC Dates, json parsed, int4 and real as
// numbers, text and text[] as strings — which read.test.ts checks against $queryRaw on both drivers. (One difference:
// int8 comes back as a string, not a BigInt — cast counts to int.)
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { Prisma } from "../generated/prisma/client";

/** Runs one read statement and answers its rows. */
export type SqlReader = <T>(query: Prisma.Sql) => Promise<T[]>;

/** PostgreSQL's `timestamp without time zone`: Prisma's DateTime, holding UTC. */
const TIMESTAMP = pg.types.builtins.TIMESTAMP;
/** As UTC: both drivers would otherwise read it in the process's local time zone. */
const utcTimestamp = (text: string) => new Date(`${text.replace(" ", "T")}Z`);
/** Dates go out as UTC text: pg would send local time with an offset, which a `timestamp` column silently drops. */
const parameter = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

const pgTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === TIMESTAMP ? utcTimestamp : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** A reader on the pool Prisma's PostgreSQL adapter also uses (db/client.ts hands both the same pool). */
export function pgReader(pool: pg.Pool): SqlReader {
  return async <T>(query: Prisma.Sql) =>
    (await pool.query({ text: query.text, values: query.values.map(parameter), types: pgTypes })).rows as T[];
}

/**
 * The PGlite instance's own parsers (db/client.ts), not per query: PGlite copies its whole parser table for every
 * query given parsers of its own (a twelfth of the list route's time on PGlite). Prisma's adapter passes its own
 * per query, so this changes only what the reader and the job queue read: a `timestamp` as UTC, not local time.
 */
export const PGLITE_PARSERS = { [TIMESTAMP]: utcTimestamp };

/**
 * A reader on a PGlite instance opened with PGLITE_PARSERS; PGlite queues it with Prisma's queries and transactions
 * (one connection).
 */
export function pgliteReader(client: PGlite): SqlReader {
  return async <T>(query: Prisma.Sql) => (await client.query<T>(query.text, query.values.map(parameter))).rows;
}
