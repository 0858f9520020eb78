// Applications: apply to an ACTIVE challenge once, read one's own, review (approve / reject PENDING ones with an
// optional note and an e-mail), and the participant dashboard. Plain functions: ids and values in, plain data out,
// AppError on failure. Every read and write is scoped by the caller's id or by the reviewer's section (checked by
// the route), never by an id alone.
import { db } from "../../db/client";
import { AppError, notFound } from "../../lib/errors";
import { enqueue } from "../../jobs/jobs";
import { RateLimiter } from "../../db/rate-limit";
import { Prisma } from "../../generated/prisma/client";
import { DECISION_MAIL_JOB, type DecisionMailJob } from "./emails";
import { APPLICATION_MESSAGES, type Application, type ApplicationBody, type MyChallenge, type ReviewApplication } from "./schema";

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

const isUniqueViolation = (e: unknown) => e instanceof Prisma.PrismaClientKnownRequestError && e.code === "P2002";

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
  const isEnterprise = body.isEnterprise ?? false;
  try {
    const row = await prisma.challengeParticipant.create({
      data: {
        challengeId,
        userId,
        applicantName: body.applicantName.trim(),
        company: body.company.trim(),
        applicantEmail: body.applicantEmail.trim(),
        role: body.role.trim(),
        interestDescription: body.interestDescription.trim(),
        isEnterprise,
        enterpriseExplanation: isEnterprise ? null : body.enterpriseExplanation?.trim() || null,
      },
      select: applicationSelect,
    });
    return toApplication(row);
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError("conflict", APPLICATION_MESSAGES.alreadyApplied);
    throw e;
  }
}

/** SPEC §2 My Applications: the caller's own, newest first (the userId, joinedAt index). */
export async function listMyApplications(userId: string): Promise<Application[]> {
  const prisma = await db();
  const rows = await prisma.challengeParticipant.findMany({
    where: { userId, challenge: { status: { not: "DRAFT" } } },
    orderBy: [{ joinedAt: "desc" }, { id: "asc" }],
    select: applicationSelect,
  });
  return rows.map(toApplication);
}

/**
 * The review list of one challenge, pending first, then newest first. `isOwn` marks the reviewer's own
 * applications: they are listed, but only another reviewer may decide them.
 */
export async function listChallengeApplications(challengeId: string, reviewerId: string): Promise<ReviewApplication[]> {
  const prisma = await db();
  const exists = await prisma.challenge.findUnique({ where: { id: challengeId }, select: { id: true } });
  if (!exists) throw notFound("Challenge not found");
  const rows = await prisma.challengeParticipant.findMany({
    where: { challengeId },
    orderBy: [{ joinedAt: "desc" }, { id: "asc" }],
    select: { ...applicationSelect, userId: true },
  });
  const order = { PENDING: 0, ACTIVE: 1, REJECTED: 2 } as const;
  return rows
    .map((row) => ({ ...toApplication(row), isOwn: row.userId === reviewerId }))
    .sort((a, b) => order[a.status] - order[b.status]);
}

export type Decision = "approve" | "reject";

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

/**
 * /dashboard: the caller's approved challenges (not drafts), soonest first, each with the other approved
 * participants' names. Two queries, whatever the number of challenges.
 */
export async function listMyChallenges(userId: string, now = new Date()): Promise<MyChallenge[]> {
  const prisma = await db();
  const mine = await prisma.challengeParticipant.findMany({
    where: { userId, status: "ACTIVE", challenge: { status: { not: "DRAFT" } } },
    select: {
      id: true,
      joinedAt: true,
      decidedAt: true,
      challenge: {
        select: { id: true, title: true, description: true, status: true, startDate: true, endDate: true, timeline: true },
      },
    },
    orderBy: [{ challenge: { startDate: "asc" } }, { id: "asc" }],
  });
  const others = mine.length
    ? await prisma.challengeParticipant.findMany({
        where: { challengeId: { in: mine.map((m) => m.challenge.id) }, status: "ACTIVE", userId: { not: userId } },
        select: { challengeId: true, applicantName: true },
        orderBy: [{ applicantName: "asc" }],
      })
    : [];
  return mine.map((m) => ({
    applicationId: m.id,
    approvedAt: (m.decidedAt ?? m.joinedAt).toISOString(),
    challenge: {
      ...m.challenge,
      startDate: m.challenge.startDate.toISOString(),
      endDate: m.challenge.endDate?.toISOString() ?? null,
    },
    nextDue: nextDue(m.challenge.startDate, m.challenge.endDate, now),
    participants: others.filter((o) => o.challengeId === m.challenge.id).map((o) => o.applicantName),
  }));
}
