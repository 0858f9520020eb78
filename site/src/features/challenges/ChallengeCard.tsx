// One challenge in a grid (SPEC §2 challenge card). Rendered on the server for the home page and inside the
// challenges list island.
import type { Challenge } from "@api/modules/challenges/schema";
import MediaCard from "../../components/ui/MediaCard";
import { formatDay } from "../../lib/format";
import ChallengeStatusBadge from "./ChallengeStatusBadge";
import CardImage from "../uploads/CardImage";

/** SPEC §9: a default image stands in when a challenge has none (keeps grid rows even). */
export const DEFAULT_CHALLENGE_IMAGE = "/images/default-challenge.svg";

export default function ChallengeCard({ challenge }: { challenge: Challenge }) {
  const { id, title, description, status, startDate, endDate, imageUrl, participantCount } = challenge;
  return (
    <MediaCard
      testId="challenge-card"
      image={<CardImage src={imageUrl ?? DEFAULT_CHALLENGE_IMAGE} />}
      title={title}
      badge={<ChallengeStatusBadge status={status} />}
      actions={
        <a href={`/challenges/${id}`} className="btn btn-primary btn-sm">
          View Challenge
        </a>
      }
    >
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
    </MediaCard>
  );
}
