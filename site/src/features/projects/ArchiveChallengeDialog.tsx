// Archive Challenge (SPEC §2 Admin projects, §4): choose a COMPLETED challenge and whether to spawn draft resources.
// Challenges that already have a project are shown but cannot be chosen (the API would answer 409). The choice is
// a path segment, not a body field, so its one rule is written here; the kit keeps the busy state and the toasts.
import { useId, type FormEvent } from "react";
import Modal from "../../components/ui/Modal";
import Button from "../../components/ui/Button";
import { useContractForm, useSubmit } from "../../lib/forms";
import { toast } from "../../stores/toast";

export const SELECT_CHALLENGE = "Please select a completed challenge";

export type ArchiveOption = { id: string; title: string; archived: boolean };

type Props = {
  challenges: ArchiveOption[];
  loading: boolean;
  failed: boolean;
  /** Archives the challenge; answers the draft resources created, rejects with the API's error. */
  onArchive: (choice: { id: string; spawnResources: boolean }) => Promise<{ resourceIds: string[] }>;
  onClose: () => void;
};

export default function ArchiveChallengeDialog({ challenges, loading, failed, onArchive, onClose }: Props) {
  const ids = useId();
  const form = useContractForm({ challengeId: "", spawnResources: true });
  const { challengeId, spawnResources } = form.values;
  const error = form.errors.challengeId;
  const submit = useSubmit("Archiving...");
  const available = challenges.filter((c) => !c.archived);

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (submit.busy || !form.validate(e.currentTarget, { challengeId: challengeId ? undefined : SELECT_CHALLENGE })) return;
    await submit.run(() => onArchive({ id: challengeId, spawnResources }), {
      failure: { title: "Failed to archive challenge" },
      onSuccess: (result) => {
        toast({
          title: "Challenge archived successfully",
          description: result.resourceIds.length > 0 ? "Project and resource drafts created" : "Project created",
        });
        onClose();
      },
    });
  };

  return (
    <Modal open onClose={onClose} title="Archive Challenge">
      <form method="post" noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-3">
        <p className="text-sm opacity-80">
          Archiving a completed challenge publishes it as a project. Draft resources can be created with it for you to complete
          and publish later.
        </p>
        <fieldset className="fieldset">
          <label className="fieldset-legend" htmlFor={`${ids}-challenge`}>
            Completed Challenge
          </label>
          <select
            id={`${ids}-challenge`}
            name="challengeId"
            className={`select w-full ${error ? "select-error" : ""}`}
            value={challengeId}
            disabled={loading}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${ids}-error` : undefined}
            onChange={(e) => form.set("challengeId", e.target.value)}
          >
            <option value="">{loading ? "Loading challenges..." : "Select a challenge"}</option>
            {challenges.map((c) => (
              <option key={c.id} value={c.id} disabled={c.archived}>
                {c.archived ? `${c.title} (already archived)` : c.title}
              </option>
            ))}
          </select>
          {error ? (
            <p id={`${ids}-error`} className="label text-error" role="alert">
              {error}
            </p>
          ) : failed ? (
            <p className="label text-error">Failed to load completed challenges.</p>
          ) : !loading && available.length === 0 ? (
            <p className="label">Every completed challenge has already been archived.</p>
          ) : null}
        </fieldset>
        <label className="label cursor-pointer gap-3 text-base-content">
          <input
            type="checkbox"
            className="checkbox checkbox-sm"
            name="spawnResources"
            checked={spawnResources}
            onChange={(e) => form.set("spawnResources", e.target.checked)}
          />
          Create draft resources (white paper, toolkit, lessons learned)
        </label>
        <div className="modal-action">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" {...submit.button}>
            Archive Challenge
          </Button>
        </div>
      </form>
    </Modal>
  );
}
