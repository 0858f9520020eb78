// The ids the local test payment (api/src/dev/, development without Stripe keys) gives the objects it plays Stripe
// with — `cs_test_local_…`, `pi_local_…`, `in_local_…`, `sub_local_…`, `evt_local_…` — and the one rule that tells
// them from Stripe's own, wherever one would otherwise reach Stripe (its API, a link to its dashboard). Here, below
// every module, because both the stand-in and the orders and billing it pays for read it.

/** The kinds of Stripe object the local test payment makes, by Stripe's own prefix. */
type LocalStripeObject = "cs_test" | "pi" | "in" | "sub" | "evt";

export const localStripeId = (object: LocalStripeObject, random: string) => `${object}_local_${random}`;

/** Whether an id came from the local test payment, never from Stripe (Stripe's ids carry no `_local_`). */
export const isLocalTestPaymentId = (id: string) => id.includes("_local_");
