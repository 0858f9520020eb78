// The Assignments tab of the admin Judging dialog (decision 021): for a rubric round, per entry its judges (complete
// or not), the judges who recused themselves (with their reason) and those excluded by a conflict (with its reason);
// a judge placed by hand (the API's refusal shown on the field), an assignment removed, and the automatic assignment
// run again to fill the gaps.
import { useState } from "react";
import { type EntryAssignments, PANEL_MESSAGES, type Round } from "@api/modules/judging/schema";
import Alert from "../../../components/ui/Alert";
import Badge from "../../../components/ui/Badge";
import Button from "../../../components/ui/Button";
import Select from "../../../components/ui/Select";
import Spinner from "../../../components/ui/Spinner";
import { serverMessage } from "../../../lib/api";
import { useSubmit } from "../../../lib/forms";
import { toast } from "../../../stores/toast";
import Confirm from "./Confirm";
import {
  useAssignAgain,
  useAssignByHand,
  useAssignments,
  useJudges,
  useRemoveAssignment,
  useRounds,
} from "./judging-admin.queries";
import RoundPicker from "./RoundPicker";

const teamOf = (entry: EntryAssignments) =>
  entry.team.length > 0 ? entry.team.map((m) => m.name).join(", ") : "Team without members";

function AssignByHand({ challengeId, round, entry }: { challengeId: string; round: Round; entry: EntryAssignments }) {
  const judges = useJudges(challengeId);
  const assign = useAssignByHand(challengeId);
  const submit = useSubmit("Assigning...");
  const [judgeId, setJudgeId] = useState("");
  const [error, setError] = useState<string>();
  const taken = new Set(entry.judges.map((j) => j.judge.userId));
  const options = (judges.data?.judges ?? [])
    .filter((j) => !taken.has(j.userId))
    .map((j) => ({ value: j.userId, label: `${j.name} (@${j.username})` }));
  if (judges.isPending) return null;
  if (options.length === 0) return <p className="text-sm opacity-80">Every judge of the panel is on this entry.</p>;
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      aria-label={`Assign a judge to ${teamOf(entry)}`}
      onSubmit={(e) => {
        e.preventDefault();
        if (!judgeId) return setError("Choose a judge.");
        void submit.run(
          () =>
            assign.mutateAsync({ roundId: round.id, submissionId: entry.submissionId, judgeId }).catch((err: unknown) => {
              setError(serverMessage(err) || undefined);
              throw err;
            }),
          {
            failure: { title: "Assigning the judge failed", fallback: "Please try again." },
            onSuccess: () => {
              toast({ title: "Judge assigned" });
              setJudgeId("");
            },
          },
        );
      }}
    >
      <Select
        label="Assign a judge"
        blank="Choose a judge"
        options={options}
        value={judgeId}
        error={error}
        onChange={(e) => {
          setJudgeId(e.target.value);
          setError(undefined);
        }}
      />
      <Button size="sm" type="submit" {...submit.button}>
        Assign
      </Button>
    </form>
  );
}

function RemoveAssignment({
  challengeId,
  round,
  assignmentId,
  name,
  onDone,
}: {
  challengeId: string;
  round: Round;
  assignmentId: string;
  name: string;
  onDone: () => void;
}) {
  const remove = useRemoveAssignment(challengeId);
  const submit = useSubmit("Removing...");
  return (
    <Confirm
      label={`Remove ${name}'s assignment`}
      warning={`Remove ${name} from this entry? Their scores of it are deleted.`}
      confirm={`Confirm: remove ${name}`}
      busy={submit.button}
      onCancel={onDone}
      onConfirm={() =>
        void submit.run(() => remove.mutateAsync({ roundId: round.id, assignmentId }), {
          failure: { title: "Removing the assignment failed", fallback: "Please try again." },
          onSuccess: () => toast({ title: "Assignment removed" }),
        })
      }
    />
  );
}

function EntryCard({ challengeId, round, entry }: { challengeId: string; round: Round; entry: EntryAssignments }) {
  const [removing, setRemoving] = useState<string | null>(null);
  const open = round.state === "OPEN";
  const team = teamOf(entry);
  return (
    <li className="rounded-box border border-base-300 p-3" data-testid="assignment-entry" aria-label={team}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold">{team}</span>
        <span className="text-sm">
          {entry.judges.filter((j) => j.complete).length} of {entry.judges.length} complete
        </span>
      </div>
      {entry.judges.length === 0 ? (
        <p className="text-sm opacity-80">No judge on this entry.</p>
      ) : (
        <ul className="mt-1 flex flex-col gap-1">
          {entry.judges.map((j) => (
            <li key={j.assignmentId} className="flex flex-col gap-1" data-testid="assigned-judge">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  {j.judge.name} <span className="text-sm opacity-80">@{j.judge.username}</span>{" "}
                  <Badge tone={j.complete ? "success" : "ghost"}>{j.complete ? "Complete" : "Not complete"}</Badge>{" "}
                  {j.manual && <Badge tone="neutral">By hand</Badge>}
                </span>
                {open && removing !== j.assignmentId && (
                  <Button size="xs" variant="ghost" onClick={() => setRemoving(j.assignmentId)}>
                    Remove
                  </Button>
                )}
              </div>
              {removing === j.assignmentId && (
                <RemoveAssignment
                  challengeId={challengeId}
                  round={round}
                  assignmentId={j.assignmentId}
                  name={j.judge.name}
                  onDone={() => setRemoving(null)}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {entry.recusals.length > 0 && (
        <div className="mt-2 text-sm">
          <p className="font-semibold">Recused</p>
          <ul>
            {entry.recusals.map((r) => (
              <li key={r.assignmentId}>
                {r.judge.name}: {r.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
      {entry.exclusions.length > 0 && (
        <div className="mt-2 text-sm">
          <p className="font-semibold">Excluded (conflict of interest)</p>
          <ul>
            {entry.exclusions.map((x) => (
              <li key={x.judge.userId}>
                {x.judge.name}: {x.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
      {open && (
        <div className="mt-2">
          <AssignByHand challengeId={challengeId} round={round} entry={entry} />
        </div>
      )}
    </li>
  );
}

function RoundAssignments({ challengeId, round }: { challengeId: string; round: Round }) {
  const list = useAssignments(challengeId, round.id);
  const again = useAssignAgain(challengeId);
  const submit = useSubmit("Assigning...");
  if (round.state === "DRAFT") return <p className="opacity-80">{PANEL_MESSAGES.assignNeedsOpen}</p>;
  if (list.isPending) return <Spinner label="Loading the assignments" />;
  if (list.isError) return <Alert>{serverMessage(list.error) || "Failed to load the assignments."}</Alert>;
  return (
    <div className="flex flex-col gap-3">
      {round.state === "OPEN" && (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm opacity-80">Assigning again fills the gaps and keeps the judges placed by hand.</p>
          <Button
            size="sm"
            variant="outline"
            {...submit.button}
            onClick={() =>
              void submit.run(() => again.mutateAsync(round.id), {
                failure: { title: "Assigning failed", fallback: "Please try again." },
                onSuccess: () => toast({ title: "Judges assigned again" }),
              })
            }
          >
            Assign again
          </Button>
        </div>
      )}
      {list.data.length === 0 ? (
        <p className="opacity-80">No entries in this round.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {list.data.map((entry) => (
            <EntryCard key={entry.submissionId} challengeId={challengeId} round={round} entry={entry} />
          ))}
        </ul>
      )}
    </div>
  );
}

export default function AssignmentsSection({ challengeId }: { challengeId: string }) {
  const rounds = useRounds(challengeId);
  const [roundId, setRoundId] = useState("");
  if (rounds.isPending) return <Spinner label="Loading rounds" />;
  if (rounds.isError) return <Alert>{serverMessage(rounds.error) || "Failed to load the rounds."}</Alert>;
  const rubric = rounds.data.filter((r) => r.method === "RUBRIC");
  if (rubric.length === 0)
    return <p className="opacity-80">No rubric rounds yet: only a rubric round has judges assigned to entries.</p>;
  const round = rubric.find((r) => r.id === roundId) ?? rubric.find((r) => r.state === "OPEN") ?? rubric[rubric.length - 1];
  if (!round) return null;
  return (
    <div className="flex flex-col gap-3">
      <RoundPicker rounds={rubric} value={round.id} onChange={setRoundId} />
      <RoundAssignments challengeId={challengeId} round={round} />
    </div>
  );
}
