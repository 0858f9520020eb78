// A read statement run straight on the driver Prisma itself uses — the pg pool, or the PGlite instance — without
// Prisma's client pipeline around $queryRaw (request building, the query interpreter, result deserialisation), which
// cost the API's hottest list more CPU than the statement did on the driver (decision 014). For that list only: every
// other read and every write keeps Prisma. The statement is still a Prisma.sql template, so values stay bound
// parameters, and it comes back in the shapes $queryRaw gives — timestamps as UTC Dates, json parsed, int4 and real as
// numbers, text and text[] as strings — which read.test.ts checks against $queryRaw on both drivers. (One difference:
// int8 comes back as a string, not a BigInt — cast counts to int.)
import { type PGlite, parse, protocol } from "@electric-sql/pglite";
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

/** PGlite's queues, public in its JavaScript but not in its types (0.5.x): what `PGlite.query` runs its messages in. */
type PGliteQueues = {
  _runExclusiveTransaction<T>(work: () => Promise<T>): Promise<T>;
  _runExclusiveQuery<T>(work: () => Promise<T>): Promise<T>;
};

/** Statements a reader keeps prepared: the list's shapes (statuses × cursor × search) are a few dozen at most. */
const MAX_PREPARED = 64;

/**
 * A reader on a PGlite instance opened with PGLITE_PARSERS. Each SQL text is prepared once, as a named statement, and
 * then only bound and executed: `PGlite.query` parses and plans every call (an unnamed statement), and planning was
 * ~45% of the list's statement in PGlite's Wasm, on the server's own thread (decision 014). PostgreSQL re-plans a
 * named statement by itself when the tables it reads change (DDL); the values stay bound parameters. It queues
 * exactly as `PGlite.query` does: behind Prisma's transactions, then with every other query.
 */
export function pgliteReader(client: PGlite): SqlReader {
  const queues = client as unknown as PGliteQueues;
  const { serialize } = protocol;
  /** SQL text → its statement's name and its parameters' type oids (for PGlite's serialisers). */
  const prepared = new Map<string, { name: string; types: number[] }>();
  let named = 0; // never reused: a name whose Describe failed may exist in the session all the same
  const send = (message: Uint8Array) => client.execProtocolStream(message, { syncToFs: false });

  const run = async <T>(query: Prisma.Sql): Promise<T[]> => {
    const messages = [];
    try {
      let statement = prepared.get(query.text);
      if (!statement) {
        // Past the cap (text no list builds), parsed unnamed for this call only, as PGlite.query does.
        const name = prepared.size < MAX_PREPARED ? `reader_${++named}` : "";
        await send(serialize.parse({ name, text: query.text }));
        statement = { name, types: parse.parseDescribeStatementResults(await send(serialize.describe({ type: "S", name }))) };
        if (name) prepared.set(query.text, statement);
      }
      const { types } = statement;
      const values = query.values.map((value, i) => {
        const v = parameter(value);
        if (v === null || v === undefined) return null;
        const serializer = client.serializers[types[i]!];
        return serializer ? serializer(v) : String(v);
      });
      messages.push(
        ...(await send(serialize.bind({ statement: statement.name, values }))),
        ...(await send(serialize.describe({ type: "P" }))),
        ...(await send(serialize.execute({}))),
      );
    } finally {
      // Ends the extended query, after an error too (PostgreSQL skips everything up to it).
      messages.push(...(await send(serialize.sync())));
    }
    return parse.parseResults(messages, client.parsers)[0]!.rows as T[];
  };
  return <T>(query: Prisma.Sql) => queues._runExclusiveTransaction(() => queues._runExclusiveQuery(() => run<T>(query)));
}
