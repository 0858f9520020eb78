// Payments without Stripe keys, in development and tests only (docs/decisions/010-payments.md): checkout answers a
// local "Test payment" page (site: /payments/test/{id}). Pay builds the Checkout Session event Stripe would send,
// signs it the Stripe way with the local webhook secret and hands it to the same webhook handler — so the journey
// grants access exactly as production does, through a verified event. In production, or with Stripe configured,
// none of this is reachable: every call answers 404.
// Sessions are rows of `test_payments` (no state in process memory). Pay claims a session with one conditional
// update (OPEN → PAYING): of concurrent clicks exactly one pays; the others wait for it and get the same answer.
// Merchandise (decision 010, "Merchandise"): guests too — their session is bound to the browser that started it
// (browser-cookie.ts) — and the page asks for the e-mail (guests) and the shipping address, which Pay puts in the
// event as Stripe would.
import { randomBytes } from "node:crypto";
import type Stripe from "stripe";
import { db } from "../db/client";
import type { Prisma } from "../generated/prisma/client";
import { env } from "../env";
import { AppError } from "../lib/errors";
import { localStripeId } from "../lib/local-payment-ids";
import { fromCents } from "../lib/money";
import { firstProblem } from "../lib/typebox";
import {
  type Buyer,
  idempotencyKey,
  MERCHANDISE_KIND,
  type MerchandisePurchase,
  merchandiseMetadata,
  type Purchase,
} from "../modules/payments/purchase";
import type { CheckoutUrl, PurchaseKind } from "../modules/payments/schema";
import { stripe, webhookSecret, webhookVerifier } from "../lib/stripe";
import { handleStripeWebhook } from "../modules/payments/stripe-webhook";
import {
  GuestEmailSchema,
  type LocalPayInput,
  type LocalSessionView,
  SHIPPING_MESSAGES,
  type ShippingAddress,
  ShippingAddressSchema,
} from "./schema";

const SESSION_TTL_MS = 60 * 60_000;
/** How long a click waits for the concurrent click that claimed the session to finish paying it. */
const CLAIM_WAIT_MS = 15_000;

const TEST_PAYMENT_PATH = "/payments/test";
const NOT_FOUND = "Test payment not found";

export function localPaymentsEnabled() {
  return env.NODE_ENV !== "production" && stripe() === null;
}

const hex = (bytes: number) => randomBytes(bytes).toString("hex");

const SESSION_SELECT = {
  id: true,
  userId: true,
  email: true,
  kind: true,
  resourceId: true,
  merchandiseId: true,
  merchandiseVariantId: true,
  printifyVariantId: true,
  variantTitle: true,
  name: true,
  amount: true,
  successUrl: true,
  cancelUrl: true,
} as const;
type LocalSession = Prisma.TestPaymentGetPayload<{ select: typeof SESSION_SELECT }>;

/** Who asks for a session: a member (their id), or a guest's browser (the hash of its cookie). */
export type LocalCaller = { userId: string | null; browserHash: string | null };

/** A member's sessions are theirs; a guest's belong to the browser that started them. */
function ownedBy(caller: LocalCaller): Prisma.TestPaymentWhereInput {
  const owners: Prisma.TestPaymentWhereInput[] = [];
  if (caller.userId) owners.push({ userId: caller.userId });
  if (caller.browserHash) owners.push({ userId: null, browserHash: caller.browserHash });
  return owners.length ? { OR: owners } : { id: { in: [] } };
}

type NewSession = Omit<Prisma.TestPaymentCreateManyInput, "id" | "idempotencyKey" | "expiresAt" | "status">;

/** Stores a session, or finds the one a double click within the idempotency window already stored. */
async function insertSession(data: NewSession, keyParts: readonly string[]): Promise<CheckoutUrl> {
  if (!localPaymentsEnabled()) throw new AppError("unavailable", "Payments are not configured");
  const prisma = await db();
  const now = Date.now();
  await prisma.testPayment.deleteMany({ where: { expiresAt: { lte: new Date(now) } } });
  // As with Stripe: a double click within the window gets the same session back (the key is unique while OPEN).
  const key = idempotencyKey(keyParts, now);
  let found: { id: string } | null = null;
  for (let attempt = 0; attempt < 2 && !found; attempt++) {
    await prisma.testPayment.createMany({
      data: [{ ...data, id: localStripeId("cs_test", hex(12)), idempotencyKey: key, expiresAt: new Date(now + SESSION_TTL_MS) }],
      skipDuplicates: true,
    });
    // Another click's session holds the key, or (claimed meanwhile, key cleared) a second try creates ours.
    found = await prisma.testPayment.findUnique({ where: { idempotencyKey: key }, select: { id: true } });
  }
  if (!found) throw new AppError("conflict", "The test payment could not be started. Please try again.");
  // A path, not SITE_URL: the purchase form's 303 then stays on whichever origin the page was opened on (in
  // development 127.0.0.1 and localhost both work), which the page's form-action 'self' requires.
  return { url: `${TEST_PAYMENT_PATH}/${found.id}` };
}

export function createLocalSession(buyer: Buyer, purchase: Purchase): Promise<CheckoutUrl> {
  return insertSession(
    {
      userId: buyer.id,
      email: buyer.email,
      kind: purchase.kind,
      resourceId: purchase.resourceId,
      name: purchase.name,
      amount: purchase.amount,
      successUrl: purchase.successUrl,
      cancelUrl: purchase.cancelUrl,
    },
    [buyer.id, purchase.kind, purchase.resourceId ?? "", String(purchase.amount)],
  );
}

/**
 * A merchandise session for a member (their e-mail known) or a guest (bound to `browserHash`, the e-mail asked on
 * the page). The idempotency key includes the owner, so one browser's double click shares a session, nobody else's
 * (a guest's very first double click, before the browser has its cookie, makes two: it ends on the second's page).
 */
export function createLocalMerchandiseSession(
  owner: { userId: string; email: string } | { browserHash: string },
  purchase: MerchandisePurchase,
): Promise<CheckoutUrl> {
  const who = "userId" in owner ? { userId: owner.userId, email: owner.email } : { browserHash: owner.browserHash, email: "" };
  return insertSession(
    {
      ...who,
      kind: MERCHANDISE_KIND,
      merchandiseId: purchase.merchandiseId,
      merchandiseVariantId: purchase.merchandiseVariantId,
      printifyVariantId: purchase.printifyVariantId,
      variantTitle: purchase.variantTitle,
      name: purchase.name,
      amount: purchase.amount,
      successUrl: purchase.successUrl,
      cancelUrl: purchase.cancelUrl,
    },
    [
      "userId" in owner ? `user:${owner.userId}` : `browser:${owner.browserHash}`,
      MERCHANDISE_KIND,
      purchase.merchandiseVariantId,
      String(purchase.amount),
    ],
  );
}

/** The caller's open, unexpired session (404 otherwise, and always when local payments are off). */
async function openSession(caller: LocalCaller, id: string): Promise<LocalSession> {
  const session = localPaymentsEnabled()
    ? await (await db()).testPayment.findFirst({
        where: { id, status: "OPEN", expiresAt: { gt: new Date() }, ...ownedBy(caller) },
        select: SESSION_SELECT,
      })
    : null;
  if (!session) throw new AppError("not_found", NOT_FOUND);
  return session;
}

const intervalOf = (kind: string): LocalSessionView["interval"] =>
  kind === "monthly" ? "month" : kind === "annual" ? "year" : null;

export async function viewLocalSession(caller: LocalCaller, id: string): Promise<LocalSessionView> {
  const session = await openSession(caller, id);
  return {
    id,
    name: session.name,
    amount: fromCents(session.amount),
    interval: intervalOf(session.kind),
    cancelUrl: session.cancelUrl,
    shipping: session.kind === MERCHANDISE_KIND,
    askEmail: session.kind === MERCHANDISE_KIND && session.userId === null,
  };
}

export async function cancelLocalSession(caller: LocalCaller, id: string): Promise<CheckoutUrl> {
  const session = await openSession(caller, id);
  const { count } = await (await db()).testPayment.updateMany({
    where: { id, status: "OPEN", ...ownedBy(caller) },
    data: { status: "CANCELED", idempotencyKey: null },
  });
  if (count === 0) throw new AppError("not_found", NOT_FOUND); // paid or canceled by a click a moment earlier
  return { url: session.cancelUrl };
}

/**
 * Pays a local session once: the click that claims it sends the signed `checkout.session.completed` through the
 * real webhook handler; concurrent clicks wait until it is PAID and answer the same success URL.
 */
export async function payLocalSession(caller: LocalCaller, id: string, input: LocalPayInput = {}): Promise<CheckoutUrl> {
  if (!localPaymentsEnabled()) throw new AppError("not_found", NOT_FOUND);
  const prisma = await db();
  // What Stripe Checkout would have collected, checked before the session is claimed (a mistake leaves it open).
  const session = await openSession(caller, id).catch(() => null);
  const buyer = session ? collected(session, input) : {};
  const deadline = Date.now() + CLAIM_WAIT_MS;
  for (;;) {
    const { count } = await prisma.testPayment.updateMany({
      where: { id, status: "OPEN", expiresAt: { gt: new Date() }, ...ownedBy(caller) },
      data: { status: "PAYING", idempotencyKey: null },
    });
    if (count === 1) return pay(id, buyer);
    const row = await prisma.testPayment.findFirst({
      where: { id, ...ownedBy(caller) },
      select: { status: true, successUrl: true },
    });
    if (row?.status === "PAID") return { url: row.successUrl };
    if (row?.status !== "PAYING" || Date.now() > deadline) throw new AppError("not_found", NOT_FOUND);
    await Bun.sleep(50); // another click is paying it
  }
}

/** What the buyer entered on the page, as Stripe Checkout collects it: merchandise needs an address (and a guest's e-mail). */
type Collected = { email?: string; shipping?: ShippingAddress };

function collected(session: LocalSession, input: LocalPayInput): Collected {
  if (session.kind !== MERCHANDISE_KIND) return {};
  const text = (value: string | undefined) => value?.trim() ?? "";
  const shipping = {
    name: text(input.name),
    line1: text(input.line1),
    line2: text(input.line2),
    city: text(input.city),
    region: text(input.region),
    postalCode: text(input.postalCode),
    country: text(input.country),
  };
  const problem =
    (session.userId === null ? firstProblem(GuestEmailSchema, { email: text(input.email) }) : null) ??
    firstProblem(ShippingAddressSchema, shipping);
  if (problem) throw new AppError("invalid_data", problem);
  return { email: session.userId === null ? text(input.email) : session.email, shipping: shipping as ShippingAddress };
}

async function pay(id: string, buyer: Collected): Promise<CheckoutUrl> {
  const prisma = await db();
  const session = await prisma.testPayment.findUniqueOrThrow({ where: { id }, select: SESSION_SELECT });
  try {
    const secret = webhookSecret();
    if (!secret) throw new AppError("not_found", NOT_FOUND);
    // A click that found the session busy and then claimed it after a failed try brought no address: ask again.
    if (session.kind === MERCHANDISE_KIND && !buyer.shipping) throw new AppError("invalid_data", SHIPPING_MESSAGES.name);
    const payload = JSON.stringify(
      session.kind === MERCHANDISE_KIND ? merchandiseCompletedEvent(session, buyer) : completedEvent(session),
    );
    const header = await webhookVerifier().generateTestHeaderStringAsync({ payload, secret });
    await handleStripeWebhook(payload, header);
  } catch (e) {
    // Not paid: the session is open again for another try.
    await prisma.testPayment.updateMany({ where: { id, status: "PAYING" }, data: { status: "OPEN" } });
    throw e;
  }
  await prisma.testPayment.update({ where: { id }, data: { status: "PAID" } });
  return { url: session.successUrl };
}

function completedEvent(session: LocalSession) {
  const now = Math.floor(Date.now() / 1000);
  const kind = session.kind as PurchaseKind;
  const metadata = { userId: session.userId ?? "", resourceId: session.resourceId ?? "", kind };
  const days = kind === "annual" ? 365 : 30;
  const subscription =
    kind === "onetime"
      ? null
      : ({
          id: localStripeId("sub", hex(12)),
          object: "subscription",
          status: "active",
          metadata,
          start_date: now,
          ended_at: null,
          items: { object: "list", data: [{ current_period_end: now + days * 86_400 }] },
        } as unknown as Stripe.Subscription);
  const checkout = {
    id: session.id,
    object: "checkout.session",
    mode: kind === "onetime" ? "payment" : "subscription",
    payment_status: "paid",
    status: "complete",
    amount_total: session.amount,
    currency: "usd",
    client_reference_id: session.userId,
    customer_details: { email: session.email },
    metadata,
    payment_intent: kind === "onetime" ? localStripeId("pi", hex(12)) : null,
    invoice: kind === "onetime" ? null : localStripeId("in", hex(12)),
    subscription,
    success_url: session.successUrl,
    cancel_url: session.cancelUrl,
  };
  return completed(checkout, now);
}

const completed = (checkout: object, now: number) => ({
  id: localStripeId("evt", hex(12)),
  object: "event",
  type: "checkout.session.completed",
  created: now,
  livemode: false,
  data: { object: checkout },
});

/**
 * A paid merchandise Checkout Session as Stripe sends it with shipping_address_collection: the buyer's e-mail and
 * name in `customer_details`, the address in `collected_information.shipping_details` (and the older top-level
 * `shipping_details` too), our metadata.
 */
function merchandiseCompletedEvent(session: LocalSession, buyer: Collected) {
  const now = Math.floor(Date.now() / 1000);
  const ship = buyer.shipping;
  const address = ship
    ? {
        line1: ship.line1,
        line2: ship.line2 || null,
        city: ship.city,
        state: ship.region || null,
        postal_code: ship.postalCode,
        country: ship.country,
      }
    : null;
  const shippingDetails = ship && address ? { name: ship.name, address } : null;
  const purchase: MerchandisePurchase = {
    merchandiseId: session.merchandiseId ?? "",
    merchandiseVariantId: session.merchandiseVariantId ?? "",
    printifyVariantId: session.printifyVariantId ?? "",
    variantTitle: session.variantTitle ?? "",
    name: session.name,
    amount: session.amount,
    successUrl: session.successUrl,
    cancelUrl: session.cancelUrl,
  };
  const checkout = {
    id: session.id,
    object: "checkout.session",
    mode: "payment",
    payment_status: "paid",
    status: "complete",
    amount_total: session.amount,
    currency: "usd",
    client_reference_id: session.userId,
    customer_details: { email: buyer.email ?? session.email, name: ship?.name ?? null, address },
    collected_information: { shipping_details: shippingDetails },
    shipping_details: shippingDetails,
    metadata: merchandiseMetadata(session.userId, purchase),
    payment_intent: localStripeId("pi", hex(12)),
    invoice: null,
    subscription: null,
    success_url: session.successUrl,
    cancel_url: session.cancelUrl,
  };
  return completed(checkout, now);
}
