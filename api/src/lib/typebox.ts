// Small TypeBox helpers for contracts. Imports nothing but TypeBox, so contracts stay importable by islands.
import { FormatRegistry, Type as T, type TLiteral, type TSchema, type TUnion } from "@sinclair/typebox";
import { Errors, ValueErrorType, type ValueError } from "@sinclair/typebox/errors";
import { Check } from "@sinclair/typebox/value";

// Elysia registers TypeBox's string formats when it loads; an island checking a contract has no Elysia, so the
// format the contracts use is registered here too (the same meaning: an ISO 8601 timestamp that is a real date).
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/i;
if (!FormatRegistry.Has("date-time")) FormatRegistry.Set("date-time", (v) => DATE_TIME.test(v) && !Number.isNaN(Date.parse(v)));

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

/** "StringMinLength" → "minLength", "String" → "type", "ObjectRequiredProperty" → "type" (a missing value). */
function keywordOf(error: ValueError): string {
  const name = ValueErrorType[error.type] ?? "";
  if (error.type === ValueErrorType.ObjectRequiredProperty) return "type";
  const rest = name.replace(/^(String|Number|Integer|BigInt|Array|Object|Date|Uint8Array)/, "");
  return rest ? rest[0]!.toLowerCase() + rest.slice(1) : "type";
}

/** The message the schema declares for this failure, if any. */
export function declaredMessage(error: ValueError): string | undefined {
  const { error: own, errorMessage: map } = error.schema as { error?: unknown; errorMessage?: Record<string, unknown> };
  if (typeof own === "string") return own;
  if (!map || typeof map !== "object") return undefined;
  const wanted = error.value === "" && typeof map.empty === "string" ? "empty" : keywordOf(error);
  const text = map[wanted];
  return typeof text === "string" ? text : undefined;
}

const fieldOf = (path: string) => (path.replace(/^\//, "").split("/")[0] ?? "").replace(/~1/g, "/").replace(/~0/g, "~");

/** Distinct failing paths, first failure of each; a union is answered by the branch that best matches the value. */
function collect(schema: TSchema, value: unknown, base = ""): Problem[] {
  const problems: Problem[] = [];
  const seen = new Set<string>();
  for (const error of Errors(schema, value)) {
    const path = base + error.path;
    if ([...seen].some((p) => path === p || path.startsWith(`${p}/`))) continue;
    seen.add(path);
    const declared = declaredMessage(error);
    if (!declared && error.type === ValueErrorType.Union) {
      problems.push(...bestBranch(error.schema as TSchema & { anyOf: TSchema[] }, error.value, path));
      continue;
    }
    const where = path.replace(/^\//, "").replaceAll("/", ".");
    problems.push({
      path,
      field: fieldOf(path),
      message: declared ?? (where ? `${where}: ${error.message}` : error.message),
      declared: !!declared,
    });
  }
  return problems;
}

/** The branch with the fewest failing fields (the first on a tie) names the problems of a union. */
function bestBranch(union: { anyOf: TSchema[] }, value: unknown, path: string): Problem[] {
  let best: Problem[] | undefined;
  for (const branch of union.anyOf) {
    const problems = collect(branch, value, path);
    if (!best || problems.length < best.length) best = problems;
  }
  return best ?? [];
}

/** Every field's problem with `value` under `schema`, worded as the schema declares (never echoing the value). */
export function schemaProblems(schema: TSchema, value: unknown): Problem[] {
  return collect(schema, value);
}

/** The first problem's message, or null when the value satisfies the schema. */
export function firstProblem(schema: TSchema, value: unknown): string | null {
  return Check(schema, value) ? null : (collect(schema, value)[0]?.message ?? "Invalid request");
}
