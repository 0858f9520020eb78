// How an application's status reads on screen (SPEC §4): PENDING 'Pending Review', ACTIVE 'Approved', REJECTED
// 'Rejected'; anything else (a status added later) reads as pending.
import type { BadgeTone } from "../../components/ui/Badge";

type Shown = { label: string; tone: BadgeTone };

const SHOWN: Record<string, Shown> = {
  PENDING: { label: "Pending Review", tone: "warning" },
  ACTIVE: { label: "Approved", tone: "success" },
  REJECTED: { label: "Rejected", tone: "error" },
};

export function applicationStatus(status: string): Shown {
  return SHOWN[status] ?? SHOWN.PENDING!;
}
