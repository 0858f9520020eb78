// Merchandise checkout (SPEC §7 POST /api/create-merchandise-checkout). Guests may buy; a member's
// order is linked to them and their e-mail prefilled (their Stripe customer). The price and the variant's title come
// from the stored variant only — the request names a product and a Printify variant, nothing more is trusted.
// Stripe Checkout collects the e-mail and a shipping address (SHIPPING_COUNTRIES); an idempotency key per buyer and
// exact parameters makes a double click one session. A guest is their browser (the page's checkout nonce, else the
// checkout cookie), never their address: two guests behind one network are two buyers. Without Stripe keys
// (development) the local test payment page plays Stripe's part, a guest's session bound to their browser
// (dev/browser-cookie.ts).
import type Stripe from "stripe";
import { db } from "../../db/client";
import { env } from "../../env";
import { AppError } from "../../lib/errors";
import { RateLimiter } from "../../db/rate-limit";
import { toCents } from "../../lib/money";
import { browserHashOf, newBrowserToken } from "../../dev/browser-cookie";
import { createLocalMerchandiseSession } from "../../dev/local-payments";
import { type Buyer, idempotencyKey, type MerchandisePurchase, merchandiseMetadata, paramsDigest } from "../payments/purchase";
import { type CheckoutUrl, SHIPPING_COUNTRIES } from "../payments/schema";
import { stripe } from "../../lib/stripe";
import { MERCH_CHECKOUT_MESSAGES, type MerchandiseCheckoutInput, PAYMENT_MESSAGES } from "./schema";
import { stripeCustomer } from "./service";

// Per member, or per client address for guests (no account to count by): a double click reuses its session anyway;
// a script creating Checkout Sessions in a loop gets 429 with Retry-After. A household behind one address buying a
// few items stays far below.
const MINUTE = 60_000;
export const merchandiseCheckoutLimits = {
  perMember: new RateLimiter("merch-checkout-member", 20, 15 * MINUTE),
  perAddress: new RateLimiter("merch-checkout-address", 30, 15 * MINUTE),
};

/** Who is buying: a member, or a guest known by address (rate limit only) and browser cookie (sessions, Stripe key). */
type MerchandiseVisitor = { buyer: Buyer | null; ip: string; browserToken: string | undefined };
/** The answer, plus a new browser token to set when a guest without one was given one. */
type MerchandiseCheckoutResult = CheckoutUrl & { newBrowserToken?: string };

type StoredOption = { name?: unknown; values?: { id?: unknown; title?: unknown }[] };

/** The variant's option titles joined with ' / ' in the product's option order (SPEC §7), or null when unresolvable. */
function optionTitles(options: unknown, valueIds: readonly number[]): string | null {
  if (!Array.isArray(options)) return null;
  const titles: string[] = [];
  for (const option of options as StoredOption[]) {
    const value = option.values?.find((v) => typeof v.id === "number" && valueIds.includes(v.id));
    if (value && typeof value.title === "string") titles.push(value.title);
  }
  return titles.length ? titles.join(" / ") : null;
}

async function purchaseOf(input: MerchandiseCheckoutInput): Promise<MerchandisePurchase> {
  const merchandise = await (await db()).merchandise.findUnique({
    where: { id: input.merchandiseId },
    select: {
      id: true,
      title: true,
      available: true,
      options: true,
      variants: {
        where: { providerVariantId: input.variantId },
        select: {
          id: true,
          providerVariantId: true,
          title: true,
          optionValueIds: true,
          price: true,
          isEnabled: true,
          isAvailable: true,
        },
      },
    },
  });
  if (!merchandise) throw new AppError("not_found", MERCH_CHECKOUT_MESSAGES.notFound);
  if (!merchandise.available) throw new AppError("conflict", MERCH_CHECKOUT_MESSAGES.unavailable);
  const variant = merchandise.variants[0];
  if (!variant) throw new AppError("invalid_data", MERCH_CHECKOUT_MESSAGES.variantNotFound);
  if (!variant.isEnabled) throw new AppError("invalid_data", MERCH_CHECKOUT_MESSAGES.variantDisabled);
  if (!variant.isAvailable) throw new AppError("conflict", MERCH_CHECKOUT_MESSAGES.outOfStock);
  const amount = toCents(variant.price);
  if (!(amount > 0)) throw new AppError("conflict", MERCH_CHECKOUT_MESSAGES.noPrice);
  // The stored title is what is sold and recorded; the request's `variantTitle` (the picker's own join) can only
  // agree with it — a different one is replaced, never shown to Stripe or stored.
  const variantTitle = optionTitles(merchandise.options, variant.optionValueIds) ?? variant.title;
  return {
    merchandiseId: merchandise.id,
    merchandiseVariantId: variant.id,
    printifyVariantId: variant.providerVariantId,
    variantTitle,
    name: `${merchandise.title} — ${variantTitle}`,
    amount,
    successUrl: `${env.SITE_URL}/merchandise?success=true`,
    // SPEC §2: the 'Purchase Canceled' banner lives on the grid.
    cancelUrl: `${env.SITE_URL}/merchandise?canceled=true`,
  };
}

export async function createMerchandiseCheckout(
  visitor: MerchandiseVisitor,
  input: MerchandiseCheckoutInput,
): Promise<MerchandiseCheckoutResult> {
  const { buyer } = visitor;
  if (buyer) await merchandiseCheckoutLimits.perMember.consume(buyer.id, PAYMENT_MESSAGES.tooMany);
  else await merchandiseCheckoutLimits.perAddress.consume(visitor.ip, PAYMENT_MESSAGES.tooMany);
  const purchase = await purchaseOf(input);
  const client = stripe();
  if (!client && env.NODE_ENV === "production") throw new AppError("unavailable", PAYMENT_MESSAGES.notConfigured);
  if (!client && buyer) return createLocalMerchandiseSession({ userId: buyer.id, email: buyer.email }, purchase);
  // A guest is this browser: its cookie, made now if it has none (and set with the answer).
  const known = buyer ? null : browserHashOf(visitor.browserToken);
  const token = buyer || known ? undefined : newBrowserToken();
  const browserHash = known ?? (token ? browserHashOf(token) : null);
  const session = client
    ? await stripeCheckout(client, buyer, guestKeyOf(input.checkoutNonce, browserHash), purchase)
    : await createLocalMerchandiseSession({ browserHash: browserHash as string }, purchase);
  return token ? { ...session, newBrowserToken: token } : session;
}

/**
 * Who a guest is for the idempotency key: the page view's nonce when the form carried one (a double click sends the
 * same one, even before the first answer set a cookie), else the browser's checkout cookie. Never the address: guests
 * behind one network (an office, a carrier-grade NAT) would share a Checkout Session — one guest's payment page
 * handed to another.
 */
const guestKeyOf = (nonce: string | undefined, browserHash: string | null) =>
  nonce ? `nonce:${nonce}` : `browser:${browserHash ?? ""}`;

async function stripeCheckout(
  client: Stripe,
  buyer: Buyer | null,
  guestKey: string,
  purchase: MerchandisePurchase,
): Promise<CheckoutUrl> {
  const metadata = merchandiseMetadata(buyer?.id ?? null, purchase);
  const params: Stripe.Checkout.SessionCreateParams = {
    mode: "payment",
    line_items: [
      {
        quantity: 1,
        price_data: { currency: "usd", unit_amount: purchase.amount, product_data: { name: purchase.name } },
      },
    ],
    // A member's customer carries their e-mail (prefilled); a guest types it — payment mode always collects one.
    ...(buyer ? { customer: await stripeCustomer(client, buyer), client_reference_id: buyer.id } : {}),
    shipping_address_collection: { allowed_countries: [...SHIPPING_COUNTRIES] },
    // Printify's address_to has a phone, and carriers use it to reach the buyer: Checkout asks for it.
    phone_number_collection: { enabled: true },
    metadata,
    payment_intent_data: { metadata },
    success_url: purchase.successUrl,
    cancel_url: purchase.cancelUrl,
  };
  // The same buyer and the same parameters within the window: one session. The parameters' digest is in the key, so
  // a renamed product or a changed price within the window makes a new session, never Stripe's idempotency_error.
  const who = buyer ? `user:${buyer.id}` : guestKey;
  const key = idempotencyKey(["merch-checkout", who, paramsDigest(params)]);
  const session = await client.checkout.sessions.create(params, { idempotencyKey: key });
  if (!session.url) throw new AppError("internal", "Stripe answered a Checkout Session without a URL");
  return { url: session.url };
}
