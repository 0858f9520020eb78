// A read statement run straight on the driver Prisma itself uses — the pg pool, or the PGlite instance — without
// Prisma's client pipeline around $queryRaw (request building, the query interpreter, result deserialisation), which
// cost the API's hottest list more CPU than the statement did on the driver (decision 014). For that list only: every
// other read and every write keeps Prisma. The statement is still a Prisma.sql template, so values stay bound
// parameters, and it comes back in the shapes $queryRaw gives — timestamps as UTC Dates, json parsed, int4 and real as
// numbers, text and text[] as strings — which read.test.ts checks against $queryRaw on both drivers. (One difference:
// int8 comes back as a string, not a BigInt — cast counts to int.)
import { messages, type PGlite, protocol, types } from "@electric-sql/pglite";
import pg from "pg";
import type { Prisma } from "../generated/prisma/client";
import type { SqlReader } from "../lib/keyset";

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

/**
 * PostgreSQL's "cached plan must not change result type": a prepared statement whose result columns changed type under
 * it (a migration by a newer process) fails on every call until it is prepared again.
 */
const isStalePlan = (e: unknown) => (e as { code?: unknown } | null)?.code === "0A000";

/** Statements a reader keeps prepared: the list's shapes (statuses × cursor × search) are a few dozen at most. */
const MAX_PREPARED = 64;

/**
 * The statement names of one reader, one per SQL text for the process's life (`pg` refuses a name reused for another
 * text), never reused (a connection may still hold an abandoned name's statement); "" (unnamed, parsed for that call
 * only) past MAX_PREPARED texts. `forget` gives a text a new name on its next call.
 */
function statementNames() {
  const names = new Map<string, string>();
  let named = 0;
  return {
    nameFor(text: string) {
      let name = names.get(text);
      if (name === undefined) {
        name = names.size < MAX_PREPARED ? `reader_${++named}` : "";
        if (name) names.set(text, name);
      }
      return name;
    },
    forget: (text: string) => names.delete(text),
  };
}

/**
 * `run`, and once more when PostgreSQL can no longer use the statement's plan (isStalePlan) and `forget` dropped the
 * statement, so that the second call prepares it again.
 */
async function withFreshPlan<T>(run: () => Promise<T>, forget: () => boolean): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (!isStalePlan(e) || !forget()) throw e;
    return run();
  }
}

/**
 * A reader on the pool Prisma's PostgreSQL adapter also uses (db/client.ts hands both the same pool). Each SQL text is
 * a named statement: `pg` parses it once per connection and then only binds and executes it, so PostgreSQL keeps its
 * plan instead of parsing and planning every call (for the list's first page, planning was as costly as running it;
 * decision 014). A plan PostgreSQL can no longer use — a migration by a newer process changed a column's type under
 * it ("cached plan must not change result type") — is prepared again under a new name.
 */
export function pgReader(pool: pg.Pool): SqlReader {
  const names = statementNames();
  const run = async <T>(query: Prisma.Sql) => {
    const name = names.nameFor(query.text) || undefined;
    return (await pool.query({ name, text: query.text, values: query.values.map(parameter), types: pgTypes })).rows as T[];
  };
  return <T>(query: Prisma.Sql) =>
    withFreshPlan(
      () => run<T>(query),
      () => names.forget(query.text),
    );
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

/**
 * A reader on a PGlite instance opened with PGLITE_PARSERS. Two things `PGlite.query` does per call cost the list more
 * than PostgreSQL's work on it (decision 014):
 *  - it parses and plans every call (an unnamed statement): here each SQL text is prepared once, as a named statement,
 *    and then only bound and executed — planning was ~45% of the statement in PGlite's Wasm. PostgreSQL re-plans a
 *    named statement by itself when the tables it reads change; the values stay bound parameters;
 *  - its protocol reader copies every message and every field before decoding it (54% of the statement's time): here
 *    the answer comes back raw (`execProtocolRawStream`, PGlite's public API) in one exchange — Bind, Describe,
 *    Execute, Sync — and is read in place by readAnswer.
 * It queues exactly as `PGlite.query` does: behind Prisma's transactions, then with every other query.
 */
export function pgliteReader(client: PGlite): SqlReader {
  const queues = client as unknown as PGliteQueues;
  const { serialize } = protocol;
  const names = statementNames();
  /** Statement name → its parameters' type oids (for PGlite's serialisers), once prepared. */
  const prepared = new Map<string, number[]>();
  const answer = new AnswerBuffer();
  /** One exchange, ending with Sync (which also ends it after an error): the answer's messages, read in place. */
  const exchange = async (...messages: Uint8Array[]) => {
    answer.clear();
    await client.execProtocolRawStream(Buffer.concat([...messages, serialize.sync()]), {
      syncToFs: false,
      onRawData: (chunk) => answer.append(chunk),
    });
    return readAnswer(answer.bytes(), client.parsers);
  };

  const run = async <T>(query: Prisma.Sql): Promise<T[]> => {
    const name = names.nameFor(query.text);
    let types = prepared.get(name);
    if (!types) {
      // Unnamed ("", past the cap) statements are parsed for this call only, as PGlite.query does.
      try {
        ({ parameterTypes: types } = await exchange(
          serialize.parse({ name, text: query.text }),
          serialize.describe({ type: "S", name }),
        ));
      } catch (e) {
        names.forget(query.text); // a name whose Describe failed may exist in the session all the same: never reuse it
        throw e;
      }
      if (name) prepared.set(name, types);
    }
    const values = query.values.map((value, i) => {
      const v = parameter(value);
      if (v === null || v === undefined) return null;
      const serializer = client.serializers[types[i]!];
      return serializer ? serializer(v) : String(v);
    });
    const { rows } = await exchange(
      serialize.bind({ statement: name, values }),
      serialize.describe({ type: "P" }),
      serialize.execute({}),
    );
    return rows as T[];
  };
  const forget = (text: string) => {
    prepared.delete(names.nameFor(text));
    return names.forget(text);
  };
  const runFresh = <T>(query: Prisma.Sql) =>
    withFreshPlan(
      () => run<T>(query),
      () => forget(query.text),
    );
  return <T>(query: Prisma.Sql) => queues._runExclusiveTransaction(() => queues._runExclusiveQuery(() => runFresh<T>(query)));
}

/**
 * The bytes of one exchange's answer. PGlite hands them over in chunks that are views of its Wasm memory, valid only
 * during the call: each is copied once, here, into a buffer kept between exchanges (the reader runs one at a time).
 */
class AnswerBuffer {
  private buffer = new Uint8Array(64 * 1024);
  private length = 0;
  clear() {
    this.length = 0;
  }
  append(chunk: Uint8Array) {
    if (this.length + chunk.length > this.buffer.length) {
      const grown = new Uint8Array(Math.max(this.buffer.length * 2, this.length + chunk.length));
      grown.set(this.buffer.subarray(0, this.length));
      this.buffer = grown;
    }
    this.buffer.set(chunk, this.length);
    this.length += chunk.length;
  }
  bytes() {
    return this.buffer.subarray(0, this.length);
  }
}

const utf8 = new TextDecoder();
/** ErrorResponse's field codes (protocol "Error and Notice Message Fields") → DatabaseError's properties. */
const ERROR_FIELDS: Record<string, string> = {
  S: "severity",
  C: "code",
  D: "detail",
  H: "hint",
  P: "position",
  p: "internalPosition",
  q: "internalQuery",
  W: "where",
  s: "schema",
  t: "table",
  c: "column",
  d: "dataType",
  n: "constraint",
  F: "file",
  L: "line",
  R: "routine",
};

/**
 * An exchange's answer (PostgreSQL's backend messages): the rows, each field through PGlite's parser for its type
 * (as `PGlite.query` parses them), and a statement's parameter types. An ErrorResponse throws PGlite's own
 * DatabaseError, with the same fields. Other messages (BindComplete, CommandComplete, ReadyForQuery, notices) carry
 * nothing a read needs: a read statement sends no notification, and PGlite's single session gets one only with the
 * answer of the transaction that sent it.
 */
function readAnswer(bytes: Uint8Array, parsers: PGlite["parsers"]) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const rows: Record<string, unknown>[] = [];
  let names: string[] = [];
  let oids: number[] = [];
  let parameterTypes: number[] = [];
  let error: messages.DatabaseError | undefined;
  const cString = (at: number) => {
    const end = bytes.indexOf(0, at);
    return { text: utf8.decode(bytes.subarray(at, end)), next: end + 1 };
  };
  for (let at = 0; at + 5 <= bytes.length; ) {
    const type = bytes[at]!;
    const end = at + 1 + view.getInt32(at + 1);
    let i = at + 5;
    if (type === 0x54 /* T: RowDescription */) {
      const count = view.getInt16(i);
      i += 2;
      names = new Array(count);
      oids = new Array(count);
      for (let f = 0; f < count; f++) {
        const name = cString(i);
        names[f] = name.text;
        oids[f] = view.getInt32(name.next + 6); // after the table oid (4) and column number (2)
        i = name.next + 18; // + type oid (4), size (2), modifier (4), format (2)
      }
    } else if (type === 0x44 /* D: DataRow */) {
      const count = view.getInt16(i);
      i += 2;
      const row: Record<string, unknown> = {};
      for (let f = 0; f < count; f++) {
        const length = view.getInt32(i);
        i += 4;
        if (length < 0) row[names[f]!] = null;
        else {
          row[names[f]!] = types.parseType(utf8.decode(bytes.subarray(i, i + length)), oids[f]!, parsers);
          i += length;
        }
      }
      rows.push(row);
    } else if (type === 0x74 /* t: ParameterDescription */) {
      const count = view.getInt16(i);
      parameterTypes = Array.from({ length: count }, (_, p) => view.getInt32(i + 2 + 4 * p));
    } else if (type === 0x45 /* E: ErrorResponse */ && !error) {
      const fields: Record<string, string> = {};
      while (bytes[i] !== 0 && i < end) {
        const code = String.fromCharCode(bytes[i]!);
        const value = cString(i + 1);
        fields[code] = value.text;
        i = value.next;
      }
      error = new messages.DatabaseError(fields.M ?? "database error", end - at, "error");
      for (const [code, property] of Object.entries(ERROR_FIELDS)) {
        if (fields[code] !== undefined) (error as unknown as Record<string, string>)[property] = fields[code];
      }
    }
    at = end;
  }
  if (error) throw error;
  return { rows, parameterTypes };
}
