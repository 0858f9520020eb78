// How an invoice's status reads on /admin/invoices: a badge tone for every status of the contract (in a .ts file, so
// a status added to INVOICE_STATUSES breaks tsc here until it has its tone).
import type { INVOICE_STATUSES } from "@api/modules/payments/schema";
import type { BadgeTone } from "../../components/ui/Badge";

type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

const TONE: Record<string, BadgeTone> = {
  PENDING: "warning",
  PROCESSING: "neutral",
  SHIPPED: "neutral",
  COMPLETED: "success",
  CANCELLED: "error",
} satisfies Record<InvoiceStatus, BadgeTone>;

/** The API sends the status as a string; one it does not know yet reads as neutral. */
export const invoiceStatusTone = (status: string): BadgeTone => TONE[status] ?? "neutral";
