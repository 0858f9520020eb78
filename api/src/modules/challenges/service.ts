// Challenge reads. Plain functions: no Elysia context in, plain data out, AppError on failure.
import { db } from "../../db/client";
import { notFound } from "../../lib/errors";
import type { Prisma } from "../../generated/prisma/client";
import {
  HOME_FEATURED_LIMIT,
  OPEN_CHALLENGE_STATUSES,
  PUBLIC_CHALLENGE_STATUSES,
  parseTextList,
  type Challenge,
  type ChallengeStatus,
} from "./schema";

const challengeSelect = {
  id: true,
  title: true,
  description: true,
  fullDescription: true,
  status: true,
  startDate: true,
  endDate: true,
  imageUrl: true,
  requirements: true,
  outcomes: true,
  timeline: true,
  createdAt: true,
  // participantCount = approved applications (status ACTIVE is shown as "Approved")
  _count: { select: { participants: { where: { status: "ACTIVE" } } } },
} satisfies Prisma.ChallengeSelect;

type ChallengeRow = Prisma.ChallengeGetPayload<{ select: typeof challengeSelect }>;

function toChallenge(row: ChallengeRow): Challenge {
  const { _count, startDate, endDate, createdAt, requirements, outcomes, ...rest } = row;
  return {
    ...rest,
    startDate: startDate.toISOString(),
    endDate: endDate?.toISOString() ?? null,
    createdAt: createdAt.toISOString(),
    requirements: parseTextList(requirements),
    outcomes: parseTextList(outcomes),
    participantCount: _count.participants,
  };
}

export type ListChallengesInput = { statuses?: ChallengeStatus[]; search?: string; limit?: number };

/** Public challenge list: never DRAFT; soonest start first; search matches title or description, any case. */
export async function listPublicChallenges({ statuses, search, limit }: ListChallengesInput): Promise<Challenge[]> {
  const allowed = (statuses?.length ? statuses : PUBLIC_CHALLENGE_STATUSES).filter((s) =>
    (PUBLIC_CHALLENGE_STATUSES as readonly string[]).includes(s),
  );
  const text = search?.trim();
  const prisma = await db();
  const rows = await prisma.challenge.findMany({
    where: {
      status: { in: allowed },
      ...(text
        ? {
            OR: [
              { title: { contains: text, mode: "insensitive" } },
              { description: { contains: text, mode: "insensitive" } },
            ],
          }
        : {}),
    },
    orderBy: [{ startDate: "asc" }, { id: "asc" }],
    take: limit,
    select: challengeSelect,
  });
  return rows.map(toChallenge);
}

/** Home page: up to three ACTIVE or UPCOMING challenges (SPEC §2 Home). */
export function listFeaturedChallenges(): Promise<Challenge[]> {
  return listPublicChallenges({ statuses: [...OPEN_CHALLENGE_STATUSES], limit: HOME_FEATURED_LIMIT });
}

export async function getPublicChallenge(id: string): Promise<Challenge> {
  const prisma = await db();
  const row = await prisma.challenge.findUnique({ where: { id }, select: challengeSelect });
  if (!row || row.status === "DRAFT") throw notFound("Challenge not found");
  return toChallenge(row);
}
