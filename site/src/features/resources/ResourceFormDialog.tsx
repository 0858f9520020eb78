// Create Resource / Edit Resource (SPEC §2 Admin resources, §4, §5). PREMIUM reveals the price fields; FREE sends
// no prices (the API stores null); the dialog is mounted per opening, so closing resets the access level to FREE.
// The body is checked against the route's own contract before any request; the parent sends it (and the grid
// refreshes); this dialog keeps the busy state, toasts the outcome (SPEC §8) and asks to be closed on success — on
// failure the typed values stay.
import { useId, useState, type ChangeEvent, type FormEvent } from "react";
import { IMAGE_ACCEPT, isImageType } from "@api/modules/uploads/schema";
import { RESOURCE_TYPES, ResourceInputSchema } from "@api/modules/resources/schema";
import Modal from "../../components/ui/Modal";
import Field from "../../components/ui/Field";
import Button from "../../components/ui/Button";
import { checkForm, useContractForm, useSubmit } from "../../lib/forms";
import { toast } from "../../stores/toast";
import {
  EMPTY_RESOURCE_FORM,
  resourcePayload,
  valuesFromResource,
  type ResourceFormMode,
  type ResourceFormValues,
} from "./resource-form";
import TextArea from "../../components/ui/TextArea";

type Props = {
  mode: ResourceFormMode;
  projects: { id: string; title: string }[];
  /** Stores a file and answers its URL (POST /api/upload). */
  upload: (file: File, kind: "image" | "pdf") => Promise<string>;
  /** Sends the form; rejects with the API's error. */
  onSave: (values: ResourceFormValues) => Promise<unknown>;
  onClose: () => void;
};

export default function ResourceFormDialog({ mode, projects, upload, onSave, onClose }: Props) {
  const isEdit = mode.kind === "edit";
  const form = useContractForm<ResourceFormValues>(
    mode.kind === "edit" ? valuesFromResource(mode.resource) : EMPTY_RESOURCE_FORM,
  );
  const { values, errors, set } = form;
  const submit = useSubmit(isEdit ? "Saving..." : "Creating...");
  const [uploading, setUploading] = useState(false);
  const ids = useId();

  const pickFile = async (event: ChangeEvent<HTMLInputElement>, field: "fileUrl" | "imageUrl") => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    const kind = isImageType(file.type) ? "image" : "pdf";
    if (field === "imageUrl" && kind !== "image") {
      toast({
        title: "Failed to upload image",
        description: "Use a JPEG, PNG, GIF or WebP image under 5MB",
        variant: "destructive",
      });
      input.value = "";
      return;
    }
    setUploading(true);
    try {
      set(field, await upload(file, kind));
    } catch {
      toast({
        title: field === "imageUrl" ? "Failed to upload image" : "Failed to upload file",
        description: "Please try again",
        variant: "destructive",
      });
      input.value = "";
    } finally {
      setUploading(false);
    }
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (submit.busy || uploading || !form.validate(e.currentTarget, checkForm(ResourceInputSchema, resourcePayload(values))))
      return;
    await submit.run(() => onSave(values), {
      failure: { title: isEdit ? "Failed to update resource" : "Failed to create resource", fallback: "Please try again" },
      onSuccess: () => {
        toast({ title: isEdit ? "Resource updated successfully" : "Resource created successfully" });
        onClose();
      },
    });
  };

  const premium = values.accessLevel === "PREMIUM";
  const projectOptions =
    values.projectId && !projects.some((p) => p.id === values.projectId)
      ? [...projects, { id: values.projectId, title: "Current project" }]
      : projects;

  return (
    <Modal open wide onClose={onClose} title={isEdit ? "Edit Resource" : "Create Resource"}>
      <form method="post" noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-1">
        <Field
          label="Title"
          name="title"
          required
          value={values.title}
          error={errors.title}
          onChange={(e) => set("title", e.target.value)}
        />
        <TextArea
          label="Description"
          name="description"
          required
          value={values.description}
          error={errors.description}
          onChange={(e) => set("description", e.target.value)}
        />
        <div className="grid gap-2 sm:grid-cols-2">
          <fieldset className="fieldset">
            <label className="fieldset-legend" htmlFor={`${ids}-type`}>
              Type
            </label>
            <select
              id={`${ids}-type`}
              name="type"
              className="select w-full"
              value={values.type}
              onChange={(e) => set("type", e.target.value as ResourceFormValues["type"])}
            >
              {RESOURCE_TYPES.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
          </fieldset>
          <fieldset className="fieldset">
            <label className="fieldset-legend" htmlFor={`${ids}-access`}>
              Access Level
            </label>
            <select
              id={`${ids}-access`}
              name="accessLevel"
              className="select w-full"
              value={values.accessLevel}
              onChange={(e) => set("accessLevel", e.target.value as ResourceFormValues["accessLevel"])}
            >
              <option value="FREE">FREE</option>
              <option value="PREMIUM">PREMIUM</option>
            </select>
          </fieldset>
        </div>
        {premium && (
          <div className="grid gap-2 sm:grid-cols-2">
            <Field
              label="One-time Price ($)"
              name="oneTimePrice"
              type="number"
              step="0.01"
              min="0"
              placeholder="0.00"
              value={values.oneTimePrice}
              error={errors.oneTimePrice}
              onChange={(e) => set("oneTimePrice", e.target.value)}
            />
            <Field
              label="Monthly Price ($)"
              name="monthlyPrice"
              type="number"
              step="0.01"
              min="0"
              placeholder="0.00"
              value={values.monthlyPrice}
              error={errors.monthlyPrice}
              onChange={(e) => set("monthlyPrice", e.target.value)}
            />
          </div>
        )}
        <fieldset className="fieldset">
          <label className="fieldset-legend" htmlFor={`${ids}-project`}>
            Related Project (optional)
          </label>
          <select
            id={`${ids}-project`}
            name="projectId"
            className="select w-full"
            value={values.projectId}
            onChange={(e) => set("projectId", e.target.value)}
          >
            <option value="">No related project</option>
            {projectOptions.map((p) => (
              <option key={p.id} value={p.id}>
                {p.title}
              </option>
            ))}
          </select>
        </fieldset>
        <Field
          label="File URL (optional)"
          name="fileUrl"
          value={values.fileUrl}
          error={errors.fileUrl}
          onChange={(e) => set("fileUrl", e.target.value)}
        />
        <fieldset className="fieldset">
          <label className="fieldset-legend" htmlFor={`${ids}-file`}>
            Or upload the file
          </label>
          <input
            id={`${ids}-file`}
            type="file"
            accept="application/pdf,.pdf,image/*"
            className="file-input w-full"
            disabled={uploading}
            onChange={(e) => void pickFile(e, "fileUrl")}
          />
          <p className="label">
            PDF (max 10MB) or image (max 5MB); kept private, downloaded through access checks{uploading ? " — uploading..." : ""}
          </p>
        </fieldset>
        <Field
          label="Image URL (optional)"
          name="imageUrl"
          value={values.imageUrl}
          error={errors.imageUrl}
          onChange={(e) => set("imageUrl", e.target.value)}
        />
        <fieldset className="fieldset">
          <label className="fieldset-legend" htmlFor={`${ids}-image`}>
            Or upload an image
          </label>
          <input
            id={`${ids}-image`}
            type="file"
            accept={IMAGE_ACCEPT}
            className="file-input w-full"
            disabled={uploading}
            onChange={(e) => void pickFile(e, "imageUrl")}
          />
        </fieldset>
        {isEdit && (
          <label className="label mt-2 cursor-pointer gap-2">
            <input
              type="checkbox"
              name="draft"
              className="checkbox"
              checked={values.draft}
              onChange={(e) => set("draft", e.target.checked)}
            />
            Draft (hidden from the Resource Library)
          </label>
        )}
        <div className="modal-action">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" {...submit.button} disabled={uploading}>
            {isEdit ? "Update Resource" : "Create Resource"}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
