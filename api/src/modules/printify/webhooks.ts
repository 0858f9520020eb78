// A shop's Printify webhooks, registered for the shop from the admin Merchandise screen (decision 012): which of the
// events our receiver follows (orders/tracking.ts: order topics; product topics go on to printify/product-events.ts) Printify sends to us, and registering the missing ones with
// the secret Printify signs each delivery with. Plain values in, plain data out; failures are AppErrors.
//
// Secret rotation (decision 012): Printify's list of webhooks does not show their secret, so registering records
// a fingerprint of the secret it used (printify_webhook_registrations). A PRINTIFY_WEBHOOK_SECRET that no longer
// matches it means Printify still signs with the old one and every delivery fails our signature check: the status
// says so, and registering replaces this URL's webhooks (Printify's DELETE, then POST with the new secret).
import { createHmac } from "node:crypto";
import { db } from "../../db/client";
import { env } from "../../env";
import { AppError } from "../../lib/errors";
import { log } from "../../lib/logger";
import { type PrintifyClient, printify } from "./client";
import type { WebhookRegistration, WebhookStatus } from "./schema";
import { providerFailure } from "./service";
import { RECEIVED_WEBHOOK_TOPICS } from "./shapes";

/** The receiver's path (orders/index.ts); Printify is given it on SITE_URL. */
const PRINTIFY_WEBHOOK_PATH = "/api/webhooks/printify";

export const WEBHOOKS_NOT_CONFIGURED_MESSAGE = "Printify is not configured: set PRINTIFY_API_TOKEN to register webhooks.";
export const NO_WEBHOOK_SECRET_MESSAGE =
  "Webhooks need a secret: set PRINTIFY_WEBHOOK_SECRET (at least 16 characters), restart, then register again.";

/** Where Printify delivers: the public site, never the Host header of whoever asked. */
const webhookUrl = () => new URL(PRINTIFY_WEBHOOK_PATH, env.SITE_URL).href;

/**
 * What identifies a secret without revealing it: HMAC-SHA256 keyed by the secret over a fixed label, first 32 hex
 * digits. Keyed by the secret, so the stored value is no plain hash to look up; the secret is ≥ 16 random characters.
 */
export function secretFingerprint(secret: string): string {
  return createHmac("sha256", secret).update("printify-webhook-secret-fingerprint/v1").digest("hex").slice(0, 32);
}

/** Printify's webhooks of the shop that deliver to exactly `url`. */
async function webhooksAt(client: PrintifyClient, shopId: string, url: string) {
  const webhooks = await client.listWebhooks(shopId).catch((e) => providerFailure(e, "Shop"));
  return webhooks.filter((w) => w.url === url);
}

type Registration = { secretFingerprint: string; registeredAt: Date; checkedAt: Date | null; lastDeliveryAt: Date | null };

const registrationOf = async (shopId: string): Promise<Registration | null> =>
  (await db()).printifyWebhookRegistration.findUnique({
    where: { shopId },
    select: { secretFingerprint: true, registeredAt: true, checkedAt: true, lastDeliveryAt: true },
  });

/** Webhooks at our URL that are not (known to be) signed with the current secret. */
const secretChangedFor = (registered: Set<string>, registration: Registration | null) =>
  Boolean(env.PRINTIFY_WEBHOOK_SECRET) &&
  registered.size > 0 &&
  registration?.secretFingerprint !== secretFingerprint(env.PRINTIFY_WEBHOOK_SECRET as string);

function statusOf(url: string, registered: Set<string>, registration: Registration | null): WebhookStatus {
  const { checkedAt = null, lastDeliveryAt = null } = registration ?? {};
  const changed = secretChangedFor(registered, registration);
  // A delivery verified with the current secret, or the last registration check, whichever is later; none while the
  // secret no longer matches what they were registered with (the old proofs say nothing about the new secret).
  const latest =
    changed || (!checkedAt && !lastDeliveryAt)
      ? null
      : lastDeliveryAt && (!checkedAt || lastDeliveryAt > checkedAt)
        ? { at: lastDeliveryAt.toISOString(), by: "delivery" as const }
        : { at: (checkedAt as Date).toISOString(), by: "check" as const };
  return {
    url,
    topics: [...RECEIVED_WEBHOOK_TOPICS],
    registered: RECEIVED_WEBHOOK_TOPICS.filter((topic) => registered.has(topic)),
    secretConfigured: Boolean(env.PRINTIFY_WEBHOOK_SECRET),
    secretChanged: changed,
    registeredAt: registration?.registeredAt.toISOString() ?? null,
    lastVerified: latest,
  };
}

/** The shop's webhook status as Printify has it, with what this site recorded of their registration. */
export async function webhookStatus(shopId: string, client: PrintifyClient | null = printify()): Promise<WebhookStatus> {
  if (!client) throw new AppError("unavailable", WEBHOOKS_NOT_CONFIGURED_MESSAGE);
  const url = webhookUrl();
  const [ours, registration] = await Promise.all([webhooksAt(client, shopId, url), registrationOf(shopId)]);
  return statusOf(url, new Set(ours.map((w) => w.topic)), registration);
}

/**
 * A delivery for `shopId` whose signature verified with the current secret (orders/tracking.ts): the webhooks work.
 * At most one write a minute per shop; a shop this site never registered is not recorded.
 */
export async function noteVerifiedDelivery(shopId: string | number, at = new Date()): Promise<void> {
  const secret = env.PRINTIFY_WEBHOOK_SECRET;
  if (!secret) return;
  await (await db()).printifyWebhookRegistration.updateMany({
    where: {
      shopId: String(shopId),
      secretFingerprint: secretFingerprint(secret),
      OR: [{ lastDeliveryAt: null }, { lastDeliveryAt: { lt: new Date(at.getTime() - 60_000) } }],
    },
    data: { lastDeliveryAt: at },
  });
}

/**
 * Registers each order topic not yet registered for our URL, so a second call registers nothing (Printify itself
 * would accept duplicates). Listing first is not atomic: two admins clicking at once may both register a topic. That
 * is harmless: each event then arrives twice with the same event id, and the receiver applies an event id once. A
 * failure midway keeps the topics registered before it (the status shows them) and answers Printify's reason; the
 * next call registers the rest.
 *
 * When the URL's webhooks were registered with another secret (or with one this site did not record), they are
 * deleted first and all registered again with the current one. The fingerprint is written before the new webhooks
 * are created, so a failure midway leaves a record that matches the webhooks already made with the new secret (the
 * next call adds the rest); a failure among the deletions leaves the old record, so the next call deletes the rest.
 */
export async function registerWebhooks(
  shopId: string,
  byUserId: string | null,
  client: PrintifyClient | null = printify(),
): Promise<WebhookRegistration> {
  if (!client) throw new AppError("unavailable", WEBHOOKS_NOT_CONFIGURED_MESSAGE);
  const secret = env.PRINTIFY_WEBHOOK_SECRET;
  if (!secret) throw new AppError("unavailable", NO_WEBHOOK_SECRET_MESSAGE);
  const url = webhookUrl();
  const [ours, before] = await Promise.all([webhooksAt(client, shopId, url), registrationOf(shopId)]);
  const registered = new Set(ours.map((w) => w.topic));
  const replace = secretChangedFor(registered, before);
  if (replace) {
    for (const webhook of ours) await client.deleteWebhook(shopId, webhook.id).catch((e) => providerFailure(e, "Shop"));
    registered.clear();
    log.info("printify webhooks deleted: the secret changed", { shopId, url, count: ours.length, byUserId });
  }
  const missing = RECEIVED_WEBHOOK_TOPICS.filter((topic) => !registered.has(topic));
  const fingerprint = secretFingerprint(secret);
  const rows = (await db()).printifyWebhookRegistration;
  if (missing.length > 0 || !before || replace) {
    const now = new Date();
    await rows.upsert({
      where: { shopId },
      create: { shopId, url, secretFingerprint: fingerprint, registeredAt: now },
      update: { url, secretFingerprint: fingerprint, registeredAt: now, ...(replace ? { lastDeliveryAt: null } : {}) },
    });
  }
  // One at a time: the client paces requests anyway, and never retries these POSTs past a 429 (client.ts).
  for (const topic of missing) {
    await client.registerWebhook(shopId, { topic, url, secret }).catch((e) => providerFailure(e, "Shop"));
    registered.add(topic);
  }
  if (missing.length > 0) log.info("printify webhooks registered", { shopId, url, topics: missing, byUserId });
  // Every topic is now registered for our URL with this secret: the registration check.
  const after = await rows.update({
    where: { shopId },
    data: { checkedAt: new Date() },
    select: { secretFingerprint: true, registeredAt: true, checkedAt: true, lastDeliveryAt: true },
  });
  const events = (n: number) => `${n} ${n === 1 ? "event" : "events"}`;
  const message = replace
    ? `Webhooks replaced for the new secret: ${events(missing.length)}`
    : missing.length === 0
      ? "Webhooks were already registered"
      : `Webhooks registered for ${events(missing.length)}`;
  return { message, status: statusOf(url, registered, after) };
}
