// A merchandise order followed to the door (decision 012, "Following the order"): Printify's signed webhook and a
// reconciliation poll both turn what Printify says into "facts" and apply the one pure function `advance`, so events in
// any order, repeated, or lost while Printify blocks the webhook all end the same: the status only moves forward
// (CANCELLED is final), shipments are merged on the tracking number (carrier compared without case), the times are set once, and a timeline event is
// written only when something changed. Each webhook event is kept in the ledger `printify_events` (webhooks/ledger.ts)
// and marked processed in the same transaction as its effect.
import { Value } from "@sinclair/typebox/value";
import { db } from "../../db/client";
import { env } from "../../env";
import type { OrderEventKind, OrderStatus, Prisma } from "../../generated/prisma/client";
import { AppError } from "../../lib/errors";
import { escapeHtml, SITE_NAME } from "../../lib/html";
import { enqueue, work } from "../../jobs/jobs";
import { storableText } from "../../lib/input-guard";
import { log } from "../../lib/logger";
import { sendMailOnce } from "../../jobs/mail-once";
import { handleEvent } from "../../webhooks/ledger";
import { PRINTIFY_ALERTS, type Shipment, webUrl } from "./schema";
import { readShipments } from "./shipments";
import type { Mail } from "../../lib/mailer";
import { printify, printifyTime, verifyPrintifySignature } from "../printify/client";
import { noteVerifiedDelivery } from "../printify/webhooks";
import { applyProductEvent, isProductEvent } from "../printify/product-events";
import { pagesChanged } from "../../db/page-changes";
import {
  ORDER_WEBHOOK_TOPICS,
  type PrintifyOrder,
  type PrintifyWebhookEvent,
  PrintifyWebhookEventSchema,
} from "../printify/shapes";

type Tx = Prisma.TransactionClient;

/** What Printify says about an order: its status (when told) and shipments (as far as told). */
type PrintifyFacts = { status: string | null; shipments: Shipment[] };
export type TrackedOrder = {
  status: OrderStatus;
  printifyStatus: string | null;
  shipments: Shipment[];
  trackingNumber: string | null;
  trackingUrl: string | null;
  shippedAt: Date | null;
  deliveredAt: Date | null;
  /** Printify's problem status while no admin has handled it; whether a refund is owed (cancelled at Printify). */
  printifyAlert?: string | null;
  refundDue?: boolean;
};
type Advance = {
  data: Partial<Omit<TrackedOrder, "shipments">> & { shipments?: Shipment[] };
  events: { kind: OrderEventKind; message: string }[];
};

/**
 * Printify's statuses on the way to the door, in order; the others are off it (its documented spellings:
 * docs/PRINTIFY-Documentation.md, "Order properties" → status): `canceled` ends the order, and `had-issues` and
 * `payment-not-received` wait for the merchant — an alert until an admin handles it. (`has-issues` is a line item's
 * status, never the order's.)
 */
const PRINTIFY_PATH = ["pending", "on-hold", "sending-to-production", "in-production", "partially-fulfilled", "fulfilled"];
const ORDER_PATH: OrderStatus[] = ["PENDING", "PROCESSING", "SHIPPED", "COMPLETED"];
const CANCELED = "canceled";

const IN_PRODUCTION = PRINTIFY_PATH.indexOf("sending-to-production");
const label = (s: Shipment) => `${s.carrier} ${s.number}`;
/** One parcel: the same tracking number from the same carrier, however the carrier's name is cased. */
const sameParcel = (a: Shipment, b: Shipment) => a.number === b.number && a.carrier.toLowerCase() === b.carrier.toLowerCase();

/**
 * The order after Printify's facts, as the changes to write (empty when nothing changed). Pure: `now` is given.
 * Never moves a status back; merges shipments; sets shippedAt / deliveredAt once.
 */
export function advance(order: TrackedOrder, facts: PrintifyFacts, now: Date): Advance {
  const result: Advance = { data: {}, events: [] };
  if (order.status === "CANCELLED") return result;
  const rank = (s: string | null) => (s === null ? -1 : PRINTIFY_PATH.indexOf(s));
  const before = rank(order.printifyStatus);
  if (facts.status && facts.status !== order.printifyStatus && !(rank(facts.status) >= 0 && rank(facts.status) < before)) {
    result.data.printifyStatus = facts.status;
    const after = rank(facts.status);
    if (before < IN_PRODUCTION && after >= IN_PRODUCTION && after <= IN_PRODUCTION + 1 && facts.shipments.length === 0) {
      result.events.push({ kind: "IN_PRODUCTION", message: "In production at Printify" });
    }
    // Cancelled at Printify after we were paid: nothing will ship, and the buyer is owed the money (an admin refunds).
    if (facts.status === CANCELED) {
      result.data.status = "CANCELLED";
      result.data.refundDue = true;
      result.events.push({ kind: "CANCELLED", message: "Cancelled at Printify: refund due" });
      return result;
    }
    // Raised when Printify's status becomes a problem; it stays until an admin marks it handled.
    if ((PRINTIFY_ALERTS as readonly string[]).includes(facts.status) && facts.status !== order.printifyAlert) {
      result.data.printifyAlert = facts.status;
      result.events.push({ kind: "ALERT_RAISED", message: `Printify: ${facts.status}` });
    }
  }

  // Shipments merged on the tracking number, the carrier compared without case (Printify's webhooks say "USPS", its
  // order lookup "usps": one parcel). A known one keeps its spelling and its delivery time once set, and gains a URL it
  // lacked.
  const merged = order.shipments.map((s) => ({ ...s }));
  let changed = false;
  for (const fact of facts.shipments) {
    const known = merged.find((s) => sameParcel(s, fact));
    if (!known) {
      merged.push({ ...fact });
      result.events.push({ kind: "SHIPPED", message: label(fact) });
      changed = true;
      continue;
    }
    if (!known.url && fact.url) {
      known.url = fact.url;
      changed = true;
    }
    if (!known.deliveredAt && fact.deliveredAt) {
      known.deliveredAt = fact.deliveredAt;
      changed = true;
    }
  }
  if (changed) result.data.shipments = merged;
  const latest = merged.at(-1);
  if (latest && latest.number !== order.trackingNumber) result.data.trackingNumber = latest.number;
  if (latest?.url && latest.url !== order.trackingUrl) result.data.trackingUrl = latest.url;

  let target = order.printifyStatus !== null || facts.status !== null ? 1 : 0; // known to Printify: PROCESSING
  if (merged.length > 0) target = 2;
  const delivered = merged.length > 0 && merged.every((s) => s.deliveredAt);
  if (delivered) target = 3;
  if (!order.shippedAt && merged.length > 0) result.data.shippedAt = now;
  if (!order.deliveredAt && delivered) {
    const times = merged.map((s) => printifyTime(s.deliveredAt!)).filter(Number.isFinite);
    result.data.deliveredAt = times.length ? new Date(Math.max(...times)) : now;
    result.events.push({ kind: "DELIVERED", message: merged.map(label).join(", ") });
  }
  if (target > ORDER_PATH.indexOf(order.status)) result.data.status = ORDER_PATH[target]!;
  return result;
}

/** Locks the order's row, applies the facts, writes the changes and their events. True when something changed. */
async function apply(tx: Tx, orderId: string, facts: PrintifyFacts): Promise<boolean> {
  // One writer per order at a time (webhooks of different ids, the reconciliation): merges never lose a shipment.
  await tx.$queryRaw`SELECT id FROM orders WHERE id = ${orderId} FOR UPDATE`;
  const found = await tx.order.findUniqueOrThrow({
    where: { id: orderId },
    select: {
      status: true,
      printifyStatus: true,
      shipments: true,
      trackingNumber: true,
      trackingUrl: true,
      shippedAt: true,
      deliveredAt: true,
      printifyAlert: true,
      refundDue: true,
    },
  });
  const row = { ...found, shipments: readShipments(found.shipments) };
  const { data, events } = advance(row, facts, new Date());
  if (Object.keys(data).length === 0 && events.length === 0) return false;
  await tx.order.update({ where: { id: orderId }, data });
  if (events.length) await tx.orderEvent.createMany({ data: events.map((e) => ({ orderId, ...e })) });
  // The buyer's "it shipped" mail, one per new parcel: enqueued with the change, so it exists exactly when it does.
  // Keyed on the tracking number (not the carrier's spelling, which differs between Printify's webhook and lookup).
  for (const shipment of data.shipments?.slice(row.shipments.length) ?? []) {
    const job = { orderId, number: shipment.number };
    await enqueue<ShippedMailJob>(tx, SHIPPED_MAIL_JOB, job, { key: `${orderId}:${shipment.number}` });
  }
  return true;
}

// ---- The webhook ------------------------------------------------------------------------------------------------

export const INVALID_SIGNATURE = "Invalid signature";
const ORDER_EVENTS = new Set<string>(ORDER_WEBHOOK_TOPICS);

const text = (value: unknown) => (typeof value === "string" && value ? value : null);

/** The facts one order event states (Printify's data: `status`; a shipment's `carrier: { code, tracking_number, tracking_url }`). */
export function factsOfEvent(event: PrintifyWebhookEvent): PrintifyFacts {
  const data = event.resource.data ?? {};
  const carrier = (data.carrier ?? {}) as Record<string, unknown>;
  const number = text(carrier.tracking_number);
  const shipment: Shipment | null =
    number && text(carrier.code)
      ? {
          carrier: text(carrier.code)!,
          number,
          url: webUrl(carrier.tracking_url),
          deliveredAt: event.type === "order:shipment:delivered" ? (text(data.delivered_at) ?? event.created_at) : null,
        }
      : null;
  const status = text(data.status) ?? (event.type === "order:sent-to-production" ? "sending-to-production" : null);
  return { status, shipments: shipment ? [shipment] : [] };
}

export async function handlePrintifyWebhook(payload: string, signature: string | null) {
  const secret = env.PRINTIFY_WEBHOOK_SECRET;
  if (!secret) throw new AppError("unavailable", "Printify webhooks are not configured");
  if (!verifyPrintifySignature(payload, signature, secret)) throw new AppError("invalid_data", INVALID_SIGNATURE);
  let event: PrintifyWebhookEvent;
  try {
    const parsed: unknown = JSON.parse(payload);
    if (!Value.Check(PrintifyWebhookEventSchema, parsed)) throw new Error("not an event");
    event = parsed;
  } catch {
    throw new AppError("invalid_data", "Invalid event");
  }
  // Signed with the current secret: the shop's webhooks work (the admin screen's "last verified"). Never in the way of
  // the event itself.
  const shopId = event.resource.type === "shop" ? event.resource.id : event.resource.data?.shop_id;
  // Printify's shop ids are numbers; anything else names no shop of ours (and a NUL would not reach the database).
  if (typeof shopId === "number" || (typeof shopId === "string" && /^\d{1,20}$/.test(shopId))) {
    await noteVerifiedDelivery(shopId).catch((e) => log.warn("printify delivery not noted", { error: String(e) }));
  }
  return processPrintifyEvent(event);
}

/**
 * A verified event, handled once through the webhook ledger (webhooks/ledger.ts): the webhook's second half, and the
 * replay of a stored event. Recorded with its payload; applied in the transaction that marks it processed; FAILED with
 * the error when applying throws (Printify gets its error and retries).
 */
export async function processPrintifyEvent(signed: PrintifyWebhookEvent) {
  const event = storableText(signed); // jsonb and text hold no NUL (lib/input-guard.ts)
  const resourceId = String(event.resource.id);
  const externalId = text(event.resource.data?.external_id);
  const entry = { id: event.id, type: event.type, resourceId, payload: event as unknown as Prisma.InputJsonValue };
  let catalogueChanged = false;
  const outcome = await handleEvent("printify", entry, async () => {
    // Product topics belong to the catalogue's owner (printify/product-events.ts), in this same ledger transaction.
    if (isProductEvent(event))
      return async (tx) => {
        catalogueChanged = await applyProductEvent(tx, event);
      };
    if (!ORDER_EVENTS.has(event.type)) return null;
    return async (tx) => {
      const order = await tx.order.findFirst({
        where: {
          orderType: "MERCHANDISE",
          OR: [{ printifyOrderId: resourceId }, ...(externalId ? [{ id: externalId }] : [])],
        },
        select: { id: true },
      });
      if (order) await apply(tx, order.id, factsOfEvent(event));
      else log.info("printify event for an unknown order: recorded", { id: event.id, resourceId });
    };
  });
  if (catalogueChanged) await pagesChanged(["merchandise"]); // the store's kept pages, in every process
  return { received: true as const, duplicate: outcome.duplicate };
}

// ---- Reconciliation ---------------------------------------------------------------------------------------------

const RECONCILE_JOB = "printify-reconcile";
const RECONCILE_BATCH = 100;
const RECONCILE_WINDOW_MS = 60 * 24 * 3600_000;

/** The facts an order read states (its status, its shipments as the order lookup spells them). */
export const factsOfOrder = (order: PrintifyOrder): PrintifyFacts => ({
  status: order.status,
  shipments: (order.shipments ?? []).map((s) => ({
    carrier: s.carrier,
    number: s.number,
    url: webUrl(s.url),
    deliveredAt: s.delivered_at ?? null,
  })),
});

/**
 * Re-reads open orders from Printify: what a blocked webhook missed arrives within 15 minutes. Returns how many changed.
 *
 * Least recently read first (`lastReconciledAt`, never-read first), and every read order is stamped, changed or not,
 * failed or not: past RECONCILE_BATCH open orders the runs take turns through all of them, so none starves behind an
 * order Printify keeps refusing. The stamp is written without touching `updatedAt`, which keeps meaning "changed".
 */
export async function reconcileOrders(batch = RECONCILE_BATCH): Promise<number> {
  const client = printify();
  if (!client) return 0;
  const prisma = await db();
  const open = await prisma.order.findMany({
    where: {
      orderType: "MERCHANDISE",
      status: { in: ["PROCESSING", "SHIPPED"] },
      printifyOrderId: { not: null },
      printifyShopId: { not: null },
      createdAt: { gte: new Date(Date.now() - RECONCILE_WINDOW_MS) },
    },
    orderBy: [{ lastReconciledAt: { sort: "asc", nulls: "first" } }, { createdAt: "asc" }],
    take: batch,
    select: { id: true, printifyOrderId: true, printifyShopId: true },
  });
  let changed = 0;
  for (const order of open) {
    try {
      const facts = factsOfOrder(await client.getOrder(order.printifyShopId!, order.printifyOrderId!));
      if (await prisma.$transaction((tx) => apply(tx, order.id, facts))) changed++;
    } catch (err) {
      log.warn("printify reconciliation failed for an order", { orderId: order.id, err });
    }
    await prisma.$executeRaw`UPDATE orders SET "lastReconciledAt" = now() WHERE id = ${order.id}`;
  }
  return changed;
}

// Every 15 minutes, in one process (pg-boss schedules once per queue). Not scheduled under tests: a run at :15 would
// read other tests' fake Printify orders mid-test; the tests call reconcileOrders() themselves.
void work(RECONCILE_JOB, () => reconcileOrders().then(() => undefined), {
  ...(env.NODE_ENV === "test" ? {} : { cron: "*/15 * * * *" }),
});

// ---- The shipping e-mail ----------------------------------------------------------------------------------------

export const SHIPPED_MAIL_JOB = "order-shipped-mail";
type ShippedMailJob = { orderId: string; number: string };

/** Sends the buyer the shipment's tracking, once per (order, tracking number) (jobs/mail-once.ts). */
async function sendShippedMail({ orderId, number }: ShippedMailJob) {
  const order = await (await db()).order.findUnique({
    where: { id: orderId },
    select: { customerEmail: true, customerName: true, shipments: true, merchandise: { select: { title: true } } },
  });
  const shipment = readShipments(order?.shipments ?? []).find((s) => s.number === number);
  if (!order?.customerEmail || !shipment) return;
  await sendMailOnce(
    `shipped:${orderId}:${number}`,
    shippedEmail(order.customerEmail, order.customerName, order.merchandise?.title ?? "Your order", orderId, shipment),
  );
}

function shippedEmail(to: string, name: string | null, product: string, orderId: string, shipment: Shipment): Mail {
  const link = shipment.url ?? `${env.SITE_URL}/merchandise`;
  const subject = `Your ${SITE_NAME} order has shipped`;
  const greeting = `Hi ${name ?? "there"},`;
  const lines = [
    `"${product}" (order #${orderId.slice(0, 8)}) is on its way.`,
    `Carrier: ${shipment.carrier}. Tracking number: ${shipment.number}.`,
  ];
  const text = [greeting, "", ...lines, "", `Track it: ${link}`, "", `— ${SITE_NAME}`].join("\n");
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937">
<p>${escapeHtml(greeting)}</p>
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("\n")}
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#7c3aed;color:#fff;border-radius:6px;text-decoration:none">Track it</a></p>
<p>— ${SITE_NAME}</p></body></html>`;
  return { to, subject, text, html, link };
}

// A relay that is down is retried for about a day, like the receipt.
void work(SHIPPED_MAIL_JOB, sendShippedMail, { retryLimit: 30, retryDelay: 10, retryBackoff: true, retryDelayMax: 3600 });
