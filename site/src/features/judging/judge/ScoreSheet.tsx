// The judge's score sheet on one assignment (decision 021): per criterion its guidance, range and weight, a score
// and an optional comment; "Save scores" writes every criterion given a value (PUT …/scores) and the sheet answers
// whether it is complete. A refused score is shown by its criterion (the API's message names it); a closed round's
// 409 leaves the typed values in place. Recuse opens a dialog asking why, then goes back to /judging.
import { type FormEvent, useState } from "react";
import type { ScoreSheet as Sheet } from "@api/modules/judging/schema";
import Alert from "../../../components/ui/Alert";
import Badge from "../../../components/ui/Badge";
import Button from "../../../components/ui/Button";
import Modal from "../../../components/ui/Modal";
import TextArea from "../../../components/ui/TextArea";
import { ApiError, serverMessage } from "../../../lib/api";
import { withQueries } from "../../../lib/query";
import { useRecuse, useSaveScores, useSheet } from "./judge.queries";

type Props = {
  assignmentId: string;
  sheet: Sheet;
  /** The page's texts (the API's own constants, handed over so the island does not import the contract). */
  text: { notAssigned: string; recusalReason: string };
  recusalMaxLength: number;
};

type Draft = Record<string, { value: string; comment: string }>;
const draftOf = (sheet: Sheet): Draft =>
  Object.fromEntries(
    sheet.criteria.map((c) => [c.criterionId, { value: c.value === null ? "" : String(c.value), comment: c.comment ?? "" }]),
  );

/** The criterion a refusal names ("Impact takes a value from 0 to 10."): the longest label the message starts with. */
function criterionOf(sheet: Sheet, message: string): string | null {
  const named = sheet.criteria.filter((c) => message.startsWith(`${c.label} `)).sort((a, b) => b.label.length - a.label.length);
  return named[0]?.criterionId ?? null;
}

const failureText = (error: unknown, notAssigned: string, fallback: string) =>
  error instanceof ApiError && error.status === 404 ? notAssigned : serverMessage(error) || fallback;

function ScoreSheet({ assignmentId, sheet: initial, text, recusalMaxLength }: Props) {
  const { data: sheet } = useSheet(assignmentId, initial);
  const save = useSaveScores(assignmentId);
  const [draft, setDraft] = useState<Draft>(() => draftOf(initial));
  const [saved, setSaved] = useState(false);
  const [fieldError, setFieldError] = useState<{ criterionId: string; message: string } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const edit = (criterionId: string, change: Partial<Draft[string]>) => {
    setDraft((d) => ({ ...d, [criterionId]: { ...d[criterionId]!, ...change } }));
    setSaved(false);
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    setFieldError(null);
    setFormError(null);
    const scores = sheet.criteria
      .filter((c) => draft[c.criterionId]?.value.trim())
      .map((c) => {
        const row = draft[c.criterionId]!;
        return { criterionId: c.criterionId, value: Number(row.value), comment: row.comment.trim() || null };
      });
    if (scores.length === 0) {
      setFormError("Enter a score for at least one criterion.");
      return;
    }
    const notANumber = scores.find((s) => !Number.isFinite(s.value));
    if (notANumber) {
      setFieldError({ criterionId: notANumber.criterionId, message: "Enter a number." });
      return;
    }
    save.mutate(scores, {
      onSuccess: () => setSaved(true),
      onError: (error) => {
        const message = failureText(error, text.notAssigned, "Could not save the scores. Please try again.");
        const criterionId = error instanceof ApiError && error.status === 400 ? criterionOf(sheet, message) : null;
        if (criterionId) setFieldError({ criterionId, message });
        else setFormError(message);
      },
    });
  }

  const total = sheet.criteria.length;
  return (
    <div className="space-y-6">
      <form onSubmit={submit} noValidate aria-label="Score sheet" className="space-y-6">
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="text-2xl font-bold">Rubric</h2>
          <span data-testid="sheet-state">
            {sheet.complete ? (
              <Badge tone="success">Complete</Badge>
            ) : (
              <Badge tone="warning">Incomplete: {`${sheet.scored} of ${total} criteria scored`}</Badge>
            )}
          </span>
        </div>
        <ol className="space-y-4">
          {sheet.criteria.map((c, index) => {
            const row = draft[c.criterionId]!;
            const error = fieldError?.criterionId === c.criterionId ? fieldError.message : null;
            const errorId = `score-error-${index}`;
            return (
              <li key={c.criterionId} className="card border border-base-300 bg-base-200" data-testid="criterion">
                <div className="card-body gap-3">
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <h3 className="text-lg font-semibold">{c.label}</h3>
                    <span className="text-sm opacity-80">
                      {c.min}–{c.max} · weight {c.weight}
                    </span>
                  </div>
                  {c.guidance && <p className="whitespace-pre-line text-sm opacity-90">{c.guidance}</p>}
                  <label className="flex flex-wrap items-center gap-3">
                    <span className="font-medium">{`${c.label} score`}</span>
                    <input
                      type="number"
                      inputMode="decimal"
                      step="any"
                      min={c.min}
                      max={c.max}
                      className={`input w-32 ${error ? "input-error" : ""}`}
                      value={row.value}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? errorId : undefined}
                      onChange={(e) => edit(c.criterionId, { value: e.target.value })}
                    />
                    <span className="text-sm opacity-80">
                      from {c.min} to {c.max}
                    </span>
                  </label>
                  {error && (
                    <p id={errorId} className="text-sm text-error">
                      {error}
                    </p>
                  )}
                  <TextArea
                    label={`${c.label} comment (optional)`}
                    rows={2}
                    value={row.comment}
                    onChange={(e) => edit(c.criterionId, { comment: e.target.value })}
                  />
                </div>
              </li>
            );
          })}
        </ol>
        {formError && <Alert>{formError}</Alert>}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" busy={save.isPending} busyLabel="Saving...">
            Save scores
          </Button>
          {saved && (
            <span role="status" className="font-medium text-success" data-testid="saved">
              Saved
            </span>
          )}
        </div>
      </form>
      <Recuse assignmentId={assignmentId} text={text} maxLength={recusalMaxLength} />
    </div>
  );
}

function Recuse({ assignmentId, text, maxLength }: { assignmentId: string; text: Props["text"]; maxLength: number }) {
  const recuse = useRecuse(assignmentId);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (recuse.isPending) return;
    const why = reason.trim();
    if (!why || why.length > maxLength) {
      setError(text.recusalReason);
      return;
    }
    setError(null);
    recuse.mutate(why, {
      onSuccess: () => window.location.assign("/judging?recused=1"),
      onError: (e) => setError(failureText(e, text.notAssigned, "Could not recuse you. Please try again.")),
    });
  }

  return (
    <section aria-labelledby="recuse-heading" className="border-t border-base-300 pt-6">
      <h2 id="recuse-heading" className="text-lg font-semibold">
        Conflict of interest?
      </h2>
      <p className="mt-1 text-sm opacity-80">
        If you should not judge this entry, recuse yourself: it goes to another judge when there is one.
      </p>
      <Button variant="outline" size="sm" className="mt-3" onClick={() => setOpen(true)}>
        Recuse
      </Button>
      <Modal open={open} onClose={() => setOpen(false)} title="Recuse from this entry">
        <form onSubmit={submit} noValidate aria-label="Recuse" className="space-y-4">
          <TextArea
            label="Reason"
            hint={`Required, at most ${maxLength} characters. The challenge's admins see it.`}
            required
            maxLength={maxLength}
            value={reason}
            error={error}
            onChange={(e) => setReason(e.target.value)}
          />
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" busy={recuse.isPending} busyLabel="Recusing...">
              Confirm recusal
            </Button>
          </div>
        </form>
      </Modal>
    </section>
  );
}

export default withQueries(ScoreSheet);
