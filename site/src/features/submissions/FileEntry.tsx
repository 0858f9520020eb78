// A FILE deliverable's entry in the workspace (decision 019): what it accepts and up to what size, the team's current
// file (name, size, a download through a short-lived signed link) and an upload with its progress. The upload is a
// multipart PUT naming the revision it read (XMLHttpRequest: fetch reports no upload progress); the server decides the
// kind from the bytes — the picker's filter and the size check here only spare a pointless upload.
import { useState, type FormEvent } from "react";
import { type Deliverable, DELIVERABLE_DEFAULT_MAX_BYTES, FILE_KIND_LABELS } from "@api/modules/deliverables/schema";
import { type Entry, formatBytes } from "@api/modules/submissions/schema";
import Button from "../../components/ui/Button";
import { toast } from "../../stores/toast";

/** The picker's filter per accepted kind (a hint; the server reads the bytes). */
const ACCEPT: Record<string, string> = {
  pdf: ".pdf,application/pdf",
  image: "image/png,image/jpeg,image/webp,image/gif",
  zip: ".zip,application/zip",
  presentation: ".pptx,.key,.odp",
  video: ".mp4,video/mp4",
};

type Props = {
  challengeId: string;
  deliverable: Deliverable;
  entry: Entry | undefined;
  open: boolean;
  onSaved: (entry: Entry) => void;
  onChanged: () => void;
};

type Answer = { status: number; body: { message?: string; current?: Entry | null } & Partial<Entry> };

/** PUTs the file with its revision, reporting progress (0–1); resolves with the answer, rejects on a network failure. */
function upload(url: string, file: File, revision: number, onProgress: (share: number) => void): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append("revision", String(revision));
    form.append("file", file);
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", url);
    xhr.responseType = "json";
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => resolve({ status: xhr.status, body: (xhr.response ?? {}) as Answer["body"] });
    xhr.onerror = () => reject(new TypeError("network"));
    xhr.send(form);
  });
}

export default function FileEntry({ challengeId, deliverable: d, entry, open, onSaved, onChanged }: Props) {
  const [revision, setRevision] = useState(entry?.revision ?? 0);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const maxBytes = d.maxBytes ?? DELIVERABLE_DEFAULT_MAX_BYTES;
  const kinds = d.acceptedKinds.map((k) => FILE_KIND_LABELS[k]).join(", ");
  const path = `/api/challenges/${encodeURIComponent(challengeId)}/submission/items/${encodeURIComponent(d.id)}`;
  const inputId = `file-${d.id}`;

  async function send(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (progress !== null) return;
    const form = e.currentTarget;
    const file = (form.elements.namedItem("file") as HTMLInputElement).files?.[0];
    setError(null);
    if (!file) return setError("Choose a file first.");
    if (file.size > maxBytes) return setError(`Files for this deliverable must be ${formatBytes(maxBytes)} or smaller.`);
    setProgress(0);
    try {
      const { status, body } = await upload(path, file, revision, setProgress);
      if (status === 200 && body.deliverableId) {
        setRevision(body.revision ?? revision);
        form.reset(); // the picker empties: what it held is now the current file above
        onSaved(body as Entry);
        toast({ title: "File uploaded", description: d.title });
        onChanged();
      } else if (status === 409 && body.current !== undefined) {
        setRevision(body.current?.revision ?? 0);
        setError(
          `Someone on your team uploaded ${body.current?.file?.name ?? "a file"} meanwhile. Upload again to replace it with yours.`,
        );
        onChanged();
      } else {
        setError(body.message || "Could not upload the file. Please try again.");
      }
    } catch {
      setError("Could not reach the server. Please try again.");
    } finally {
      setProgress(null);
    }
  }

  return (
    <div className="space-y-2" data-testid="file-entry">
      <p className="text-sm opacity-80">
        Accepted: {kinds} · up to {formatBytes(maxBytes)}
      </p>
      {entry?.file ? (
        <p className="text-sm" data-testid="current-file">
          Current file:{" "}
          <a className="link" href={`${path}/file`} rel="noreferrer">
            {entry.file.name}
          </a>{" "}
          ({formatBytes(entry.file.bytes)})
          <span className="block break-all font-mono text-xs opacity-70">SHA-256 {entry.file.sha256}</span>
        </p>
      ) : (
        <p className="text-sm opacity-80">No file yet.</p>
      )}
      {open && (
        <form onSubmit={send} noValidate className="space-y-2">
          <label htmlFor={inputId} className="block text-sm font-medium">
            {entry?.file ? "Replace the file" : "File"}
          </label>
          <input
            id={inputId}
            name="file"
            type="file"
            className="file-input file-input-bordered w-full max-w-md"
            accept={d.acceptedKinds.map((k) => ACCEPT[k]).join(",")}
            aria-describedby={error ? `${inputId}-error` : undefined}
            disabled={progress !== null}
          />
          {progress !== null && (
            <progress className="progress progress-primary w-full max-w-md" value={Math.round(progress * 100)} max={100}>
              {Math.round(progress * 100)}%
            </progress>
          )}
          {error && (
            <p id={`${inputId}-error`} className="text-sm text-error" role="alert">
              {error}
            </p>
          )}
          <Button
            type="submit"
            size="sm"
            busy={progress !== null}
            busyLabel={`Uploading... ${Math.round((progress ?? 0) * 100)}%`}
          >
            Upload
          </Button>
        </form>
      )}
    </div>
  );
}
