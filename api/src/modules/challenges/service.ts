// Challenge reads. Plain functions: no Elysia context in, plain data out, AppError on failure.
import { db, getDatabase } from "../../db/client";
import { notFound } from "../../lib/errors";
import type { Prisma } from "../../generated/prisma/client";
import { type ChallengeListRow, listChallengeRows } from "./list-query";
import {
  CHALLENGE_PAGE_SIZE,
  CHALLENGE_STATUSES,
  PUBLIC_CHALLENGE_STATUSES,
  parseTextList,
  type Challenge,
  type ChallengeStatus,
} from "./schema";
import type { Page, PageInput } from "../../lib/keyset";

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
  teamSize: true,
  createdAt: true,
  // participantCount = approved applications (status ACTIVE is shown as "Approved")
  _count: { select: { participants: { where: { status: "ACTIVE" } } } },
} satisfies Prisma.ChallengeSelect;

type ChallengeRow = Prisma.ChallengeGetPayload<{ select: typeof challengeSelect }>;

/** The response shape from a row with its count (a list row from SQL, or a Prisma row). */
function toChallenge(row: ChallengeListRow): Challenge {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    fullDescription: row.fullDescription,
    status: row.status,
    startDate: row.startDate,
    endDate: row.endDate,
    imageUrl: row.imageUrl,
    requirements: parseTextList(row.requirements),
    outcomes: parseTextList(row.outcomes),
    timeline: row.timeline,
    createdAt: row.createdAt,
    participantCount: row.participantCount,
    teamSize: row.teamSize,
  };
}

const fromPrisma = ({ _count, startDate, endDate, createdAt, ...row }: ChallengeRow) =>
  toChallenge({
    ...row,
    startDate: startDate.toISOString(),
    endDate: endDate?.toISOString() ?? null,
    createdAt: createdAt.toISOString(),
    participantCount: _count.participants,
  });

type ListChallengesInput = PageInput & { statuses?: ChallengeStatus[]; search?: string };
type ChallengePage = Page<Challenge>;

/**
 * The public list (never DRAFT): soonest start first, or best match first when searching (PostgreSQL full-text
 * search, English stemming: "cities" finds "city"). Pages by keyset, never OFFSET: a page 10,000 deep costs what
 * the first one does. docs/decisions/008.
 */
export function listPublicChallenges(input: ListChallengesInput): Promise<ChallengePage> {
  return listChallenges(input, PUBLIC_CHALLENGE_STATUSES);
}

/** The admin grid: the same list with DRAFT challenges included. */
export function listAllChallenges(input: ListChallengesInput): Promise<ChallengePage> {
  return listChallenges(input, CHALLENGE_STATUSES);
}

async function listChallenges(
  { statuses, search, limit, cursor }: ListChallengesInput,
  visible: readonly ChallengeStatus[],
): Promise<ChallengePage> {
  const allowed = (statuses?.length ? statuses : visible).filter((s) => visible.includes(s));
  const text = search?.trim() || undefined;
  const { rows, nextCursor } = await listChallengeRows((await getDatabase()).read, {
    statuses: allowed,
    search: text,
    cursor,
    limit: limit ?? CHALLENGE_PAGE_SIZE,
  });
  return { items: rows.map(toChallenge), nextCursor };
}

/** One challenge. A DRAFT exists only for those who may edit challenges: for everyone else it is a 404. */
export async function getChallenge(id: string, { includeDraft = false } = {}): Promise<Challenge> {
  const prisma = await db();
  const row = await prisma.challenge.findUnique({ where: { id }, select: challengeSelect });
  if (!row || (row.status === "DRAFT" && !includeDraft)) throw notFound("Challenge not found");
  return fromPrisma(row);
}
