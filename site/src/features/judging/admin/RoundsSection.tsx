// The Rounds tab of the admin Judging dialog (decision 021): the challenge's rounds in order with their method, state,
// times and entries; a new round; a draft's settings and rubric; Open / Close / Publish, each confirmed with what it
// does; and, for a rubric round, whether results rank by the normalised score or the mean.
import { useState } from "react";
import {
  CARRY_FORWARD_MAX,
  type CreateRoundBody,
  JUDGES_PER_ENTRY_MAX,
  ROUND_METHODS,
  ROUND_NAME_MAX_LENGTH,
  type Round,
  type RoundMethod,
  type RoundState,
  VOTE_LIMIT_MAX,
} from "@api/modules/judging/schema";
import Alert from "../../../components/ui/Alert";
import Badge, { type BadgeTone } from "../../../components/ui/Badge";
import Button from "../../../components/ui/Button";
import Field from "../../../components/ui/Field";
import Select from "../../../components/ui/Select";
import Spinner from "../../../components/ui/Spinner";
import { serverMessage } from "../../../lib/api";
import { formatMoment } from "../../../lib/format";
import { useSubmit } from "../../../lib/forms";
import { toast } from "../../../stores/toast";
import CriteriaEditor from "./CriteriaEditor";
import EntriesPicker from "./EntriesPicker";
import { type RoundStep, useCreateRound, useDeleteRound, useRounds, useRoundStep, useUpdateRound } from "./judging-admin.queries";

export const METHOD_LABEL: Record<RoundMethod, string> = {
  RUBRIC: "Rubric",
  PAIRWISE: "Pairwise",
  PUBLIC_VOTE: "Public vote",
};
const STATE: Record<RoundState, { label: string; tone: BadgeTone }> = {
  DRAFT: { label: "Draft", tone: "ghost" },
  OPEN: { label: "Open", tone: "success" },
  CLOSED: { label: "Closed", tone: "warning" },
  PUBLISHED: { label: "Published", tone: "info" },
};

/** What each step does, said before the admin confirms it. */
const STEP: Record<RoundStep, { label: string; busy: string; warning: string; done: string }> = {
  open: {
    label: "Open",
    busy: "Opening...",
    warning:
      "Opening fixes the round's entries and criteria (they can no longer change); a rubric round assigns its judges, who can start at once.",
    done: "Round opened",
  },
  close: {
    label: "Close",
    busy: "Closing...",
    warning: "Closing ends judging and voting now: later score changes and votes are refused.",
    done: "Round closed",
  },
  publish: {
    label: "Publish",
    busy: "Publishing...",
    warning:
      "Publishing freezes the results as they are now and records their SHA-256, which anyone can check; the results become public and can never change.",
    done: "Results published",
  },
};
const NEXT_STEP: Partial<Record<RoundState, RoundStep>> = { DRAFT: "open", OPEN: "close", CLOSED: "publish" };

/** A datetime-local value (the admin's own zone) from an ISO time, and back; blank means none. */
const localInput = (iso: string | null) => {
  if (!iso) return "";
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const isoOrNull = (local: string) => (local ? new Date(local).toISOString() : null);

type RoundValues = {
  name: string;
  method: RoundMethod;
  judgesPerEntry: string;
  carryForward: string;
  opensAt: string;
  closesAt: string;
  voteLimit: string;
};

const valuesOf = (round?: Round): RoundValues => ({
  name: round?.name ?? "",
  method: round?.method ?? "RUBRIC",
  judgesPerEntry: String(round?.judgesPerEntry ?? 3),
  carryForward: round?.carryForward == null ? "" : String(round.carryForward),
  opensAt: localInput(round?.opensAt ?? null),
  closesAt: localInput(round?.closesAt ?? null),
  voteLimit: String(round?.voteLimit ?? 3),
});

const bodyOf = (v: RoundValues): CreateRoundBody => ({
  name: v.name.trim(),
  method: v.method,
  judgesPerEntry: Number(v.judgesPerEntry),
  carryForward: v.carryForward ? Number(v.carryForward) : null,
  opensAt: isoOrNull(v.opensAt),
  closesAt: isoOrNull(v.closesAt),
  voteLimit: Number(v.voteLimit),
});

function RoundForm({
  challengeId,
  round,
  first,
  onDone,
}: {
  challengeId: string;
  round?: Round;
  first: boolean;
  onDone: () => void;
}) {
  const [values, setValues] = useState(() => valuesOf(round));
  const create = useCreateRound(challengeId);
  const update = useUpdateRound(challengeId);
  const submit = useSubmit(round ? "Saving..." : "Creating...");
  const set = (name: keyof RoundValues) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: e.target.value }));
  const save = () =>
    void submit.run(
      () => {
        const body = bodyOf(values);
        if (!round) return create.mutateAsync(body);
        const { method: _method, ...patch } = body;
        return update.mutateAsync({ roundId: round.id, body: patch });
      },
      {
        failure: { title: round ? "Saving the round failed" : "Creating the round failed", fallback: "Please try again." },
        onSuccess: () => {
          toast({ title: round ? "Round saved" : "Round created" });
          onDone();
        },
      },
    );
  return (
    <form
      className="grid gap-2 rounded-box border border-base-300 p-3 sm:grid-cols-2"
      aria-label={round ? `Edit ${round.name}` : "New round"}
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <Field label="Name" required maxLength={ROUND_NAME_MAX_LENGTH} value={values.name} onChange={set("name")} />
      <Select
        label="Method"
        disabled={!!round}
        options={ROUND_METHODS.map((m) => ({ value: m, label: METHOD_LABEL[m] }))}
        value={values.method}
        onChange={set("method")}
      />
      {values.method === "RUBRIC" && (
        <Field
          label="Judges per entry"
          type="number"
          min={1}
          max={JUDGES_PER_ENTRY_MAX}
          required
          value={values.judgesPerEntry}
          onChange={set("judgesPerEntry")}
        />
      )}
      {values.method === "PUBLIC_VOTE" && (
        <Field
          label="Votes per voter"
          type="number"
          min={1}
          max={VOTE_LIMIT_MAX}
          required
          value={values.voteLimit}
          onChange={set("voteLimit")}
        />
      )}
      {!first && (
        <Field
          label="Carry forward the top K of the previous round"
          hint="Blank: you pick the entries."
          type="number"
          min={1}
          max={CARRY_FORWARD_MAX}
          value={values.carryForward}
          onChange={set("carryForward")}
        />
      )}
      <Field label="Opens at (your time zone)" type="datetime-local" value={values.opensAt} onChange={set("opensAt")} />
      <Field
        label="Closes at (your time zone)"
        hint="It closes by itself at this time."
        type="datetime-local"
        value={values.closesAt}
        onChange={set("closesAt")}
      />
      <div className="flex justify-end gap-2 sm:col-span-2">
        <Button variant="ghost" size="sm" type="button" onClick={onDone}>
          Cancel
        </Button>
        <Button size="sm" type="submit" {...submit.button}>
          {round ? "Save round" : "Create round"}
        </Button>
      </div>
    </form>
  );
}

function StepButton({ challengeId, round }: { challengeId: string; round: Round }) {
  const step = NEXT_STEP[round.state];
  const [confirming, setConfirming] = useState(false);
  const action = useRoundStep(challengeId);
  const submit = useSubmit(step ? STEP[step].busy : "");
  if (!step) return null;
  const text = STEP[step];
  if (!confirming)
    return (
      <Button size="sm" variant={step === "publish" ? "secondary" : "primary"} onClick={() => setConfirming(true)}>
        {text.label}
      </Button>
    );
  return (
    <fieldset aria-label={`${text.label} ${round.name}`} className="flex w-full flex-col gap-2">
      <Alert tone="warning">{text.warning}</Alert>
      <div className="flex justify-end gap-2">
        <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
          Cancel
        </Button>
        <Button
          size="sm"
          {...submit.button}
          onClick={() =>
            void submit.run(() => action.mutateAsync({ roundId: round.id, step }), {
              failure: { title: `${text.label} failed`, fallback: "Please try again." },
              onSuccess: (sha256) => {
                toast({ title: text.done, description: sha256 ? `SHA-256 ${sha256}` : undefined });
                setConfirming(false);
              },
            })
          }
        >
          Confirm: {text.label.toLowerCase()} {round.name}
        </Button>
      </div>
    </fieldset>
  );
}

function RankBy({ challengeId, round }: { challengeId: string; round: Round }) {
  const update = useUpdateRound(challengeId);
  const submit = useSubmit("Saving...");
  return (
    <Select
      label="Rank by"
      disabled={round.state === "PUBLISHED" || submit.busy}
      options={[
        { value: "NORMALISED", label: "Normalised score" },
        { value: "MEAN", label: "Mean score" },
      ]}
      value={round.rankBy}
      onChange={(e) =>
        void submit.run(() => update.mutateAsync({ roundId: round.id, body: { rankBy: e.target.value as Round["rankBy"] } }), {
          failure: { title: "Changing the ranking failed", fallback: "Please try again." },
        })
      }
    />
  );
}

function DeleteRound({ challengeId, round, onDone }: { challengeId: string; round: Round; onDone: () => void }) {
  const remove = useDeleteRound(challengeId);
  const submit = useSubmit("Deleting...");
  return (
    <fieldset aria-label={`Delete ${round.name}`} className="flex flex-col gap-2">
      <Alert tone="warning">This deletes the draft round {round.name} with its settings, criteria and entries.</Alert>
      <div className="flex justify-end gap-2">
        <Button size="sm" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button
          size="sm"
          variant="danger"
          {...submit.button}
          onClick={() =>
            void submit.run(() => remove.mutateAsync(round.id), {
              failure: { title: "Deleting the round failed", fallback: "Please try again." },
              onSuccess: () => toast({ title: "Round deleted" }),
            })
          }
        >
          Confirm: delete {round.name}
        </Button>
      </div>
    </fieldset>
  );
}

function RoundCard({
  challengeId,
  round,
  previous,
  last,
}: {
  challengeId: string;
  round: Round;
  previous: Round | undefined;
  last: boolean;
}) {
  const [editing, setEditing] = useState<"settings" | "criteria" | "entries" | "delete" | null>(null);
  const first = !previous;
  const headingId = `round-${round.id}`;
  const times = [
    round.opensAt && `opens ${formatMoment(round.opensAt)}`,
    round.closesAt && `closes ${formatMoment(round.closesAt)}`,
    round.openedAt && `opened ${formatMoment(round.openedAt)}`,
    round.closedAt && `closed ${formatMoment(round.closedAt)}`,
    round.publishedAt && `published ${formatMoment(round.publishedAt)}`,
  ].filter(Boolean);
  return (
    <li className="card border border-base-300 bg-base-100" data-testid="round-row" aria-labelledby={headingId}>
      <div className="card-body gap-2 p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id={headingId} className="font-semibold">
            {round.position}. {round.name}
          </h3>
          <span className="flex gap-1">
            <Badge tone="neutral">{METHOD_LABEL[round.method]}</Badge>
            <Badge tone={STATE[round.state].tone}>{STATE[round.state].label}</Badge>
          </span>
        </div>
        <p className="text-sm opacity-80">
          {first && round.state === "DRAFT"
            ? "Every entry that passed the eligibility screen (fixed when it opens)"
            : `${round.entries} ${round.entries === 1 ? "entry" : "entries"}`}
          {round.method === "RUBRIC" && (
            <>
              {" "}
              · {round.criteria} {round.criteria === 1 ? "criterion" : "criteria"} · {round.judgesPerEntry}{" "}
              {round.judgesPerEntry === 1 ? "judge" : "judges"} per entry
            </>
          )}
          {round.method === "PUBLIC_VOTE" && <> · {round.voteLimit} votes per voter</>}
          {!first && <> · {round.carryForward ? `top ${round.carryForward} carried forward` : "entries picked by hand"}</>}
          {times.length > 0 && <> · {times.join(" · ")}</>}
        </p>
        {editing === "settings" ? (
          <RoundForm challengeId={challengeId} round={round} first={first} onDone={() => setEditing(null)} />
        ) : editing === "criteria" ? (
          <CriteriaEditor challengeId={challengeId} round={round} onDone={() => setEditing(null)} />
        ) : editing === "entries" && previous ? (
          <EntriesPicker challengeId={challengeId} round={round} previous={previous} onDone={() => setEditing(null)} />
        ) : editing === "delete" ? (
          <DeleteRound challengeId={challengeId} round={round} onDone={() => setEditing(null)} />
        ) : (
          <div className="flex flex-wrap items-end justify-between gap-2">
            {round.method === "RUBRIC" ? <RankBy challengeId={challengeId} round={round} /> : <span />}
            <span className="flex flex-wrap gap-2">
              {round.state === "DRAFT" && (
                <Button size="sm" variant="outline" onClick={() => setEditing("settings")}>
                  Edit settings
                </Button>
              )}
              {round.method === "RUBRIC" && (
                <Button size="sm" variant="outline" onClick={() => setEditing("criteria")}>
                  {round.state === "DRAFT" ? "Edit criteria" : "View criteria"}
                </Button>
              )}
              {round.state === "DRAFT" && previous && round.carryForward === null && (
                <Button size="sm" variant="outline" onClick={() => setEditing("entries")}>
                  Pick entries
                </Button>
              )}
              {round.state === "DRAFT" && last && (
                <Button size="sm" variant="ghost" onClick={() => setEditing("delete")}>
                  Delete
                </Button>
              )}
              <StepButton challengeId={challengeId} round={round} />
            </span>
          </div>
        )}
      </div>
    </li>
  );
}

export default function RoundsSection({ challengeId }: { challengeId: string }) {
  const rounds = useRounds(challengeId);
  const [creating, setCreating] = useState(false);
  if (rounds.isPending) return <Spinner label="Loading rounds" />;
  if (rounds.isError) return <Alert>{serverMessage(rounds.error) || "Failed to load the rounds."}</Alert>;
  const list = rounds.data;
  return (
    <div className="flex flex-col gap-3">
      {list.length === 0 ? (
        <p className="opacity-80">No rounds yet. Round one judges every submission that passed the eligibility screen.</p>
      ) : (
        <ol className="flex flex-col gap-3">
          {list.map((round, index) => (
            <RoundCard
              key={round.id}
              challengeId={challengeId}
              round={round}
              previous={list[index - 1]}
              last={index === list.length - 1}
            />
          ))}
        </ol>
      )}
      {creating ? (
        <RoundForm challengeId={challengeId} first={list.length === 0} onDone={() => setCreating(false)} />
      ) : (
        <Button size="sm" className="self-start" onClick={() => setCreating(true)}>
          Add round
        </Button>
      )}
    </div>
  );
}
