// A labelled select with its error or hint (daisyUI fieldset), the select twin of Field: the message is tied to the
// select for screen readers with aria-describedby. Options are strings (value = label) or { value, label, disabled };
// `blank` puts a first option with the empty value (e.g. "No linked challenge").
import { useId, type ReactNode, type SelectHTMLAttributes } from "react";

export type SelectOption = string | { value: string; label: ReactNode; disabled?: boolean };

type Props = Omit<SelectHTMLAttributes<HTMLSelectElement>, "children"> & {
  label: ReactNode;
  options: readonly SelectOption[];
  blank?: string;
  error?: string | null;
  hint?: ReactNode;
};

export default function Select({ label, options, blank, error, hint, id, className = "", ...select }: Props) {
  const generated = useId();
  const selectId = id ?? generated;
  const messageId = `${selectId}-message`;
  return (
    <fieldset className={`fieldset ${className}`}>
      <label className="fieldset-legend" htmlFor={selectId}>
        {label}
      </label>
      <select
        id={selectId}
        className={`select w-full ${error ? "select-error" : ""}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? messageId : undefined}
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
      {error ? (
        <p id={messageId} className="label text-error" role="alert">
          {error}
        </p>
      ) : hint ? (
        <p id={messageId} className="label whitespace-normal">
          {hint}
        </p>
      ) : null}
    </fieldset>
  );
}
