// What every labelled control shares (daisyUI fieldset): the label tied to the control, and under it the error
// (announced, role="alert") or else the hint, tied to the control with aria-describedby. Field, TextArea, Select and
// the file picker put their control inside; `describedBy(...)` gives the control its aria attributes.
import { useId, type ReactNode } from "react";

type Message = { error?: string | null; hint?: ReactNode };

/** The control's id (the given one, else a generated one) and its message's id. */
export function useFieldIds(id?: string) {
  const generated = useId();
  const controlId = id ?? generated;
  return { controlId, messageId: `${controlId}-message` };
}

/** aria-invalid and aria-describedby for a control with this error or hint. */
export const describedBy = (messageId: string, { error, hint }: Message) => ({
  "aria-invalid": error ? true : undefined,
  "aria-describedby": error || hint ? messageId : undefined,
});

type Props = Message & {
  controlId: string;
  messageId: string;
  label: ReactNode;
  className?: string;
  /** Classes of the hint line (e.g. "whitespace-normal" for a long one). */
  hintClassName?: string;
  children: ReactNode;
};

export default function FieldFrame({
  controlId,
  messageId,
  label,
  error,
  hint,
  className = "",
  hintClassName = "",
  children,
}: Props) {
  return (
    <fieldset className={`fieldset ${className}`}>
      <label className="fieldset-legend" htmlFor={controlId}>
        {label}
      </label>
      {children}
      {error ? (
        <p id={messageId} className="label text-error" role="alert">
          {error}
        </p>
      ) : hint ? (
        <p id={messageId} className={`label ${hintClassName}`}>
          {hint}
        </p>
      ) : null}
    </fieldset>
  );
}
