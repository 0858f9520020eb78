// A labelled select with its error or hint (daisyUI fieldset), the select twin of Field: the message is tied to the
// select for screen readers with aria-describedby. Options are strings (value = label) or { value, label, disabled };
// `blank` puts a first option with the empty value (e.g. "No linked challenge").
import type { ReactNode, SelectHTMLAttributes } from "react";
import FieldFrame, { describedBy, useFieldIds } from "./FieldFrame";

type SelectOption = string | { value: string; label: ReactNode; disabled?: boolean };

type Props = Omit<SelectHTMLAttributes<HTMLSelectElement>, "children"> & {
  label: ReactNode;
  options: readonly SelectOption[];
  blank?: string;
  error?: string | null;
  hint?: ReactNode;
};

/**
 * Items to link to as options (by id, labelled by title), with the current value kept selectable when it is not
 * among them (e.g. a challenge no longer offered), labelled `label`.
 */
export function linkOptions(items: readonly { id: string; title: string }[], current: string, label: string) {
  const options = items.map((item) => ({ value: item.id, label: item.title }));
  return current && !options.some((o) => o.value === current) ? [...options, { value: current, label }] : options;
}

export default function Select({ label, options, blank, error, hint, id, className = "", ...select }: Props) {
  const { controlId, messageId } = useFieldIds(id);
  return (
    <FieldFrame {...{ controlId, messageId, label, error, hint, className }} hintClassName="whitespace-normal">
      <select
        id={controlId}
        className={`select w-full ${error ? "select-error" : ""}`}
        {...describedBy(messageId, { error, hint })}
        {...select}
      >
        {blank !== undefined && <option value="">{blank}</option>}
        {options.map((option) => {
          const {
            value,
            label: text,
            disabled,
          } = typeof option === "string" ? { value: option, label: option, disabled: false } : option;
          return (
            <option key={value} value={value} disabled={disabled}>
              {text}
            </option>
          );
        })}
      </select>
    </FieldFrame>
  );
}
