// Edit and Delete as icon buttons for one item of an admin list (a card or a table row), named after the item for
// screen readers ("Edit Quiet streets").
import { PencilIcon, TrashIcon } from "./icons";

type Props = { name: string; onEdit: () => void; onDelete: () => void };

export default function RowActions({ name, onEdit, onDelete }: Props) {
  return (
    <>
      <button type="button" className="btn btn-ghost btn-sm btn-square" aria-label={`Edit ${name}`} title="Edit" onClick={onEdit}>
        <PencilIcon className="h-4 w-4" />
      </button>
      <button
        type="button"
        className="btn btn-ghost btn-sm btn-square text-error"
        aria-label={`Delete ${name}`}
        title="Delete"
        onClick={onDelete}
      >
        <TrashIcon className="h-4 w-4" />
      </button>
    </>
  );
}
