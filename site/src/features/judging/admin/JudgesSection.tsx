// The Judges tab of the admin Judging dialog (decision 021): add a judge by username or e-mail (an account becomes a
// judge at once, an address without one is invited), the panel with affiliations and load, removal (their access ends
// at once) and the open invitations.
import { useState } from "react";
import { AddJudgeBodySchema, type InvitationRow, type JudgeRow, USERNAME_OR_EMAIL_MAX_LENGTH } from "@api/modules/judging/schema";
import Alert from "../../../components/ui/Alert";
import Button from "../../../components/ui/Button";
import Field from "../../../components/ui/Field";
import Spinner from "../../../components/ui/Spinner";
import { serverMessage } from "../../../lib/api";
import { formatMoment } from "../../../lib/format";
import { checkForm, useSubmit } from "../../../lib/forms";
import { toast } from "../../../stores/toast";
import Confirm from "./Confirm";
import { useAddJudge, useCancelInvitation, useJudges, useRemoveJudge } from "./judging-admin.queries";

function AddJudge({ challengeId }: { challengeId: string }) {
  const [value, setValue] = useState("");
  const [error, setError] = useState<string>();
  const [outcome, setOutcome] = useState<string>();
  const add = useAddJudge(challengeId);
  const submit = useSubmit("Adding...");
  return (
    <form
      className="flex flex-col gap-2 rounded-box border border-base-300 p-3"
      aria-label="Add a judge"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const body = { usernameOrEmail: value.trim() };
        const problem = checkForm(AddJudgeBodySchema, body).usernameOrEmail;
        if (problem) return setError(problem);
        setOutcome(undefined);
        void submit.run(
          () =>
            add.mutateAsync(body.usernameOrEmail).catch((err: unknown) => {
              setError(serverMessage(err) || undefined);
              throw err;
            }),
          {
            failure: { title: "Adding the judge failed", fallback: "Please try again." },
            onSuccess: (result) => {
              const said =
                "judge" in result
                  ? `${result.judge.name} (@${result.judge.username}) is a judge now.`
                  : `Invitation sent to ${result.invitation.email}: they become a judge when they sign up with it.`;
              setOutcome(said);
              toast({ title: "judge" in result ? "Judge added" : "Invitation sent", description: said });
              setValue("");
            },
          },
        );
      }}
    >
      <Field
        label="Username or e-mail"
        hint="An e-mail address without an account gets an invitation."
        maxLength={USERNAME_OR_EMAIL_MAX_LENGTH}
        value={value}
        error={error}
        onChange={(e) => {
          setValue(e.target.value);
          setError(undefined);
        }}
      />
      {outcome && <Alert tone="success">{outcome}</Alert>}
      <Button size="sm" type="submit" className="self-end" {...submit.button}>
        Add judge
      </Button>
    </form>
  );
}

function JudgeItem({ challengeId, judge }: { challengeId: string; judge: JudgeRow }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useRemoveJudge(challengeId);
  const submit = useSubmit("Removing...");
  return (
    <li className="rounded-box border border-base-300 p-3" data-testid="judge-row" aria-label={judge.name}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span>
          <span className="font-semibold">{judge.name}</span> <span className="text-sm opacity-80">@{judge.username}</span>
        </span>
        <span className="text-sm">
          {judge.scored} of {judge.assigned} scored
        </span>
      </div>
      <p className="text-sm opacity-80">
        {judge.affiliations.length > 0 ? `Affiliations: ${judge.affiliations.join(", ")}` : "No affiliations given"} · added{" "}
        {formatMoment(judge.addedAt)}
      </p>
      {confirming ? (
        <Confirm
          label={`Remove ${judge.name}`}
          warning={`Remove ${judge.name} from the panel? Their access to the entries ends at once.`}
          confirm={`Confirm: remove ${judge.name}`}
          busy={submit.button}
          onCancel={() => setConfirming(false)}
          onConfirm={() =>
            void submit.run(() => remove.mutateAsync(judge.userId), {
              failure: { title: "Removing the judge failed", fallback: "Please try again." },
              onSuccess: () => toast({ title: "Judge removed", description: "Their access to the entries ended." }),
            })
          }
        />
      ) : (
        <div className="mt-2 flex justify-end">
          <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
            Remove
          </Button>
        </div>
      )}
    </li>
  );
}

function InvitationItem({ challengeId, invitation }: { challengeId: string; invitation: InvitationRow }) {
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelInvitation(challengeId);
  const submit = useSubmit("Cancelling...");
  return (
    <li className="rounded-box border border-base-300 p-3" data-testid="invitation-row" aria-label={invitation.email}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span>
          {invitation.email} <span className="text-sm opacity-80">· invited {formatMoment(invitation.invitedAt)}</span>
        </span>
        {!confirming && (
          <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
            Cancel invitation
          </Button>
        )}
      </div>
      {confirming && (
        <Confirm
          label={`Cancel the invitation of ${invitation.email}`}
          warning={`Cancel the invitation of ${invitation.email}? Signing up with it no longer makes them a judge.`}
          confirm="Confirm: cancel the invitation"
          busy={submit.button}
          onCancel={() => setConfirming(false)}
          onConfirm={() =>
            void submit.run(() => cancel.mutateAsync(invitation.id), {
              failure: { title: "Cancelling the invitation failed", fallback: "Please try again." },
              onSuccess: () => toast({ title: "Invitation cancelled" }),
            })
          }
        />
      )}
    </li>
  );
}

export default function JudgesSection({ challengeId }: { challengeId: string }) {
  const list = useJudges(challengeId);
  return (
    <div className="flex flex-col gap-3">
      <AddJudge challengeId={challengeId} />
      {list.isPending ? (
        <Spinner label="Loading the judges" />
      ) : list.isError ? (
        <Alert>{serverMessage(list.error) || "Failed to load the judges."}</Alert>
      ) : (
        <>
          <h3 className="font-semibold">Judges</h3>
          {list.data.judges.length === 0 ? (
            <p className="opacity-80">No judges yet.</p>
          ) : (
            <ul className="flex flex-col gap-2">
              {list.data.judges.map((judge) => (
                <JudgeItem key={judge.userId} challengeId={challengeId} judge={judge} />
              ))}
            </ul>
          )}
          {list.data.invitations.length > 0 && (
            <>
              <h3 className="font-semibold">Open invitations</h3>
              <ul className="flex flex-col gap-2">
                {list.data.invitations.map((invitation) => (
                  <InvitationItem key={invitation.id} challengeId={challengeId} invitation={invitation} />
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </div>
  );
}
