// Create Challenge / Edit Challenge (SPEC §2 Admin challenges, §5 admin challenge form). The body is checked against
// the route's own contract before any request (challenge-form.ts); an image is uploaded as soon as it is chosen and
// its URL kept in the form. The parent sends the challenge (and its list refetches); this dialog keeps the busy
// state, toasts the outcome (SPEC §8) and asks to be closed on success — on failure the typed values stay.
import { useId, useState, type FormEvent } from "react";
import { IMAGE_ACCEPT } from "@api/modules/uploads/schema";
import { checkImage, IMAGE_HINT } from "../uploads/upload";
import { CHALLENGE_STATUSES, type Challenge, type ChallengeStatus } from "@api/modules/challenges/schema";
import Modal from "../../components/ui/Modal";
import Field from "../../components/ui/Field";
import Button from "../../components/ui/Button";
import { failureToast, useContractForm, useSubmit } from "../../lib/forms";
import { toast } from "../../stores/toast";
import { STATUS_LABELS } from "./ChallengeStatusBadge";
import { DEFAULT_CHALLENGE_IMAGE } from "./ChallengeCard";
import { checkChallenge, EMPTY_CHALLENGE_FORM, valuesFromChallenge, type ChallengeFormValues } from "./challenge-form";
import TextArea from "../../components/ui/TextArea";

type Props = {
  challenge?: Challenge;
  upload: (file: File) => Promise<string>;
  /** Sends the form; rejects with the API's error. */
  onSave: (values: ChallengeFormValues) => Promise<unknown>;
  onClose: () => void;
};

export default function ChallengeFormDialog({ challenge, upload, onSave, onClose }: Props) {
  const isEdit = Boolean(challenge);
  const form = useContractForm<ChallengeFormValues>(challenge ? valuesFromChallenge(challenge) : EMPTY_CHALLENGE_FORM);
  const { values, errors, set } = form;
  const submit = useSubmit("Saving...");
  const [uploading, setUploading] = useState(false);
  const ids = useId();

  const chooseImage = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    const problem = checkImage(file);
    if (problem) {
      form.setErrors((e) => ({ ...e, imageUrl: problem }));
      input.value = "";
      return;
    }
    setUploading(true);
    try {
      set("imageUrl", await upload(file));
    } catch (e) {
      failureToast(e, "Please try again", "Failed to upload image");
      input.value = "";
    } finally {
      setUploading(false);
    }
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (submit.busy || uploading || !form.validate(e.currentTarget, checkChallenge(values))) return;
    await submit.run(() => onSave(values), {
      failure: { title: isEdit ? "Failed to update challenge" : "Failed to create challenge", fallback: "Please try again" },
      onSuccess: () => {
        toast({ title: isEdit ? "Challenge updated successfully" : "Challenge created successfully" });
        onClose();
      },
    });
  };

  return (
    <Modal open onClose={onClose} title={challenge ? "Edit Challenge" : "Create Challenge"} wide>
      <form
        method="post"
        noValidate
        onSubmit={(e) => void onSubmit(e)}
        className="flex flex-col gap-1"
        data-testid="challenge-form"
      >
        <Field
          label="Title"
          name="title"
          required
          maxLength={200}
          value={values.title}
          error={errors.title}
          onChange={(e) => set("title", e.target.value)}
        />
        <TextArea
          label="Short Description"
          name="description"
          rows={2}
          value={values.description}
          error={errors.description}
          onChange={(e) => set("description", e.target.value)}
        />
        <TextArea
          label="Full Description"
          name="fullDescription"
          rows={5}
          value={values.fullDescription}
          error={errors.fullDescription}
          onChange={(e) => set("fullDescription", e.target.value)}
        />
        <div className="grid gap-x-4 sm:grid-cols-3">
          <fieldset className="fieldset">
            <label className="fieldset-legend" htmlFor={`${ids}-status`}>
              Status
            </label>
            <select
              id={`${ids}-status`}
              name="status"
              className="select w-full"
              value={values.status}
              onChange={(e) => set("status", e.target.value as ChallengeStatus)}
            >
              {CHALLENGE_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {STATUS_LABELS[status]}
                </option>
              ))}
            </select>
          </fieldset>
          <Field
            label="Start Date"
            name="startDate"
            type="date"
            required
            value={values.startDate}
            error={errors.startDate}
            onChange={(e) => set("startDate", e.target.value)}
          />
          <Field
            label="End Date"
            name="endDate"
            type="date"
            value={values.endDate}
            error={errors.endDate}
            hint="Optional"
            onChange={(e) => set("endDate", e.target.value)}
          />
        </div>

        <fieldset className="fieldset">
          <label className="fieldset-legend" htmlFor={`${ids}-image`}>
            Image
          </label>
          <div className="flex items-center gap-3">
            <img
              src={values.imageUrl || DEFAULT_CHALLENGE_IMAGE}
              alt=""
              className="h-16 w-28 rounded object-cover"
              data-testid="image-preview"
            />
            <input
              id={`${ids}-image`}
              type="file"
              name="image"
              accept={IMAGE_ACCEPT}
              className="file-input w-full"
              disabled={uploading}
              aria-describedby={`${ids}-image-message`}
              onChange={(e) => void chooseImage(e.currentTarget)}
            />
            {values.imageUrl && (
              <Button variant="ghost" size="sm" onClick={() => set("imageUrl", "")}>
                Remove
              </Button>
            )}
          </div>
          <p
            id={`${ids}-image-message`}
            className={`label ${errors.imageUrl ? "text-error" : ""}`}
            role={errors.imageUrl ? "alert" : undefined}
          >
            {uploading ? "Uploading..." : (errors.imageUrl ?? IMAGE_HINT)}
          </p>
        </fieldset>

        <div className="grid gap-x-4 sm:grid-cols-2">
          <TextArea
            label="Requirements"
            name="requirements"
            value={values.requirements}
            error={errors.requirements}
            hint="One per line"
            onChange={(e) => set("requirements", e.target.value)}
          />
          <TextArea
            label="Expected Outcomes"
            name="outcomes"
            value={values.outcomes}
            error={errors.outcomes}
            hint="One per line"
            onChange={(e) => set("outcomes", e.target.value)}
          />
        </div>
        <TextArea
          label="Timeline"
          name="timeline"
          value={values.timeline}
          error={errors.timeline}
          onChange={(e) => set("timeline", e.target.value)}
        />

        <div className="modal-action">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" {...submit.button} disabled={uploading}>
            {challenge ? "Update Challenge" : "Create Challenge"}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
