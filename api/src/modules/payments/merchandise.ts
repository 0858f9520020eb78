// Merchandise fulfilment (issue 15 item 6): a verified, paid merchandise Checkout Session becomes one MERCHANDISE
// order — in the Stripe event's own transaction (fulfilment.ts records the event id there), so a repeated delivery,
// sequential or concurrent, creates nothing more. Everything comes from signed data we wrote (metadata: product,
// variant ids and title) or Stripe collected (amount, e-mail, name, shipping address). The order starts PENDING with
// its timeline's PAID event; onMerchandiseOrderPaid is where its submission to Printify joins the same transaction.
import { randomUUID } from "node:crypto";
import type Stripe from "stripe";
import type { Prisma } from "../../generated/prisma/client";
import { enqueue } from "../../jobs/jobs";
import { SUBMIT_JOB, type SubmitJob } from "../orders/fulfilment";
import { RECEIPT_JOB, type ReceiptJob } from "./emails";
import { MERCHANDISE_KIND } from "./purchase";

type Tx = Prisma.TransactionClient;

/** Printify's order `address_to` (API v1). */
export type PrintifyAddress = {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  country: string;
  region: string;
  address1: string;
  address2: string;
  city: string;
  zip: string;
};

type Shipping = { name: string; address: Stripe.Address };

export const isMerchandiseSession = (session: Stripe.Checkout.Session) => session.metadata?.kind === MERCHANDISE_KIND;

/** The effect fulfilment.ts runs for a paid merchandise session, in the event's transaction. */
export const merchandiseEffect = (session: Stripe.Checkout.Session) => (tx: Tx) => fulfilMerchandise(tx, session);

const paymentIdOf = (session: Stripe.Checkout.Session) =>
  (typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id) ?? session.id;

/** Where Stripe puts the address: `collected_information.shipping_details` (current API), `shipping_details` before. */
function shippingOf(session: Stripe.Checkout.Session): Shipping | null {
  const legacy = (session as { shipping_details?: { name?: string | null; address?: Stripe.Address | null } | null })
    .shipping_details;
  const details = session.collected_information?.shipping_details ?? legacy ?? null;
  if (!details?.address) return null;
  return { name: details.name ?? session.customer_details?.name ?? "", address: details.address };
}

/** "Ada Lovelace King" → first "Ada", last "Lovelace King" (Printify wants both fields). */
function splitName(name: string): { first: string; last: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return { first: words[0] ?? "", last: words.slice(1).join(" ") };
}

export function printifyAddress(shipping: Shipping, email: string, phone: string | null | undefined): PrintifyAddress {
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
export function addressLine(shipping: Shipping): string {
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
  const stripePaymentId = paymentIdOf(session);
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
  const customerName = shipping?.name || session.customer_details?.name || memberName || null;
  const amount = ((session.amount_total ?? 0) / 100).toFixed(2);
  const shippingAddress = shipping ? addressLine(shipping) : null;

  // completed, then async_payment_succeeded for the same payment — one after the other or at the same instant: the
  // unique stripePaymentId decides, the second insert waits for the first and does nothing (no second order, event,
  // submission or receipt).
  const order = { id: randomUUID(), amount, stripePaymentId };
  const { count } = await tx.order.createMany({
    data: [
      {
        id: order.id,
        orderType: "MERCHANDISE",
        status: "PENDING",
        userId: user?.id ?? null,
        merchandiseId: merchandise?.id ?? null,
        merchandiseVariantId: variant?.id ?? null,
        printifyVariantId: meta.printifyVariantId || null,
        variantTitle: meta.variantTitle || null,
        printifyShopId: merchandise?.printifyShopId ?? null,
        quantity: 1,
        customerEmail,
        customerName,
        amount,
        stripePaymentId,
        addressTo: shipping ? printifyAddress(shipping, customerEmail, session.customer_details?.phone) : undefined,
        shippingAddress,
      },
    ],
    skipDuplicates: true,
  });
  if (count === 0) return;
  await onMerchandiseOrderPaid(tx, order);
  // The confirmation and receipt go out from a job enqueued with the order (decision 011; one per order).
  if (customerEmail) await enqueue<ReceiptJob>(tx, RECEIPT_JOB, { orderId: order.id }, { key: order.id });
}

/**
 * Runs in the Stripe event's transaction once a merchandise order is recorded as paid: its timeline's PAID event and
 * its submission to Printify (orders/fulfilment.ts), enqueued with this `tx` and keyed by the order id, so the order
 * and its submission commit together or not at all, and a repeat enqueues nothing more.
 */
export async function onMerchandiseOrderPaid(
  tx: Tx,
  order: { id: string; amount: { toString(): string }; stripePaymentId: string | null },
): Promise<void> {
  await tx.orderEvent.create({
    data: {
      orderId: order.id,
      kind: "PAID",
      message: `Paid $${Number(order.amount.toString()).toFixed(2)} (${order.stripePaymentId ?? "Stripe"})`,
    },
  });
  await enqueue<SubmitJob>(tx, SUBMIT_JOB, { orderId: order.id }, { key: order.id });
}
