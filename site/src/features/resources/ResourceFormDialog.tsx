// Create Resource / Edit Resource (SPEC §2 Admin resources, §4, §5). PREMIUM reveals the price fields; FREE sends
// no prices (the API stores null); the dialog is mounted per opening, so closing resets the access level to FREE.
// The body is checked against the route's own contract before any request (resource-form.ts); a picked file is
// checked against the upload limits, then uploaded. The parent sends the body (and the grid refreshes); the admin
// kit's FormDialog keeps the busy state, toasts the outcome (SPEC §8) and closes on success.
import { ACCESS_LEVELS, RESOURCE_TYPES, type Resource } from "@api/modules/resources/schema";
import Field from "../../components/ui/Field";
import TextArea from "../../components/ui/TextArea";
import Select, { linkOptions } from "../../components/ui/Select";
import Checkbox from "../../components/ui/Checkbox";
import ItemFormDialog, { useItemForm } from "../admin/ItemFormDialog";
import FilePicker from "../uploads/FilePicker";
import { PICK_HINT, type UploadFn } from "../uploads/upload";
import { RESOURCE_FORM, type ResourceFormValues } from "./resource-form";

type Props = {
  resource?: Resource;
  projects: { id: string; title: string }[];
  /** Stores a file and answers its URL; the one upload call unless a test passes its own. */
  upload?: UploadFn;
  /** Sends the form; rejects with the API's error. */
  onSave: (values: ResourceFormValues) => Promise<unknown>;
  onClose: () => void;
};

const PRICE = { type: "number", step: "0.01", min: "0", placeholder: "0.00" } as const;

export default function ResourceFormDialog({ resource, projects, upload, onSave, onClose }: Props) {
  const item = useItemForm(RESOURCE_FORM, resource, { save: onSave, onClose, upload });
  const { form, uploads } = item;
  // A related project that is not among the offered ones stays selectable.
  const options = linkOptions(projects, form.values.projectId, "Current project");

  return (
    <ItemFormDialog item={item}>
      <Field label="Title" required {...form.field("title")} />
      <TextArea label="Description" required {...form.field("description")} />
      <div className="grid gap-2 sm:grid-cols-2">
        <Select label="Type" options={RESOURCE_TYPES} {...form.field("type")} />
        <Select label="Access Level" options={ACCESS_LEVELS} {...form.field("accessLevel")} />
      </div>
      {form.values.accessLevel === "PREMIUM" && (
        <div className="grid gap-2 sm:grid-cols-2">
          <Field label="One-time Price ($)" {...PRICE} {...form.field("oneTimePrice")} />
          <Field label="Monthly Price ($)" {...PRICE} {...form.field("monthlyPrice")} />
        </div>
      )}
      <Select label="Related Project (optional)" blank="No related project" options={options} {...form.field("projectId")} />
      <Field label="File URL (optional)" {...form.field("fileUrl")} />
      <FilePicker
        label="Or upload the file"
        kind="file"
        hint={`${PICK_HINT.file}; kept private, downloaded through access checks`}
        uploads={uploads}
        onUploaded={(url) => form.set("fileUrl", url)}
      />
      <Field label="Image URL (optional)" {...form.field("imageUrl")} />
      <FilePicker label="Or upload an image" kind="image" uploads={uploads} onUploaded={(url) => form.set("imageUrl", url)} />
      {item.isEdit && <Checkbox label="Draft (hidden from the Resource Library)" className="mt-2" {...form.checkbox("draft")} />}
    </ItemFormDialog>
  );
}
