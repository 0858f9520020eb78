// A shop's Printify webhooks, registered for the shop from the admin Merchandise screen (decision 012): which of the
// events our receiver follows (orders/tracking.ts: order topics; product topics go on to printify/product-events.ts)
// Printify sends to us, and registering the missing ones with the secret Printify signs each delivery with. Plain values in, plain data out; failures are AppErrors.
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

/** The topics Printify already sends to exactly `url` for the shop. */
async function registeredTopics(client: PrintifyClient, shopId: string, url: string): Promise<Set<string>> {
  const webhooks = await client.listWebhooks(shopId).catch((e) => providerFailure(e, "Shop"));
  return new Set(webhooks.filter((w) => w.url === url).map((w) => w.topic));
}

const statusOf = (url: string, registered: Set<string>): WebhookStatus => ({
  url,
  topics: [...RECEIVED_WEBHOOK_TOPICS],
  registered: RECEIVED_WEBHOOK_TOPICS.filter((topic) => registered.has(topic)),
  secretConfigured: Boolean(env.PRINTIFY_WEBHOOK_SECRET),
});

/** The shop's webhook status as Printify has it. */
export async function webhookStatus(shopId: string, client: PrintifyClient | null = printify()): Promise<WebhookStatus> {
  if (!client) throw new AppError("unavailable", WEBHOOKS_NOT_CONFIGURED_MESSAGE);
  const url = webhookUrl();
  return statusOf(url, await registeredTopics(client, shopId, url));
}

/**
 * Registers each order topic not yet registered for our URL, so a second call registers nothing (Printify itself
 * would accept duplicates). Listing first is not atomic: two admins clicking at once may both register a topic. That
 * is harmless: each event then arrives twice with the same event id, and the receiver applies an event id once. A
 * failure midway keeps the topics registered before it (the status shows them) and answers Printify's reason; the
 * next call registers the rest.
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
  const registered = await registeredTopics(client, shopId, url);
  const missing = RECEIVED_WEBHOOK_TOPICS.filter((topic) => !registered.has(topic));
  // One at a time: the client paces requests anyway, and never retries these POSTs past a 429 (client.ts).
  for (const topic of missing) {
    await client.registerWebhook(shopId, { topic, url, secret }).catch((e) => providerFailure(e, "Shop"));
    registered.add(topic);
  }
  if (missing.length > 0) log.info("printify webhooks registered", { shopId, url, topics: missing, byUserId });
  const message =
    missing.length === 0
      ? "Webhooks were already registered"
      : `Webhooks registered for ${missing.length} ${missing.length === 1 ? "event" : "events"}`;
  return { message, status: statusOf(url, registered) };
}
