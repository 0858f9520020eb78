// Small TypeBox helpers for contracts. Imports nothing but TypeBox, so contracts stay importable by islands.
// Contracts import the builders by name from `@sinclair/typebox/type` (`import * as T`), never `Type`: `Type` is one
// object holding every builder, so a bundle that touches it keeps them all (~11 KB gzipped in every form island),
// while named builders keep only those called (~3 KB). The checks below (TypeBox's Errors and Check) are the API's;
// an island checks a form with site/src/lib/contract-check.ts, which words failures through `collectProblems` here.
import * as T from "@sinclair/typebox/type";
import { FormatRegistry, type TLiteral, type TSchema, type TUnion } from "@sinclair/typebox/type";
import { Errors, ValueErrorType, type ValueError } from "@sinclair/typebox/errors";
import { Check } from "@sinclair/typebox/value";

// The one meaning of "date-time" in every contract, on the API and in islands alike: an ISO 8601 timestamp with its
// time and zone that is a real date. Set whatever was there: Elysia registers a lenient "date-time" of its own when
// it loads (it takes "01/02/2027", "2027-02-01" and "Fri Feb 01 2027 …", read by `new Date` in the server's zone), and
// which of the two won depended on which module loaded first (admin.test.ts, "dates … are checked").
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/i;
FormatRegistry.Set("date-time", (v) => DATE_TIME.test(v) && !Number.isNaN(Date.parse(v)));

/** Record ids in paths and bodies (UUIDs, seeded ids): bounded so a long value never reaches the database. */
export const ID_MAX_LENGTH = 64;

type Literals<V extends readonly string[]> = V extends readonly [infer H extends string, ...infer R extends readonly string[]]
  ? [TLiteral<H>, ...Literals<R>]
  : [];

/** A union of string literals from one `as const` array: the array, the schema and the TS type share one source. */
export function literalUnion<const V extends readonly [string, ...string[]]>(values: V, options?: object): TUnion<Literals<V>> {
  return T.Union(
    values.map((v) => T.Literal(v)),
    options,
  ) as unknown as TUnion<Literals<V>>;
}

// ---- Messages (SPEC §5): declared once, on the contract; read by the API's error plugin and the site's forms ----

/**
 * A schema's own messages. `error` (a string, as Elysia reads it: elysia/dist/error.mjs) is one text for every way
 * the value can fail; `errorMessage` (as ajv-errors spells it) is one text per failed keyword (`minLength`,
 * `maxLength`, `pattern`, `type` — also a missing value —, …), with `empty` used first when the value is "" (a
 * required field left blank). `messages(…)` spreads either into a schema's options.
 */
export type KeywordMessages = Partial<
  Record<"empty" | "type" | "minLength" | "maxLength" | "pattern" | "format" | "uniqueItems" | "maxItems" | "minItems", string>
>;
export type RuleMessages = string | KeywordMessages;
export const messages = (m: RuleMessages) => (typeof m === "string" ? { error: m } : { errorMessage: m });

/**
 * What is wrong with a value, per field: `field` is the first path segment ("" for the value itself); `declared`
 * says the message is the schema's own, else it is "field.path: TypeBox's message" (never the value).
 */
export type Problem = { path: string; field: string; message: string; declared: boolean };

/**
 * One failure as the wording below reads it: `name` is TypeBox's ValueErrorType name ("StringMinLength"),
 * `message` TypeBox's default text for it; a union's failure is answered by its branches (`collectProblems`).
 */
export type SchemaFailure = { name: string; schema: TSchema; path: string; value: unknown; message: string };
/** A schema's failures for a value, in TypeBox's order (TypeBox's Errors, or the islands' contract-check). */
type FailuresOf = (schema: TSchema, value: unknown) => Iterable<SchemaFailure>;

/** "StringMinLength" → "minLength", "String" → "type", "ObjectRequiredProperty" → "type" (a missing value). */
function keywordOf(name: string): string {
  if (name === "ObjectRequiredProperty") return "type";
  const rest = name.replace(/^(String|Number|Integer|BigInt|Array|Object|Date|Uint8Array)/, "");
  return rest ? rest[0]!.toLowerCase() + rest.slice(1) : "type";
}

/** The message the schema declares for this failure, if any. */
function declaredFor({ schema, name, value }: Pick<SchemaFailure, "schema" | "name" | "value">): string | undefined {
  const { error: own, errorMessage: map } = schema as { error?: unknown; errorMessage?: Record<string, unknown> };
  if (typeof own === "string") return own;
  if (!map || typeof map !== "object") return undefined;
  const wanted = value === "" && typeof map.empty === "string" ? "empty" : keywordOf(name);
  const text = map[wanted];
  return typeof text === "string" ? text : undefined;
}

/** The message the schema declares for this TypeBox error, if any. */
export const declaredMessage = (error: ValueError): string | undefined =>
  declaredFor({ schema: error.schema, name: ValueErrorType[error.type] ?? "", value: error.value });

const fieldOf = (path: string) => (path.replace(/^\//, "").split("/")[0] ?? "").replace(/~1/g, "/").replace(/~0/g, "~");

/**
 * Distinct failing paths, first failure of each, worded as the schema declares; a union is answered by the branch
 * that best matches the value (the fewest failing fields; the first on a tie).
 */
export function collectProblems(failures: FailuresOf, schema: TSchema, value: unknown, base = ""): Problem[] {
  const problems: Problem[] = [];
  const seen = new Set<string>();
  for (const failure of failures(schema, value)) {
    const path = base + failure.path;
    if ([...seen].some((p) => path === p || path.startsWith(`${p}/`))) continue;
    seen.add(path);
    const declared = declaredFor(failure);
    if (!declared && failure.name === "Union") {
      let best: Problem[] | undefined;
      for (const branch of (failure.schema as TSchema & { anyOf: TSchema[] }).anyOf) {
        const found = collectProblems(failures, branch, failure.value, path);
        if (!best || found.length < best.length) best = found;
      }
      problems.push(...(best ?? []));
      continue;
    }
    const where = path.replace(/^\//, "").replaceAll("/", ".");
    problems.push({
      path,
      field: fieldOf(path),
      message: declared ?? (where ? `${where}: ${failure.message}` : failure.message),
      declared: !!declared,
    });
  }
  return problems;
}

/** TypeBox's own failures (the API's, and what contract-check.test.ts holds the islands' check to). */
export function* typeboxFailures(schema: TSchema, value: unknown): Generator<SchemaFailure> {
  for (const error of Errors(schema, value)) yield { ...error, name: ValueErrorType[error.type] ?? "" };
}

/** Every field's problem with `value` under `schema`, worded as the schema declares (never echoing the value). */
export function schemaProblems(schema: TSchema, value: unknown): Problem[] {
  return collectProblems(typeboxFailures, schema, value);
}

/** The first problem's message, or null when the value satisfies the schema. */
export function firstProblem(schema: TSchema, value: unknown): string | null {
  return Check(schema, value) ? null : (schemaProblems(schema, value)[0]?.message ?? "Invalid request");
}
