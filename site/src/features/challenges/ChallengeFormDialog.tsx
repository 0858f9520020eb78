// Create Challenge / Edit Challenge (SPEC §2 Admin challenges, §5 admin challenge form). The body is checked against
// the route's own contract before any request (challenge-form.ts); an image is uploaded as soon as it is chosen and
// its URL kept in the form. The parent sends the challenge (and its list refetches); the admin kit's FormDialog
// keeps the busy state, toasts the outcome (SPEC §8) and closes on success — on failure the typed values stay.
import { CHALLENGE_STATUSES, TEAM_SIZE_MAX, type Challenge } from "@api/modules/challenges/schema";
import Field from "../../components/ui/Field";
import TextArea from "../../components/ui/TextArea";
import Select from "../../components/ui/Select";
import Button from "../../components/ui/Button";
import ItemFormDialog, { useItemForm } from "../admin/ItemFormDialog";
import FilePicker from "../uploads/FilePicker";
import type { UploadFn } from "../uploads/upload";
import ResponsiveImage from "../uploads/ResponsiveImage";
import { STATUS_LABELS } from "./ChallengeStatusBadge";
import { DEFAULT_CHALLENGE_IMAGE } from "./ChallengeCard";
import { CHALLENGE_FORM, type ChallengeFormValues } from "./challenge-form";

type Props = {
  challenge?: Challenge;
  /** Stores an image and answers its URL; the one upload call unless a test passes its own. */
  upload?: UploadFn;
  /** Sends the form; rejects with the API's error. */
  onSave: (values: ChallengeFormValues) => Promise<unknown>;
  onClose: () => void;
};

const STATUS_OPTIONS = CHALLENGE_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }));

export default function ChallengeFormDialog({ challenge, upload, onSave, onClose }: Props) {
  const item = useItemForm(CHALLENGE_FORM, challenge, { save: onSave, onClose, upload });
  const { form, uploads } = item;
  const imageUrl = form.values.imageUrl;

  return (
    <ItemFormDialog item={item} testId="challenge-form">
      <Field label="Title" required maxLength={200} {...form.field("title")} />
      <TextArea label="Short Description" rows={2} {...form.field("description")} />
      <TextArea label="Full Description" rows={5} {...form.field("fullDescription")} />
      <div className="grid gap-x-4 sm:grid-cols-3">
        <Select label="Status" options={STATUS_OPTIONS} {...form.field("status")} />
        <Field label="Start Date" type="date" required {...form.field("startDate")} />
        <Field label="End Date" type="date" hint="Optional" {...form.field("endDate")} />
      </div>
      <FilePicker
        label="Image"
        name="image"
        kind="image"
        uploads={uploads}
        error={form.errors.imageUrl}
        onUploaded={(url) => form.set("imageUrl", url)}
        before={
          <ResponsiveImage
            src={imageUrl || DEFAULT_CHALLENGE_IMAGE}
            alt=""
            sizes="112px"
            className="h-16 w-28 rounded object-cover"
            data-testid="image-preview"
          />
        }
        after={
          imageUrl && (
            <Button variant="ghost" size="sm" onClick={() => form.set("imageUrl", "")}>
              Remove
            </Button>
          )
        }
      />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextArea label="Requirements" hint="One per line" {...form.field("requirements")} />
        <TextArea label="Expected Outcomes" hint="One per line" {...form.field("outcomes")} />
      </div>
      <TextArea label="Timeline" {...form.field("timeline")} />
      <Field
        label="Team size"
        type="number"
        min={1}
        max={TEAM_SIZE_MAX}
        hint="Most people on one team's submission"
        {...form.field("teamSize")}
      />
    </ItemFormDialog>
  );
}
