// Create Project / Edit Project (SPEC §2 Admin projects, §5 admin project form). Checks run before any request
// with the contract's messages; the white paper must be a PDF under 10 MB before it is uploaded. The parent sends
// the request, toasts and refreshes the grid, and closes the dialog on success.
import { useId, useState, type ChangeEvent, type FormEvent, type TextareaHTMLAttributes } from "react";
import {
  IMAGE_MAX_BYTES,
  IMAGE_MIME_TYPES,
  PDF_MIME_TYPE,
  projectFormErrors,
  whitePaperProblem,
  type ProjectFormErrors,
} from "@api/modules/projects/schema";
import Modal from "../../components/ui/Modal";
import Field from "../../components/ui/Field";
import Button from "../../components/ui/Button";
import { toast } from "../../stores/toast";
import {
  EMPTY_PROJECT_FORM,
  projectPayload,
  valuesFromProject,
  type ProjectFormMode,
  type ProjectFormValues,
} from "./project-form";
import type { UploadKind } from "./projects.queries";

export type ChallengeOption = { id: string; title: string };

type Props = {
  mode: ProjectFormMode;
  /** Challenges a project may link to (SPEC: "challenge link" optional). */
  challenges: ChallengeOption[];
  busy: boolean;
  /** Stores a file and answers its URL (POST /api/upload); kind "pdf" for the white paper. */
  upload: (file: File, kind: UploadKind) => Promise<string>;
  onSubmit: (values: ProjectFormValues) => void;
  onClose: () => void;
};

function TextArea({
  label,
  error,
  id,
  ...rest
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string }) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <fieldset className="fieldset">
      <label className="fieldset-legend" htmlFor={inputId}>
        {label}
      </label>
      <textarea
        id={inputId}
        rows={3}
        className={`textarea w-full ${error ? "textarea-error" : ""}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-message` : undefined}
        {...rest}
      />
      {error && (
        <p id={`${inputId}-message`} className="label text-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

const tooBigImage = (file: File) => file.size > IMAGE_MAX_BYTES;
const isImage = (file: File) => (IMAGE_MIME_TYPES as readonly string[]).includes(file.type);

export default function ProjectFormDialog({ mode, challenges, busy, upload, onSubmit, onClose }: Props) {
  const isEdit = mode.kind === "edit";
  const [values, setValues] = useState<ProjectFormValues>(() =>
    mode.kind === "edit" ? valuesFromProject(mode.project) : EMPTY_PROJECT_FORM,
  );
  const [errors, setErrors] = useState<ProjectFormErrors>({});
  const [uploading, setUploading] = useState<UploadKind | null>(null);
  const ids = useId();

  const set = <K extends keyof ProjectFormValues>(key: K, value: ProjectFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key as keyof ProjectFormErrors]) setErrors((e) => ({ ...e, [key]: undefined }));
  };

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
    } else if (!isImage(file) || tooBigImage(file)) {
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

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy || uploading) return;
    const problems = projectFormErrors(projectPayload(values));
    setErrors(problems);
    if (Object.values(problems).some(Boolean)) return;
    onSubmit(values);
  };

  return (
    <Modal open wide onClose={onClose} title={isEdit ? "Edit Project" : "Create Project"}>
      <form method="post" noValidate onSubmit={submit} className="flex flex-col gap-1">
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
            accept={IMAGE_MIME_TYPES.join(",")}
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
          <Button type="submit" busy={busy} disabled={uploading !== null} busyLabel={isEdit ? "Saving..." : "Creating..."}>
            {isEdit ? "Save Changes" : "Create Project"}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
