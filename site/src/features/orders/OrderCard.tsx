// One order in Order Management (SPEC §2): 'Order #' + the first 8 characters of the id, customer name (or e-mail),
// e-mail, type, amount, the colour-coded status badge, tracking number and shipping address when present, and the
// card's buttons. Merchandise shows the variant, Printify's reason when its submission failed, Printify's problem until
// an admin handles it, and the refund owed after Printify cancelled (then when it was refunded).
import type { ReactNode } from "react";
import { DEMO_PRINTIFY_STATUS, type Order } from "@api/modules/orders/schema";
import Alert from "../../components/ui/Alert";
import Badge from "../../components/ui/Badge";
import DefinitionList from "../../components/ui/DefinitionList";
import { ORDER_TYPE_LABELS, orderStatus, orderTitle, printifyAlertText } from "./order-status";
import { formatMoment } from "../../lib/format";
import { formatMoney } from "../../lib/money";

/** Why a paid order of the demo store goes no further by itself (no Printify token: no printer takes it). */
export const DEMO_ORDER_NOTE = "Demo store: no print provider is configured, so this order stays Pending until you update it.";

export default function OrderCard({ order, actions }: { order: Order; actions: ReactNode }) {
  const status = orderStatus(order.status);
  const lines: [string, string | null][] = [
    ["Email", order.customerEmail],
    ["Type", ORDER_TYPE_LABELS[order.orderType] + (order.variantTitle ? ` · ${order.variantTitle}` : "")],
    ["Amount", formatMoney(order.amount)],
    ["Tracking", order.trackingNumber],
    ["Ship to", order.shippingAddress],
  ];
  return (
    <article className="card h-full min-w-0 border border-base-300 bg-base-200 shadow-sm" data-testid="order-card">
      <div className="card-body min-w-0 gap-3">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 className="card-title text-lg">{orderTitle(order.id)}</h2>
            <p className="font-medium [overflow-wrap:anywhere]">{order.customerName || order.customerEmail}</p>
          </div>
          <Badge tone={status.tone}>{status.label}</Badge>
        </div>
        <DefinitionList lines={lines} />
        {order.printifyStatus === DEMO_PRINTIFY_STATUS && order.status === "PENDING" && (
          <p className="text-sm opacity-80">{DEMO_ORDER_NOTE}</p>
        )}
        {order.printifyAlert && <Alert tone="warning">{printifyAlertText(order.printifyAlert)}</Alert>}
        {order.refundDue && (
          <Alert tone="warning">Cancelled at Printify: the buyer is owed a refund of {formatMoney(order.amount)}.</Alert>
        )}
        {order.refundedAt && (
          <p className="text-sm">
            Refunded {formatMoney(order.amount)} on {formatMoment(order.refundedAt)}.
          </p>
        )}
        {order.submissionError && (
          <p className="text-sm text-error [overflow-wrap:anywhere]">Printify: {order.submissionError}</p>
        )}
        <div className="card-actions mt-auto justify-end">{actions}</div>
      </div>
    </article>
  );
}

export const OrderSkeleton = () => <div className="skeleton h-40 w-full" aria-hidden="true" data-testid="order-skeleton" />;
