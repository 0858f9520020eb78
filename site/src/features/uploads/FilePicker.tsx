// The one file picker of the admin forms, and the hook that uploads what it picks. A picked file is checked first
// (upload.ts: the uploads contract's limits, or the form's own SPEC check such as the white paper's); a problem
// shows under the picker and as a toast (SPEC §8 titles), and nothing is sent. Otherwise the file is uploaded at
// once and its URL handed to the form; the form's submit waits while any picker of it is uploading.
import { useState, type ReactNode } from "react";
import FieldFrame, { describedBy, useFieldIds } from "../../components/ui/FieldFrame";
import { failureToast } from "../../lib/failure-toast";
import { toast } from "../../stores/toast";
import {
  PICK_ACCEPT,
  PICK_HINT,
  UPLOAD_FAILED,
  uploadFile,
  uploadKindOf,
  uploadProblem,
  type PickKind,
  type UploadFn,
  type UploadProblem,
} from "./upload";

export type Uploads = ReturnType<typeof useUploads>;

/** One form's uploads: which picker is uploading (`busy` for the submit button) and the pick-check-upload step. */
export function useUploads(upload: UploadFn = uploadFile) {
  const [uploading, setUploading] = useState<string | null>(null);

  /** Checks and uploads a picked file: its URL, or the problem (already toasted) and no URL. */
  async function send(picker: string, file: File, kind: PickKind, check = (f: File) => uploadProblem(f, kind)) {
    const problem = check(file);
    if (problem) {
      toast({ ...problem, variant: "destructive" });
      return { problem: problem.description };
    }
    setUploading(picker);
    try {
      return { url: await upload(file, uploadKindOf(file, kind)) };
    } catch (error) {
      failureToast(error, "Please try again", UPLOAD_FAILED[kind]);
      return {};
    } finally {
      setUploading(null);
    }
  }

  return { busy: uploading !== null, uploading, send };
}

type Props = {
  label: ReactNode;
  kind: PickKind;
  uploads: Uploads;
  /** The stored file's URL, for the form's field. */
  onUploaded: (url: string) => void;
  /** A stricter check of the form's own (SPEC §5's white paper), instead of the kind's. */
  check?: (file: File) => UploadProblem | null;
  hint?: ReactNode;
  /** The form field's own error (e.g. the URL it holds is refused by the contract). */
  error?: string;
  /** Shown before and after the input (an image preview, a Remove button). */
  before?: ReactNode;
  after?: ReactNode;
  name?: string;
};

export default function FilePicker({ label, kind, uploads, onUploaded, check, hint, error, before, after, name }: Props) {
  const { controlId: id, messageId } = useFieldIds();
  const [problem, setProblem] = useState<string | undefined>();
  const shownError = problem ?? error;
  const note = uploads.uploading === id ? "Uploading..." : (hint ?? PICK_HINT[kind]);

  const pick = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    const result = await uploads.send(id, file, kind, check);
    setProblem(result.problem);
    if (result.url) onUploaded(result.url);
    else input.value = "";
  };

  return (
    <FieldFrame
      controlId={id}
      messageId={messageId}
      label={label}
      error={shownError}
      hint={note}
      hintClassName="whitespace-normal"
    >
      <div className="flex items-center gap-3">
        {before}
        <input
          id={id}
          type="file"
          name={name}
          accept={PICK_ACCEPT[kind]}
          className={`file-input w-full ${shownError ? "file-input-error" : ""}`}
          disabled={uploads.busy}
          {...describedBy(messageId, { error: shownError, hint: note })}
          onChange={(e) => void pick(e.currentTarget)}
        />
        {after}
      </div>
    </FieldFrame>
  );
}
