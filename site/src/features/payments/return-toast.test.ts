// The checkout return: SPEC's toasts for ?success=true / ?canceled=true, 'Error' with one of our messages for
// ?payment_error (never arbitrary text from a link), and the parameters removed from the URL (other ones kept).
import { beforeEach, describe, expect, test } from "bun:test";
import { $toasts } from "../../stores/toast";
import { checkoutFailureMessage, paymentErrorMessage } from "./payment-error";
import { CHECKOUT_FAILED, PAYMENT_TOASTS, SUBSCRIPTION_FAILED, showPaymentReturnToast } from "./return-toast";

function visit(url: string) {
  const u = new URL(url, "http://localhost");
  const replaced: string[] = [];
  const history = {
    state: null,
    replaceState: (_s: unknown, _t: string, next?: string | URL | null) => void replaced.push(String(next)),
  };
  // As the page does: the server resolves the message, the script shows it.
  showPaymentReturnToast(
    { search: u.search, pathname: u.pathname, hash: u.hash },
    history,
    paymentErrorMessage(u.searchParams.get("payment_error")),
  );
  const [shown] = $toasts.get();
  return { toast: shown ? { title: shown.title, description: shown.description } : null, replaced };
}

beforeEach(() => $toasts.set([]));

describe("payment return", () => {
  test("success and canceled show SPEC's toasts and leave the URL", () => {
    expect(visit("/resources/r1?success=true")).toEqual({ toast: { ...PAYMENT_TOASTS.success }, replaced: ["/resources/r1"] });
    $toasts.set([]);
    expect(visit("/resources?type=TOOL&canceled=true#top")).toEqual({
      toast: { ...PAYMENT_TOASTS.canceled },
      replaced: ["/resources?type=TOOL#top"],
    });
  });

  test("a checkout error shows our message, never a link's own text", () => {
    expect(visit("/resources/r1?payment_error=Payments%20are%20not%20configured").toast).toEqual({
      title: "Error",
      description: "Payments are not configured",
    });
    $toasts.set([]);
    expect(visit("/resources/r1?payment_error=Call%20555-0100%20for%20a%20refund").toast).toEqual({
      title: "Error",
      description: CHECKOUT_FAILED,
    });
  });

  test("nothing happens without return parameters", () => {
    expect(visit("/resources/r1?type=TOOL")).toEqual({ toast: null, replaced: [] });
  });
});

describe("a checkout that could not start (the /payments/checkout endpoint)", () => {
  test("keeps a message of ours, else says which purchase failed: SPEC's subscription text for the annual plan", () => {
    expect(checkoutFailureMessage("Payments are not configured", SUBSCRIPTION_FAILED)).toBe("Payments are not configured");
    expect(checkoutFailureMessage("Internal error", SUBSCRIPTION_FAILED)).toBe("Failed to create subscription");
    expect(checkoutFailureMessage(undefined, SUBSCRIPTION_FAILED)).toBe("Failed to create subscription");
    expect(checkoutFailureMessage("<b>anything</b>", CHECKOUT_FAILED)).toBe("Failed to create checkout session");
    // …and the page then shows exactly that.
    expect(visit(`/resources?payment_error=${encodeURIComponent(SUBSCRIPTION_FAILED)}`).toast).toEqual({
      title: "Error",
      description: "Failed to create subscription",
    });
  });
});
