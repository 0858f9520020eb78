// The forms' contract check in the browser (decision 006): the failures TypeBox's `Errors` reports — same order,
// paths, schemas and default texts — for the schema kinds our form contracts use, read straight from the schema.
// TypeBox's value checker and its error module weigh ~7 KB gzipped in every form island; this walk is a tenth of
// that. contract-check.test.ts holds it to TypeBox on every contract a form checks, valid and invalid samples alike,
// so the two cannot drift; a kind outside the subset throws, as TypeBox does for a kind it does not know.
import { FormatRegistry, Kind, type TSchema } from "@sinclair/typebox/type";
import { collectProblems, type Problem, type SchemaFailure } from "@api/lib/typebox";

// biome-ignore lint/suspicious/noExplicitAny: a schema is read as the JSON object it is
type Schema = Record<string | symbol, any>;

/** Kinds a contract's form check may use; contract-check.test.ts also checks their keywords. */
export const CHECKED_KINDS = ["Array", "Boolean", "Integer", "Literal", "Never", "Null", "Number", "Object", "String", "Union"];

/** RFC 6901, as TypeBox writes a key into a path. */
const escapeKey = (key: string) => key.replace(/~/g, "~0").replace(/\//g, "~1");

/** A value's identity for `uniqueItems`, as TypeBox's Hash tells values apart (type, -0, sorted keys). */
const identity = (v: unknown): string =>
  Array.isArray(v)
    ? `[${v.map(identity)}]`
    : v !== null && typeof v === "object"
      ? `{${Object.getOwnPropertyNames(v)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${identity((v as Schema)[k])}`)}}`
      : `${typeof v}:${typeof v === "string" ? JSON.stringify(v) : Object.is(v, -0) ? "-0" : String(v)}`;

function visit(s: Schema, path: string, v: unknown, out: SchemaFailure[]): void {
  const fail = (name: string, message: string, schema: Schema = s, at = path, value = v): void => {
    out.push({ name, schema: schema as TSchema, path: at, value, message });
  };
  /** Number and Integer bounds, worded with the kind's noun. */
  const bounds = (name: string, noun: string, n: number) => {
    if (s.exclusiveMaximum !== undefined && !(n < s.exclusiveMaximum))
      fail(`${name}ExclusiveMaximum`, `Expected ${noun} to be less than ${s.exclusiveMaximum}`);
    if (s.exclusiveMinimum !== undefined && !(n > s.exclusiveMinimum))
      fail(`${name}ExclusiveMinimum`, `Expected ${noun} to be greater than ${s.exclusiveMinimum}`);
    if (s.maximum !== undefined && !(n <= s.maximum))
      fail(`${name}Maximum`, `Expected ${noun} to be less or equal to ${s.maximum}`);
    if (s.minimum !== undefined && !(n >= s.minimum))
      fail(`${name}Minimum`, `Expected ${noun} to be greater or equal to ${s.minimum}`);
    if (s.multipleOf !== undefined && !(n % s.multipleOf === 0))
      fail(`${name}MultipleOf`, `Expected ${noun} to be a multiple of ${s.multipleOf}`);
  };
  switch (s[Kind]) {
    case "String": {
      if (typeof v !== "string") {
        fail("String", "Expected string");
        return;
      }
      if (s.minLength !== undefined && !(v.length >= s.minLength))
        fail("StringMinLength", `Expected string length greater or equal to ${s.minLength}`);
      if (s.maxLength !== undefined && !(v.length <= s.maxLength))
        fail("StringMaxLength", `Expected string length less or equal to ${s.maxLength}`);
      if (typeof s.pattern === "string" && !new RegExp(s.pattern).test(v))
        fail("StringPattern", `Expected string to match '${s.pattern}'`);
      if (typeof s.format === "string") {
        const format = FormatRegistry.Get(s.format);
        if (!format) fail("StringFormatUnknown", `Unknown format '${s.format}'`);
        else if (!format(v)) fail("StringFormat", `Expected string to match '${s.format}' format`);
      }
      return;
    }
    case "Number":
      if (Number.isFinite(v)) bounds("Number", "number", v as number);
      else fail("Number", "Expected number");
      return;
    case "Integer":
      if (Number.isInteger(v)) bounds("Integer", "integer", v as number);
      else fail("Integer", "Expected integer");
      return;
    case "Boolean":
      if (typeof v !== "boolean") fail("Boolean", "Expected boolean");
      return;
    case "Null":
      if (v !== null) fail("Null", "Expected null");
      return;
    case "Literal":
      if (v !== s.const) fail("Literal", `Expected ${typeof s.const === "string" ? `'${s.const}'` : s.const}`);
      return;
    case "Never":
      fail("Never", "Never");
      return;
    case "Union":
      // As TypeBox: one failure for the union (its branches are read by collectProblems), none if a branch holds.
      if (!s.anyOf.some((branch: TSchema) => failuresOf(branch, v).length === 0)) fail("Union", "Expected union value");
      return;
    case "Array": {
      if (!Array.isArray(v)) {
        fail("Array", "Expected array");
        return;
      }
      if (s.minItems !== undefined && !(v.length >= s.minItems))
        fail("ArrayMinItems", `Expected array length to be greater or equal to ${s.minItems}`);
      if (s.maxItems !== undefined && !(v.length <= s.maxItems))
        fail("ArrayMaxItems", `Expected array length to be less or equal to ${s.maxItems}`);
      for (const [i, item] of v.entries()) visit(s.items, `${path}/${i}`, item, out);
      if (s.uniqueItems === true && new Set(v.map(identity)).size !== v.length)
        fail("ArrayUniqueItems", "Expected array elements to be unique");
      return;
    }
    case "Object": {
      if (v === null || typeof v !== "object" || Array.isArray(v)) {
        fail("Object", "Expected object");
        return;
      }
      const value = v as Schema;
      const keys = Object.getOwnPropertyNames(value);
      const known = Object.getOwnPropertyNames(s.properties);
      const required: string[] = Array.isArray(s.required) ? s.required : [];
      if (s.minProperties !== undefined && !(keys.length >= s.minProperties))
        fail("ObjectMinProperties", `Expected object to have at least ${s.minProperties} properties`);
      if (s.maxProperties !== undefined && !(keys.length <= s.maxProperties))
        fail("ObjectMaxProperties", `Expected object to have no more than ${s.maxProperties} properties`);
      for (const key of required) {
        if (keys.includes(key)) continue;
        // Named by the property's schema (its message for a missing value), with no value: not `fail`'s default.
        const schema = s.properties[key];
        out.push({
          name: "ObjectRequiredProperty",
          schema,
          path: `${path}/${escapeKey(key)}`,
          value: undefined,
          message: "Expected required property",
        });
      }
      for (const key of keys) {
        if (known.includes(key)) continue;
        if (s.additionalProperties === false)
          fail("ObjectAdditionalProperties", "Unexpected property", s, `${path}/${escapeKey(key)}`, value[key]);
        else if (typeof s.additionalProperties === "object")
          visit(s.additionalProperties, `${path}/${escapeKey(key)}`, value[key], out);
      }
      for (const key of known) {
        // An optional property is checked when it holds a value (TypeBox's default, not exactOptionalPropertyTypes).
        if (required.includes(key) || value[key] !== undefined)
          visit(s.properties[key], `${path}/${escapeKey(key)}`, value[key], out);
      }
      return;
    }
    default:
      throw new Error(`contract-check: unsupported schema kind ${String(s[Kind])}`);
  }
}

/** Every failure of `value` under `schema`, in TypeBox's order. */
export function failuresOf(schema: TSchema, value: unknown): SchemaFailure[] {
  const out: SchemaFailure[] = [];
  visit(schema as Schema, "", value, out);
  return out;
}

/** Every field's problem with `value` under `schema`, worded as the schema declares: lib/typebox.ts's schemaProblems. */
export const contractProblems = (schema: TSchema, value: unknown): Problem[] => collectProblems(failuresOf, schema, value);
