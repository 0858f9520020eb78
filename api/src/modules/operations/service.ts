// Operations (decisions 010 and 011): failed and retrying background jobs across every queue (pg-boss, schema `pgboss`)
// with a Retry by hand, and the webhook ledger (webhooks/ledger.ts) with a Replay that runs the provider's own
// idempotent handler on the stored payload. Plain functions: no Elysia context in, plain data out, AppError on failure.
import { Value } from "@sinclair/typebox/value";
import type Stripe from "stripe";
import { db } from "../../db/client";
import { Prisma, type WebhookStatus as DbWebhookStatus } from "../../generated/prisma/client";
import { jobQueue } from "../../jobs/jobs";
import { AppError, notFound, shortMessage } from "../../lib/errors";
import { defineKeyset, inPageOrder, type Page, type PageInput } from "../../lib/keyset";
import { processPrintifyEvent } from "../orders/tracking";
import { processStripeEvent } from "../payments/stripe-webhook";
import { PrintifyWebhookEventSchema } from "../printify/shapes";
import {
  JOB_STATES,
  type Job,
  type JobState,
  OPERATIONS_MESSAGES as MESSAGES,
  OPERATIONS_PAGE_SIZE,
  type ReplayOutcome,
  type ReplayResult,
  type WebhookEvent,
  type WebhookProvider,
  type WebhookStatus,
} from "./schema";
import { fromCents } from "../../lib/money";

// ---- Jobs -------------------------------------------------------------------------------------------------------

/**
 * pgboss.job is pg-boss's table (partitioned by queue), not a Prisma model, so its page is read here with the cursors
 * of lib/keyset.ts. Its times have microseconds and cursors carry milliseconds: the sort key is truncated to match.
 */
const jobKeyset = defineKeyset({ table: "job", column: "created_on", kind: "timestamp", direction: "desc", uuidIds: true });
const JOB_SORT = Prisma.sql`date_trunc('milliseconds', created_on)`;

type JobRow = {
  queue: string;
  id: string;
  state: JobState;
  retryCount: number;
  retryLimit: number;
  createdAt: Date;
  startedAt: Date | null;
  completedAt: Date | null;
  startAfter: Date;
  output: unknown;
  data: unknown;
};

/** A value shown under an id-named key: our record ids and numbers, never text with spaces, `@`, `/` or `:`. */
const ID_KEY = /^(id|[a-z][A-Za-z0-9]{0,40}Id)$/;
const ID_VALUE = /^[A-Za-z0-9_-]{1,64}$/;
const SHOWN_KEYS = 8;

/**
 * The one redaction rule for job data people see: each key is listed, but a value only under a key that names a
 * record (`id`, `orderId`, `runId`…) and only when it looks like an id; anything else — e-mail addresses, tokens,
 * links, names, nested objects — reads "hidden". A job's data may carry a reset link or a token: it never leaves here.
 */
export function summariseJobData(data: unknown): string {
  if (!data || typeof data !== "object" || Array.isArray(data)) return "(no data)";
  // Sorted: jsonb keeps its own key order, the summary reads the same for the same data.
  const entries = Object.entries(data).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (entries.length === 0) return "(no data)";
  const shown = entries.slice(0, SHOWN_KEYS).map(([key, value]) => {
    const visible =
      ID_KEY.test(key) &&
      ((typeof value === "string" && ID_VALUE.test(value)) || (typeof value === "number" && Number.isSafeInteger(value)));
    return `${key.slice(0, 40)}: ${visible ? String(value) : "hidden"}`;
  });
  return shown.join(", ") + (entries.length > SHOWN_KEYS ? ", …" : "");
}

/** runEach (jobs/jobs.ts) stores a failure as `output.message` (in full); pg-boss's own (an expired run) may differ. */
function errorOf(output: unknown): string | null {
  if (!output || typeof output !== "object") return null;
  const message = (output as { message?: unknown }).message;
  if (typeof message === "string" && message) return shortMessage(message);
  const text = JSON.stringify(output);
  return text === "{}" ? null : shortMessage(text);
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

const toJob = (row: JobRow): Job => ({
  queue: row.queue,
  id: row.id,
  state: row.state,
  retryCount: row.retryCount,
  retryLimit: row.retryLimit,
  createdAt: row.createdAt.toISOString(),
  startedAt: iso(row.startedAt),
  completedAt: iso(row.completedAt),
  nextRunAt: row.state === "retry" ? row.startAfter.toISOString() : null,
  error: errorOf(row.output),
  data: summariseJobData(row.data),
});

/** Failed and retrying jobs of every queue, newest first (or one of the two states). */
export async function listJobs({
  state,
  limit = OPERATIONS_PAGE_SIZE,
  cursor,
}: PageInput & { state?: JobState }): Promise<Page<Job>> {
  const from = cursor === undefined ? undefined : jobKeyset.decode(cursor, false);
  await jobQueue(); // pg-boss creates its schema when the queue first starts
  const states = state ? [state] : [...JOB_STATES];
  const after = from
    ? Prisma.sql`AND (${JOB_SORT}, id) < (${from.key.toISOString()}::timestamptz, ${from.id}::uuid)`
    : Prisma.empty;
  const rows = await (await db()).$queryRaw<JobRow[]>`
    SELECT name AS queue, id::text AS id, state::text AS state, retry_count AS "retryCount", retry_limit AS "retryLimit",
      ${JOB_SORT} AS "createdAt", started_on AS "startedAt", completed_on AS "completedAt", start_after AS "startAfter",
      output, data
    FROM pgboss.job
    WHERE state::text IN (${Prisma.join(states)}) ${after}
    ORDER BY ${JOB_SORT} DESC, id DESC
    LIMIT ${limit + 1}`;
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  const nextCursor = rows.length > limit && last ? jobKeyset.encode({ key: last.createdAt, id: last.id }) : null;
  return { items: items.map(toJob), nextCursor };
}

/**
 * Runs a failed job again (pg-boss `retry`: back to `retry` with one more run allowed; a worker of any process takes
 * it). Only a failed job moves, in one conditional update: a second click finds it retrying, running or done (409).
 */
export async function retryJob(queue: string, id: string): Promise<{ message: string }> {
  const { boss } = await jobQueue();
  if (!(await boss.getQueue(queue))) throw notFound(MESSAGES.jobNotFound);
  // pg-boss 12 answers { jobs, requested, affected } (manager.js mapCommandResponse); its .d.ts leaves the type empty.
  const { affected } = (await boss.retry(queue, id)) as { affected?: number };
  if (affected) return { message: "Job retried: it runs again now" };
  const [found] = await (await db()).$queryRaw<{ id: string }[]>`
    SELECT id::text AS id FROM pgboss.job WHERE name = ${queue} AND id = ${id}::uuid`;
  throw found ? new AppError("conflict", MESSAGES.jobNotFailed) : notFound(MESSAGES.jobNotFound);
}

// ---- The webhook ledger -----------------------------------------------------------------------------------------

/** Newest first on each ledger's (receivedAt, id) index; a status filter uses (status, receivedAt, id). */
const eventKeysets = {
  stripe: defineKeyset({ table: "stripe_events", column: "receivedAt", kind: "timestamp", direction: "desc" }),
  printify: defineKeyset({ table: "printify_events", column: "receivedAt", kind: "timestamp", direction: "desc" }),
} as const;

const eventSelect = {
  id: true,
  type: true,
  status: true,
  error: true,
  payload: true,
  receivedAt: true,
  processedAt: true,
} as const;
type EventRow = { id: string; type: string; status: DbWebhookStatus; error: string | null; payload: Prisma.JsonValue };
type EventRowWithTimes = EventRow & { receivedAt: Date; processedAt: Date | null };

async function findEvents(provider: WebhookProvider, ids: string[]): Promise<EventRowWithTimes[]> {
  const prisma = await db();
  const where = { id: { in: ids } };
  return provider === "stripe"
    ? prisma.stripeEvent.findMany({ where, select: eventSelect })
    : prisma.printifyEvent.findMany({ where, select: eventSelect });
}

type Json = Record<string, unknown>;
const obj = (value: unknown): Json => (value && typeof value === "object" && !Array.isArray(value) ? (value as Json) : {});
const str = (value: unknown) => (typeof value === "string" && value ? value.slice(0, 80) : null);

function stripeSummary(payload: Json): string | null {
  const object = obj(obj(payload.data).object);
  const amount = typeof object.amount_total === "number" ? object.amount_total : object.amount_paid;
  const currency = str(object.currency)?.toUpperCase();
  return join([
    str(object.id),
    str(obj(object.metadata).kind),
    typeof amount === "number" ? `${fromCents(amount)}${currency ? ` ${currency}` : ""}` : null,
    str(obj(object.customer_details).email) ?? str(object.customer_email),
    object.object === "subscription" ? str(object.status) : null,
  ]);
}

function printifySummary(payload: Json): string | null {
  const resource = obj(payload.resource);
  const data = obj(resource.data);
  const carrier = obj(data.carrier);
  const id = typeof resource.id === "number" ? String(resource.id) : str(resource.id);
  return join([
    id ? `${str(resource.type) ?? "resource"} ${id}` : null,
    str(data.status),
    str(carrier.tracking_number) ? `${str(carrier.code) ?? "carrier"} ${str(carrier.tracking_number)}` : null,
  ]);
}

const join = (parts: (string | null)[]) => parts.filter(Boolean).join(" · ") || null;

function toEvent(provider: WebhookProvider, row: EventRowWithTimes): WebhookEvent {
  const payload = row.payload === null ? null : obj(row.payload);
  return {
    provider,
    id: row.id,
    type: row.type,
    status: row.status,
    error: row.error,
    summary: payload && (provider === "stripe" ? stripeSummary(payload) : printifySummary(payload)),
    receivedAt: row.receivedAt.toISOString(),
    processedAt: iso(row.processedAt),
    replayable: payload !== null,
  };
}

export async function listWebhookEvents(
  query: PageInput & { provider: WebhookProvider; status?: WebhookStatus },
): Promise<Page<WebhookEvent>> {
  const { provider, status, limit = OPERATIONS_PAGE_SIZE, cursor } = query;
  const { ids, nextCursor } = await eventKeysets[provider].page(await db(), {
    where: status ? [Prisma.sql`"status" = ${status}::"WebhookStatus"`] : [],
    cursor,
    limit,
  });
  const rows = await findEvents(provider, ids);
  return { items: inPageOrder(ids, rows).map((row) => toEvent(provider, row)), nextCursor };
}

/** The stored payload as the provider's handler takes it (it was verified once; this only checks its shape). */
function storedEvent(provider: WebhookProvider, row: EventRow) {
  const payload = row.payload;
  if (payload === null) throw new AppError("conflict", MESSAGES.noPayload);
  const same = obj(payload).id === row.id;
  if (provider === "stripe") {
    if (!same || typeof obj(payload).type !== "string") throw new AppError("conflict", MESSAGES.badPayload);
    return () => processStripeEvent(payload as unknown as Stripe.Event);
  }
  if (!same || !Value.Check(PrintifyWebhookEventSchema, payload)) throw new AppError("conflict", MESSAGES.badPayload);
  return () => processPrintifyEvent(payload);
}

/**
 * Runs the provider's own handler again on the stored payload (no signature: it is our copy of a verified event).
 * The handler dedupes: a processed event changes nothing and says so; a failure is recorded on the event (FAILED,
 * its error) and answered as the outcome, never as a server error.
 */
export async function replayWebhookEvent(provider: WebhookProvider, id: string): Promise<ReplayResult> {
  const [row] = await findEvents(provider, [id]);
  if (!row) throw notFound(MESSAGES.eventNotFound);
  const handle = storedEvent(provider, row);
  let outcome: ReplayOutcome;
  try {
    outcome = (await handle()).duplicate ? "duplicate" : "processed";
  } catch {
    outcome = "failed"; // ledger.ts logged it and stored its message on the row
  }
  const [after] = await findEvents(provider, [id]);
  const event = toEvent(provider, after ?? row);
  const message = outcome === "failed" ? `Replay failed: ${event.error ?? "unknown error"}` : MESSAGES[outcome];
  return { outcome, message, event };
}
