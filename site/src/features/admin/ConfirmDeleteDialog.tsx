// "Are you sure?" before deleting an item from an admin list (SPEC §2): Cancel, or Delete with its busy state and the
// SPEC toasts through the form kit's useSubmit. Closes after the attempt either way (the toast says how it went).
import type { ReactNode } from "react";
import Button from "../../components/ui/Button";
import Modal from "../../components/ui/Modal";
import { type SubmitOptions, useSubmit } from "../../lib/forms";

type Props = {
  /** What will be lost, in SPEC's words. */
  children: ReactNode;
  onDelete: () => Promise<unknown>;
  /** The toast when it fails; the success toast comes from `onDeleted`. */
  failure: SubmitOptions<unknown>["failure"];
  onDeleted: () => void;
  onClose: () => void;
};

export default function ConfirmDeleteDialog({ children, onDelete, failure, onDeleted, onClose }: Props) {
  const removal = useSubmit("Deleting...");
  const confirm = async () => {
    if (removal.busy) return;
    await removal.run(onDelete, { failure, onSuccess: onDeleted });
    onClose();
  };
  return (
    <Modal
      open
      onClose={onClose}
      title="Are you sure?"
      actions={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" {...removal.button} onClick={() => void confirm()}>
            Delete
          </Button>
        </>
      }
    >
      <p>{children}</p>
    </Modal>
  );
}
