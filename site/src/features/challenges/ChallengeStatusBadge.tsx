import Badge, { type BadgeTone } from "../../components/ui/Badge";
import type { ChallengeStatus } from "@api/modules/challenges/schema";

/** SPEC §4 labels: Draft, Upcoming, Active, Completed. */
export const STATUS_LABELS: Record<ChallengeStatus, string> = {
  DRAFT: "Draft",
  UPCOMING: "Upcoming",
  ACTIVE: "Active",
  COMPLETED: "Completed",
};
const TONE: Record<ChallengeStatus, BadgeTone> = { DRAFT: "ghost", UPCOMING: "info", ACTIVE: "success", COMPLETED: "secondary" };

export default function ChallengeStatusBadge({ status }: { status: ChallengeStatus }) {
  return <Badge tone={TONE[status]}>{STATUS_LABELS[status]}</Badge>;
}
