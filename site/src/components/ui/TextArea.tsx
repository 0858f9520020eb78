// A labelled multi-line field with its error or hint (daisyUI fieldset), the textarea twin of Field: the message is
// tied to the textarea for screen readers with aria-describedby.
import { useId, type ReactNode, type TextareaHTMLAttributes } from "react";

type Props = TextareaHTMLAttributes<HTMLTextAreaElement> & { label: ReactNode; error?: string | null; hint?: ReactNode };

export default function TextArea({ label, error, hint, id, rows = 3, className = "", ...textarea }: Props) {
  const generated = useId();
  const inputId = id ?? generated;
  const messageId = `${inputId}-message`;
  return (
    <fieldset className={`fieldset ${className}`}>
      <label className="fieldset-legend" htmlFor={inputId}>
        {label}
      </label>
      <textarea
        id={inputId}
        rows={rows}
        className={`textarea w-full ${error ? "textarea-error" : ""}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? messageId : undefined}
        {...textarea}
      />
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
