// Back from a merchandise checkout: SPEC §2's banner choice and §8's toasts for ?success=true / ?canceled=true,
// 'Error' for ?payment_error, and the parameters removed from the URL (other ones kept).
import { beforeEach, describe, expect, test } from "bun:test";
import { $toasts } from "../../stores/toast";
import { PURCHASE_BANNERS, PURCHASE_TOASTS, purchaseOutcome, showPurchaseReturn } from "./return-notice";

function visit(url: string, errorMessage: string | null = null) {
  const u = new URL(url, "http://localhost");
  const replaced: string[] = [];
  const history = {
    state: null,
    replaceState: (_s: unknown, _t: string, next?: string | URL | null) => void replaced.push(String(next)),
  };
  showPurchaseReturn({ search: u.search, pathname: u.pathname, hash: u.hash }, history, errorMessage);
  const [shown] = $toasts.get();
  return { toast: shown ? { title: shown.title, description: shown.description } : null, replaced };
}

beforeEach(() => $toasts.set([]));

describe("merchandise return", () => {
  test("SPEC's banner titles and toast titles", () => {
    expect(PURCHASE_BANNERS.success.title).toBe("Purchase Successful");
    expect(PURCHASE_BANNERS.canceled.title).toBe("Purchase Canceled");
    expect(PURCHASE_TOASTS.success.title).toBe("Purchase Successful!");
    expect(PURCHASE_TOASTS.canceled.title).toBe("Purchase Canceled");
    expect(PURCHASE_TOASTS.success.description).toMatch(/confirmation e-mail/);
  });

  test("the banner follows ?success=true / ?canceled=true only", () => {
    expect(purchaseOutcome(new URLSearchParams("success=true"))).toBe("success");
    expect(purchaseOutcome(new URLSearchParams("canceled=true"))).toBe("canceled");
    expect(purchaseOutcome(new URLSearchParams("success=yes"))).toBeNull();
    expect(purchaseOutcome(new URLSearchParams(""))).toBeNull();
  });

  test("success and canceled toast once and leave the URL, keeping other parameters", () => {
    expect(visit("/merchandise?success=true")).toEqual({ toast: { ...PURCHASE_TOASTS.success }, replaced: ["/merchandise"] });
    $toasts.set([]);
    expect(visit("/merchandise?canceled=true&cursor=abc#top")).toEqual({
      toast: { ...PURCHASE_TOASTS.canceled },
      replaced: ["/merchandise?cursor=abc#top"],
    });
  });

  test("a checkout that could not start: 'Error' with the page's resolved message", () => {
    const { toast, replaced } = visit("/merchandise/p1?payment_error=whatever", "Product not found");
    expect(toast).toEqual({ title: "Error", description: "Product not found" });
    expect(replaced).toEqual(["/merchandise/p1"]);
  });

  test("no return parameter: no toast, the URL untouched", () => {
    expect(visit("/merchandise?cursor=abc")).toEqual({ toast: null, replaced: [] });
  });
});
