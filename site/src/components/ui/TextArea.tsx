// A labelled multi-line field with its error or hint (daisyUI fieldset), the textarea twin of Field: the message is
// tied to the textarea for screen readers with aria-describedby.
import type { ReactNode, TextareaHTMLAttributes } from "react";
import FieldFrame, { describedBy, useFieldIds } from "./FieldFrame";

type Props = TextareaHTMLAttributes<HTMLTextAreaElement> & { label: ReactNode; error?: string | null; hint?: ReactNode };

export default function TextArea({ label, error, hint, id, rows = 3, className = "", ...textarea }: Props) {
  const { controlId, messageId } = useFieldIds(id);
  return (
    <FieldFrame {...{ controlId, messageId, label, error, hint, className }} hintClassName="whitespace-normal">
      <textarea
        id={controlId}
        rows={rows}
        className={`textarea w-full ${error ? "textarea-error" : ""}`}
        {...describedBy(messageId, { error, hint })}
        {...textarea}
      />
    </FieldFrame>
  );
}
