// Small TypeBox helpers for contracts. Imports nothing but TypeBox, so contracts stay importable by islands.
import { Type as T, type TLiteral, type TUnion } from "@sinclair/typebox";

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
