// The ids the local test payment (api/src/dev/, development without Stripe keys) gives the objects it plays Stripe
// with — `cs_test_local_…`, `pi_local_…`, `in_local_…`, `sub_local_…`, `evt_local_…`, and the refund an admin makes of
// such a payment, `re_local_…` — and the one rule that tells
// them, and the demo seed's `pi_demo_…` / `sub_demo_…`, from Stripe's own, wherever one would otherwise reach Stripe
// (its API, a link to its dashboard). Here, below every module, because the stand-in, the seed and the orders and
// billing they pay for all read it.

/** The kinds of Stripe object the local test payment makes, by Stripe's own prefix. */
type LocalStripeObject = "cs_test" | "pi" | "in" | "sub" | "evt" | "re";

export const localStripeId = (object: LocalStripeObject, random: string) => `${object}_local_${random}`;

/** Whether Stripe never issued this id: the local test payment's or the demo seed's (Stripe's carry neither mark). */
export const notIssuedByStripe = (id: string) => /_(?:local|demo)_/.test(id);
