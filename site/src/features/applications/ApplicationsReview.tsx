// The applications view of one challenge for the `challenges` section (SPEC §2 Admin challenges, §4, §8): every
// application with its details; approve / reject for PENDING ones only, each with an optional note to the
// applicant (who also gets an e-mail). A reviewer's own application is shown without them: another reviewer
// decides it (the API refuses it too). The /admin/challenges page mounts it, e.g. inside its Applications dialog:
// <ApplicationsReview client:load challengeId={id} challengeTitle={title} /> or as a child of another island.
import { useState } from "react";
import { DECISION_NOTE_MAX_LENGTH, type ReviewApplication } from "@api/modules/applications/schema";
import Alert from "../../components/ui/Alert";
import Badge from "../../components/ui/Badge";
import Button from "../../components/ui/Button";
import Spinner from "../../components/ui/Spinner";
import { serverMessage } from "../../lib/api";
import { formatDay } from "../../lib/format";
import { useSubmit } from "../../lib/forms";
import { listItems, withQueries } from "../../lib/query";
import { toast } from "../../stores/toast";
import type { Decision } from "@api/modules/applications/schema";
import { useChallengeApplications, useDecide } from "./applications.queries";
import ApplicationStatusBadge from "./ApplicationStatusBadge";

type Props = { challengeId: string; challengeTitle: string };

const OUTCOME: Record<Decision, { done: string; failed: string; fallback: string; busy: string }> = {
  approve: {
    done: "Application Approved",
    failed: "Approval Failed",
    fallback: "Failed to approve application. Please try again.",
    busy: "Approving...",
  },
  reject: {
    done: "Application Rejected",
    failed: "Rejection Failed",
    fallback: "Failed to reject application. Please try again.",
    busy: "Rejecting...",
  },
};

function ReviewItem({ application, challengeId }: { application: ReviewApplication; challengeId: string }) {
  const [note, setNote] = useState("");
  const decide = useDecide(challengeId);
  // One submit per decision (each with its busy label); either one busy disables both.
  const submits = { approve: useSubmit(OUTCOME.approve.busy), reject: useSubmit(OUTCOME.reject.busy) };
  const deciding = submits.approve.busy || submits.reject.busy;
  const noteId = `note-${application.id}`;

  const run = async (decision: Decision) => {
    if (deciding) return;
    await submits[decision].run(() => decide.mutateAsync({ applicationId: application.id, decision, note }), {
      failure: { title: OUTCOME[decision].failed, fallback: OUTCOME[decision].fallback },
      onSuccess: () =>
        toast({ title: OUTCOME[decision].done, description: `${application.applicantName} has been notified by e-mail.` }),
    });
  };

  return (
    <li
      className="card border border-base-300 bg-base-100"
      data-testid="review-item"
      aria-labelledby={`applicant-${application.id}`}
    >
      <div className="card-body gap-2 p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id={`applicant-${application.id}`} className="font-semibold">
            {application.applicantName}
          </h3>
          <div className="flex flex-wrap gap-2">
            <ApplicationStatusBadge status={application.status} />
            {application.isEnterprise && <Badge tone="secondary">Enterprise Participant</Badge>}
          </div>
        </div>
        <p className="text-sm opacity-80">
          {application.role} at {application.company} ·{" "}
          <a className="link" href={`mailto:${application.applicantEmail}`}>
            {application.applicantEmail}
          </a>{" "}
          · applied {formatDay(application.joinedAt)}
        </p>
        <p className="whitespace-pre-line text-sm">{application.interestDescription}</p>
        {application.enterpriseExplanation && (
          <p className="whitespace-pre-line text-sm opacity-80">Enterprise explanation: {application.enterpriseExplanation}</p>
        )}
        {application.status === "PENDING" && application.isOwn ? (
          <p className="mt-2 text-sm opacity-80" data-testid="own-application">
            This is your own application: another reviewer has to approve or reject it.
          </p>
        ) : application.status === "PENDING" ? (
          <div className="mt-2 flex flex-col gap-2">
            <label htmlFor={noteId} className="text-sm font-medium">
              Note to the applicant (optional)
            </label>
            <textarea
              id={noteId}
              className="textarea textarea-sm w-full"
              rows={2}
              maxLength={DECISION_NOTE_MAX_LENGTH}
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
            <div className="flex justify-end gap-2">
              <Button
                variant="danger"
                size="sm"
                {...submits.reject.button}
                disabled={deciding}
                onClick={() => void run("reject")}
              >
                Reject
              </Button>
              <Button size="sm" {...submits.approve.button} disabled={deciding} onClick={() => void run("approve")}>
                Approve
              </Button>
            </div>
          </div>
        ) : (
          application.decisionNote && <p className="whitespace-pre-line text-sm">Note sent: {application.decisionNote}</p>
        )}
      </div>
    </li>
  );
}

export function ApplicationsReviewList({ challengeId, challengeTitle }: Props) {
  const applications = useChallengeApplications(challengeId);
  if (applications.isPending) return <Spinner label="Loading applications" />;
  if (applications.isError) {
    return (
      <div className="flex flex-col gap-2">
        <Alert>{serverMessage(applications.error) || "Failed to load applications."}</Alert>
        <Button variant="outline" size="sm" onClick={() => applications.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  // The counts are the whole list's (every page carries them); the items are the pages loaded so far.
  const { total, pending } = applications.data.pages[0] ?? { total: 0, pending: 0 };
  const items = listItems(applications.data);
  return (
    <section aria-label={`Applications for ${challengeTitle}`} className="flex flex-col gap-3">
      <p className="text-sm opacity-80">
        {total} {total === 1 ? "application" : "applications"}, {pending} pending review
      </p>
      {items.length === 0 ? (
        <p className="opacity-80">No applications yet.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {items.map((application) => (
            <ReviewItem key={application.id} application={application} challengeId={challengeId} />
          ))}
        </ul>
      )}
      {applications.hasNextPage && (
        <Button
          variant="outline"
          size="sm"
          className="self-center"
          busy={applications.isFetchingNextPage}
          busyLabel="Loading..."
          onClick={() => void applications.fetchNextPage()}
        >
          Load more
        </Button>
      )}
    </section>
  );
}

/** The island: mounted on its own it brings the data layer; inside another island use ApplicationsReviewList. */
export default withQueries(ApplicationsReviewList);
