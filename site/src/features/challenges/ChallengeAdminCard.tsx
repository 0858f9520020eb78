// One challenge in the admin grid (SPEC §2 Admin challenges): image, title, status badge, the description clamped
// to three lines (long words break instead of widening the card), dates, participants, and the card's buttons.
import type { ReactNode } from "react";
import type { Challenge } from "@api/modules/challenges/schema";
import { formatDay } from "../../lib/format";
import ChallengeStatusBadge from "./ChallengeStatusBadge";
import { DEFAULT_CHALLENGE_IMAGE } from "./ChallengeCard";
import ResponsiveImage from "../uploads/ResponsiveImage";
import { CARD_SIZES } from "../uploads/responsive-image";

export default function ChallengeAdminCard({ challenge, actions }: { challenge: Challenge; actions: ReactNode }) {
  const { title, description, imageUrl, status, startDate, endDate, participantCount } = challenge;
  return (
    <article className="card h-full min-w-0 border border-base-300 bg-base-200 shadow-sm" data-testid="admin-challenge-card">
      <figure className="aspect-[16/9] overflow-hidden">
        <ResponsiveImage
          src={imageUrl ?? DEFAULT_CHALLENGE_IMAGE}
          alt=""
          sizes={CARD_SIZES}
          className="h-full w-full object-cover"
        />
      </figure>
      <div className="card-body min-w-0 gap-3">
        <div className="flex items-start justify-between gap-2">
          <h2 className="card-title min-w-0 text-lg [overflow-wrap:anywhere]">{title}</h2>
          <ChallengeStatusBadge status={status} />
        </div>
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
          {participantCount} {participantCount === 1 ? "participant" : "participants"}
        </p>
        <div className="card-actions mt-auto items-center justify-between">{actions}</div>
      </div>
    </article>
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
