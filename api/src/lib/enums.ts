// One vocabulary per status: each set of words a contract takes (a status, a role, a type) is one `as const` list in
// its module's schema.ts, and what reads or checks those words derives from the list — the TypeBox schema
// (`literalUnion` in typebox.ts), the TS type (`(typeof LIST)[number]`), a query parameter's pattern and the membership
// test below. enums.test.ts holds each list equal to its Prisma enum, in one place. Imports nothing, so contracts and
// islands can use it.

/** Whether `value` is one of `values` (a URL parameter, a stored string): narrows it to the list's words. */
export const isOneOf = <const V extends readonly string[]>(values: V, value: unknown): value is V[number] =>
  typeof value === "string" && values.includes(value);

const escapeForPattern = (word: string) => word.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&");

const alternatives = (values: readonly string[]) => `(${values.map(escapeForPattern).join("|")})`;

/** A query parameter of exactly one of `values`, as a schema pattern. */
export const oneOfPattern = (values: readonly [string, ...string[]]) => `^${alternatives(values)}$`;

/** A query parameter of one or several of `values`, comma-separated ("ACTIVE,UPCOMING"), as a schema pattern. */
export function commaListPattern(values: readonly [string, ...string[]]): string {
  const one = alternatives(values);
  return `^${one}(,${one})*$`;
}
