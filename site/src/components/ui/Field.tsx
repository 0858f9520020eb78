// A labelled form field with its error message (daisyUI fieldset). The error is tied to the input for screen
// readers with aria-describedby.
import { useId, type InputHTMLAttributes, type ReactNode } from "react";

type Props = InputHTMLAttributes<HTMLInputElement> & { label: ReactNode; error?: string | null; hint?: ReactNode };

export default function Field({ label, error, hint, id, className = "", ...input }: Props) {
  const generated = useId();
  const inputId = id ?? generated;
  const messageId = `${inputId}-message`;
  return (
    <fieldset className={`fieldset ${className}`}>
      <label className="fieldset-legend" htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        className={`input w-full ${error ? "input-error" : ""}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? messageId : undefined}
        {...input}
      />
      {error ? (
        <p id={messageId} className="label text-error" role="alert">
          {error}
        </p>
      ) : hint ? (
        <p id={messageId} className="label">
          {hint}
        </p>
      ) : null}
    </fieldset>
  );
}
