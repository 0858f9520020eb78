// Order Management (SPEC §2, §7, §8; decision 012): orders newest first as cards, filtered by status and type,
// Load more while there is a next page, five skeletons while loading, 'No orders yet.', the Update dialog and each
// order's timeline, Retry for a merchandise order Printify refused, Refund for one Printify cancelled, Mark handled
// for Printify's problems, and Export CSV of what the filters show.
import { useState } from "react";
import { ORDER_STATUSES, ORDER_TYPES, type Order, type OrderFilter } from "@api/modules/orders/schema";
import { serverMessage } from "../../lib/api";
import { failureToast } from "../../lib/failure-toast";
import { listItems, withQueries } from "../../lib/query";
import Button from "../../components/ui/Button";
import Select from "../../components/ui/Select";
import AdminListScreen, { ADMIN_GRID } from "../admin/AdminListScreen";
import { useCrudDialogs } from "../admin/use-crud-dialogs";
import OrderCard, { OrderSkeleton } from "./OrderCard";
import { OrderRefundDialog, OrderTimelineDialog, OrderUpdateDialog } from "./OrderDialogs";
import { ORDER_TYPE_LABELS, orderStatus, orderTitle } from "./order-status";
import { exportHref, useMarkAlertHandled, useOrders, useRefundOrder, useRetrySubmission, useUpdateOrder } from "./orders.queries";
import { formatMoney } from "../../lib/money";
import { toast } from "../../stores/toast";

const STATUS_FILTER = ORDER_STATUSES.map((s) => ({ value: s, label: orderStatus(s).label }));
const TYPE_FILTER = ORDER_TYPES.map((t) => ({ value: t, label: ORDER_TYPE_LABELS[t] }));

export function OrdersAdmin() {
  const [filter, setFilter] = useState<OrderFilter>({});
  const orders = useOrders(filter);
  const updateOrder = useUpdateOrder();
  const retry = useRetrySubmission();
  // Only a merchandise order whose submission failed and is not at Printify can be retried (the server checks too).
  const retrySubmission = (order: Order) =>
    retry.mutate(order.id, {
      onSuccess: () => toast({ title: "Submission retried", description: "The order is being sent to Printify again." }),
      onError: (err) => failureToast(err, "Please try again", "Failed to retry submission"),
    });
  const refund = useRefundOrder();
  const handled = useMarkAlertHandled();
  const markHandled = (order: Order) =>
    handled.mutate(order.id, {
      onSuccess: () => toast({ title: "Alert handled", description: `${orderTitle(order.id)} no longer needs attention.` }),
      onError: (err) => failureToast(err, "Please try again", "Failed to mark the alert handled"),
    });
  const dialogs = useCrudDialogs<Order, "timeline" | "refund">();
  const items = listItems(orders.data);
  const editing = dialogs.form?.row;
  const timeline = dialogs.shown("timeline")?.row;
  const refunding = dialogs.shown("refund")?.row;
  const filtered = Boolean(filter.status || filter.type);
  const choose = (name: keyof OrderFilter) => (e: { target: { value: string } }) =>
    setFilter((f) => ({ ...f, [name]: e.target.value || undefined }));

  return (
    <AdminListScreen
      title="Order Management"
      description="Follow orders from payment to delivery and update their status."
      actions={
        <a className="btn btn-outline" href={exportHref(filter)} download>
          Export CSV
        </a>
      }
      toolbar={
        <div className="grid max-w-xl grid-cols-1 gap-x-4 sm:grid-cols-2">
          <Select
            label="Status"
            blank="All statuses"
            options={STATUS_FILTER}
            value={filter.status ?? ""}
            onChange={choose("status")}
          />
          <Select label="Type" blank="All types" options={TYPE_FILTER} value={filter.type ?? ""} onChange={choose("type")} />
        </div>
      }
      query={orders}
      empty={items.length === 0}
      texts={{
        loading: "Loading orders",
        failed: `Failed to load orders. ${serverMessage(orders.error) || "Please try again."}`,
        empty: filtered ? "No orders match these filters." : "No orders yet.",
      }}
      layout="rows"
      skeletons={5}
      skeleton={<OrderSkeleton />}
      after={
        <>
          {editing && (
            <OrderUpdateDialog
              order={editing}
              onSave={(body) => updateOrder.mutateAsync({ id: editing.id, body })}
              onClose={dialogs.close}
            />
          )}
          {timeline && <OrderTimelineDialog order={timeline} onClose={dialogs.close} />}
          {refunding && (
            <OrderRefundDialog
              order={refunding}
              onRefund={() => refund.mutateAsync(refunding.id)}
              onRefunded={() =>
                toast({
                  title: "Order refunded",
                  description: `${formatMoney(refunding.amount)} went back to ${refunding.customerEmail}.`,
                })
              }
              onClose={dialogs.close}
            />
          )}
        </>
      }
    >
      <ul className={ADMIN_GRID}>
        {items.map((order) => (
          <li key={order.id} className="min-w-0">
            <OrderCard
              order={order}
              actions={
                <>
                  {order.submissionError && !order.printifyOrderId && (
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={retry.isPending && retry.variables === order.id}
                      onClick={() => retrySubmission(order)}
                    >
                      Retry<span className="sr-only"> submission of {orderTitle(order.id)}</span>
                    </Button>
                  )}
                  {order.refundDue && (
                    <Button variant="danger" size="sm" onClick={() => dialogs.show("refund", order)}>
                      Refund<span className="sr-only"> {orderTitle(order.id)}</span>
                    </Button>
                  )}
                  {order.printifyAlert && (
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={handled.isPending && handled.variables === order.id}
                      onClick={() => markHandled(order)}
                    >
                      Mark handled<span className="sr-only"> alert of {orderTitle(order.id)}</span>
                    </Button>
                  )}
                  <Button variant="ghost" size="sm" onClick={() => dialogs.show("timeline", order)}>
                    Timeline<span className="sr-only"> of {orderTitle(order.id)}</span>
                  </Button>
                  <Button variant="outline" size="sm" onClick={() => dialogs.edit(order)}>
                    Update<span className="sr-only"> {orderTitle(order.id)}</span>
                  </Button>
                </>
              }
            />
          </li>
        ))}
      </ul>
    </AdminListScreen>
  );
}

export default withQueries(OrdersAdmin);
