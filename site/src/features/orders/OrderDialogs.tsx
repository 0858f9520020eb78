// The dialogs of Order Management: Refund (confirm before money moves), Update Order (SPEC §2, §5: status select + optional tracking number, omitted
// when empty; §8 toasts) on the admin kit's FormDialog, and an order's timeline (paid → submitted → in production →
// shipped → delivered, with times, Printify's errors and the shipments).
import { checkForm, useSubmit } from "../../lib/forms";
import { formatMoney } from "../../lib/money";
import { ORDER_STATUSES, type Order, type OrderUpdate, OrderUpdateSchema } from "@api/modules/orders/schema";
import Button from "../../components/ui/Button";
import Field from "../../components/ui/Field";
import Modal from "../../components/ui/Modal";
import Select from "../../components/ui/Select";
import Spinner from "../../components/ui/Spinner";
import FormDialog, { useFormDialog } from "../admin/FormDialog";
import { formatMoment } from "../../lib/format";
import { EVENT_LABELS, orderStatus, orderTitle, trackingHref } from "./order-status";
import { useOrderTimeline } from "./orders.queries";

type Values = { status: Order["status"]; trackingNumber: string };

const orderUpdateBody = ({ status, trackingNumber }: Values): OrderUpdate =>
  trackingNumber.trim() ? { status, trackingNumber: trackingNumber.trim() } : { status };

const STATUS_OPTIONS = ORDER_STATUSES.map((s) => ({ value: s, label: orderStatus(s).label }));

type UpdateProps = { order: Order; onSave: (body: OrderUpdate) => Promise<unknown>; onClose: () => void };

export function OrderUpdateDialog({ order, onSave, onClose }: UpdateProps) {
  const form = useFormDialog<Values>(
    { status: order.status, trackingNumber: order.trackingNumber ?? "" },
    {
      check: (values) => checkForm(OrderUpdateSchema, orderUpdateBody(values)),
      save: (values) => onSave(orderUpdateBody(values)),
      busyLabel: "Updating...",
      failure: { title: "Failed to update order", fallback: "Please try again" },
      success: "Order updated successfully",
      onClose,
    },
  );
  return (
    <FormDialog title={`Update ${orderTitle(order.id)}`} submitLabel="Update Order" dialog={form} onClose={onClose}>
      <Select label="Status" options={STATUS_OPTIONS} {...form.field("status")} />
      <Field label="Tracking Number" hint="Optional" maxLength={100} autoComplete="off" {...form.field("trackingNumber")} />
    </FormDialog>
  );
}

export function OrderTimelineDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const timeline = useOrderTimeline(order.id);
  const data = timeline.data;
  return (
    <Modal
      open
      onClose={onClose}
      title={`Timeline: ${orderTitle(order.id)}`}
      actions={
        <Button variant="ghost" onClick={onClose}>
          Close
        </Button>
      }
    >
      {timeline.isPending ? (
        <Spinner label="Loading timeline" />
      ) : !data ? (
        <p className="text-error">Failed to load the timeline.</p>
      ) : (
        <>
          {data.events.length === 0 ? (
            <p className="opacity-70">Nothing recorded yet.</p>
          ) : (
            <ol className="flex flex-col gap-3 border-l-2 border-base-300 pl-4" data-testid="order-timeline">
              {data.events.map((event) => (
                <li key={event.id}>
                  <p className={`font-medium ${event.kind === "SUBMISSION_FAILED" ? "text-error" : ""}`}>
                    {EVENT_LABELS[event.kind]}
                  </p>
                  <p className="text-sm opacity-70">
                    <time dateTime={event.createdAt}>{formatMoment(event.createdAt)}</time>
                  </p>
                  {event.message && <p className="text-sm [overflow-wrap:anywhere]">{event.message}</p>}
                </li>
              ))}
            </ol>
          )}
          {data.submissionAttempts > 1 && <p className="mt-3 text-sm">Submission attempts: {data.submissionAttempts}</p>}
          {data.shipments.map((s) => (
            <p key={`${s.carrier}-${s.number}`} className="mt-3 text-sm [overflow-wrap:anywhere]">
              Shipment: {s.carrier}{" "}
              {trackingHref(s.url) ? (
                <a className="link" href={trackingHref(s.url)!} target="_blank" rel="noopener noreferrer">
                  {s.number}
                </a>
              ) : (
                s.number
              )}
              {s.deliveredAt && ` · delivered ${formatMoment(s.deliveredAt)}`}
            </p>
          ))}
        </>
      )}
    </Modal>
  );
}

type RefundProps = { order: Order; onRefund: () => Promise<unknown>; onRefunded: () => void; onClose: () => void };

/** "Refund $25.00?" before the money moves: one click refunds once (the button is busy meanwhile; the server dedupes). */
export function OrderRefundDialog({ order, onRefund, onRefunded, onClose }: RefundProps) {
  const refund = useSubmit("Refunding...");
  const confirm = async () => {
    if (refund.busy) return;
    await refund.run(onRefund, {
      failure: { title: "Failed to refund order", fallback: "Please try again" },
      onSuccess: onRefunded,
    });
    onClose();
  };
  return (
    <Modal
      open
      onClose={onClose}
      title={`Refund ${orderTitle(order.id)}?`}
      actions={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" {...refund.button} onClick={() => void confirm()}>
            Refund {formatMoney(order.amount)}
          </Button>
        </>
      }
    >
      <p>
        Printify cancelled this order. {formatMoney(order.amount)} goes back to {order.customerEmail} through Stripe, and the
        buyer is told by e-mail.
      </p>
    </Modal>
  );
}
