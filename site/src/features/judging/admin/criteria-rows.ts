// The rubric editor's rows (decision 021): what the admin types, the body each row sends, and each row's problems — the
// route's own contract (lib/forms checkForm) plus the one rule across fields the contract cannot state (min below max).
import { type CriterionInput, CriterionInputSchema } from "@api/modules/judging/schema";
import { checkForm, orNull } from "../../../lib/forms";

export type Row = {
  key: number;
  label: string;
  guidance: string;
  min: string;
  max: string;
  weight: string;
  visibility: CriterionInput["visibility"];
};
let nextKey = 0;
export const rowKey = () => nextKey++;
export const blankRow = (): Row => ({
  key: nextKey++,
  label: "",
  guidance: "",
  min: "0",
  max: "10",
  weight: "1",
  visibility: "PRIVATE",
});

export const inputOf = (row: Row): CriterionInput => ({
  label: row.label.trim(),
  guidance: orNull(row.guidance),
  min: Number(row.min),
  max: Number(row.max),
  weight: Number(row.weight),
  visibility: row.visibility,
});

/** A row's problems: the contract's words per field, and the one rule across fields (min below max). */
export function rowErrors(row: Row): Partial<Record<keyof CriterionInput, string>> {
  const input = inputOf(row);
  const errors: Partial<Record<keyof CriterionInput, string>> = checkForm(CriterionInputSchema, input);
  if (!input.label) errors.label = "Give the criterion a label.";
  for (const field of ["min", "max", "weight"] as const)
    if (row[field].trim() === "" || !Number.isFinite(input[field])) errors[field] = "Enter a number.";
  if (!errors.min && !errors.max && input.min >= input.max) errors.max = "Max must be above min.";
  return errors;
}
