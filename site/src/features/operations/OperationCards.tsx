// A failed or retrying job, and a webhook event, as cards of the operations screen: what it is, its badge, its times
// and details, its error, and the card's button.
import type { ReactNode } from "react";
import type { Job, WebhookEvent } from "@api/modules/operations/schema";
import Badge from "../../components/ui/Badge";
import DefinitionList from "../../components/ui/DefinitionList";
import { formatMoment } from "../../lib/format";
import { JOB_STATE, PROVIDER_LABELS, shortId, WEBHOOK_STATUS } from "./operations-status";

type Props = {
  title: string;
  subtitle: string;
  badge: { label: string; tone: Parameters<typeof Badge>[0]["tone"] };
  lines: [string, string | null][];
  error: string | null;
  actions: ReactNode;
  testId: string;
};

function OperationCard({ title, subtitle, badge, lines, error, actions, testId }: Props) {
  return (
    <article className="card h-full min-w-0 border border-base-300 bg-base-200 shadow-sm" data-testid={testId}>
      <div className="card-body min-w-0 gap-3">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 className="card-title text-lg [overflow-wrap:anywhere]">{title}</h2>
            <p className="text-sm opacity-70 [overflow-wrap:anywhere]">{subtitle}</p>
          </div>
          <Badge tone={badge.tone} className="shrink-0">
            {badge.label}
          </Badge>
        </div>
        <DefinitionList lines={lines} />
        {error && <p className="text-sm text-error [overflow-wrap:anywhere]">Error: {error}</p>}
        <div className="card-actions mt-auto justify-end">{actions}</div>
      </div>
    </article>
  );
}

const when = (iso: string | null) => (iso ? formatMoment(iso) : null);

export function JobCard({ job, actions }: { job: Job; actions: ReactNode }) {
  return (
    <OperationCard
      testId="job-card"
      title={job.queue}
      subtitle={`Job ${shortId(job.id)}`}
      badge={JOB_STATE[job.state]}
      lines={[
        ["Data", job.data],
        ["Attempts", `${job.retryCount + 1} of ${job.retryLimit + 1}`],
        ["Created", when(job.createdAt)],
        ["Last run", when(job.startedAt)],
        ["Failed", when(job.completedAt)],
        ["Next run", when(job.nextRunAt)],
      ]}
      error={job.error}
      actions={actions}
    />
  );
}

export function WebhookCard({ event, actions }: { event: WebhookEvent; actions: ReactNode }) {
  return (
    <OperationCard
      testId="webhook-card"
      title={event.type}
      subtitle={`${PROVIDER_LABELS[event.provider]} event ${event.id}`}
      badge={WEBHOOK_STATUS[event.status]}
      lines={[
        ["About", event.summary ?? (event.replayable ? null : "Recorded before payloads were kept")],
        ["Received", when(event.receivedAt)],
        ["Processed", when(event.processedAt)],
      ]}
      error={event.error}
      actions={actions}
    />
  );
}

export const OperationSkeleton = () => <div className="skeleton h-40 w-full" aria-hidden="true" />;
