import Badge from "../../components/ui/Badge";
import { applicationStatus } from "./application-status";

/** Pending Review / Approved / Rejected (SPEC §4); unknown statuses read as pending. */
export default function ApplicationStatusBadge({ status }: { status: string }) {
  const { label, tone } = applicationStatus(status);
  return <Badge tone={tone}>{label}</Badge>;
}
