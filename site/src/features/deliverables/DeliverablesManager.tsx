// A challenge's deliverables for the `challenges` section (decision 019), inside the admin challenge screen's
// Deliverables dialog beside Applications: the ordered list with Move up / Move down, Hide / Show (a deliverable that
// holds entries is hidden from new work rather than deleted), Edit and Delete (after an "Are you sure?"); Add Deliverable opens the form in place
// of the list (one dialog, one focus trap).
import { type FormEvent, useState } from "react";
import {
  DELIVERABLE_KIND_LABELS,
  DELIVERABLE_KINDS,
  DELIVERABLE_TITLE_MAX_LENGTH,
  DELIVERABLE_GUIDANCE_MAX_LENGTH,
  FILE_KIND_LABELS,
  FILE_KINDS,
  type Deliverable,
} from "@api/modules/deliverables/schema";
import Alert from "../../components/ui/Alert";
import Button from "../../components/ui/Button";
import Checkbox from "../../components/ui/Checkbox";
import Field from "../../components/ui/Field";
import Select from "../../components/ui/Select";
import Spinner from "../../components/ui/Spinner";
import TextArea from "../../components/ui/TextArea";
import { serverMessage } from "../../lib/api";
import { formatMoment } from "../../lib/format";
import { useContractForm, useSubmit } from "../../lib/forms";
import { toast } from "../../stores/toast";
import { failureToast } from "../../lib/failure-toast";
import ConfirmDeleteDialog from "../admin/ConfirmDeleteDialog";
import RowActions from "../admin/RowActions";
import { formatBytes } from "./deliverable-text";
import {
  checkDeliverable,
  deliverablePayload,
  EMPTY_DELIVERABLE_FORM,
  valuesFromDeliverable,
  type DeliverableFormValues,
  type DueMode,
} from "./deliverable-form";
import { useCreateDeliverable, useDeleteDeliverable, useManagedDeliverables, useUpdateDeliverable } from "./deliverables.queries";

type Props = { challengeId: string; challengeTitle: string };

const KIND_OPTIONS = DELIVERABLE_KINDS.map((kind) => ({ value: kind, label: DELIVERABLE_KIND_LABELS[kind] }));
const DUE_OPTIONS: { value: DueMode; label: string }[] = [
  { value: "end", label: "When the challenge ends" },
  { value: "at", label: "At a date and time" },
  { value: "open", label: "Open until the challenge is completed" },
];

export default function DeliverablesManager({ challengeId, challengeTitle }: Props) {
  const deliverables = useManagedDeliverables(challengeId);
  const update = useUpdateDeliverable(challengeId);
  const remove = useDeleteDeliverable(challengeId);
  const [editing, setEditing] = useState<Deliverable | "new" | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Deliverable | null>(null);

  if (editing) {
    return (
      <DeliverableForm
        challengeId={challengeId}
        deliverable={editing === "new" ? undefined : editing}
        onDone={() => setEditing(null)}
      />
    );
  }
  if (deliverables.isPending) return <Spinner label="Loading deliverables" />;
  if (deliverables.isError) {
    return (
      <div className="space-y-3">
        <Alert>{serverMessage(deliverables.error) || "Failed to load deliverables."}</Alert>
        <Button variant="outline" size="sm" onClick={() => deliverables.refetch()}>
          Retry
        </Button>
      </div>
    );
  }

  /** One change at a time per list: a second click while one runs is ignored. */
  const change = async (d: Deliverable, run: () => Promise<unknown>, failed: string, done?: string) => {
    if (busyId) return;
    setBusyId(d.id);
    try {
      await run();
      if (done) toast({ title: done });
    } catch (error) {
      failureToast(error, "Please try again", failed);
    } finally {
      setBusyId(null);
    }
  };
  const items = deliverables.data;

  return (
    <div className="space-y-4" data-testid="deliverables-manager">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm opacity-80">What teams hand in for {challengeTitle}, in the order the challenge page shows.</p>
        <Button size="sm" onClick={() => setEditing("new")}>
          Add Deliverable
        </Button>
      </div>
      {items.length === 0 ? (
        <p className="opacity-80">No deliverables yet. Add the first one.</p>
      ) : (
        <ol className="space-y-2">
          {items.map((d, index) => (
            <li
              key={d.id}
              className={`card border border-base-300 bg-base-100 ${d.hidden ? "opacity-70" : ""}`}
              aria-busy={busyId === d.id}
              data-testid="deliverable-row"
            >
              <div className="card-body gap-2 p-4">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-mono text-sm opacity-70">{d.position}.</span>
                  <h3 className="font-semibold">{d.title}</h3>
                  <span className="badge badge-outline badge-sm">{DELIVERABLE_KIND_LABELS[d.kind]}</span>
                  <span className={`badge badge-sm ${d.required ? "badge-primary" : "badge-ghost"}`}>
                    {d.required ? "Required" : "Optional"}
                  </span>
                  {d.hidden && <span className="badge badge-warning badge-sm">Hidden</span>}
                </div>
                <p className="text-sm opacity-80">
                  Due {d.dueAt ? formatMoment(d.dueAt) : "when the challenge is completed"}
                  {d.kind === "FILE" && d.maxBytes ? ` · ${d.acceptedKinds.length} kinds up to ${formatBytes(d.maxBytes)}` : ""}
                </p>
                <div className="flex flex-wrap items-center gap-1">
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={index === 0 || busyId !== null}
                    aria-label={`Move ${d.title} up`}
                    onClick={() =>
                      change(
                        d,
                        () => update.mutateAsync({ id: d.id, body: { position: d.position - 1 } }),
                        "Failed to move deliverable",
                      )
                    }
                  >
                    ↑ Up
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={index === items.length - 1 || busyId !== null}
                    aria-label={`Move ${d.title} down`}
                    onClick={() =>
                      change(
                        d,
                        () => update.mutateAsync({ id: d.id, body: { position: d.position + 1 } }),
                        "Failed to move deliverable",
                      )
                    }
                  >
                    ↓ Down
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={busyId !== null}
                    onClick={() =>
                      change(
                        d,
                        () => update.mutateAsync({ id: d.id, body: { hidden: !d.hidden } }),
                        "Failed to update deliverable",
                        d.hidden ? "Deliverable shown" : "Deliverable hidden",
                      )
                    }
                  >
                    {d.hidden ? "Show" : "Hide"}
                  </Button>
                  <span className="ml-auto flex gap-1">
                    <RowActions name={d.title} onEdit={() => setEditing(d)} onDelete={() => setDeleting(d)} />
                  </span>
                </div>
              </div>
            </li>
          ))}
        </ol>
      )}
      {deleting && (
        // Asked first, as everywhere in the admin kit: a deletion cannot be undone (one with entries is refused: 409).
        <ConfirmDeleteDialog
          onDelete={() => remove.mutateAsync(deleting.id)}
          failure={{ title: "Failed to delete deliverable" }}
          onDeleted={() => toast({ title: "Deliverable deleted successfully" })}
          onClose={() => setDeleting(null)}
        >
          This will permanently delete the deliverable "{deleting.title}". This action cannot be undone.
        </ConfirmDeleteDialog>
      )}
    </div>
  );
}

function DeliverableForm({
  challengeId,
  deliverable,
  onDone,
}: {
  challengeId: string;
  deliverable?: Deliverable;
  onDone: () => void;
}) {
  const create = useCreateDeliverable(challengeId);
  const update = useUpdateDeliverable(challengeId);
  const form = useContractForm<DeliverableFormValues>(deliverable ? valuesFromDeliverable(deliverable) : EMPTY_DELIVERABLE_FORM);
  const submit = useSubmit("Saving...");
  const v = form.values;
  const isEdit = Boolean(deliverable);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (submit.busy || !form.validate(e.currentTarget, checkDeliverable(v))) return;
    const body = deliverablePayload(v);
    await submit.run(() => (deliverable ? update.mutateAsync({ id: deliverable.id, body }) : create.mutateAsync(body)), {
      failure: { title: `Failed to ${isEdit ? "update" : "create"} deliverable`, fallback: "Please try again" },
      onSuccess: () => {
        toast({ title: `Deliverable ${isEdit ? "updated" : "created"} successfully` });
        onDone();
      },
    });
  }

  const toggleKind = (kind: (typeof FILE_KINDS)[number], on: boolean) =>
    form.set(
      "acceptedKinds",
      on ? FILE_KINDS.filter((k) => k === kind || v.acceptedKinds.includes(k)) : v.acceptedKinds.filter((k) => k !== kind),
    );

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="space-y-1"
      data-testid="deliverable-form"
      aria-label={isEdit ? "Edit Deliverable" : "Add Deliverable"}
    >
      <h3 className="font-semibold">{isEdit ? `Edit ${deliverable?.title}` : "Add Deliverable"}</h3>
      <Field label="Title" required maxLength={DELIVERABLE_TITLE_MAX_LENGTH} {...form.field("title")} />
      <TextArea
        label="Guidance"
        rows={2}
        hint="Optional: what a good entry holds"
        maxLength={DELIVERABLE_GUIDANCE_MAX_LENGTH}
        {...form.field("guidance")}
      />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Select label="Kind" options={KIND_OPTIONS} {...form.field("kind")} />
        <Select label="Due" options={DUE_OPTIONS} {...form.field("dueMode")} />
      </div>
      {v.dueMode === "at" && (
        <Field label="Due at" type="datetime-local" required hint="In your time zone" {...form.field("dueAt")} />
      )}
      <Checkbox label="Required to submit" {...form.checkbox("required")} />
      {v.kind === "FILE" && (
        <>
          <fieldset className="fieldset" aria-describedby={form.errors.acceptedKinds ? "accepted-kinds-error" : undefined}>
            <legend className="fieldset-legend">Accepted files</legend>
            {FILE_KINDS.map((kind) => (
              <Checkbox
                key={kind}
                label={FILE_KIND_LABELS[kind]}
                name="acceptedKinds"
                value={kind}
                checked={v.acceptedKinds.includes(kind)}
                onChange={(e) => toggleKind(kind, e.target.checked)}
              />
            ))}
            {form.errors.acceptedKinds && (
              <p id="accepted-kinds-error" className="text-error text-sm">
                {form.errors.acceptedKinds}
              </p>
            )}
          </fieldset>
          <Field label="Size limit (MB)" type="number" min={1} max={200} step="any" {...form.field("maxMegabytes")} />
        </>
      )}
      <div className="flex justify-end gap-2 pt-2">
        <Button variant="ghost" onClick={onDone}>
          Back to list
        </Button>
        <Button type="submit" {...submit.button}>
          {isEdit ? "Update Deliverable" : "Create Deliverable"}
        </Button>
      </div>
    </form>
  );
}
