// Archive Challenge (SPEC §2 Admin projects, §4): choose a COMPLETED challenge and whether to spawn draft resources.
// Challenges that already have a project are shown but cannot be chosen (the API would answer 409). The choice is
// a path segment, not a body field, so its one rule is written here; the kit keeps the busy state and the toasts.
import Select from "../../components/ui/Select";
import Checkbox from "../../components/ui/Checkbox";
import FormDialog, { useFormDialog } from "../admin/FormDialog";

const SELECT_CHALLENGE = "Please select a completed challenge";

type ArchiveOption = { id: string; title: string; archived: boolean };

type Props = {
  challenges: ArchiveOption[];
  loading: boolean;
  failed: boolean;
  /** Archives the challenge; answers the draft resources created, rejects with the API's error. */
  onArchive: (choice: { id: string; spawnResources: boolean }) => Promise<{ resourceIds: string[] }>;
  onClose: () => void;
};

export default function ArchiveChallengeDialog({ challenges, loading, failed, onArchive, onClose }: Props) {
  const form = useFormDialog(
    { challengeId: "", spawnResources: true },
    {
      check: (v) => ({ challengeId: v.challengeId ? undefined : SELECT_CHALLENGE }),
      save: (v) => onArchive({ id: v.challengeId, spawnResources: v.spawnResources }),
      busyLabel: "Archiving...",
      failure: { title: "Failed to archive challenge" },
      success: (result) => ({
        title: "Challenge archived successfully",
        description: result.resourceIds.length > 0 ? "Project and resource drafts created" : "Project created",
      }),
      onClose,
    },
  );
  const noneLeft = !loading && challenges.every((c) => c.archived);

  return (
    <FormDialog
      title="Archive Challenge"
      submitLabel="Archive Challenge"
      dialog={form}
      onClose={onClose}
      className="flex flex-col gap-3"
    >
      <p className="text-sm opacity-80">
        Archiving a completed challenge publishes it as a project. Draft resources can be created with it for you to complete and
        publish later.
      </p>
      <Select
        label="Completed Challenge"
        blank={loading ? "Loading challenges..." : "Select a challenge"}
        options={challenges.map((c) => ({
          value: c.id,
          label: c.archived ? `${c.title} (already archived)` : c.title,
          disabled: c.archived,
        }))}
        disabled={loading}
        hint={
          failed ? (
            <span className="text-error">Failed to load completed challenges.</span>
          ) : noneLeft ? (
            "Every completed challenge has already been archived."
          ) : undefined
        }
        {...form.field("challengeId")}
      />
      <Checkbox label="Create draft resources (white paper, toolkit, lessons learned)" {...form.checkbox("spawnResources")} />
    </FormDialog>
  );
}
