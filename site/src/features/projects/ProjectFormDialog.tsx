// Create Project / Edit Project (SPEC §2 Admin projects, §5 admin project form). The body is checked against the
// route's own contract before any request (project-form.ts); the white paper must be a PDF under 10 MB before it
// is uploaded (SPEC §5's own check and toasts). The parent sends the request (and the grid refreshes); the admin
// kit's FormDialog keeps the busy state, toasts the outcome (SPEC §8) and closes on success.
import { type Project, whitePaperProblem } from "@api/modules/projects/schema";
import Field from "../../components/ui/Field";
import TextArea from "../../components/ui/TextArea";
import Select, { linkOptions } from "../../components/ui/Select";
import ItemFormDialog, { useItemForm } from "../admin/ItemFormDialog";
import FilePicker from "../uploads/FilePicker";
import type { UploadFn } from "../uploads/upload";
import { PROJECT_FORM, type ProjectFormValues } from "./project-form";

type ChallengeOption = { id: string; title: string };

type Props = {
  project?: Project;
  /** Challenges a project may link to (SPEC: "challenge link" optional). */
  challenges: ChallengeOption[];
  /** Stores a file and answers its URL; the one upload call unless a test passes its own. */
  upload?: UploadFn;
  /** Sends the form; rejects with the API's error. */
  onSave: (values: ProjectFormValues) => Promise<unknown>;
  onClose: () => void;
};

export default function ProjectFormDialog({ project, challenges, upload, onSave, onClose }: Props) {
  const item = useItemForm(PROJECT_FORM, project, { save: onSave, onClose, upload });
  const { form, uploads } = item;
  // A linked challenge that is not in the offered list (e.g. no longer COMPLETED) stays selectable.
  const options = linkOptions(challenges, form.values.challengeId, "Current challenge");

  return (
    <ItemFormDialog item={item}>
      <Field label="Title" required {...form.field("title")} />
      <TextArea label="Description" required {...form.field("description")} />
      <Select
        label="Original Challenge (optional)"
        blank="No linked challenge"
        options={options}
        {...form.field("challengeId")}
      />
      <TextArea label="Problem Statement" required rows={4} {...form.field("problem")} />
      <TextArea label="Solution" required rows={4} {...form.field("solution")} />
      <TextArea label="Key Insights (optional)" {...form.field("insights")} />
      <Field label="Image URL (optional)" type="url" placeholder="https://…" {...form.field("imageUrl")} />
      <FilePicker label="Or upload an image" kind="image" uploads={uploads} onUploaded={(url) => form.set("imageUrl", url)} />
      <Field
        label="White Paper URL (optional)"
        placeholder="Upload a PDF below, or paste a link"
        {...form.field("whitePaperUrl")}
      />
      <FilePicker
        label="Upload white paper (PDF)"
        kind="pdf"
        check={whitePaperProblem}
        uploads={uploads}
        onUploaded={(url) => form.set("whitePaperUrl", url)}
      />
    </ItemFormDialog>
  );
}
