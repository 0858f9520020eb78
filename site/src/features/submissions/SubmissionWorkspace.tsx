// The team's workspace for one challenge (decision 019): /challenges/{id}/submission. Starts the team's
// submission, shows each deliverable with its entry (a link, a text shown as Markdown, a file uploaded with its
// progress — FileEntry), saves an entry
// naming the revision it read — when a teammate saved first, their version is shown beside what was typed, nothing
// is lost —, Submit and Withdraw, the team (invite by username or e-mail, remove, leave) and the versions handed in.
// The page hands in the first state from the server; every action answers the new state.
import { useState, type FormEvent } from "react";
import type { Deliverable } from "@api/modules/deliverables/schema";
import { DELIVERABLE_KIND_LABELS } from "@api/modules/deliverables/schema";
import { ENTRY_TEXT_MAX_LENGTH, INVITEE_MAX_LENGTH, type Entry, type Submission } from "@api/modules/submissions/schema";
import Alert from "../../components/ui/Alert";
import Button from "../../components/ui/Button";
import Field from "../../components/ui/Field";
import TextArea from "../../components/ui/TextArea";
import { api, serverMessage, toApiError, unwrap } from "../../lib/api";
import { failureToast } from "../../lib/failure-toast";
import { formatMoment } from "../../lib/format";
import { toast } from "../../stores/toast";
import Markdown from "../../lib/markdown";
import { entryState, timeLeft } from "./entry-state";
import FileEntry from "./FileEntry";
import Versions from "./Versions";

type Props = {
  challenge: { id: string; title: string };
  deliverables: Deliverable[];
  submission: Submission | null;
  userId: string;
};

const STATUS_TEXT: Record<Submission["status"], string> = {
  DRAFT: "Draft — not submitted yet",
  SUBMITTED: "Submitted",
  WITHDRAWN: "Withdrawn — out of judging until you submit again",
  DISQUALIFIED: "Disqualified",
};

export default function SubmissionWorkspace({ challenge, deliverables, submission: first, userId }: Props) {
  const [submission, setSubmission] = useState(first);
  const [busy, setBusy] = useState<string | null>(null);
  const team = api.challenges({ id: challenge.id }).submission;

  /** One action at a time; its answer is the new state, its failure a toast with the server's words. */
  async function act(name: string, run: () => Promise<Submission | null>, done?: string, failed = "Something went wrong") {
    if (busy) return;
    setBusy(name);
    try {
      setSubmission(await run());
      if (done) toast({ title: done });
    } catch (error) {
      failureToast(error, "Please try again", failed);
    } finally {
      setBusy(null);
    }
  }

  if (!submission) {
    return (
      <div className="card border border-base-300 bg-base-200">
        <div className="card-body items-start gap-3">
          <h2 className="card-title">Start your team's submission</h2>
          <p className="opacity-80">
            You start it, then invite the other approved participants you work with. Everyone on the team can fill in the
            deliverables; anyone can submit once the required ones are filled.
          </p>
          <Button
            onClick={() => act("start", () => unwrap(team.post()), "Submission started", "Could not start the submission")}
            busy={busy === "start"}
            busyLabel="Starting..."
          >
            Start Submission
          </Button>
        </div>
      </div>
    );
  }

  const me = submission.members.find((m) => m.userId === userId);
  const isOwner = me?.role === "OWNER";
  const entries = new Map(submission.items.map((e) => [e.deliverableId, e]));
  const closed = submission.status === "DISQUALIFIED";

  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-center justify-between gap-3" data-testid="submission-status">
        <p>
          <span
            className={`badge ${submission.status === "SUBMITTED" ? "badge-success" : submission.status === "DRAFT" ? "badge-ghost" : "badge-warning"}`}
          >
            {STATUS_TEXT[submission.status]}
          </span>
          {submission.version > 0 && (
            <span className="ml-2 text-sm opacity-80">
              Version {submission.version}
              {submission.submittedAt ? `, first submitted ${formatMoment(submission.submittedAt)}` : ""}
            </span>
          )}
        </p>
        <div className="flex gap-2">
          {submission.status !== "SUBMITTED" && !closed && (
            <Button
              onClick={() => act("submit", () => unwrap(team.submit.post()), "Submission sent", "Could not submit")}
              busy={busy === "submit"}
              busyLabel="Submitting..."
            >
              Submit
            </Button>
          )}
          {submission.status === "SUBMITTED" && (
            <Button
              variant="outline"
              onClick={() => act("withdraw", () => unwrap(team.withdraw.post()), "Submission withdrawn", "Could not withdraw")}
              busy={busy === "withdraw"}
              busyLabel="Withdrawing..."
            >
              Withdraw
            </Button>
          )}
        </div>
      </div>
      {submission.disqualifiedReason && <Alert>Disqualified: {submission.disqualifiedReason}</Alert>}

      <section aria-labelledby="entries-heading">
        <h2 id="entries-heading" className="text-2xl font-bold">
          Deliverables
        </h2>
        {deliverables.length === 0 && <p className="mt-2 opacity-80">This challenge has not said what to hand in yet.</p>}
        <ol className="mt-4 space-y-4">
          {deliverables.map((d) => (
            <EntryCard
              key={d.id}
              challengeId={challenge.id}
              deliverable={d}
              entry={entries.get(d.id)}
              state={entryState(submission, entries.get(d.id))}
              disabled={closed}
              onSaved={(entry) =>
                setSubmission((s) => s && { ...s, items: [...s.items.filter((e) => e.deliverableId !== d.id), entry] })
              }
              onChanged={() =>
                unwrap(team.get())
                  .then(setSubmission)
                  .catch(() => {})
              }
            />
          ))}
        </ol>
      </section>

      <Versions key={submission.version} challengeId={challenge.id} latest={submission.version} />

      <TeamSection submission={submission} userId={userId} isOwner={isOwner} challengeId={challenge.id} act={act} busy={busy} />
    </div>
  );
}

type EntryCardProps = {
  challengeId: string;
  deliverable: Deliverable;
  entry: Entry | undefined;
  state: string;
  disabled: boolean;
  onSaved: (entry: Entry) => void;
  onChanged: () => void;
};

function EntryCard({ challengeId, deliverable: d, entry, state, disabled, onSaved, onChanged }: EntryCardProps) {
  const stored = (d.kind === "URL" ? entry?.url : entry?.text) ?? "";
  const [value, setValue] = useState(stored);
  const [revision, setRevision] = useState(entry?.revision ?? 0);
  const [theirs, setTheirs] = useState<Entry | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const open = !disabled && timeLeft(d.dueAt) !== "Closed";

  async function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (saving) return;
    setSaving(true);
    setError(null);
    try {
      const item = api.challenges({ id: challengeId }).submission.items({ deliverableId: d.id });
      const body = d.kind === "URL" ? { url: value.trim(), revision } : { text: value, revision };
      const { data, error: failure } = await item.put(body);
      if (data) {
        setRevision(data.revision);
        setTheirs(null);
        onSaved(data);
        toast({ title: "Saved", description: d.title });
        onChanged();
        return;
      }
      const body409 = (failure as { status?: number; value?: { current?: Entry | null } } | null)?.value;
      if ((failure as { status?: number })?.status === 409 && body409 && "current" in body409) {
        // A teammate saved first: show theirs, keep what was typed; saving again overwrites theirs knowingly.
        setTheirs(body409.current ?? null);
        setRevision(body409.current?.revision ?? 0);
        setError(
          "Someone on your team changed this entry meanwhile: their version is below. Save again to replace it with yours.",
        );
        onChanged(); // the rest of the page catches up with the team (states, version)
        return;
      }
      setError(serverMessage(toApiError(failure as { status: unknown; value: unknown })) || "Could not save. Please try again.");
    } catch {
      setError("Could not reach the server. Your text is still here: try again.");
    } finally {
      setSaving(false);
    }
  }

  const fieldId = `entry-${d.id}`;
  return (
    <li className="card border border-base-300 bg-base-100" data-testid="entry-card" aria-labelledby={`${fieldId}-title`}>
      <div className="card-body gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={`${fieldId}-title`} className="font-semibold">
            {d.title}
          </h3>
          <span className="badge badge-outline badge-sm">{DELIVERABLE_KIND_LABELS[d.kind]}</span>
          <span className={`badge badge-sm ${d.required ? "badge-primary" : "badge-ghost"}`}>
            {d.required ? "Required" : "Optional"}
          </span>
          <span className="badge badge-sm" data-testid="entry-state">
            {state}
          </span>
        </div>
        <p className="text-sm opacity-80">
          {d.dueAt ? (
            <>
              Due <time dateTime={d.dueAt}>{formatMoment(d.dueAt)}</time> ·{" "}
            </>
          ) : null}
          {timeLeft(d.dueAt)}
        </p>
        {d.guidance && <p className="whitespace-pre-line text-sm">{d.guidance}</p>}
        {d.kind === "FILE" ? (
          <FileEntry
            challengeId={challengeId}
            deliverable={d}
            entry={entry}
            open={open}
            onSaved={onSaved}
            onChanged={onChanged}
          />
        ) : (
          <form onSubmit={save} noValidate className="space-y-2">
            {d.kind === "URL" ? (
              <Field
                label="Link"
                type="url"
                name="url"
                value={value}
                maxLength={2048}
                placeholder="https://"
                disabled={!open}
                onChange={(e) => setValue(e.target.value)}
                error={error}
              />
            ) : (
              <TextArea
                label="Text"
                name="text"
                rows={6}
                value={value}
                maxLength={ENTRY_TEXT_MAX_LENGTH}
                disabled={!open}
                hint="Markdown: headings, lists and links"
                onChange={(e) => setValue(e.target.value)}
                error={error}
              />
            )}
            {theirs && (
              <div className="rounded-box border border-warning p-3 text-sm" data-testid="their-version">
                <p className="font-semibold">
                  Saved by {theirs.updatedBy ?? "a teammate"} at {formatMoment(theirs.updatedAt)}:
                </p>
                <p className="mt-1 whitespace-pre-line break-words">{theirs.url ?? theirs.text}</p>
              </div>
            )}
            {open && (
              <Button type="submit" size="sm" busy={saving} busyLabel="Saving...">
                Save
              </Button>
            )}
            {d.kind === "TEXT" && entry?.text && (
              <div className="rounded-box border border-base-300 p-3" data-testid="text-preview">
                <p className="mb-2 text-xs font-semibold uppercase opacity-70">As your team saved it</p>
                <Markdown text={entry.text} />
              </div>
            )}
          </form>
        )}
      </div>
    </li>
  );
}

type TeamProps = {
  submission: Submission;
  userId: string;
  isOwner: boolean;
  challengeId: string;
  busy: string | null;
  act: (name: string, run: () => Promise<Submission | null>, done?: string, failed?: string) => Promise<void>;
};

function TeamSection({ submission, userId, isOwner, challengeId, busy, act }: TeamProps) {
  const [invitee, setInvitee] = useState("");
  const team = api.challenges({ id: challengeId }).submission;
  const invite = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!invitee.trim()) return;
    await act(
      "invite",
      () => unwrap(team.invitations.post({ usernameOrEmail: invitee.trim() })),
      "Invitation sent",
      "Could not invite",
    );
    setInvitee("");
  };
  const leave = () =>
    act(
      "leave",
      async () => {
        await unwrap(team.leave.post());
        window.location.assign("/dashboard");
        return null;
      },
      "You left the team",
      "Could not leave the team",
    );

  return (
    <section aria-labelledby="team-heading" className="space-y-3">
      <h2 id="team-heading" className="text-2xl font-bold">
        Team
      </h2>
      <p className="text-sm opacity-80">At most {submission.teamSize} people, invitations included.</p>
      <ul className="space-y-2" data-testid="team-members">
        {submission.members.map((m) => (
          <li key={m.userId} className="flex flex-wrap items-center gap-2">
            <span>{m.name}</span>
            <span className="text-sm opacity-70">@{m.username}</span>
            {m.role === "OWNER" && <span className="badge badge-sm">Owner</span>}
            {isOwner && m.userId !== userId && (
              <Button
                variant="ghost"
                size="sm"
                onClick={() =>
                  act(
                    "remove",
                    async () => {
                      await unwrap(team.members({ userId: m.userId }).delete());
                      return unwrap(team.get());
                    },
                    `${m.name} removed`,
                    "Could not remove",
                  )
                }
              >
                Remove {m.name}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {submission.invitations.length > 0 && (
        <div>
          <h3 className="font-semibold">Invited</h3>
          <ul className="mt-1 space-y-1">
            {submission.invitations.map((i) => (
              <li key={i.id} className="flex flex-wrap items-center gap-2 text-sm">
                <span>
                  {i.invitee.name} (@{i.invitee.username}) — waiting for an answer
                </span>
                {isOwner && (
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() =>
                      act(
                        "cancel",
                        async () => {
                          await unwrap(team.invitations({ invitationId: i.id }).delete());
                          return unwrap(team.get());
                        },
                        "Invitation withdrawn",
                        "Could not withdraw the invitation",
                      )
                    }
                  >
                    Withdraw invitation
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      {isOwner && (
        <form onSubmit={invite} className="flex flex-wrap items-end gap-2" noValidate>
          <Field
            label="Invite an approved participant"
            hint="Their username or e-mail"
            name="usernameOrEmail"
            value={invitee}
            maxLength={INVITEE_MAX_LENGTH}
            onChange={(e) => setInvitee(e.target.value)}
            className="max-w-sm"
          />
          <Button type="submit" busy={busy === "invite"} busyLabel="Inviting...">
            Invite
          </Button>
        </form>
      )}
      {(!isOwner || submission.members.length === 1) && (
        <Button variant="ghost" size="sm" onClick={leave}>
          Leave the team
        </Button>
      )}
    </section>
  );
}
