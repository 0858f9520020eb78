// The operations screen's calls (decision 011): failed and retrying jobs, the webhook ledger of one provider, Retry
// and Replay, as queries and mutations of the one data layer. Both lists page by keyset: the next cursor arrives in a
// header. A list loads only while its tab is shown.
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import type { Job, JobState, WebhookEvent, WebhookProvider, WebhookStatus } from "@api/modules/operations/schema";
import { api, unwrap } from "../../lib/api";
import { keysetListOptions, keysetPage } from "../../lib/query";

const OPERATIONS = ["operations"] as const;
const PAGE_SIZE = 20;

export type WebhookFilter = { provider: WebhookProvider; status?: WebhookStatus };

export const useJobs = (state: JobState | undefined, enabled: boolean) =>
  useInfiniteQuery({
    ...keysetListOptions({
      queryKey: [...OPERATIONS, "jobs", state ?? "all"],
      page: (cursor) => keysetPage(api.operations.jobs.get({ query: { state, limit: PAGE_SIZE, cursor } })),
    }),
    enabled,
  });

export const useWebhookEvents = (filter: WebhookFilter, enabled: boolean) =>
  useInfiniteQuery({
    ...keysetListOptions({
      queryKey: [...OPERATIONS, "webhooks", filter],
      page: (cursor) => keysetPage(api.operations.webhooks.get({ query: { ...filter, limit: PAGE_SIZE, cursor } })),
    }),
    enabled,
  });

/** Runs a failed job again (409 when it is not failed any more: retried by another click, running or done). */
export function useRetryJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (job: Job) => unwrap(api.operations.jobs({ queue: job.queue })({ id: job.id }).retry.post()),
    onSettled: () => client.invalidateQueries({ queryKey: OPERATIONS }),
  });
}

/** Runs the provider's handler again on the stored event; the answer says whether it was processed, a repeat or failed. */
export function useReplayEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (event: WebhookEvent) =>
      unwrap(api.operations.webhooks({ provider: event.provider })({ id: event.id }).replay.post()),
    onSettled: () => client.invalidateQueries({ queryKey: OPERATIONS }),
  });
}
