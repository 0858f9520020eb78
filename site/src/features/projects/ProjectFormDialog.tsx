// Create Project / Edit Project (SPEC §2 Admin projects, §5 admin project form). The body is checked against the
// route's own contract before any request (project-form.ts); the white paper must be a PDF under 10 MB before it
// is uploaded. The parent sends the request (and the grid refreshes); this dialog keeps the busy state, toasts the
// outcome (SPEC §8) and asks to be closed on success — on failure the typed values stay.
import { useId, useState, type ChangeEvent, type FormEvent } from "react";
import { whitePaperProblem } from "@api/modules/projects/schema";
import { IMAGE_ACCEPT, PDF_MIME_TYPE } from "@api/modules/uploads/schema";
import { checkImage } from "../uploads/upload";
import Modal from "../../components/ui/Modal";
import Field from "../../components/ui/Field";
import Button from "../../components/ui/Button";
import { useContractForm, useSubmit } from "../../lib/forms";
import { toast } from "../../stores/toast";
import {
  checkProject,
  EMPTY_PROJECT_FORM,
  valuesFromProject,
  type ProjectFormMode,
  type ProjectFormValues,
} from "./project-form";
import type { UploadKind } from "./projects.queries";
import TextArea from "../../components/ui/TextArea";

export type ChallengeOption = { id: string; title: string };

type Props = {
  mode: ProjectFormMode;
  /** Challenges a project may link to (SPEC: "challenge link" optional). */
  challenges: ChallengeOption[];
  /** Stores a file and answers its URL (POST /api/upload); kind "pdf" for the white paper. */
  upload: (file: File, kind: UploadKind) => Promise<string>;
  /** Sends the form; rejects with the API's error. */
  onSave: (values: ProjectFormValues) => Promise<unknown>;
  onClose: () => void;
};

export default function ProjectFormDialog({ mode, challenges, upload, onSave, onClose }: Props) {
  const isEdit = mode.kind === "edit";
  const form = useContractForm<ProjectFormValues>(mode.kind === "edit" ? valuesFromProject(mode.project) : EMPTY_PROJECT_FORM);
  const { values, errors, set } = form;
  const submit = useSubmit(isEdit ? "Saving..." : "Creating...");
  const [uploading, setUploading] = useState<UploadKind | null>(null);
  const ids = useId();

  // A linked challenge that is not in the offered list (e.g. no longer COMPLETED) stays selectable.
  const options =
    values.challengeId && !challenges.some((c) => c.id === values.challengeId)
      ? [...challenges, { id: values.challengeId, title: "Current challenge" }]
      : challenges;

  const pickFile = async (event: ChangeEvent<HTMLInputElement>, kind: UploadKind) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    if (kind === "pdf") {
      const problem = whitePaperProblem(file);
      if (problem) {
        toast({ ...problem, variant: "destructive" });
        input.value = "";
        return;
      }
    } else if (checkImage(file)) {
      toast({
        title: "Failed to upload image",
        description: "Use a JPEG, PNG, GIF or WebP image under 5MB",
        variant: "destructive",
      });
      input.value = "";
      return;
    }
    setUploading(kind);
    try {
      const url = await upload(file, kind);
      set(kind === "pdf" ? "whitePaperUrl" : "imageUrl", url);
    } catch {
      toast({
        title: kind === "pdf" ? "Failed to upload white paper" : "Failed to upload image",
        description: "Please try again",
        variant: "destructive",
      });
      input.value = "";
    } finally {
      setUploading(null);
    }
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (submit.busy || uploading || !form.validate(e.currentTarget, checkProject(values))) return;
    await submit.run(() => onSave(values), {
      // No fallback text: without a message of the server's own the toast is its title alone.
      failure: { title: isEdit ? "Failed to update project" : "Failed to create project" },
      onSuccess: () => {
        toast({ title: isEdit ? "Project updated successfully" : "Project created successfully" });
        onClose();
      },
    });
  };

  return (
    <Modal open wide onClose={onClose} title={isEdit ? "Edit Project" : "Create Project"}>
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

        <fieldset className="fieldset">
          <label className="fieldset-legend" htmlFor={`${ids}-challenge`}>
            Original Challenge (optional)
          </label>
          <select
            id={`${ids}-challenge`}
            name="challengeId"
            className="select w-full"
            value={values.challengeId}
            onChange={(e) => set("challengeId", e.target.value)}
          >
            <option value="">No linked challenge</option>
            {options.map((c) => (
              <option key={c.id} value={c.id}>
                {c.title}
              </option>
            ))}
          </select>
        </fieldset>

        <TextArea
          label="Problem Statement"
          name="problem"
          required
          rows={4}
          value={values.problem}
          error={errors.problem}
          onChange={(e) => set("problem", e.target.value)}
        />
        <TextArea
          label="Solution"
          name="solution"
          required
          rows={4}
          value={values.solution}
          error={errors.solution}
          onChange={(e) => set("solution", e.target.value)}
        />
        <TextArea
          label="Key Insights (optional)"
          name="insights"
          value={values.insights}
          onChange={(e) => set("insights", e.target.value)}
        />

        <Field
          label="Image URL (optional)"
          name="imageUrl"
          type="url"
          placeholder="https://…"
          value={values.imageUrl}
          error={errors.imageUrl}
          onChange={(e) => set("imageUrl", e.target.value)}
        />
        <fieldset className="fieldset">
          <label className="fieldset-legend" htmlFor={`${ids}-image-file`}>
            Or upload an image
          </label>
          <input
            id={`${ids}-image-file`}
            type="file"
            accept={IMAGE_ACCEPT}
            className="file-input w-full"
            disabled={uploading !== null}
            onChange={(e) => void pickFile(e, "image")}
          />
          <p className="label">JPEG, PNG, GIF or WebP, max 5MB{uploading === "image" ? " — uploading..." : ""}</p>
        </fieldset>

        <Field
          label="White Paper URL (optional)"
          name="whitePaperUrl"
          placeholder="Upload a PDF below, or paste a link"
          value={values.whitePaperUrl}
          error={errors.whitePaperUrl}
          onChange={(e) => set("whitePaperUrl", e.target.value)}
        />
        <fieldset className="fieldset">
          <label className="fieldset-legend" htmlFor={`${ids}-pdf-file`}>
            Upload white paper (PDF)
          </label>
          <input
            id={`${ids}-pdf-file`}
            type="file"
            accept={`${PDF_MIME_TYPE},.pdf`}
            className="file-input w-full"
            disabled={uploading !== null}
            onChange={(e) => void pickFile(e, "pdf")}
          />
          <p className="label">PDF only, less than 10MB{uploading === "pdf" ? " — uploading..." : ""}</p>
        </fieldset>

        <div className="modal-action">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" {...submit.button} disabled={uploading !== null}>
            {isEdit ? "Save Changes" : "Create Project"}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
