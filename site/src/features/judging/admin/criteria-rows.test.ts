// The rubric editor refuses, on the row, what the API would refuse for the whole list: a blank label, a number that is
// not one, min not below max, a weight below 0, a label past its length; a good row sends the contract's body.
import { describe, expect, test } from "bun:test";
import { CRITERION_LABEL_MAX_LENGTH } from "@api/modules/judging/schema";
import { blankRow, inputOf, rowErrors } from "./criteria-rows";

const row = (fields: Partial<ReturnType<typeof blankRow>>) => ({ ...blankRow(), label: "Impact", ...fields });

describe("criteria rows", () => {
  test("a good row has no problems and sends numbers, a trimmed label and null for blank guidance", () => {
    const good = row({ label: "  Impact ", min: "1", max: "5", weight: "2.5", guidance: "  " });
    expect(rowErrors(good)).toEqual({});
    expect(inputOf(good)).toEqual({ label: "Impact", guidance: null, min: 1, max: 5, weight: 2.5, visibility: "PRIVATE" });
  });

  test("each problem is filed under its own field", () => {
    expect(rowErrors(row({ label: "   " }))).toHaveProperty("label");
    expect(rowErrors(row({ label: "x".repeat(CRITERION_LABEL_MAX_LENGTH + 1) }))).toHaveProperty("label");
    expect(rowErrors(row({ min: "" }))).toEqual({ min: "Enter a number." });
    expect(rowErrors(row({ weight: "abc" }))).toEqual({ weight: "Enter a number." });
    expect(rowErrors(row({ weight: "-1" }))).toHaveProperty("weight");
  });

  test("min must be below max (equal is refused too)", () => {
    expect(rowErrors(row({ min: "5", max: "1" }))).toEqual({ max: "Max must be above min." });
    expect(rowErrors(row({ min: "3", max: "3" }))).toEqual({ max: "Max must be above min." });
  });
});
