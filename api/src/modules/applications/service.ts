// Applications: apply to an ACTIVE challenge once, read one's own, review (approve / reject PENDING ones with an
// optional note and an e-mail), and the participant dashboard. Plain functions: ids and values in, plain data out,
// AppError on failure. Every read and write is scoped by the caller's id or by the reviewer's section (checked by
// the route), never by an id alone.
import { db } from "../../db/client";
import { isUniqueViolation } from "../../db/constraint-errors";
import { AppError, notFound } from "../../lib/errors";
import { enqueue } from "../../jobs/jobs";
import { RateLimiter } from "../../db/rate-limit";
import { Prisma } from "../../generated/prisma/client";
import { myWork } from "../submissions/dashboard";
import type { ChallengeWork } from "../submissions/work-schema";
import { DECISION_MAIL_JOB, type DecisionMailJob } from "./emails";
import { defineKeyset, inPageOrder, type Page, type PageInput } from "../../lib/keyset";
import {
  APPLICATION_MESSAGES,
  APPLICATIONS_PAGE_SIZE,
  type Application,
  type ApplicationBody,
  type Decision,
  MY_CHALLENGES_PAGE_SIZE,
  type MyChallenge,
  normaliseApplication,
  type ReviewApplication,
} from "./schema";

const applicationSelect = {
  id: true,
  challengeId: true,
  status: true,
  applicantName: true,
  company: true,
  applicantEmail: true,
  role: true,
  interestDescription: true,
  isEnterprise: true,
  enterpriseExplanation: true,
  joinedAt: true,
  decidedAt: true,
  decisionNote: true,
  challenge: { select: { id: true, title: true, startDate: true } },
} satisfies Prisma.ChallengeParticipantSelect;
type ApplicationRow = Prisma.ChallengeParticipantGetPayload<{ select: typeof applicationSelect }>;

function toApplication({ userId: _, ...row }: ApplicationRow & { userId?: string }): Application {
  return {
    ...row,
    joinedAt: row.joinedAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    challenge: { ...row.challenge, startDate: row.challenge.startDate.toISOString() },
  };
}

/** Applications per member and window: enough for anyone joining challenges, not for flooding the reviewers. */
export const APPLICATION_LIMIT = { perMember: 10, windowMs: 60 * 60 * 1000 } as const;
/** Counts every application that passes the route's checks (accepted or not), per member, like sign-up's limit. */
const applicationsPerMember = new RateLimiter("applications-member", APPLICATION_LIMIT.perMember, APPLICATION_LIMIT.windowMs);

/**
 * A member applies (SPEC §5 rules and the upper limits re-checked by the route's schema). Only ACTIVE challenges accept;
 * a DRAFT is a 404 as everywhere else. One application per user and challenge: the unique index decides, so two
 * simultaneous clicks create one row and the second gets the 409.
 */
export async function applyToChallenge(userId: string, challengeId: string, body: ApplicationBody): Promise<Application> {
  await applicationsPerMember.consume(userId, APPLICATION_MESSAGES.tooManyApplications);
  const prisma = await db();
  const challenge = await prisma.challenge.findUnique({ where: { id: challengeId }, select: { status: true } });
  if (!challenge || challenge.status === "DRAFT") throw notFound("Challenge not found");
  if (challenge.status !== "ACTIVE") throw new AppError("conflict", APPLICATION_MESSAGES.notAcceptingApplications);
  try {
    const row = await prisma.challengeParticipant.create({
      data: { challengeId, userId, ...normaliseApplication(body) },
      select: applicationSelect,
    });
    return toApplication(row);
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError("conflict", APPLICATION_MESSAGES.alreadyApplied);
    throw e;
  }
}

/** Newest first on challenge_participants(userId, joinedAt) — or (challengeId, status) for the reviewers — ties by id. */
const applicationKeyset = defineKeyset({
  table: "challenge_participants",
  column: "joinedAt",
  kind: "timestamp",
  direction: "desc",
});
/** The reviewers' order: pending first, then approved, then rejected — as the keyset's rank, so it pages too. */
const REVIEW_RANK = Prisma.sql`(CASE status WHEN 'PENDING' THEN 2 WHEN 'ACTIVE' THEN 1 ELSE 0 END)::real`;

async function applicationsOf(ids: string[]) {
  const rows = await (await db()).challengeParticipant.findMany({
    where: { id: { in: ids } },
    select: { ...applicationSelect, userId: true },
  });
  return inPageOrder(ids, rows);
}

/**
 * SPEC §2 My Applications: the caller's own, newest first, a keyset page at a time; one challenge's only when
 * `challengeId` is given (the challenge page shows where the member's application stands).
 */
export async function listMyApplications(
  userId: string,
  { challengeId, limit, cursor }: PageInput & { challengeId?: string } = {},
): Promise<Page<Application>> {
  const { ids, nextCursor } = await applicationKeyset.page(await db(), {
    where: [
      Prisma.sql`"userId" = ${userId}`,
      Prisma.sql`"challengeId" IN (SELECT id FROM challenges WHERE status <> 'DRAFT')`,
      ...(challengeId ? [Prisma.sql`"challengeId" = ${challengeId}`] : []),
    ],
    cursor,
    limit: limit ?? APPLICATIONS_PAGE_SIZE,
  });
  return { items: (await applicationsOf(ids)).map(toApplication), nextCursor };
}

export type ReviewPage = Page<ReviewApplication> & { total: number; pending: number };

/**
 * The review list of one challenge, pending first, then newest first, a keyset page at a time, with the counts of
 * the whole list. `isOwn` marks the reviewer's own applications: they are listed, but only another reviewer may
 * decide them.
 */
export async function listChallengeApplications(
  challengeId: string,
  reviewerId: string,
  { limit, cursor }: PageInput = {},
): Promise<ReviewPage> {
  const prisma = await db();
  const exists = await prisma.challenge.findUnique({ where: { id: challengeId }, select: { id: true } });
  if (!exists) throw notFound("Challenge not found");
  const [{ ids, nextCursor }, [counts]] = await Promise.all([
    applicationKeyset.page(prisma, {
      where: [Prisma.sql`"challengeId" = ${challengeId}`],
      rank: REVIEW_RANK,
      cursor,
      limit: limit ?? APPLICATIONS_PAGE_SIZE,
    }),
    prisma.$queryRaw<{ total: number; pending: number }[]>`
      SELECT count(*)::int AS total, (count(*) FILTER (WHERE status = 'PENDING'))::int AS pending
      FROM challenge_participants WHERE "challengeId" = ${challengeId}`,
  ]);
  const items = (await applicationsOf(ids)).map((row) => ({ ...toApplication(row), isOwn: row.userId === reviewerId }));
  return { items, nextCursor, total: counts?.total ?? 0, pending: counts?.pending ?? 0 };
}

/**
 * Approves or rejects a PENDING application of this challenge. One conditional update: of two reviewers deciding
 * at once, one wins and the other gets the 409; a decided application never changes again (SPEC §4 leaves it
 * open; the admin screen only offers actions for pending ones). Nobody decides an application they submitted —
 * a delegate or an admin who applied waits for another reviewer like everyone else (403); the condition is part
 * of the update, so no read-then-write window. The applicant is told by e-mail: a job enqueued with the decision.
 */
export async function decideApplication(
  reviewerId: string,
  challengeId: string,
  applicationId: string,
  decision: Decision,
  note: string | null | undefined,
): Promise<Application> {
  const prisma = await db();
  const decisionNote = note?.trim() || null;
  const count = await prisma.$transaction(async (tx) => {
    const { count } = await tx.challengeParticipant.updateMany({
      where: { id: applicationId, challengeId, status: "PENDING", userId: { not: reviewerId } },
      data: { status: decision === "approve" ? "ACTIVE" : "REJECTED", decidedAt: new Date(), decisionNote },
    });
    // An application is decided once, so its id is the mail's idempotency key.
    if (count) await enqueue<DecisionMailJob>(tx, DECISION_MAIL_JOB, { applicationId }, { key: applicationId });
    return count;
  });
  const row = await prisma.challengeParticipant.findFirst({
    where: { id: applicationId, challengeId },
    select: { ...applicationSelect, userId: true },
  });
  if (!row) throw new AppError("not_found", APPLICATION_MESSAGES.applicationNotFound);
  if (row.userId === reviewerId) throw new AppError("forbidden", APPLICATION_MESSAGES.ownApplication);
  if (count === 0) throw new AppError("conflict", APPLICATION_MESSAGES.alreadyDecided);
  return toApplication(row);
}

/** What a participant has to do next, by the challenge's dates. */
function nextDue(startDate: Date, endDate: Date | null, now: Date): MyChallenge["nextDue"] {
  if (startDate > now) return { kind: "start", date: startDate.toISOString() };
  if (endDate && endDate > now) return { kind: "end", date: endDate.toISOString() };
  return null;
}

/** /dashboard's order: soonest start first, on challenges(startDate, id). */
const myChallengeKeyset = defineKeyset({ table: "challenges", column: "startDate", kind: "timestamp", direction: "asc" });

/**
 * /dashboard: the caller's approved challenges (not drafts), soonest first, a keyset page at a time, each with the
 * other approved participants' names. Three queries per page, whatever the number of challenges.
 */
export async function listMyChallenges(
  userId: string,
  { limit, cursor }: PageInput = {},
  now = new Date(),
): Promise<Page<MyChallenge & { work: ChallengeWork }>> {
  const prisma = await db();
  const { ids, nextCursor } = await myChallengeKeyset.page(prisma, {
    where: [
      Prisma.sql`status <> 'DRAFT'`,
      Prisma.sql`id IN (SELECT "challengeId" FROM challenge_participants WHERE "userId" = ${userId} AND status = 'ACTIVE')`,
    ],
    cursor,
    limit: limit ?? MY_CHALLENGES_PAGE_SIZE,
  });
  if (ids.length === 0) return { items: [], nextCursor };
  const [mine, others, work] = await Promise.all([
    prisma.challengeParticipant.findMany({
      where: { userId, status: "ACTIVE", challengeId: { in: ids } },
      select: {
        id: true,
        joinedAt: true,
        decidedAt: true,
        challenge: {
          select: { id: true, title: true, description: true, status: true, startDate: true, endDate: true, timeline: true },
        },
      },
    }),
    prisma.challengeParticipant.findMany({
      where: { challengeId: { in: ids }, status: "ACTIVE", userId: { not: userId } },
      select: { challengeId: true, applicantName: true },
      orderBy: [{ applicantName: "asc" }],
    }),
    myWork(userId, ids),
  ]);
  const byChallenge = new Map(mine.map((m) => [m.challenge.id, m]));
  const items = ids.flatMap((id) => {
    const m = byChallenge.get(id);
    if (!m) return []; // withdrawn between the two reads
    return [
      {
        applicationId: m.id,
        approvedAt: (m.decidedAt ?? m.joinedAt).toISOString(),
        challenge: {
          ...m.challenge,
          startDate: m.challenge.startDate.toISOString(),
          endDate: m.challenge.endDate?.toISOString() ?? null,
        },
        nextDue: nextDue(m.challenge.startDate, m.challenge.endDate, now),
        participants: others.filter((o) => o.challengeId === id).map((o) => o.applicantName),
        work: work.get(id)!,
      },
    ];
  });
  return { items, nextCursor };
}
