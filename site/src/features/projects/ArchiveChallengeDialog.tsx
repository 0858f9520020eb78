// Archive Challenge (SPEC §2 Admin projects, §4): choose a COMPLETED challenge, whether to spawn draft resources, and
// optionally a submitted team whose PDF and texts seed the project (decision 019).
// Challenges that already have a project are shown but cannot be chosen (the API would answer 409). The choice is
// a path segment, not a body field, so its one rule is written here; the kit keeps the busy state and the toasts.
import Select from "../../components/ui/Select";
import Checkbox from "../../components/ui/Checkbox";
import FormDialog, { useFormDialog } from "../admin/FormDialog";
import { useSubmittedTeams } from "../submissions/submissions-admin.queries";

const SELECT_CHALLENGE = "Please select a completed challenge";

type ArchiveOption = { id: string; title: string; archived: boolean };

type Props = {
  challenges: ArchiveOption[];
  loading: boolean;
  failed: boolean;
  /** Archives the challenge; answers the draft resources created, rejects with the API's error. */
  onArchive: (choice: { id: string; spawnResources: boolean; submissionId?: string }) => Promise<{ resourceIds: string[] }>;
  onClose: () => void;
};

export default function ArchiveChallengeDialog({ challenges, loading, failed, onArchive, onClose }: Props) {
  const form = useFormDialog(
    { challengeId: "", spawnResources: true, submissionId: "" },
    {
      check: (v) => ({ challengeId: v.challengeId ? undefined : SELECT_CHALLENGE }),
      // A team chosen for a challenge chosen before is not among this one's: the select shows "None", so none is sent.
      save: (v) =>
        onArchive({
          id: v.challengeId,
          spawnResources: v.spawnResources,
          submissionId: teams.data?.some((t) => t.id === v.submissionId) ? v.submissionId : undefined,
        }),
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
  const teams = useSubmittedTeams(form.values.challengeId);

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
      <Select
        label="Seed the project from a submission (optional)"
        blank="None: start from the challenge's text"
        options={(teams.data ?? []).map((s) => ({
          value: s.id,
          label: `${s.owner?.name ?? "Team"} — version ${s.version}`,
        }))}
        disabled={!teams.data}
        hint="Its PDF becomes the white paper, its texts the problem and solution."
        {...form.field("submissionId")}
      />
      <Checkbox label="Create draft resources (white paper, toolkit, lessons learned)" {...form.checkbox("spawnResources")} />
    </FormDialog>
  );
}
