// The Create / Edit dialog of a content item with uploads (challenge, project, resource; SPEC §2 admin screens, §5,
// §8): the admin kit's FormDialog with SPEC's words for the item's kind ("Edit Project", "Project created
// successfully", "Failed to update project"), and an upload in flight holding the submit back. Each kind describes
// its form once (its ItemForm, beside its values and checks); its dialog passes the fields as children.
import type { ComponentProps, ReactNode } from "react";
import type { FieldErrors } from "../../lib/forms";
import FormDialog, { useFormDialog } from "./FormDialog";
import { useUploads } from "../uploads/FilePicker";
import type { UploadFn } from "../uploads/upload";

/** A kind of item's form: its words and its values. */
export type ItemForm<V extends Record<string, unknown>, I> = {
  /** The kind, as a title says it ("Project"). */
  noun: string;
  /** The create form's values. */
  empty: V;
  /** An item's values, to edit it. */
  valuesFrom: (item: I) => V;
  /** The field errors of the body the values make (the route's contract). */
  check: (values: V) => FieldErrors<keyof V & string>;
  /** The failure toast's text when the server gives no message of its own (none: the title alone). */
  fallback?: string;
  /** The submit button's label while it runs (default: "Saving..." editing, "Creating..." creating). */
  busyLabel?: string;
  /** The submit button's label when editing (default: "Update <noun>"). */
  updateLabel?: string;
};

type Use<V> = {
  /** Sends the values; rejects with the API's error. */
  save: (values: V) => Promise<unknown>;
  onClose: () => void;
  /** Stores a file and answers its URL; the one upload call unless a test passes its own. */
  upload?: UploadFn;
};

/** The dialog's form for `item` (none: a new one), with its uploads. */
export function useItemForm<V extends Record<string, unknown>, I>(kind: ItemForm<V, I>, item: I | null | undefined, use: Use<V>) {
  const isEdit = Boolean(item);
  const { noun } = kind;
  const uploads = useUploads(use.upload);
  const form = useFormDialog(item ? kind.valuesFrom(item) : kind.empty, {
    check: kind.check,
    save: use.save,
    busyLabel: kind.busyLabel ?? (isEdit ? "Saving..." : "Creating..."),
    failure: { title: `Failed to ${isEdit ? "update" : "create"} ${noun.toLowerCase()}`, fallback: kind.fallback },
    success: `${noun} ${isEdit ? "updated" : "created"} successfully`,
    onClose: use.onClose,
    blocked: uploads.busy,
  });
  const title = `${isEdit ? "Edit" : "Create"} ${noun}`;
  const submitLabel = isEdit ? (kind.updateLabel ?? `Update ${noun}`) : `Create ${noun}`;
  return { form, uploads, isEdit, title, submitLabel, onClose: use.onClose };
}

type Props = {
  /** What useItemForm answered. */
  item: {
    form: ComponentProps<typeof FormDialog>["dialog"];
    uploads: { busy: boolean };
    title: string;
    submitLabel: string;
    onClose: () => void;
  };
  testId?: string;
  children: ReactNode;
};

export default function ItemFormDialog({ item, testId, children }: Props) {
  return (
    <FormDialog
      wide
      title={item.title}
      submitLabel={item.submitLabel}
      dialog={item.form}
      onClose={item.onClose}
      disabled={item.uploads.busy}
      testId={testId}
    >
      {children}
    </FormDialog>
  );
}
