// The Awards tab of the admin Judging dialog (decision 021): the challenge's awards (draft or published), each a label,
// a rank and a submitted entry; add, edit and delete them, and publish the drafts (they then appear on the challenge's
// page).
import { useState } from "react";
import { AWARD_LABEL_MAX_LENGTH, AWARD_RANK_MAX, type Award, AwardBodySchema, SCORE_MESSAGES } from "@api/modules/judging/schema";
import Alert from "../../../components/ui/Alert";
import Badge from "../../../components/ui/Badge";
import Button from "../../../components/ui/Button";
import Field from "../../../components/ui/Field";
import Select from "../../../components/ui/Select";
import Spinner from "../../../components/ui/Spinner";
import { serverMessage } from "../../../lib/api";
import { formatMoment } from "../../../lib/format";
import { checkForm, type FieldErrors, useSubmit } from "../../../lib/forms";
import { toast } from "../../../stores/toast";
import Confirm from "./Confirm";
import { teamName } from "./EligibilitySection";
import { useAwards, useDeleteAward, useEligibility, usePublishAwards, useSaveAward } from "./judging-admin.queries";

const LABEL_SUGGESTIONS = ["Winner", "Runner-up", "People's Choice"];
type Values = { label: string; rank: string; submissionId: string };
type Key = keyof Values;

function AwardForm({ challengeId, award, onDone }: { challengeId: string; award?: Award; onDone: () => void }) {
  const entries = useEligibility(challengeId);
  const save = useSaveAward(challengeId);
  const submit = useSubmit(award ? "Saving..." : "Adding...");
  const [values, setValues] = useState<Values>({
    label: award?.label ?? "",
    rank: String(award?.rank ?? 1),
    submissionId: award?.submissionId ?? "",
  });
  const [errors, setErrors] = useState<FieldErrors<Key> & { form?: string }>({});
  const listId = `award-labels-${award?.id ?? "new"}`;
  const set = (name: Key) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [name]: e.target.value }));
    setErrors((old) => ({ ...old, [name]: undefined, form: undefined }));
  };
  const options = (entries.data ?? []).map((row) => ({ value: row.submissionId, label: teamName(row.members) }));
  return (
    <form
      className="grid gap-2 rounded-box border border-base-300 p-3 sm:grid-cols-3"
      aria-label={award ? `Edit ${award.label}` : "New award"}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const body = { label: values.label.trim(), rank: Number(values.rank), submissionId: values.submissionId };
        const found: FieldErrors<Key> = checkForm(AwardBodySchema, body);
        if (!body.submissionId) found.submissionId = "Choose the entry.";
        if (found.rank) found.rank = `Give a rank from 1 to ${AWARD_RANK_MAX}.`;
        setErrors(found);
        if (Object.values(found).some(Boolean)) return;
        void submit.run(
          () =>
            save.mutateAsync({ awardId: award?.id ?? null, body }).catch((err: unknown) => {
              const message = serverMessage(err);
              if (message === SCORE_MESSAGES.notSubmitted) setErrors({ submissionId: message });
              else if (message === SCORE_MESSAGES.awardLabel) setErrors({ label: message });
              else if (message) setErrors({ form: message });
              throw err;
            }),
          {
            failure: { title: award ? "Saving the award failed" : "Adding the award failed", fallback: "Please try again." },
            onSuccess: () => {
              toast({ title: award ? "Award saved" : "Award added" });
              onDone();
            },
          },
        );
      }}
    >
      <Field
        label="Label"
        list={listId}
        required
        maxLength={AWARD_LABEL_MAX_LENGTH}
        value={values.label}
        error={errors.label}
        onChange={set("label")}
      />
      <datalist id={listId}>
        {LABEL_SUGGESTIONS.map((s) => (
          <option key={s} value={s} />
        ))}
      </datalist>
      <Field
        label="Rank"
        type="number"
        min={1}
        max={AWARD_RANK_MAX}
        required
        value={values.rank}
        error={errors.rank}
        onChange={set("rank")}
      />
      <Select
        label="Entry"
        blank={entries.isPending ? "Loading the entries..." : "Choose the entry"}
        options={options}
        value={values.submissionId}
        error={errors.submissionId}
        onChange={set("submissionId")}
      />
      {errors.form && <Alert className="sm:col-span-3">{errors.form}</Alert>}
      <div className="flex justify-end gap-2 sm:col-span-3">
        <Button size="sm" variant="ghost" type="button" onClick={onDone}>
          Cancel
        </Button>
        <Button size="sm" type="submit" {...submit.button}>
          {award ? "Save award" : "Add award"}
        </Button>
      </div>
    </form>
  );
}

function AwardItem({ challengeId, award }: { challengeId: string; award: Award }) {
  const [mode, setMode] = useState<"edit" | "delete" | null>(null);
  const remove = useDeleteAward(challengeId);
  const submit = useSubmit("Deleting...");
  if (mode === "edit") return <AwardForm challengeId={challengeId} award={award} onDone={() => setMode(null)} />;
  return (
    <li className="rounded-box border border-base-300 p-3" data-testid="award-row" aria-label={award.label}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span>
          <span className="font-semibold">
            {award.rank}. {award.label}
          </span>{" "}
          · {award.team}
        </span>
        {award.publishedAt ? (
          <Badge tone="info">Published {formatMoment(award.publishedAt)}</Badge>
        ) : (
          <Badge tone="ghost">Draft</Badge>
        )}
      </div>
      {mode === "delete" ? (
        <Confirm
          label={`Delete ${award.label}`}
          warning={`Delete the award ${award.label} (${award.team})?${award.publishedAt ? " It disappears from the challenge page." : ""}`}
          confirm={`Confirm: delete ${award.label}`}
          busy={submit.button}
          onCancel={() => setMode(null)}
          onConfirm={() =>
            void submit.run(() => remove.mutateAsync(award.id), {
              failure: { title: "Deleting the award failed", fallback: "Please try again." },
              onSuccess: () => toast({ title: "Award deleted" }),
            })
          }
        />
      ) : (
        <div className="mt-2 flex justify-end gap-2">
          <Button size="sm" variant="outline" onClick={() => setMode("edit")}>
            Edit
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setMode("delete")}>
            Delete
          </Button>
        </div>
      )}
    </li>
  );
}

function PublishAwards({ challengeId, drafts }: { challengeId: string; drafts: number }) {
  const [confirming, setConfirming] = useState(false);
  const publish = usePublishAwards(challengeId);
  const submit = useSubmit("Publishing...");
  if (drafts === 0) return null;
  if (!confirming)
    return (
      <Button size="sm" variant="secondary" className="self-start" onClick={() => setConfirming(true)}>
        Publish awards
      </Button>
    );
  return (
    <Confirm
      label="Publish awards"
      warning={`Publish ${drafts} draft ${drafts === 1 ? "award" : "awards"}? Published awards appear on the challenge page.`}
      confirm="Confirm: publish awards"
      danger={false}
      busy={submit.button}
      onCancel={() => setConfirming(false)}
      onConfirm={() =>
        void submit.run(() => publish.mutateAsync(), {
          failure: { title: "Publishing the awards failed", fallback: "Please try again." },
          onSuccess: () => {
            toast({ title: "Awards published", description: "They appear on the challenge page." });
            setConfirming(false);
          },
        })
      }
    />
  );
}

export default function AwardsSection({ challengeId }: { challengeId: string }) {
  const awards = useAwards(challengeId);
  const [adding, setAdding] = useState(false);
  if (awards.isPending) return <Spinner label="Loading the awards" />;
  if (awards.isError) return <Alert>{serverMessage(awards.error) || "Failed to load the awards."}</Alert>;
  const list = [...awards.data.awards].sort((a, b) => a.rank - b.rank);
  return (
    <div className="flex flex-col gap-3">
      {list.length === 0 ? (
        <p className="opacity-80">No awards yet.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {list.map((award) => (
            <AwardItem key={award.id} challengeId={challengeId} award={award} />
          ))}
        </ul>
      )}
      {adding ? (
        <AwardForm challengeId={challengeId} onDone={() => setAdding(false)} />
      ) : (
        <Button size="sm" className="self-start" onClick={() => setAdding(true)}>
          Add award
        </Button>
      )}
      <PublishAwards challengeId={challengeId} drafts={list.filter((a) => !a.publishedAt).length} />
    </div>
  );
}
