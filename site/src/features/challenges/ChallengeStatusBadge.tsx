import Badge, { type BadgeTone } from "../../components/ui/Badge";
import { STATUS_LABELS, type ChallengeStatus } from "@api/modules/challenges/schema";

const TONE: Record<ChallengeStatus, BadgeTone> = { DRAFT: "ghost", UPCOMING: "info", ACTIVE: "success", COMPLETED: "secondary" };

export default function ChallengeStatusBadge({ status }: { status: ChallengeStatus }) {
  return <Badge tone={TONE[status]}>{STATUS_LABELS[status]}</Badge>;
}
