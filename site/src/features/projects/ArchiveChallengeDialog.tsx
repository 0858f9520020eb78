// Archive Challenge (SPEC §2 Admin projects, §4): choose a COMPLETED challenge and whether to spawn draft resources.
// Challenges that already have a project are shown but cannot be chosen (the API would answer 409).
import { useId, useState, type FormEvent } from "react";
import Modal from "../../components/ui/Modal";
import Button from "../../components/ui/Button";

export type ArchiveOption = { id: string; title: string; archived: boolean };

type Props = {
  challenges: ArchiveOption[];
  loading: boolean;
  failed: boolean;
  busy: boolean;
  onSubmit: (choice: { id: string; spawnResources: boolean }) => void;
  onClose: () => void;
};

export default function ArchiveChallengeDialog({ challenges, loading, failed, busy, onSubmit, onClose }: Props) {
  const ids = useId();
  const [challengeId, setChallengeId] = useState("");
  const [spawnResources, setSpawnResources] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const available = challenges.filter((c) => !c.archived);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    if (!challengeId) {
      setError("Please select a completed challenge");
      return;
    }
    onSubmit({ id: challengeId, spawnResources });
  };

  return (
    <Modal open onClose={onClose} title="Archive Challenge">
      <form method="post" noValidate onSubmit={submit} className="flex flex-col gap-3">
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
            onChange={(e) => {
              setChallengeId(e.target.value);
              setError(null);
            }}
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
            onChange={(e) => setSpawnResources(e.target.checked)}
          />
          Create draft resources (white paper, toolkit, lessons learned)
        </label>
        <div className="modal-action">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={busy} busyLabel="Archiving...">
            Archive Challenge
          </Button>
        </div>
      </form>
    </Modal>
  );
}
