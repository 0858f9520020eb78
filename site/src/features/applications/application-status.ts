// How an application's status reads on screen (SPEC §4): PENDING 'Pending Review', ACTIVE 'Approved', REJECTED
// 'Rejected'; anything else (a status added later) reads as pending.
import type { ApplicationStatus } from "@api/modules/applications/schema";
import type { BadgeTone } from "../../components/ui/Badge";

type Shown = { label: string; tone: BadgeTone };

// Every status of the contract (a new one breaks tsc here until it has its label); looked up by any string.
const SHOWN: Record<string, Shown> = {
  PENDING: { label: "Pending Review", tone: "warning" },
  ACTIVE: { label: "Approved", tone: "success" },
  REJECTED: { label: "Rejected", tone: "error" },
} satisfies Record<ApplicationStatus, Shown>;

export function applicationStatus(status: string): Shown {
  return SHOWN[status] ?? SHOWN.PENDING!;
}
