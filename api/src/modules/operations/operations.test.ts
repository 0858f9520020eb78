// The operations section through the API (decisions 010 and 011): who may call it; a failed job listed with its error
// and redacted data, run once more by Retry (a second Retry 409); a retrying job with its next run; the webhook ledger
// keeping each verified event's payload and status, a replay of a processed Stripe event changing nothing, a Printify
// event whose handling threw kept FAILED and processed by a replay once the cause is gone; keyset pages; bad input 400,
// never 500.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { BASE_URL, type Client, raw, signedInClient, visitor } from "../../../test/client";
import { createOrder, createProductWithVariants, createUser, unique } from "../../../test/factories";
import { deliverStripeEvent, paidCheckoutSession, paidMerchandiseEvent, stripeEvent } from "../../../test/fake-stripe";
import { event as printifyEvent, printifyWebhookRequest } from "../../../test/fake-printify";
import { drain, withJobQueue } from "../../../test/jobs";
import { db } from "../../db/client";
import { env } from "../../env";
import { enqueueNow, work } from "../../jobs/jobs";
import { NEXT_CURSOR_HEADER } from "../../lib/keyset";
import type { ToolAccess } from "../auth/schema";
import { SHIPPED_MAIL_JOB } from "../orders/tracking";
import { RECEIPT_JOB } from "../payments/emails";
import { useStripe } from "../../lib/stripe";
import { type Job, OPERATIONS_MESSAGES, type WebhookEvent } from "./schema";
import { summariseJobData } from "./service";
import { expectFaultLogged } from "../../../test/logs";

withJobQueue();
const PRINTIFY_SECRET = "printify-webhook-secret-for-operations-tests";
const mutableEnv = env as { PRINTIFY_WEBHOOK_SECRET?: string };
beforeAll(() => {
  mutableEnv.PRINTIFY_WEBHOOK_SECRET = PRINTIFY_SECRET;
  useStripe(undefined); // one-time purchases read nothing from Stripe
});
afterAll(async () => {
  await drain(RECEIPT_JOB);
  await drain(SHIPPED_MAIL_JOB);
  mutableEnv.PRINTIFY_WEBHOOK_SECRET = undefined;
});

async function as(toolAccess: ToolAccess[] | "ADMIN"): Promise<Client> {
  return signedInClient(await createUser(toolAccess === "ADMIN" ? { role: "ADMIN" } : { toolAccess }));
}
const messageOf = (res: { error: unknown }) => (res.error as { value?: { message?: string } } | null)?.value?.message;

/** Every page of the jobs list (other test files leave failed jobs of their own). */
async function allJobs(client: Client, state?: "failed" | "retry"): Promise<Job[]> {
  const jobs: Job[] = [];
  let cursor: string | undefined;
  do {
    const res = await client.api.operations.jobs.get({ query: { state, limit: 100, cursor } });
    expect(res.status).toBe(200);
    jobs.push(...res.data!);
    cursor = res.response.headers.get(NEXT_CURSOR_HEADER) ?? undefined;
  } while (cursor);
  return jobs;
}

async function ledgerRow(client: Client, provider: "stripe" | "printify", id: string): Promise<WebhookEvent | undefined> {
  const res = await client.api.operations.webhooks.get({ query: { provider, limit: 100 } });
  expect(res.status).toBe(200);
  return res.data!.find((e) => e.id === id);
}

/** A queue whose handler fails its first `failures` runs with "printer on fire", then succeeds. */
async function flakyQueue(failures: number, settings: Parameters<typeof work>[2]) {
  const name = unique("ops-test");
  const runs: unknown[] = [];
  await work<object>(
    name,
    async (data) => {
      runs.push(data);
      if (runs.length <= failures) throw new Error("printer on fire");
    },
    settings,
  );
  return { name, runs };
}

describe("who may use operations", () => {
  test("anonymous 401, a member or another section's delegate 403, an operations delegate and an admin 200", async () => {
    const anonymous = visitor();
    const member = await as([]);
    const orders = await as(["order_management", "user_management"]);
    const jobId = crypto.randomUUID();
    for (const [client, status] of [
      [anonymous, 401],
      [member, 403],
      [orders, 403],
    ] as const) {
      expect((await client.api.operations.jobs.get({ query: {} })).status).toBe(status);
      expect((await client.api.operations.webhooks.get({ query: { provider: "stripe" } })).status).toBe(status);
      expect((await client.api.operations.jobs({ queue: "q" })({ id: jobId }).retry.post()).status).toBe(status);
      expect((await client.api.operations.webhooks({ provider: "stripe" })({ id: "evt_1" }).replay.post()).status).toBe(status);
    }
    for (const client of [await as(["operations"]), await as("ADMIN")]) {
      expect((await client.api.operations.jobs.get({ query: {} })).status).toBe(200);
      expect((await client.api.operations.webhooks.get({ query: { provider: "printify" } })).status).toBe(200);
    }
  });
});

describe("jobs", () => {
  test("a failed job shows its error and redacted data; Retry runs it once more; a second Retry is 409", async () => {
    const admin = await as(["operations"]);
    const { name, runs } = await flakyQueue(1, { retryLimit: 0 });
    const secret = "reset-token-0123456789abcdef";
    const id = await enqueueNow(name, { orderId: "ord_42", email: "ada@example.com", link: `https://x.test/r?t=${secret}` });
    await drain(name);
    expect(runs).toHaveLength(1);

    const failed = (await allJobs(admin, "failed")).find((j) => j.id === id);
    expect(failed).toMatchObject({
      queue: name,
      state: "failed",
      retryCount: 0,
      retryLimit: 0,
      error: "printer on fire",
      nextRunAt: null,
      data: "email: hidden, link: hidden, orderId: ord_42",
    });
    expect(failed!.completedAt).not.toBeNull();
    const listed = await admin.api.operations.jobs.get({ query: {} });
    expect(JSON.stringify(listed.data)).not.toContain(secret);

    const retried = await admin.api.operations.jobs({ queue: name })({ id: id! }).retry.post();
    expect(retried.status).toBe(200);
    const again = await admin.api.operations.jobs({ queue: name })({ id: id! }).retry.post();
    expect(again.status).toBe(409);
    expect(messageOf(again)).toBe(OPERATIONS_MESSAGES.jobNotFailed);
    await drain(name);
    expect(runs).toHaveLength(2);
    await Bun.sleep(600); // a poll's worth: it does not run a third time
    expect(runs).toHaveLength(2);
    expect((await allJobs(admin)).some((j) => j.id === id)).toBe(false); // completed: no longer listed
  });

  test("a job waiting to retry shows when it runs next; Retry is refused (it is not failed); unknown jobs 404", async () => {
    const admin = await as("ADMIN");
    const { name } = await flakyQueue(99, { retryLimit: 2, retryDelay: 3600, retryBackoff: false });
    const id = await enqueueNow(name, { runId: "run-7" });
    let job: Job | undefined;
    for (let i = 0; i < 200 && !job; i++) {
      job = (await allJobs(admin, "retry")).find((j) => j.id === id);
      if (!job) await Bun.sleep(25);
    }
    expect(job).toMatchObject({ queue: name, state: "retry", retryLimit: 2, error: "printer on fire", data: "runId: run-7" });
    expect(new Date(job!.nextRunAt!).getTime()).toBeGreaterThan(Date.now() + 3000_000);
    expect((await allJobs(admin, "failed")).some((j) => j.id === id)).toBe(false);

    expect((await admin.api.operations.jobs({ queue: name })({ id: id! }).retry.post()).status).toBe(409);
    const unknownJob = await admin.api.operations.jobs({ queue: name })({ id: crypto.randomUUID() }).retry.post();
    expect(unknownJob.status).toBe(404);
    expect(messageOf(unknownJob)).toBe(OPERATIONS_MESSAGES.jobNotFound);
    expect((await admin.api.operations.jobs({ queue: "no-such-queue" })({ id: id! }).retry.post()).status).toBe(404);
  });

  test("the list pages by keyset, newest first, each job once", async () => {
    const admin = await as("ADMIN");
    const { name } = await flakyQueue(99, { retryLimit: 0 });
    for (let n = 0; n < 3; n++) await enqueueNow(name, { n });
    await drain(name);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const res = await admin.api.operations.jobs.get({ query: { state: "failed", limit: 2, cursor } });
      expect(res.status).toBe(200);
      seen.push(...res.data!.map((j) => j.id));
      cursor = res.response.headers.get(NEXT_CURSOR_HEADER) ?? undefined;
      if (cursor) expect(res.response.headers.get("link")).toContain("/api/operations/jobs?state=failed&limit=2&cursor=");
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    const all = await allJobs(admin, "failed");
    expect(seen).toEqual(all.map((j) => j.id));
    expect(all.filter((j) => j.queue === name)).toHaveLength(3);
  });

  test("a cursor whose id is not a job's (a uuid) is a 400, not a database error", async () => {
    const admin = await as("ADMIN");
    const forged = Buffer.from(JSON.stringify(["2031-01-01T00:00:00.000Z", "not-a-uuid", null])).toString("base64url");
    const res = await admin.api.operations.jobs.get({ query: { state: "failed", cursor: forged } });
    expect(res.status).toBe(400);
    expect(messageOf(res)).toBe("Invalid page cursor");
  });

  test("the redaction rule: values only under id-named keys, and only when they look like ids", () => {
    expect(summariseJobData({ orderId: "a1-b2", userId: 42, token: "abc", id: "x y", nested: { orderId: "z" } })).toBe(
      "id: hidden, nested: hidden, orderId: a1-b2, token: hidden, userId: 42",
    );
    expect(summariseJobData({ resetLinkId: "https://x.test/?t=1" })).toBe("resetLinkId: hidden");
    expect(summariseJobData({})).toBe("(no data)");
    expect(summariseJobData(null)).toBe("(no data)");
  });
});

let stripeSeq = 0;
/** A paid one-time purchase as Stripe signs it (its fixtures, through api/test/fake-stripe.ts). */
function paidOneTime(email: string, userId: string) {
  const session = paidCheckoutSession({
    mode: "payment",
    amount_total: 4900,
    currency: "usd",
    customer_details: { address: null, email, name: null, phone: null, tax_exempt: "none", tax_ids: null },
    metadata: { userId, resourceId: "", kind: "onetime" },
  });
  const event = stripeEvent("checkout.session.completed", session);
  return { ...event, id: `evt_ops${Date.now().toString(36)}${(++stripeSeq).toString(36)}`, data: { object: session } };
}

describe("the webhook ledger", () => {
  test("a Stripe event is kept with its payload and summary; replaying it changes nothing and says so", async () => {
    const admin = await as(["operations"]);
    const buyer = await createUser();
    const event = paidOneTime(buyer.email, buyer.id);
    expect((await deliverStripeEvent(event)).status).toBe(200);
    const prisma = await db();
    const stored = await prisma.stripeEvent.findUniqueOrThrow({ where: { id: event.id } });
    expect(stored).toMatchObject({ type: "checkout.session.completed", status: "PROCESSED", error: null, payload: event });
    expect(stored.processedAt).not.toBeNull();

    const row = await ledgerRow(admin, "stripe", event.id);
    expect(row).toMatchObject({ provider: "stripe", status: "PROCESSED", replayable: true, error: null });
    expect(row!.summary).toBe(`${event.data.object.id} · onetime · 49.00 USD · ${buyer.email}`);
    const processed = await admin.api.operations.webhooks.get({ query: { provider: "stripe", status: "PROCESSED" } });
    expect(processed.data!.some((e) => e.id === event.id)).toBe(true);
    const failed = await admin.api.operations.webhooks.get({ query: { provider: "stripe", status: "FAILED" } });
    expect(failed.data!.some((e) => e.id === event.id)).toBe(false);

    const orders = () => prisma.order.count({ where: { userId: buyer.id } });
    expect(await orders()).toBe(1);
    for (let i = 0; i < 2; i++) {
      const replay = await admin.api.operations.webhooks({ provider: "stripe" })({ id: event.id }).replay.post();
      expect(replay.status).toBe(200);
      expect(replay.data).toMatchObject({ outcome: "duplicate", message: OPERATIONS_MESSAGES.duplicate });
      expect(replay.data!.event.processedAt).toBe(row!.processedAt);
    }
    expect(await orders()).toBe(1);
  });

  test("a Printify event whose handling throws is kept FAILED (Printify gets its 500); a replay after the fix processes it", async () => {
    const admin = await as("ADMIN");
    const order = await createOrder({
      orderType: "MERCHANDISE",
      status: "PROCESSING",
      printifyOrderId: unique("pfy-order"),
      printifyStatus: "on-hold",
      amount: "25.00",
    });
    const shipped = printifyEvent("order:shipment:created", {
      id: order.printifyOrderId!,
      data: { carrier: { code: "usps", tracking_number: "OPS1", tracking_url: "https://t.example/OPS1" } },
    });
    const prisma = await db();
    // The cause: a trigger refuses any change to this order, so the handler throws inside its transaction.
    const fn = `test_refuse_${unique("f").replace(/\W/g, "_")}`;
    await prisma.$executeRawUnsafe(
      `CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'order locked by a test'; END $$`,
    );
    await prisma.$executeRawUnsafe(
      `CREATE TRIGGER ${fn} BEFORE UPDATE ON orders FOR EACH ROW WHEN (OLD.id = '${order.id}') EXECUTE FUNCTION ${fn}()`,
    );
    try {
      const res = await expectFaultLogged(/order locked by a test/, () =>
        raw(printifyWebhookRequest(`${BASE_URL}/api/webhooks/printify`, shipped, PRINTIFY_SECRET)),
      );
      expect(res.status).toBe(500);
      const row = await ledgerRow(admin, "printify", shipped.id);
      expect(row).toMatchObject({ status: "FAILED", processedAt: null, replayable: true, type: "order:shipment:created" });
      // One line for people: the database's complaint, not Prisma's call site and our source lines.
      expect(row!.error).toBe("Database error. Code: `P0001`. Message: `order locked by a test`");
      expect(row!.summary).toBe(`order ${order.printifyOrderId} · usps OPS1`);
      const failed = await admin.api.operations.webhooks.get({ query: { provider: "printify", status: "FAILED" } });
      expect(failed.data!.map((e) => e.id)).toContain(shipped.id);

      // Replayed while the cause is still there: it fails again, answered as the outcome, not a server error.
      const early = await admin.api.operations.webhooks({ provider: "printify" })({ id: shipped.id }).replay.post();
      expect(early.status).toBe(200);
      expect(early.data!.outcome).toBe("failed");
      expect(early.data!.message).toContain("order locked by a test");
    } finally {
      await prisma.$executeRawUnsafe(`DROP TRIGGER ${fn} ON orders`);
      await prisma.$executeRawUnsafe(`DROP FUNCTION ${fn}()`);
    }
    expect((await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("PROCESSING");

    const replay = await admin.api.operations.webhooks({ provider: "printify" })({ id: shipped.id }).replay.post();
    expect(replay.status).toBe(200);
    expect(replay.data).toMatchObject({ outcome: "processed", event: { status: "PROCESSED", error: null } });
    const after = await prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(after).toMatchObject({ status: "SHIPPED", trackingNumber: "OPS1" });
    const events = await prisma.orderEvent.count({ where: { orderId: order.id, kind: "SHIPPED" } });
    // Once processed, a replay or Printify's own redelivery changes nothing more.
    const twice = await admin.api.operations.webhooks({ provider: "printify" })({ id: shipped.id }).replay.post();
    expect(twice.data!.outcome).toBe("duplicate");
    const redelivered = await raw(printifyWebhookRequest(`${BASE_URL}/api/webhooks/printify`, shipped, PRINTIFY_SECRET));
    expect(await redelivered.json()).toEqual({ received: true, duplicate: true });
    expect(await prisma.orderEvent.count({ where: { orderId: order.id, kind: "SHIPPED" } })).toBe(events);
    expect(events).toBe(1);
  });

  // The local test payment's Pay, tried again after a failure, signs a new event for the same session with a new
  // payment intent (as a buyer's second card would be at Stripe): the failed first event stays in the ledger.
  test("a FAILED checkout event replayed after a later success for the same session makes no second order", async () => {
    const admin = await as("ADMIN");
    const buyer = await createUser();
    const product = await createProductWithVariants();
    const prisma = await db();
    for (const first of [paidOneTime(buyer.email, buyer.id), paidMerchandiseEvent(product, { email: buyer.email })]) {
      const session = first.data.object;
      const retried = `pi_${unique("again")}`;
      const second = stripeEvent("checkout.session.completed", { ...session, payment_intent: retried });
      const ordersOfSession = () => prisma.order.count({ where: { stripePaymentId: { in: [session.payment_intent, retried] } } });
      const fn = `test_refuse_${unique("f").replace(/\W/g, "_")}`;
      await prisma.$executeRawUnsafe(
        `CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'payment refused by a test'; END $$`,
      );
      await prisma.$executeRawUnsafe(
        `CREATE TRIGGER ${fn} BEFORE INSERT ON orders FOR EACH ROW WHEN (NEW."stripePaymentId" = '${session.payment_intent}') EXECUTE FUNCTION ${fn}()`,
      );
      try {
        expect((await expectFaultLogged(/payment refused by a test/, () => deliverStripeEvent(first))).status).toBe(500);
        expect(await ledgerRow(admin, "stripe", first.id)).toMatchObject({ status: "FAILED" });
      } finally {
        await prisma.$executeRawUnsafe(`DROP TRIGGER ${fn} ON orders`);
        await prisma.$executeRawUnsafe(`DROP FUNCTION ${fn}()`);
      }
      expect((await deliverStripeEvent(second)).status).toBe(200);
      expect(await ordersOfSession()).toBe(1);

      const replay = await admin.api.operations.webhooks({ provider: "stripe" })({ id: first.id }).replay.post();
      expect(replay.status).toBe(200);
      expect(replay.data!.outcome).not.toBe("failed");
      expect(await ordersOfSession()).toBe(1);
    }
  });

  test("an event recorded before the ledger kept payloads cannot be replayed (409); an unknown one is 404", async () => {
    const admin = await as("ADMIN");
    const id = `evt_legacy${Date.now().toString(36)}`;
    await (await db()).stripeEvent.create({ data: { id, type: "invoice.paid", status: "PROCESSED", processedAt: new Date() } });
    expect(await ledgerRow(admin, "stripe", id)).toMatchObject({ replayable: false, summary: null });
    const replay = await admin.api.operations.webhooks({ provider: "stripe" })({ id }).replay.post();
    expect(replay.status).toBe(409);
    expect(messageOf(replay)).toBe(OPERATIONS_MESSAGES.noPayload);
    const unknown = await admin.api.operations.webhooks({ provider: "printify" })({ id: "no-such-event" }).replay.post();
    expect(unknown.status).toBe(404);
  });

  test("the ledger pages by keyset, newest first, the filter kept in the Link", async () => {
    const admin = await as("ADMIN");
    const prisma = await db();
    const base = Date.now() + 86_400_000; // in the future: the newest rows of the list
    const ids = Array.from({ length: 5 }, (_, n) => `evt_page${base.toString(36)}${n}`);
    await prisma.stripeEvent.createMany({
      data: ids.map((id, n) => ({ id, type: "invoice.paid", status: "FAILED", error: "x", receivedAt: new Date(base - n) })),
    });
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 3; page++) {
      const res = await admin.api.operations.webhooks.get({ query: { provider: "stripe", status: "FAILED", limit: 2, cursor } });
      seen.push(...res.data!.map((e) => e.id));
      cursor = res.response.headers.get(NEXT_CURSOR_HEADER) ?? undefined;
      if (page < 2)
        expect(res.response.headers.get("link")).toContain(
          "/api/operations/webhooks?provider=stripe&status=FAILED&limit=2&cursor=",
        );
    }
    expect(seen.slice(0, 5)).toEqual(ids);
  });
});

describe("bad input is a 400, never a 500", () => {
  test("cursors, providers, statuses, states, ids and queue names", async () => {
    const admin = await as("ADMIN");
    const jar = admin.jar.header();
    const get = (path: string) => raw(new Request(`${BASE_URL}${path}`, { headers: { cookie: jar } }));
    const post = (path: string) =>
      raw(new Request(`${BASE_URL}${path}`, { method: "POST", headers: { cookie: jar, origin: BASE_URL } }));
    for (const path of [
      "/api/operations/jobs?cursor=%00",
      `/api/operations/jobs?cursor=${"A".repeat(5000)}`,
      `/api/operations/jobs?cursor=${Buffer.from('["2026-01-01T00:00:00.000Z","x y",null]').toString("base64url")}`,
      "/api/operations/jobs?state=completed",
      "/api/operations/jobs?limit=0",
      "/api/operations/webhooks",
      "/api/operations/webhooks?provider=paypal",
      "/api/operations/webhooks?provider=stripe&status=DONE",
      "/api/operations/webhooks?provider=stripe&cursor=%00",
      "/api/operations/webhooks?provider=printify&cursor=not-a-cursor",
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(400);
    }
    for (const path of [
      `/api/operations/jobs/q/${"1".repeat(36)}/retry`,
      `/api/operations/jobs/a%00b/${crypto.randomUUID()}/retry`,
      `/api/operations/jobs/${"q".repeat(200)}/${crypto.randomUUID()}/retry`,
      "/api/operations/webhooks/paypal/evt_1/replay",
      "/api/operations/webhooks/stripe/evt%00/replay",
      `/api/operations/webhooks/stripe/${"e".repeat(100)}/replay`,
    ]) {
      const res = await post(path);
      expect(res.status, path).toBe(400);
    }
  });
});
