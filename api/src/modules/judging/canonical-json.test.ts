// Canonical JSON (RFC 8785, JCS) and the results' SHA-256 (decision 020): our bytes equal the published test vectors
// of the JCS reference repository (api/test/fixtures/jcs, see its README for the source and commit), so anyone with
// any JCS implementation recomputes the same hash; key order never changes the hash; what JSON cannot hold is refused.
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { canonicalJson, snapshotHash } from "./canonical-json";

const FIXTURES = join(import.meta.dir, "../../../test/fixtures/jcs");
const hex = (text: string) => Buffer.from(text, "utf8").toString("hex");

describe("RFC 8785 test vectors (cyberphone/json-canonicalization testdata)", () => {
  const names = readdirSync(join(FIXTURES, "input")).sort();
  test("all six vectors are present", () => {
    expect(names).toEqual(["arrays.txt", "french.txt", "structures.txt", "unicode.txt", "values.txt", "weird.txt"]);
  });
  for (const name of names) {
    test(`${name.replace(".txt", "")}: the canonical UTF-8 bytes equal the published ones`, () => {
      const input = JSON.parse(readFileSync(join(FIXTURES, "input", name), "utf8"));
      const expected = readFileSync(join(FIXTURES, "outhex", name), "utf8").replace(/\s+/g, "");
      expect(hex(canonicalJson(input))).toBe(expected);
    });
  }
});

describe("numbers in ECMAScript's shortest form", () => {
  // IEEE-754 bit patterns and their expected text: the samples of the reference repository's testdata/README.md,
  // then further edge cases (smallest subnormal, largest double, the 1e21 switch to exponent form, −0).
  const SAMPLES: [string, string][] = [
    ["4340000000000001", "9007199254740994"],
    ["4340000000000002", "9007199254740996"],
    ["444b1ae4d6e2ef50", "1e+21"],
    ["3eb0c6f7a0b5ed8d", "0.000001"],
    ["3eb0c6f7a0b5ed8c", "9.999999999999997e-7"],
    ["8000000000000000", "0"],
    ["0", "0"],
    ["0000000000000001", "5e-324"],
    ["8000000000000001", "-5e-324"],
    ["7fefffffffffffff", "1.7976931348623157e+308"],
    ["444b1ae4d6e2ef4f", "999999999999999900000"],
    ["44b52d02c7e14af6", "1e+23"],
    ["41b3de4355555555", "333333333.3333333"],
  ];
  const fromBits = (bits: string) => {
    const view = new DataView(new ArrayBuffer(8));
    view.setBigUint64(0, BigInt(`0x${bits}`));
    return view.getFloat64(0);
  };
  test("each sample serialises to its expected text, alone and inside a structure", () => {
    for (const [bits, text] of SAMPLES) {
      expect(canonicalJson(fromBits(bits))).toBe(text);
      expect(canonicalJson({ n: [fromBits(bits)] })).toBe(`{"n":[${text}]}`);
    }
  });
  test("NaN and ±Infinity are refused, since JSON has no text for them", () => {
    for (const n of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      expect(() => canonicalJson({ score: n })).toThrow(/cannot hold .* \(at \.score\)/);
    }
  });
});

describe("the snapshot hash", () => {
  test("is the SHA-256 of the canonical UTF-8 text", () => {
    // printf '{}' | sha256sum
    expect(snapshotHash({})).toBe("44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a");
    const value = { b: "ü", a: [1, 2.5, null] };
    expect(canonicalJson(value)).toBe('{"a":[1,2.5,null],"b":"ü"}');
    expect(snapshotHash(value)).toBe(new Bun.CryptoHasher("sha256").update('{"a":[1,2.5,null],"b":"ü"}').digest("hex"));
  });

  test("the same results with keys in another order hash the same; a changed figure does not", () => {
    const one = { roundId: "r1", method: "RUBRIC", entries: [{ entryId: "A", rank: 1, mean: 77.5, normalised: 1.128321242 }] };
    const two = { entries: [{ normalised: 1.128321242, mean: 77.5, rank: 1, entryId: "A" }], method: "RUBRIC", roundId: "r1" };
    expect(snapshotHash(two)).toBe(snapshotHash(one));
    expect(snapshotHash({ ...one, entries: [{ ...one.entries[0], mean: 77.50000001 }] })).not.toBe(snapshotHash(one));
    // array order is meaning (the ranking), so it is kept
    expect(snapshotHash([1, 2])).not.toBe(snapshotHash([2, 1]));
  });

  test("keys sort by UTF-16 code units, not by locale or code point", () => {
    // U+FB33 sorts after U+1F602 (a surrogate pair starting 0xD83D) in UTF-16, before it by code point
    expect(canonicalJson({ "\ufb33": 1, "\u{1f602}": 2, é: 3, e: 4, Z: 5 })).toBe('{"Z":5,"e":4,"é":3,"\u{1f602}":2,"\ufb33":1}');
  });
});

describe("values JSON cannot hold are refused, never silently changed", () => {
  test("undefined, functions, BigInt, symbols, lone surrogates, cycles, Maps and Dates", () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    const bad: [unknown, RegExp][] = [
      [undefined, /undefined/],
      [{ a: undefined }, /undefined \(at \.a\)/],
      [[() => 1], /function \(at \[0\]\)/],
      [10n, /bigint/],
      [Symbol("x"), /symbol/],
      ["\ud800", /lone UTF-16 surrogate/],
      [{ k: "a\udc00b" }, /lone UTF-16 surrogate/],
      [{ "\ud83d": 1 }, /lone UTF-16 surrogate/],
      [cycle, /cycle/],
      [new Map([["a", 1]]), /Map/],
      [{ at: new Date(0) }, /Date object \(at \.at\)/],
    ];
    for (const [value, message] of bad) expect(() => canonicalJson(value)).toThrow(message);
  });
  test("a value shared twice (not a cycle) is fine, and null-prototype objects are plain", () => {
    const shared = { x: 1 };
    expect(canonicalJson({ a: shared, b: [shared] })).toBe('{"a":{"x":1},"b":[{"x":1}]}');
    const bare = Object.assign(Object.create(null), { b: 1, a: 2 });
    expect(canonicalJson(bare)).toBe('{"a":2,"b":1}');
  });
});
