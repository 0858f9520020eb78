// One challenge in a grid (SPEC §2 challenge card). Rendered on the server for the home page and inside the
// challenges list island.
import type { Challenge } from "@api/modules/challenges/schema";
import { formatDay } from "../../lib/format";
import ChallengeStatusBadge from "./ChallengeStatusBadge";
import ResponsiveImage from "../uploads/ResponsiveImage";
import { CARD_SIZES } from "../uploads/responsive-image";

/** SPEC §9: a default image stands in when a challenge has none (keeps grid rows even). */
export const DEFAULT_CHALLENGE_IMAGE = "/images/default-challenge.svg";

export default function ChallengeCard({ challenge }: { challenge: Challenge }) {
  const { id, title, description, status, startDate, endDate, imageUrl, participantCount } = challenge;
  return (
    <article className="card h-full border border-base-300 bg-base-200 shadow-sm" data-testid="challenge-card">
      <figure className="aspect-[16/9] overflow-hidden">
        <ResponsiveImage
          src={imageUrl ?? DEFAULT_CHALLENGE_IMAGE}
          alt=""
          sizes={CARD_SIZES}
          className="h-full w-full object-cover"
        />
      </figure>
      <div className="card-body gap-3">
        <div className="flex items-start justify-between gap-2">
          <h3 className="card-title text-lg">{title}</h3>
          <ChallengeStatusBadge status={status} />
        </div>
        <p className="line-clamp-3 opacity-80">{description}</p>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
          <dt className="opacity-70">Starts</dt>
          <dd>
            <time dateTime={startDate}>{formatDay(startDate)}</time>
          </dd>
          {endDate && (
            <>
              <dt className="opacity-70">Ends</dt>
              <dd>
                <time dateTime={endDate}>{formatDay(endDate)}</time>
              </dd>
            </>
          )}
          <dt className="opacity-70">Participants</dt>
          <dd>{participantCount}</dd>
        </dl>
        <div className="card-actions mt-auto justify-end">
          <a href={`/challenges/${id}`} className="btn btn-primary btn-sm">
            View Challenge
          </a>
        </div>
      </div>
    </article>
  );
}
