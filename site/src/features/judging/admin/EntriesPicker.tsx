// A later round's entries picked by hand (decision 021): when the round carries no top K forward, the admin ticks which
// of the previous round's entries it judges; saved as the whole list while the round is a draft.
import { useState } from "react";
import type { Round } from "@api/modules/judging/schema";
import Alert from "../../../components/ui/Alert";
import Button from "../../../components/ui/Button";
import Checkbox from "../../../components/ui/Checkbox";
import Spinner from "../../../components/ui/Spinner";
import { serverMessage } from "../../../lib/api";
import { useSubmit } from "../../../lib/forms";
import { toast } from "../../../stores/toast";
import { teamName } from "./EligibilitySection";
import { usePickEntries, useRoundEntries } from "./judging-admin.queries";

type Props = { challengeId: string; round: Round; previous: Round; onDone: () => void };

function Picker({ challengeId, round, previous, onDone, chosen }: Props & { chosen: string[] }) {
  const candidates = useRoundEntries(challengeId, previous.id);
  const [picked, setPicked] = useState(() => new Set(chosen));
  const pick = usePickEntries(challengeId);
  const submit = useSubmit("Saving...");
  if (candidates.isPending) return <Spinner label="Loading the previous round's entries" />;
  if (candidates.isError) return <Alert>{serverMessage(candidates.error) || "Failed to load the entries."}</Alert>;
  const toggle = (id: string, on: boolean) =>
    setPicked((set) => {
      const next = new Set(set);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  return (
    <form
      aria-label={`Entries of ${round.name}`}
      className="flex flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        void submit.run(() => pick.mutateAsync({ roundId: round.id, submissionIds: [...picked] }), {
          failure: { title: "Saving the entries failed", fallback: "Please try again." },
          onSuccess: () => {
            toast({ title: "Entries saved", description: `${picked.size} of ${candidates.data.length} from ${previous.name}.` });
            onDone();
          },
        });
      }}
    >
      {candidates.data.length === 0 ? (
        <p className="opacity-80">{previous.name} has no entries yet (they are fixed when it opens).</p>
      ) : (
        <fieldset className="flex flex-col gap-1">
          <legend className="text-sm opacity-80">Entries from {previous.name}</legend>
          {candidates.data.map((entry) => (
            <Checkbox
              key={entry.submissionId}
              label={teamName(entry.members)}
              checked={picked.has(entry.submissionId)}
              onChange={(e) => toggle(entry.submissionId, e.target.checked)}
            />
          ))}
        </fieldset>
      )}
      <div className="flex justify-end gap-2">
        <Button size="sm" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button size="sm" type="submit" {...submit.button}>
          Save entries ({picked.size})
        </Button>
      </div>
    </form>
  );
}

export default function EntriesPicker(props: Props) {
  const current = useRoundEntries(props.challengeId, props.round.id);
  if (current.isPending) return <Spinner label="Loading the round's entries" />;
  if (current.isError) return <Alert>{serverMessage(current.error) || "Failed to load the entries."}</Alert>;
  return <Picker {...props} chosen={current.data.map((e) => e.submissionId)} />;
}
