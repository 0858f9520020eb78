// The one money module: exact cents at the providers' boundaries (Stripe's unit_amount and amount_total, Printify's
// prices) and SPEC §9's two-decimal dollars, with no float in between.
import { describe, expect, test } from "bun:test";
import { Prisma } from "../generated/prisma/client";
import { dollars, fromCents, toCents } from "./money";

describe("money", () => {
  test("toCents is exact where a float is not (0.29 × 100 = 28.999…)", () => {
    expect(0.29 * 100).not.toBe(29);
    expect(["0.29", "1.10", "19.99", "24.5", "99", "0", "99999999.99"].map((d) => toCents(d))).toEqual([
      29, 110, 1999, 2450, 9900, 0, 9_999_999_999,
    ]);
    expect(toCents(new Prisma.Decimal("4.99"))).toBe(499);
    expect(toCents(" 12.30 ")).toBe(1230);
  });

  test("toCents refuses what is not dollars and cents instead of rounding it", () => {
    for (const bad of ["1.234", "1e3", "abc", "", "1.", ".5", "--1", "NaN"]) expect(() => toCents(bad)).toThrow();
  });

  test("fromCents and dollars write SPEC's two decimals", () => {
    expect([0, 5, 99, 100, 1999, 2450, -250].map(fromCents)).toEqual(["0.00", "0.05", "0.99", "1.00", "19.99", "24.50", "-2.50"]);
    expect(dollars("24.5")).toBe("24.50");
    expect(dollars(new Prisma.Decimal("1999.1"))).toBe("1999.10");
    for (const cents of [1, 29, 4999, 123456789]) expect(toCents(fromCents(cents))).toBe(cents);
  });
});
