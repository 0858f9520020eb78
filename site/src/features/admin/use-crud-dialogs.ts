// Which dialog an admin list screen shows, in one state so there is never more than one: the create or edit form
// (with the row being edited), the delete confirmation (with its row), or one of the screen's own dialogs (`X`, e.g.
// "archive", with or without a row). Dialogs are mounted only while open, so each opening starts fresh.
import { useState } from "react";

type Open<T, X extends string> = { kind: "create" | "edit" | "delete" | X; row?: T };

export function useCrudDialogs<T, X extends string = never>() {
  const [open, setOpen] = useState<Open<T, X> | null>(null);
  const close = () => setOpen(null);
  const edit = (row: T) => setOpen({ kind: "edit", row });
  const remove = (row: T) => setOpen({ kind: "delete", row });
  const isForm = open?.kind === "create" || open?.kind === "edit";
  return {
    /** The create / edit form when open: `row` is the item edited, undefined when creating. */
    form: isForm ? { row: open.row } : null,
    /** The row whose delete confirmation is open. */
    deleting: open?.kind === "delete" ? open.row : undefined,
    /** The screen's own dialog `kind` when open (with its row, if it was opened with one). */
    shown: (kind: X) => (open?.kind === kind ? { row: open.row } : null),
    create: () => setOpen({ kind: "create" }),
    edit,
    remove,
    show: (kind: X, row?: T) => setOpen({ kind, row }),
    close,
    /** Props for a row's RowActions: Edit and Delete named after the item. */
    rowActions: (row: T, name: string) => ({ name, onEdit: () => edit(row), onDelete: () => remove(row) }),
  };
}
