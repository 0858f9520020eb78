// Published results carry a SHA-256 that anyone can recompute (SPEC results; decision 020): the hash is taken over
// the snapshot's RFC 8785 JSON Canonicalization Scheme (JCS) form, so any JCS implementation in any language gets the
// same bytes. JCS here: object keys sorted by UTF-16 code units, no whitespace, strings escaped as JSON.stringify
// does, numbers in ECMAScript's shortest round-trip form (which JSON.stringify produces, −0 as 0).
//
// Written here rather than taken from the `canonicalize` npm package: it is some thirty lines, adds no dependency to
// the lockfile, and refuses what JSON cannot carry (NaN, Infinity, undefined, lone surrogates, cycles, Maps, Dates)
// instead of dropping or stringifying it — a hash must never cover something other than what was meant.
import { createHash } from "node:crypto";

// A UTF-16 surrogate without its partner: not Unicode text, so not I-JSON, which RFC 8785 requires.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function fail(path: string, what: string): never {
  throw new TypeError(`canonical JSON cannot hold ${what} (at ${path || "the top"})`);
}

function serialize(value: unknown, path: string, open: Set<object>): string {
  if (value === null) return "null";
  switch (typeof value) {
    case "boolean":
      return value ? "true" : "false";
    case "number":
      if (!Number.isFinite(value)) return fail(path, String(value));
      return JSON.stringify(value);
    case "string":
      if (LONE_SURROGATE.test(value)) return fail(path, "a lone UTF-16 surrogate");
      return JSON.stringify(value);
    case "object":
      break;
    default:
      return fail(path, `a value of type ${typeof value}`);
  }
  const object = value as object;
  if (open.has(object)) return fail(path, "a cycle");
  open.add(object);
  let out: string;
  if (Array.isArray(object)) {
    out = `[${object.map((item, i) => serialize(item, `${path}[${i}]`, open)).join(",")}]`;
  } else {
    const proto = Object.getPrototypeOf(object);
    if (proto !== Object.prototype && proto !== null) return fail(path, `a ${object.constructor?.name ?? "non-plain"} object`);
    const record = object as Record<string, unknown>;
    // The default sort compares UTF-16 code units, exactly what RFC 8785 §3.2.3 asks (not locale, not code points).
    const keys = Object.keys(record).sort();
    out = `{${keys.map((k) => `${serialize(k, path, open)}:${serialize(record[k], `${path}.${k}`, open)}`).join(",")}}`;
  }
  open.delete(object);
  return out;
}

/** The RFC 8785 (JCS) canonical JSON text of a plain JSON value. Throws TypeError for anything JSON cannot hold. */
export function canonicalJson(value: unknown): string {
  return serialize(value, "", new Set());
}

/** SHA-256, lowercase hex, of the UTF-8 bytes of the value's canonical JSON: the published results' fingerprint. */
export function snapshotHash(value: unknown): string {
  return createHash("sha256").update(canonicalJson(value), "utf8").digest("hex");
}
