// One challenge in the admin grid (SPEC §2 Admin challenges): image, title, status badge, the description clamped
// to three lines (long words break instead of widening the card), dates, participants, and the card's buttons.
import type { ReactNode } from "react";
import type { Challenge } from "@api/modules/challenges/schema";
import MediaCard from "../../components/ui/MediaCard";
import { formatDay, participants } from "../../lib/format";
import ChallengeStatusBadge from "./ChallengeStatusBadge";
import { DEFAULT_CHALLENGE_IMAGE } from "./ChallengeCard";
import CardImage from "../uploads/CardImage";

export default function ChallengeAdminCard({ challenge, actions }: { challenge: Challenge; actions: ReactNode }) {
  const { title, description, imageUrl, status, startDate, endDate, participantCount } = challenge;
  return (
    <MediaCard
      testId="admin-challenge-card"
      narrow
      image={<CardImage src={imageUrl ?? DEFAULT_CHALLENGE_IMAGE} />}
      title={title}
      headingLevel={2}
      badge={<ChallengeStatusBadge status={status} />}
      actions={actions}
      actionsClassName="mt-auto items-center justify-between"
    >
      <p className="line-clamp-3 opacity-80 [overflow-wrap:anywhere]" data-testid="admin-challenge-description">
        {description}
      </p>
      <p className="text-sm opacity-70">
        <time dateTime={startDate}>{formatDay(startDate)}</time>
        {endDate && (
          <>
            {" – "}
            <time dateTime={endDate}>{formatDay(endDate)}</time>
          </>
        )}
        {" · "}
        {participants(participantCount)}
      </p>
    </MediaCard>
  );
}

/** The card's placeholder while the grid loads. */
export const ChallengeAdminSkeleton = () => (
  <div className="card border border-base-300 bg-base-200" aria-hidden="true" data-testid="challenge-skeleton">
    <div className="skeleton aspect-[16/9] rounded-b-none" />
    <div className="card-body gap-3">
      <div className="skeleton h-5 w-2/3" />
      <div className="skeleton h-4 w-full" />
      <div className="skeleton h-4 w-1/2" />
    </div>
  </div>
);
