// A labelled form field with its error message (daisyUI fieldset). The error is tied to the input for screen
// readers with aria-describedby.
import type { InputHTMLAttributes, ReactNode } from "react";
import FieldFrame, { describedBy, useFieldIds } from "./FieldFrame";

type Props = InputHTMLAttributes<HTMLInputElement> & { label: ReactNode; error?: string | null; hint?: ReactNode };

export default function Field({ label, error, hint, id, className = "", ...input }: Props) {
  const { controlId, messageId } = useFieldIds(id);
  return (
    <FieldFrame {...{ controlId, messageId, label, error, hint, className }}>
      <input
        id={controlId}
        className={`input w-full ${error ? "input-error" : ""}`}
        {...describedBy(messageId, { error, hint })}
        {...input}
      />
    </FieldFrame>
  );
}
