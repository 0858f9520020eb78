// The Submissions view of one challenge for the `challenges` section (decision 019), inside the admin challenges
// screen's Submissions dialog (loaded only when it opens): the teams' submissions filtered by state, a page at a time,
// the list as CSV and every submitted version as one ZIP, and per team Disqualify (a reason the team sees, confirmed)
// and Grant extension (until a date and time, in the admin's own zone; the server keeps UTC).
import { useState } from "react";
import {
  type AdminSubmission,
  DISQUALIFY_REASON_MAX_LENGTH,
  SUBMISSION_STATUSES,
  type SubmissionStatus,
} from "@api/modules/submissions/schema";
import Alert from "../../components/ui/Alert";
import Badge, { type BadgeTone } from "../../components/ui/Badge";
import Button from "../../components/ui/Button";
import Field from "../../components/ui/Field";
import Select from "../../components/ui/Select";
import Spinner from "../../components/ui/Spinner";
import TextArea from "../../components/ui/TextArea";
import { serverMessage } from "../../lib/api";
import { formatMoment } from "../../lib/format";
import { useSubmit } from "../../lib/forms";
import { listItems } from "../../lib/query";
import { toast } from "../../stores/toast";
import { exportLinks, useAdminSubmissions, useSubmissionAction } from "./submissions-admin.queries";

const STATE: Record<SubmissionStatus, { label: string; tone: BadgeTone }> = {
  DRAFT: { label: "Draft", tone: "ghost" },
  SUBMITTED: { label: "Submitted", tone: "success" },
  WITHDRAWN: { label: "Withdrawn", tone: "warning" },
  DISQUALIFIED: { label: "Disqualified", tone: "error" },
};

type Props = { challengeId: string; challengeTitle: string };

function SubmissionRow({ submission, challengeId }: { submission: AdminSubmission; challengeId: string }) {
  const [open, setOpen] = useState<"disqualify" | "extension" | null>(null);
  const [reason, setReason] = useState("");
  const [until, setUntil] = useState("");
  const action = useSubmissionAction(challengeId);
  const submit = useSubmit(open === "disqualify" ? "Disqualifying..." : "Granting...");
  const team = submission.owner ? `${submission.owner.name} (@${submission.owner.username})` : "Team without an owner";
  const headingId = `submission-${submission.id}`;

  const confirm = () =>
    void submit.run(
      () =>
        action.mutateAsync(
          open === "disqualify"
            ? { id: submission.id, reason }
            : { id: submission.id, until: until && new Date(until).toISOString() },
        ),
      {
        failure: { title: open === "disqualify" ? "Disqualification failed" : "Extension failed", fallback: "Please try again." },
        onSuccess: () => {
          toast({
            title: open === "disqualify" ? "Submission disqualified" : "Extension granted",
            description: "The team has been notified by e-mail.",
          });
          setOpen(null);
        },
      },
    );

  return (
    <li className="card border border-base-300 bg-base-100" data-testid="submission-row" aria-labelledby={headingId}>
      <div className="card-body gap-2 p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id={headingId} className="font-semibold">
            {team}
          </h3>
          <Badge tone={STATE[submission.status].tone}>{STATE[submission.status].label}</Badge>
        </div>
        <p className="text-sm opacity-80">
          {submission.members.length > 0 && <>With {submission.members.map((m) => m.name).join(", ")} · </>}
          {submission.version > 0 ? `Version ${submission.version}` : "Never submitted"}
          {submission.submittedAt && <> · submitted {formatMoment(submission.submittedAt)}</>} · {submission.items}{" "}
          {submission.items === 1 ? "entry" : "entries"}
        </p>
        {submission.extendedUntil && <p className="text-sm">Extended until {formatMoment(submission.extendedUntil)}</p>}
        {submission.disqualifiedReason && (
          <p className="whitespace-pre-line text-sm">Disqualified: {submission.disqualifiedReason}</p>
        )}
        {submission.status !== "DISQUALIFIED" && open === null && (
          <div className="flex justify-end gap-2">
            <Button variant="outline" size="sm" onClick={() => setOpen("extension")}>
              Grant extension
            </Button>
            <Button variant="danger" size="sm" onClick={() => setOpen("disqualify")}>
              Disqualify
            </Button>
          </div>
        )}
        {open && (
          <form
            className="flex flex-col gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              confirm();
            }}
          >
            {open === "disqualify" ? (
              <TextArea
                label="Reason (the team sees it)"
                required
                maxLength={DISQUALIFY_REASON_MAX_LENGTH}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
            ) : (
              <Field
                label="Changes allowed until (your time zone)"
                type="datetime-local"
                required
                value={until}
                onChange={(e) => setUntil(e.target.value)}
              />
            )}
            <div className="flex justify-end gap-2">
              <Button variant="ghost" size="sm" type="button" onClick={() => setOpen(null)}>
                Cancel
              </Button>
              <Button variant={open === "disqualify" ? "danger" : "primary"} size="sm" type="submit" {...submit.button}>
                {open === "disqualify" ? "Confirm disqualification" : "Grant extension"}
              </Button>
            </div>
          </form>
        )}
      </div>
    </li>
  );
}

export default function SubmissionsAdmin({ challengeId, challengeTitle }: Props) {
  const [status, setStatus] = useState<SubmissionStatus | undefined>();
  const submissions = useAdminSubmissions(challengeId, status);
  const links = exportLinks(challengeId, status);
  const items = listItems(submissions.data);
  return (
    <section aria-label={`Submissions for ${challengeTitle}`} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <Select
          label="State"
          blank="All states"
          options={SUBMISSION_STATUSES.map((s) => ({ value: s, label: STATE[s].label }))}
          value={status ?? ""}
          onChange={(e) => setStatus((e.target.value || undefined) as SubmissionStatus | undefined)}
        />
        <span className="flex gap-2">
          <a className="btn btn-outline btn-sm" href={links.csv} download>
            Export CSV
          </a>
          <a className="btn btn-outline btn-sm" href={links.zip} download>
            Download all (ZIP)
          </a>
        </span>
      </div>
      {submissions.isPending ? (
        <Spinner label="Loading submissions" />
      ) : submissions.isError ? (
        <Alert>{serverMessage(submissions.error) || "Failed to load submissions."}</Alert>
      ) : items.length === 0 ? (
        <p className="opacity-80">No submissions{status ? ` in this state` : " yet"}.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {items.map((submission) => (
            <SubmissionRow key={submission.id} submission={submission} challengeId={challengeId} />
          ))}
        </ul>
      )}
      {submissions.hasNextPage && (
        <Button
          variant="outline"
          size="sm"
          className="self-center"
          busy={submissions.isFetchingNextPage}
          busyLabel="Loading..."
          onClick={() => void submissions.fetchNextPage()}
        >
          Load more
        </Button>
      )}
    </section>
  );
}
