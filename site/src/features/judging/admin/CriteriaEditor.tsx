// A rubric round's criteria (decision 021), edited as rows — label, guidance, min, max, weight and who sees the
// feedback — and saved as the whole list. Each row is checked against the route's own contract before it is sent,
// with its problems shown on the row; a round past DRAFT shows its rubric read-only.
import { useState } from "react";
import {
  CRITERIA_MAX,
  CRITERION_GUIDANCE_MAX_LENGTH,
  CRITERION_LABEL_MAX_LENGTH,
  ROUND_MESSAGES,
  type Round,
} from "@api/modules/judging/schema";
import Alert from "../../../components/ui/Alert";
import Button from "../../../components/ui/Button";
import Field from "../../../components/ui/Field";
import Select from "../../../components/ui/Select";
import Spinner from "../../../components/ui/Spinner";
import { serverMessage } from "../../../lib/api";
import { useSubmit } from "../../../lib/forms";
import { toast } from "../../../stores/toast";
import { blankRow, inputOf, type Row, rowErrors, rowKey } from "./criteria-rows";
import { useCriteria, useSaveCriteria } from "./judging-admin.queries";

function Editor({
  challengeId,
  round,
  rows: initial,
  onDone,
}: {
  challengeId: string;
  round: Round;
  rows: Row[];
  onDone: () => void;
}) {
  const [rows, setRows] = useState(initial);
  const [shown, setShown] = useState(false);
  const save = useSaveCriteria(challengeId);
  const submit = useSubmit("Saving...");
  const editable = round.state === "DRAFT";
  const errors = rows.map(rowErrors);
  const weightless = rows.length > 0 && rows.reduce((sum, r) => sum + (Number(r.weight) || 0), 0) <= 0;
  const set = (key: number, field: keyof Row, value: string) =>
    setRows((list) => list.map((r) => (r.key === key ? { ...r, [field]: value } : r)));
  const move = (index: number, by: number) =>
    setRows((list) => {
      const next = [...list];
      const [row] = next.splice(index, 1);
      next.splice(index + by, 0, row!);
      return next;
    });

  return (
    <form
      aria-label={`Criteria of ${round.name}`}
      className="flex flex-col gap-3"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setShown(true);
        if (errors.some((e) => Object.keys(e).length > 0) || weightless) return;
        void submit.run(() => save.mutateAsync({ roundId: round.id, criteria: rows.map(inputOf) }), {
          failure: { title: "Saving the criteria failed", fallback: "Please try again." },
          onSuccess: () => {
            toast({ title: "Criteria saved", description: `${rows.length} ${rows.length === 1 ? "criterion" : "criteria"}.` });
            onDone();
          },
        });
      }}
    >
      {rows.length === 0 && <p className="opacity-80">No criteria yet.</p>}
      <ol className="flex flex-col gap-2">
        {rows.map((row, index) => {
          const problems = shown ? errors[index]! : {};
          return (
            <li key={row.key} className="rounded-box border border-base-300 p-3" data-testid="criterion-row">
              <fieldset disabled={!editable} className="grid gap-2 sm:grid-cols-6">
                <legend className="sr-only">Criterion {index + 1}</legend>
                <Field
                  className="sm:col-span-3"
                  label={`Criterion ${index + 1} label`}
                  maxLength={CRITERION_LABEL_MAX_LENGTH}
                  value={row.label}
                  error={problems.label}
                  onChange={(e) => set(row.key, "label", e.target.value)}
                />
                <Select
                  className="sm:col-span-3"
                  label="Feedback seen by"
                  options={[
                    { value: "PRIVATE", label: "Admins only (private)" },
                    { value: "ENTRANT", label: "Admins and the entrant" },
                  ]}
                  value={row.visibility}
                  onChange={(e) => set(row.key, "visibility", e.target.value)}
                />
                <Field
                  className="sm:col-span-6"
                  label="Guidance for judges"
                  maxLength={CRITERION_GUIDANCE_MAX_LENGTH}
                  value={row.guidance}
                  error={problems.guidance}
                  onChange={(e) => set(row.key, "guidance", e.target.value)}
                />
                {(["min", "max", "weight"] as const).map((field) => (
                  <Field
                    key={field}
                    className="sm:col-span-2"
                    label={{ min: "Min", max: "Max", weight: "Weight" }[field]}
                    type="number"
                    step="any"
                    value={row[field]}
                    error={problems[field]}
                    onChange={(e) => set(row.key, field, e.target.value)}
                  />
                ))}
              </fieldset>
              {editable && (
                <div className="mt-2 flex justify-end gap-1">
                  <Button
                    size="xs"
                    variant="ghost"
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                    aria-label={`Move criterion ${index + 1} up`}
                  >
                    Up
                  </Button>
                  <Button
                    size="xs"
                    variant="ghost"
                    disabled={index === rows.length - 1}
                    onClick={() => move(index, 1)}
                    aria-label={`Move criterion ${index + 1} down`}
                  >
                    Down
                  </Button>
                  <Button
                    size="xs"
                    variant="ghost"
                    onClick={() => setRows((list) => list.filter((r) => r.key !== row.key))}
                    aria-label={`Remove criterion ${index + 1}`}
                  >
                    Remove
                  </Button>
                </div>
              )}
            </li>
          );
        })}
      </ol>
      {shown && weightless && <Alert>{ROUND_MESSAGES.criteriaInvalid}</Alert>}
      <div className="flex flex-wrap justify-between gap-2">
        {editable ? (
          <Button
            size="sm"
            variant="outline"
            disabled={rows.length >= CRITERIA_MAX}
            onClick={() => setRows((list) => [...list, blankRow()])}
          >
            Add criterion
          </Button>
        ) : (
          <p className="text-sm opacity-80">Criteria can change only while the round is a draft.</p>
        )}
        <span className="flex gap-2">
          <Button size="sm" variant="ghost" onClick={onDone}>
            {editable ? "Cancel" : "Close"}
          </Button>
          {editable && (
            <Button size="sm" type="submit" {...submit.button}>
              Save criteria
            </Button>
          )}
        </span>
      </div>
    </form>
  );
}

export default function CriteriaEditor({
  challengeId,
  round,
  onDone,
}: {
  challengeId: string;
  round: Round;
  onDone: () => void;
}) {
  const criteria = useCriteria(challengeId, round.id);
  if (criteria.isPending) return <Spinner label="Loading criteria" />;
  if (criteria.isError) return <Alert>{serverMessage(criteria.error) || "Failed to load the criteria."}</Alert>;
  const rows = criteria.data.map(
    (c): Row => ({
      key: rowKey(),
      label: c.label,
      guidance: c.guidance ?? "",
      min: String(c.min),
      max: String(c.max),
      weight: String(c.weight),
      visibility: c.visibility,
    }),
  );
  return <Editor challengeId={challengeId} round={round} rows={rows.length > 0 ? rows : [blankRow()]} onDone={onDone} />;
}
