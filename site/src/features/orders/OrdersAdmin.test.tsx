// Order Management rendered to HTML from a filled query cache: the Retry button only on a merchandise order whose
// submission to Printify failed and that is not at Printify, with Printify's reason beside it.
import { describe, expect, test } from "bun:test";
import { renderToString } from "react-dom/server";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { DEMO_PRINTIFY_STATUS, type Order } from "@api/modules/orders/schema";
import { DEMO_ORDER_NOTE } from "./OrderCard";
import { OrdersAdmin } from "./OrdersAdmin";

const base: Omit<Order, "id"> = {
  customerName: "Ada Lovelace",
  customerEmail: "ada@example.com",
  orderType: "MERCHANDISE",
  amount: "25.00",
  status: "PENDING",
  trackingNumber: null,
  shippingAddress: "Ada Lovelace, 12 Analytical Row, London, N1 9GU, GB",
  variantTitle: "Black / S",
  createdAt: "2026-11-25T10:00:00.000Z",
  printifyOrderId: null,
  submissionError: null,
  printifyStatus: null,
  itemTitle: "Innovator Tee",
  stripeUrl: null,
  refundDue: false,
  refundedAt: null,
  printifyAlert: null,
};

function render(orders: Order[]) {
  const client = new QueryClient();
  client.setQueryData(["orders", "list", {}], { pages: [{ items: orders, nextCursor: undefined }], pageParams: [undefined] });
  // React marks text boundaries with empty comments; drop them to read the text.
  return renderToString(
    <QueryClientProvider client={client}>
      <OrdersAdmin />
    </QueryClientProvider>,
  ).replaceAll("<!-- -->", "");
}

describe("OrdersAdmin: retry a failed submission", () => {
  test("Retry only where Printify refused the order and it is not there; the reason is shown", () => {
    const html = render([
      { ...base, id: "aaaaaaaa-failed", submissionError: "address_to.zip: The zip code is invalid." },
      { ...base, id: "bbbbbbbb-sent", printifyOrderId: "pfy-1", status: "PROCESSING" },
      { ...base, id: "cccccccc-fresh" },
    ]);
    expect(html.match(/>Retry</g)).toHaveLength(1);
    expect(html).toContain("submission of Order #aaaaaaaa");
    expect(html).toContain("Printify: address_to.zip: The zip code is invalid.");
  });
});

describe("OrdersAdmin: the demo store", () => {
  test("a paid order the demo store keeps says why it stays Pending; others say nothing of it", () => {
    const html = render([
      { ...base, id: "cccccccc-demo", printifyStatus: DEMO_PRINTIFY_STATUS },
      { ...base, id: "dddddddd-real", printifyStatus: "in-production", status: "PROCESSING" },
    ]);
    const [demo, real] = html.split('data-testid="order-card"').slice(1);
    expect(demo).toContain(DEMO_ORDER_NOTE);
    expect(real).not.toContain(DEMO_ORDER_NOTE);
  });
});

describe("OrdersAdmin: cancellations and problems at Printify (decision 012)", () => {
  test("Refund only on an order with a refund due; Mark handled only under Printify's problem, in words", () => {
    const html = render([
      { ...base, id: "eeeeeeee-cancel", status: "CANCELLED", refundDue: true },
      { ...base, id: "ffffffff-issues", status: "PROCESSING", printifyAlert: "had-issues" },
      { ...base, id: "99999999-refund", status: "CANCELLED", refundedAt: "2026-11-27T10:00:00.000Z" },
    ]);
    const [cancelled, issues, refunded] = html.split('data-testid="order-card"').slice(1);
    expect(cancelled).toContain('Refund<span class="sr-only"> Order #eeeeeeee');
    expect(cancelled).toContain("the buyer is owed a refund of $25.00");
    expect(issues).not.toContain(">Refund<");
    expect(issues).toContain("Printify reports a problem with this order");
    expect(issues).toContain("Mark handled");
    expect(refunded).not.toContain("Mark handled");
    expect(refunded).not.toContain(">Refund<");
    expect(refunded).toContain("Refunded $25.00 on");
  });
});
