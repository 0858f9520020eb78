// How an invoice's status reads on /admin/invoices: a badge tone for every status of the contract (in a .ts file, so
// a status added to INVOICE_STATUSES breaks tsc here until it has its tone).
import type { InvoiceStatus } from "@api/modules/payments/schema";
import type { BadgeTone } from "../../components/ui/Badge";

const TONE = {
  PENDING: "warning",
  PROCESSING: "neutral",
  SHIPPED: "neutral",
  COMPLETED: "success",
  CANCELLED: "error",
} as const satisfies Record<InvoiceStatus, BadgeTone>;

export const invoiceStatusTone = (status: InvoiceStatus): BadgeTone => TONE[status];
