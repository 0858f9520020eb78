// The buyer's steps to the door and tracking links (/subscriptions): every status has its step (cancelled none), and
// only http(s) tracking URLs become links.
import { describe, expect, test } from "bun:test";
import { ORDER_STEPS, orderStep, trackingHref } from "./order-status";

describe("a buyer's order on /subscriptions", () => {
  test("each status stands at one step of Paid → In production → Shipped → Delivered; cancelled at none", () => {
    expect(ORDER_STEPS).toEqual(["Paid", "In production", "Shipped", "Delivered"]);
    expect(["PENDING", "PROCESSING", "SHIPPED", "COMPLETED", "CANCELLED"].map((s) => orderStep(s as never))).toEqual([
      0,
      1,
      2,
      3,
      null,
    ]);
  });

  test("a tracking URL is a link only when it is http or https", () => {
    expect(trackingHref("https://www.ups.com/track?tracknum=1Z999AA10123456784")).toBe(
      "https://www.ups.com/track?tracknum=1Z999AA10123456784",
    );
    expect(trackingHref("http://carrier.example/t/1")).toBe("http://carrier.example/t/1");
    for (const url of ["javascript:alert(1)", "JavaScript:alert(1)", "data:text/html,x", "/relative", "not a url", "", null]) {
      expect(trackingHref(url)).toBeNull();
    }
  });
});
