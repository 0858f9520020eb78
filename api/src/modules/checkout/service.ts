// Checkout (SPEC §7): prices come from the database only — the resource row or the persisted annual price — never
// from the request. Every creating call carries an idempotency key derived from who buys what (and the price) within
// a short time bucket, so a double click makes one Checkout Session. The Stripe customer is remembered per user.
import type Stripe from "stripe";
import { db } from "../../db/client";
import { env } from "../../env";
import { AppError } from "../../lib/errors";
import { RateLimiter } from "../../db/rate-limit";
import { getSubscriptionSettings } from "../settings/service";
import { toCents } from "../../lib/money";
import { createLocalSession } from "../../dev/local-payments";
import { type Buyer, idempotencyKey, paramsDigest, type Purchase } from "../payments/purchase";
import type { CheckoutUrl } from "../payments/schema";
import { stripe } from "../../lib/stripe";
import { type CheckoutInput, PAYMENT_MESSAGES } from "./schema";

// Per member, like sign-in's limits: a double click reuses its session anyway; a script creating sessions (or
// Stripe customers and calls) in a loop gets 429 with Retry-After. Buying a few resources in a row stays far below.
const MINUTE = 60_000;
const checkoutLimits = {
  checkoutPerMember: new RateLimiter("checkout-member", 20, 15 * MINUTE),
  annualPerMember: new RateLimiter("annual-checkout-member", 10, 15 * MINUTE),
};

export async function createCheckoutSession(buyer: Buyer, input: CheckoutInput): Promise<CheckoutUrl> {
  await checkoutLimits.checkoutPerMember.consume(buyer.id, PAYMENT_MESSAGES.tooMany);
  const resource = await (await db()).resource.findFirst({
    where: { id: input.resourceId, draft: false },
    select: { id: true, title: true, accessLevel: true, oneTimePrice: true, monthlyPrice: true },
  });
  if (!resource) throw new AppError("not_found", PAYMENT_MESSAGES.notFound);
  if (resource.accessLevel === "FREE") throw new AppError("invalid_data", PAYMENT_MESSAGES.free);
  const price = input.paymentType === "onetime" ? resource.oneTimePrice : resource.monthlyPrice;
  if (price === null || toCents(price) <= 0) throw new AppError("invalid_data", PAYMENT_MESSAGES.noPrice);
  const page = `${env.SITE_URL}/resources/${encodeURIComponent(resource.id)}`;
  return checkout(buyer, {
    kind: input.paymentType,
    userId: buyer.id,
    resourceId: resource.id,
    name: input.paymentType === "onetime" ? resource.title : `${resource.title} (monthly)`,
    amount: toCents(price),
    successUrl: `${page}?success=true`,
    cancelUrl: `${page}?canceled=true`,
  });
}

export async function createAnnualSubscription(buyer: Buyer): Promise<CheckoutUrl> {
  await checkoutLimits.annualPerMember.consume(buyer.id, PAYMENT_MESSAGES.tooMany);
  const { annualPrice } = await getSubscriptionSettings();
  const amount = toCents(annualPrice);
  if (amount <= 0) throw new AppError("invalid_data", PAYMENT_MESSAGES.annualFree);
  return checkout(buyer, {
    kind: "annual",
    userId: buyer.id,
    resourceId: null,
    name: "Annual subscription: every premium resource",
    amount,
    successUrl: `${env.SITE_URL}/resources?success=true`,
    cancelUrl: `${env.SITE_URL}/resources?canceled=true`,
  });
}

async function checkout(buyer: Buyer, purchase: Purchase): Promise<CheckoutUrl> {
  const client = stripe();
  if (!client) {
    if (env.NODE_ENV === "production") throw new AppError("unavailable", PAYMENT_MESSAGES.notConfigured);
    return createLocalSession(buyer, purchase);
  }
  const customer = await stripeCustomer(client, buyer);
  const metadata = { userId: purchase.userId, resourceId: purchase.resourceId ?? "", kind: purchase.kind };
  const lineItem = (recurring?: "month" | "year"): Stripe.Checkout.SessionCreateParams.LineItem => ({
    quantity: 1,
    price_data: {
      currency: "usd",
      unit_amount: purchase.amount,
      product_data: { name: purchase.name },
      ...(recurring ? { recurring: { interval: recurring } } : {}),
    },
  });
  const common = {
    customer,
    client_reference_id: buyer.id,
    metadata,
    success_url: purchase.successUrl,
    cancel_url: purchase.cancelUrl,
  };
  const params: Stripe.Checkout.SessionCreateParams =
    purchase.kind === "onetime"
      ? { ...common, mode: "payment", line_items: [lineItem()], invoice_creation: { enabled: true } }
      : {
          ...common,
          mode: "subscription",
          line_items: [lineItem(purchase.kind === "annual" ? "year" : "month")],
          subscription_data: { metadata },
        };
  // The exact parameters are in the key: a resource renamed or repriced within the window makes a new session instead
  // of Stripe's idempotency_error (a reused key with other parameters); the double click still shares one.
  const key = idempotencyKey(["checkout", buyer.id, paramsDigest(params)]);
  const session = await client.checkout.sessions.create(params, { idempotencyKey: key });
  if (!session.url) throw new AppError("internal", "Stripe answered a Checkout Session without a URL");
  return { url: session.url };
}

/** The user's Stripe customer, created on their first checkout and remembered on the user row. */
export async function stripeCustomer(client: Stripe, buyer: Buyer): Promise<string> {
  const prisma = await db();
  const row = await prisma.user.findUniqueOrThrow({ where: { id: buyer.id }, select: { stripeCustomerId: true } });
  if (row.stripeCustomerId) return row.stripeCustomerId;
  const name = [buyer.firstName, buyer.lastName].filter(Boolean).join(" ") || undefined;
  // One key per user: two first checkouts at once get the same customer back from Stripe.
  const customer = await client.customers.create(
    { email: buyer.email, name, metadata: { userId: buyer.id } },
    { idempotencyKey: `customer-${buyer.id}` },
  );
  await prisma.user.updateMany({ where: { id: buyer.id, stripeCustomerId: null }, data: { stripeCustomerId: customer.id } });
  const saved = await prisma.user.findUniqueOrThrow({ where: { id: buyer.id }, select: { stripeCustomerId: true } });
  return saved.stripeCustomerId ?? customer.id;
}
