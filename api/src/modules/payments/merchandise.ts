// A store payment (SPEC §7 merchandise checkout): a verified, paid merchandise Checkout Session becomes one
// MERCHANDISE order, recorded by the orders module (recordPaidOrder) in the Stripe event's own transaction
// (stripe-webhook.ts records the event id there), so a repeated delivery, sequential or concurrent, creates nothing
// more. Everything comes from signed data we wrote (metadata: product, variant ids and title) or Stripe collected
// (amount, e-mail, name, shipping address); this file reads the session into the order's fields and Printify's
// `address_to`.
import type Stripe from "stripe";
import type { Prisma } from "../../generated/prisma/client";
import { enqueue } from "../../jobs/jobs";
import { recordPaidOrder } from "../orders/service";
import type { PrintifyAddress } from "../printify/shapes";
import { RECEIPT_JOB, type ReceiptJob } from "./emails";
import { MERCHANDISE_KIND } from "./purchase";

type Tx = Prisma.TransactionClient;

type Shipping = { name: string; address: Stripe.Address };

export const isMerchandiseSession = (session: Stripe.Checkout.Session) => session.metadata?.kind === MERCHANDISE_KIND;

/** The effect stripe-webhook.ts runs for a paid merchandise session, in the event's transaction. */
export const merchandiseEffect = (session: Stripe.Checkout.Session) => (tx: Tx) => fulfilMerchandise(tx, session);

/** The payment's own id: its PaymentIntent, else the session (one order per payment). */
export const paymentIdOf = (session: Stripe.Checkout.Session) =>
  (typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id) ?? session.id;

/** Where Stripe puts the address: `collected_information.shipping_details` (current API), `shipping_details` before. */
function shippingOf(session: Stripe.Checkout.Session): Shipping | null {
  const legacy = (session as { shipping_details?: { name?: string | null; address?: Stripe.Address | null } | null })
    .shipping_details;
  const details = session.collected_information?.shipping_details ?? legacy ?? null;
  if (!details?.address) return null;
  return { name: details.name ?? session.customer_details?.name ?? "", address: details.address };
}

/**
 * Stripe Checkout collects one name field; Printify's `address_to` has `first_name` and `last_name`. Printify's docs
 * (spencerlepine/printify-sdk-js docs/PRINTIFY-Documentation.md at 8c84721, "Orders") mark `address_to` REQUIRED
 * without saying which of its fields may be empty, fill both names in every example, and document the refusal of an
 * address field as a 400 "The … field is required." — so an empty `last_name` is a refusal we must not risk. The
 * split, decided in decision 012 (Checkout cannot be asked for two name fields):
 * - two or more words: the first word is `first_name`, the rest `last_name` ("Ada Lovelace King" → "Ada" /
 *   "Lovelace King");
 * - one word (a mononym, or a buyer who typed one): that word is both `first_name` and `last_name`, so Printify takes
 *   the order and the parcel label still carries only the buyer's own name ("Cher" → "Cher" / "Cher"). A placeholder
 *   surname ("-", "FNU") would be printed on the label and may fail a carrier's check; repeating the name cannot.
 * Our own order keeps the name exactly as typed (customerName, shippingAddress).
 */
function splitName(name: string): { first: string; last: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0] ?? "";
  return { first, last: words.length > 1 ? words.slice(1).join(" ") : first };
}

function printifyAddress(shipping: Shipping, email: string, phone: string | null | undefined): PrintifyAddress {
  const { first, last } = splitName(shipping.name);
  const a = shipping.address;
  return {
    first_name: first,
    last_name: last,
    email,
    phone: phone ?? "",
    country: a.country ?? "",
    region: a.state ?? "",
    address1: a.line1 ?? "",
    address2: a.line2 ?? "",
    city: a.city ?? "",
    zip: a.postal_code ?? "",
  };
}

/** The address as one line for cards and e-mails: "Ada Lovelace, 1 Main St, Apt 2, Springfield, IL 62701, US". */
function addressLine(shipping: Shipping): string {
  const a = shipping.address;
  const regionZip = [a.state, a.postal_code].filter(Boolean).join(" ");
  return [shipping.name, a.line1, a.line2, a.city, regionZip, a.country]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(", ");
}

async function fulfilMerchandise(tx: Tx, session: Stripe.Checkout.Session): Promise<void> {
  if (session.mode !== "payment") return;
  const meta = session.metadata ?? {};
  const user = meta.userId
    ? await tx.user.findUnique({ where: { id: meta.userId }, select: { id: true, email: true, firstName: true, lastName: true } })
    : null;
  // The catalogue rows as they are now; the order keeps Printify's ids and the title even if a row has gone since.
  const variant = meta.merchandiseVariantId
    ? await tx.merchandiseVariant.findUnique({
        where: { id: meta.merchandiseVariantId },
        select: { id: true, merchandiseId: true },
      })
    : null;
  const merchandise = await tx.merchandise.findUnique({
    where: { id: variant?.merchandiseId ?? meta.merchandiseId ?? "" },
    select: { id: true, title: true, printifyShopId: true },
  });

  const shipping = shippingOf(session);
  const customerEmail = session.customer_details?.email ?? user?.email ?? "";
  const memberName = user ? [user.firstName, user.lastName].filter(Boolean).join(" ") : "";
  const orderId = await recordPaidOrder(tx, {
    orderType: "MERCHANDISE",
    stripePaymentId: paymentIdOf(session),
    stripeCheckoutSessionId: session.id,
    amountCents: session.amount_total ?? 0,
    userId: user?.id ?? null,
    customerEmail,
    customerName: shipping?.name || session.customer_details?.name || memberName || null,
    merchandise: {
      merchandiseId: merchandise?.id ?? null,
      merchandiseVariantId: variant?.id ?? null,
      printifyVariantId: meta.printifyVariantId || null,
      variantTitle: meta.variantTitle || null,
      printifyShopId: merchandise?.printifyShopId ?? null,
      addressTo: shipping ? printifyAddress(shipping, customerEmail, session.customer_details?.phone) : undefined,
      shippingAddress: shipping ? addressLine(shipping) : null,
    },
  });
  // The confirmation and receipt go out from a job enqueued with the order (decision 011; one per order).
  if (orderId && customerEmail) await enqueue<ReceiptJob>(tx, RECEIPT_JOB, { orderId }, { key: orderId });
}
