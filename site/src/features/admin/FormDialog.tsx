// An admin create / edit dialog (SPEC §2, §8): the form kit's values and contract check, one submit at a time with the
// busy label, SPEC's success toast then `onClose`, or the failure toast with the typed values kept. The parent passes
// `save` (the mutation); the dialog is mounted per opening, so closing discards what was typed.
import type { FormEvent, ReactNode } from "react";
import Button from "../../components/ui/Button";
import Modal from "../../components/ui/Modal";
import { type FieldErrors, type SubmitOptions, useContractForm, useSubmit } from "../../lib/forms";
import { type Toast, toast } from "../../stores/toast";

type Options<V extends Record<string, unknown>, R> = {
  /** The field errors of the body the values make (the route's contract, plus cross-field rules). */
  check: (values: V) => FieldErrors<keyof V & string>;
  /** Sends the values; rejects with the API's error. */
  save: (values: V) => Promise<R>;
  busyLabel: string;
  failure: SubmitOptions<R>["failure"];
  /** SPEC §8's success toast (a title, or title and description from the answer). */
  success: string | ((result: R) => Pick<Toast, "title" | "description">);
  onClose: () => void;
  /** Submitting waits while this holds (an upload in flight). */
  blocked?: boolean;
};

export function useFormDialog<V extends Record<string, unknown>, R = unknown>(initial: V, options: Options<V, R>) {
  const form = useContractForm<V>(initial);
  const submit = useSubmit(options.busyLabel);
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const { check, save, failure, success, onClose, blocked } = options;
    if (submit.busy || blocked || !form.validate(e.currentTarget, check(form.values))) return;
    await submit.run(() => save(form.values), {
      failure,
      onSuccess: (result) => {
        toast(typeof success === "string" ? { title: success } : success(result));
        onClose();
      },
    });
  };
  return { ...form, submit, onSubmit };
}

type Props = {
  title: string;
  submitLabel: string;
  dialog: {
    submit: { button: { busy: boolean; busyLabel: string } };
    onSubmit: (e: FormEvent<HTMLFormElement>) => Promise<void>;
  };
  onClose: () => void;
  wide?: boolean;
  /** The submit button waits (an upload in flight). */
  disabled?: boolean;
  className?: string;
  testId?: string;
  children: ReactNode;
};

export default function FormDialog({ title, submitLabel, dialog, onClose, wide, disabled, className, testId, children }: Props) {
  return (
    <Modal open wide={wide} onClose={onClose} title={title}>
      {/* method="post": should a submit ever bypass onSubmit, the values go in a body, never in the URL. */}
      <form
        method="post"
        noValidate
        onSubmit={(e) => void dialog.onSubmit(e)}
        className={className ?? "flex flex-col gap-1"}
        data-testid={testId}
      >
        {children}
        <div className="modal-action">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" {...dialog.submit.button} disabled={disabled}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
