// Operations (decision 011; section `operations`): two tabs. Jobs — failed and retrying background jobs of every
// queue with their error, filtered by state, Retry for a failed one. Webhooks — the ledger of Stripe or Printify events
// (received, processed, failed) with each payload's summary, filtered by status, Replay for a stored event. Lists
// page by keyset (Load more); Retry and Replay answer with a toast, failures with the server's message.
import { useState } from "react";
import {
  JOB_STATES,
  type Job,
  type JobState,
  WEBHOOK_PROVIDERS,
  WEBHOOK_STATUSES,
  type WebhookEvent,
} from "@api/modules/operations/schema";
import { serverMessage } from "../../lib/api";
import { failureToast } from "../../lib/failure-toast";
import { listItems, withQueries } from "../../lib/query";
import { toast } from "../../stores/toast";
import Button from "../../components/ui/Button";
import Select from "../../components/ui/Select";
import Tabs, { tabId } from "../../components/ui/Tabs";
import AdminListScreen from "../admin/AdminListScreen";
import { JobCard, OperationSkeleton, WebhookCard } from "./OperationCards";
import { useJobs, useReplayEvent, useRetryJob, useWebhookEvents, type WebhookFilter } from "./operations.queries";
import { JOB_STATE, PROVIDER_LABELS, shortId, WEBHOOK_STATUS } from "./operations-status";

type Tab = "jobs" | "webhooks";
const TABS = [
  { value: "jobs", label: "Jobs" },
  { value: "webhooks", label: "Webhooks" },
] as const satisfies readonly { value: Tab; label: string }[];
const TAB_IDS = "operations-tab";
const PANEL_ID = "operations-panel";

const STATE_OPTIONS = JOB_STATES.map((s) => ({ value: s, label: JOB_STATE[s].label }));
const PROVIDER_OPTIONS = WEBHOOK_PROVIDERS.map((p) => ({ value: p, label: PROVIDER_LABELS[p] }));
const STATUS_OPTIONS = WEBHOOK_STATUSES.map((s) => ({ value: s, label: WEBHOOK_STATUS[s].label }));
const failedToast = (title: string, err: unknown) => failureToast(err, "Please try again", title);

export function OperationsAdmin() {
  const [tab, setTab] = useState<Tab>("jobs");
  const [state, setState] = useState<JobState | undefined>();
  const [filter, setFilter] = useState<WebhookFilter>({ provider: "stripe" });
  const jobs = useJobs(state, tab === "jobs");
  const events = useWebhookEvents(filter, tab === "webhooks");
  const retry = useRetryJob();
  const replay = useReplayEvent();
  const jobItems = listItems(jobs.data);
  const eventItems = listItems(events.data);
  const provider = PROVIDER_LABELS[filter.provider];

  const retryJob = (job: Job) =>
    retry.mutate(job, {
      onSuccess: () => toast({ title: "Job retried", description: `${job.queue} runs again now.` }),
      onError: (err) => failedToast("Failed to retry job", err),
    });
  const replayEvent = (event: WebhookEvent) =>
    replay.mutate(event, {
      onSuccess: (result) =>
        result.outcome === "failed"
          ? toast({ title: "Replay failed", description: result.event.error ?? result.message, variant: "destructive" })
          : toast({ title: "Event replayed", description: result.message }),
      onError: (err) => failedToast("Failed to replay event", err),
    });

  const jobsView = {
    query: jobs,
    empty: jobItems.length === 0,
    texts: {
      loading: "Loading jobs",
      failed: `Failed to load jobs. ${serverMessage(jobs.error) || "Please try again."}`,
      empty: state ? `No ${JOB_STATE[state].label.toLowerCase()} jobs.` : "No failed or retrying jobs.",
    },
    filters: (
      <Select
        label="State"
        blank="Failed and retrying"
        options={STATE_OPTIONS}
        value={state ?? ""}
        onChange={(e) => setState((e.target.value || undefined) as JobState | undefined)}
      />
    ),
    list: jobItems.map((job) => (
      <li key={`${job.queue}/${job.id}`} className="min-w-0">
        <JobCard
          job={job}
          actions={
            job.state === "failed" && (
              <Button
                variant="outline"
                size="sm"
                disabled={retry.isPending && retry.variables?.id === job.id}
                onClick={() => retryJob(job)}
              >
                Retry<span className="sr-only"> {`job ${shortId(job.id)} of ${job.queue}`}</span>
              </Button>
            )
          }
        />
      </li>
    )),
  };
  const webhooksView = {
    query: events,
    empty: eventItems.length === 0,
    texts: {
      loading: "Loading webhook events",
      failed: `Failed to load webhook events. ${serverMessage(events.error) || "Please try again."}`,
      empty: filter.status ? `No ${provider} events with this status.` : `No ${provider} events yet.`,
    },
    filters: (
      <>
        <Select
          label="Provider"
          options={PROVIDER_OPTIONS}
          value={filter.provider}
          onChange={(e) => setFilter((f) => ({ ...f, provider: e.target.value as WebhookFilter["provider"] }))}
        />
        <Select
          label="Status"
          blank="All statuses"
          options={STATUS_OPTIONS}
          value={filter.status ?? ""}
          onChange={(e) => setFilter((f) => ({ ...f, status: (e.target.value || undefined) as WebhookFilter["status"] }))}
        />
      </>
    ),
    list: eventItems.map((event) => (
      <li key={event.id} className="min-w-0">
        <WebhookCard
          event={event}
          actions={
            event.replayable && (
              <Button
                variant="outline"
                size="sm"
                disabled={replay.isPending && replay.variables?.id === event.id}
                onClick={() => replayEvent(event)}
              >
                Replay<span className="sr-only"> event {event.id}</span>
              </Button>
            )
          }
        />
      </li>
    )),
  };
  const view = tab === "jobs" ? jobsView : webhooksView;

  return (
    <AdminListScreen
      title="Operations"
      description="Background jobs that failed, and the webhook events Stripe and Printify sent."
      toolbar={
        <div className="flex flex-col gap-4">
          <Tabs label="Operations" idPrefix={TAB_IDS} panelId={PANEL_ID} tabs={TABS} value={tab} onChange={setTab} />
          <div className="grid max-w-xl grid-cols-1 gap-x-4 sm:grid-cols-2">{view.filters}</div>
        </div>
      }
      query={view.query}
      empty={view.empty}
      texts={view.texts}
      layout="rows"
      skeletons={3}
      skeleton={<OperationSkeleton />}
      tabPanel={{ id: PANEL_ID, labelledBy: tabId(TAB_IDS, tab) }}
    >
      {/* Two columns at most: ids, errors and summaries are long. */}
      <ul className="grid grid-cols-1 gap-6 xl:grid-cols-2">{view.list}</ul>
    </AdminListScreen>
  );
}

export default withQueries(OperationsAdmin);
