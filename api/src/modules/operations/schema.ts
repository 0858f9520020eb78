// The operations contract (decisions 010 and 011; section `operations`, ADMIN by default): background jobs that failed
// or wait to retry, with Retry; the webhook ledger of Stripe and Printify events, with Replay. TypeBox only: the site
// imports it.
// Builders by name (not `Type`, one object holding them all): an island bundles only those it calls (lib/typebox.ts).
import * as T from "@sinclair/typebox/type";
import type { Static } from "@sinclair/typebox/type";
import { literalUnion } from "../../lib/typebox";
import { WEBHOOK_PROVIDERS, WEBHOOK_STATUSES } from "../../webhooks/vocabulary";

/** The job states the screen lists: failed for good (Retry runs it again) and failed, waiting for its next try. */
export const JOB_STATES = ["failed", "retry"] as const;
export type JobState = (typeof JOB_STATES)[number];
// The ledger's vocabulary lives with the ledger (webhooks/), below every module that stands on it.
export { WEBHOOK_PROVIDERS, WEBHOOK_STATUSES, type WebhookProvider, type WebhookStatus } from "../../webhooks/vocabulary";

export const JobStateSchema = literalUnion(JOB_STATES, { error: "state must be failed or retry" });
export const WebhookProviderSchema = literalUnion(WEBHOOK_PROVIDERS, { error: "provider must be stripe or printify" });
export const WebhookStatusSchema = literalUnion(WEBHOOK_STATUSES, { error: "Unknown webhook status" });

/** Rows a page holds unless asked otherwise, and the most one page may hold. */
export const OPERATIONS_PAGE_SIZE = 20;
export const OPERATIONS_LIST_MAX = 100;

/** pg-boss job ids are UUIDs; queue names are ours (letters, digits, `-`, `_`, `.`). */
export const JobParamsSchema = T.Object({
  queue: T.String({ pattern: "^[A-Za-z0-9_.-]{1,100}$", error: "Invalid queue name" }),
  id: T.String({
    pattern: "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$",
    error: "Invalid job id",
  }),
});
/** Stripe's `evt_…` ids and Printify's UUIDs: the alphabet the ledger's page cursors carry (lib/keyset.ts). */
export const WebhookParamsSchema = T.Object({
  provider: WebhookProviderSchema,
  id: T.String({ pattern: "^[A-Za-z0-9_-]{1,64}$", error: "Invalid event id" }),
});

const time = T.String({ format: "date-time" });
const maybe = <S extends ReturnType<typeof T.String>>(schema: S) => T.Union([schema, T.Null()]);

export const JobSchema = T.Object({
  queue: T.String(),
  id: T.String(),
  state: JobStateSchema,
  /** Runs after the first so far, and how many the job may have (a Retry by hand adds one). */
  retryCount: T.Integer({ minimum: 0 }),
  retryLimit: T.Integer({ minimum: 0 }),
  createdAt: time,
  startedAt: maybe(time),
  /** When it failed for good (failed jobs). */
  completedAt: maybe(time),
  /** When it runs again (retrying jobs). */
  nextRunAt: maybe(time),
  /** The last run's error message. */
  error: maybe(T.String()),
  /** The job's data, redacted: record ids shown, every other value hidden (service.ts `summariseJobData`). */
  data: T.String(),
});
export type Job = Static<typeof JobSchema>;

export const WebhookEventSchema = T.Object({
  provider: WebhookProviderSchema,
  id: T.String(),
  type: T.String(),
  status: WebhookStatusSchema,
  error: maybe(T.String()),
  /** A short text from the payload: what it is about (checkout session, amount, buyer's e-mail; Printify's order). */
  summary: maybe(T.String()),
  receivedAt: time,
  processedAt: maybe(time),
  /** Its payload is kept (events recorded before the ledger have none). */
  replayable: T.Boolean(),
});
export type WebhookEvent = Static<typeof WebhookEventSchema>;

const REPLAY_OUTCOMES = ["processed", "duplicate", "failed"] as const;
export type ReplayOutcome = (typeof REPLAY_OUTCOMES)[number];
/** A replay's answer: what happened (a failure is an answer too: the event shows FAILED with its error) and the row. */
export const ReplayResultSchema = T.Object({
  outcome: literalUnion(REPLAY_OUTCOMES),
  message: T.String(),
  event: WebhookEventSchema,
});
export type ReplayResult = Static<typeof ReplayResultSchema>;

export const OPERATIONS_MESSAGES = {
  jobNotFound: "Job not found",
  jobNotFailed: "This job is not failed: it has been retried already or is running",
  eventNotFound: "Event not found",
  noPayload: "This event was recorded before the ledger kept payloads: it cannot be replayed",
  badPayload: "The stored payload is not an event this handler reads",
  processed: "Event processed",
  duplicate: "Already processed: nothing changed",
} as const;
