// Teams (decision 019): an approved participant starts the team's submission for a challenge, invites other
// approved participants of it, who accept or decline on /dashboard; the owner removes members and hands ownership
// on, a member leaves. One person is on at most one team per challenge (a unique index decides, so two accepts at
// once cannot both win) and a team holds at most the challenge's team size, pending invitations included.
// Every read and write is scoped by the caller's id: a submission is reached through its challenge and its member.
import { db } from "../../db/client";
import { isUniqueViolation } from "../../db/constraint-errors";
import { AppError, notFound } from "../../lib/errors";
import type { Prisma } from "../../generated/prisma/client";
import { findUserIdBy } from "../auth/accounts";
import { enqueueInvitationMail } from "./emails";
import { entrySelect, toEntry } from "./entry-shape";
import { SUBMISSION_MESSAGES as M, type MyInvitation, type Submission } from "./schema";

type Tx = Prisma.TransactionClient;

/** A person as the submissions contract shows them (members, owners, invitees): one select, one mapping. */
export const person = { select: { id: true, username: true, firstName: true, lastName: true } } as const;
type PersonRow = { id: string; username: string; firstName: string | null; lastName: string | null };
export const toPerson = (u: PersonRow) => ({
  userId: u.id,
  username: u.username,
  name: [u.firstName, u.lastName].filter(Boolean).join(" ") || u.username,
});

const submissionSelect = {
  id: true,
  challengeId: true,
  status: true,
  version: true,
  submittedAt: true,
  extendedUntil: true,
  disqualifiedReason: true,
  challenge: { select: { teamSize: true } },
  members: { select: { role: true, joinedAt: true, user: person }, orderBy: [{ joinedAt: "asc" }, { userId: "asc" }] },
  invitations: {
    where: { status: "PENDING" },
    select: { id: true, createdAt: true, invitee: person, invitedBy: person },
    orderBy: { createdAt: "asc" },
  },
  items: { select: entrySelect, orderBy: { deliverable: { position: "asc" } } },
} satisfies Prisma.SubmissionSelect;
type SubmissionRow = Prisma.SubmissionGetPayload<{ select: typeof submissionSelect }>;

function toSubmission(row: SubmissionRow): Submission {
  return {
    id: row.id,
    challengeId: row.challengeId,
    status: row.status,
    version: row.version,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    extendedUntil: row.extendedUntil?.toISOString() ?? null,
    disqualifiedReason: row.disqualifiedReason,
    teamSize: row.challenge.teamSize,
    members: row.members.map((m) => ({ ...toPerson(m.user), role: m.role, joinedAt: m.joinedAt.toISOString() })),
    invitations: row.invitations.map((i) => ({
      id: i.id,
      invitee: toPerson(i.invitee),
      invitedBy: toPerson(i.invitedBy),
      createdAt: i.createdAt.toISOString(),
    })),
    items: row.items.map(toEntry),
  };
}

/** Whether `userId` is an approved participant of the challenge (SPEC: an application with status ACTIVE). */
async function isApproved(tx: Tx, challengeId: string, userId: string): Promise<boolean> {
  const application = await tx.challengeParticipant.findUnique({
    where: { challengeId_userId: { challengeId, userId } },
    select: { status: true },
  });
  return application?.status === "ACTIVE";
}

/**
 * The challenge, locked for the team change: changes to one challenge's teams run one at a time, so the size limit
 * and "one team per person" are checked against the teams as they are. Only an ACTIVE challenge takes team changes.
 */
async function lockChallenge(tx: Tx, challengeId: string) {
  const [row] = await tx.$queryRaw<{ status: string; teamSize: number }[]>`
    SELECT status::text AS status, "teamSize" FROM challenges WHERE id = ${challengeId} FOR UPDATE`;
  if (!row || row.status === "DRAFT") throw notFound("Challenge not found");
  if (row.status !== "ACTIVE") throw new AppError("conflict", M.notActive);
  return row;
}

/** The caller's membership of a team for this challenge, or null. */
export function membershipOf(tx: Tx, challengeId: string, userId: string) {
  return tx.teamMember.findUnique({
    where: { challengeId_userId: { challengeId, userId } },
    select: { submissionId: true, role: true },
  });
}

export async function read(tx: Tx, submissionId: string): Promise<Submission> {
  return toSubmission(await tx.submission.findUniqueOrThrow({ where: { id: submissionId }, select: submissionSelect }));
}

/** The caller's team submission for the challenge (404 when they are on none). */
export async function mySubmission(challengeId: string, userId: string): Promise<Submission> {
  const prisma = await db();
  return read(prisma, await mySubmissionId(prisma, challengeId, userId));
}

/** The id of the caller's team's submission for the challenge: the one way a route reaches a submission (404: none). */
export async function mySubmissionId(client: Tx, challengeId: string, userId: string): Promise<string> {
  const membership = await membershipOf(client, challengeId, userId);
  if (!membership) throw notFound(M.noSubmission);
  return membership.submissionId;
}

/**
 * Starts the caller's team submission. Repeating it (a double click, a retried request) answers the same submission;
 * a caller on another team gets 409, anyone who is not an approved participant 403.
 */
export async function startSubmission(
  challengeId: string,
  userId: string,
): Promise<{ submission: Submission; created: boolean }> {
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    await lockChallenge(tx, challengeId);
    if (!(await isApproved(tx, challengeId, userId))) throw new AppError("forbidden", M.notApproved);
    const existing = await membershipOf(tx, challengeId, userId);
    if (existing) {
      if (existing.role === "OWNER") return { submission: await read(tx, existing.submissionId), created: false };
      throw new AppError("conflict", M.alreadyOnTeam);
    }
    const created = await tx.submission.create({ data: { challengeId }, select: { id: true } });
    await tx.teamMember.create({ data: { submissionId: created.id, challengeId, userId, role: "OWNER" } });
    // Joining a team of one's own ends one's open invitations to others for this challenge.
    await tx.teamInvitation.updateMany({
      where: { challengeId, inviteeId: userId, status: "PENDING" },
      data: { status: "CANCELLED", decidedAt: new Date() },
    });
    return { submission: await read(tx, created.id), created: true };
  });
}

/** The caller's team, which they must own. */
async function ownedTeam(tx: Tx, challengeId: string, userId: string) {
  const membership = await membershipOf(tx, challengeId, userId);
  if (!membership) throw notFound(M.noSubmission);
  if (membership.role !== "OWNER") throw new AppError("forbidden", M.onlyOwner);
  return membership.submissionId;
}

/**
 * When the challenge's teams stop changing (decision 019): at the last due time of its visible deliverables, or at
 * the challenge's end date when it asks for none. A deliverable without a due time is open until the challenge is
 * COMPLETED, and so is the team; null: no deadline.
 */
export async function teamDeadline(tx: Tx, challengeId: string): Promise<Date | null> {
  const [challenge, deliverables] = await Promise.all([
    tx.challenge.findUniqueOrThrow({ where: { id: challengeId }, select: { endDate: true } }),
    tx.deliverable.findMany({ where: { challengeId, hidden: false }, select: { dueAt: true } }),
  ]);
  if (deliverables.length === 0) return challenge.endDate;
  let last: Date | null = null;
  for (const { dueAt } of deliverables) {
    if (!dueAt) return null;
    if (!last || dueAt > last) last = dueAt;
  }
  return last;
}

/**
 * Inviting, accepting, removing, handing on and leaving are refused (409) once the challenge's deadline has passed,
 * by the server's clock, unless an admin extended this submission beyond now: a team cannot be rearranged after
 * the work is due.
 */
async function assertBeforeDeadline(tx: Tx, challengeId: string, submissionId: string, now = new Date()) {
  const deadline = await teamDeadline(tx, challengeId);
  if (!deadline || now < deadline) return;
  const { extendedUntil } = await tx.submission.findUniqueOrThrow({
    where: { id: submissionId },
    select: { extendedUntil: true },
  });
  if (extendedUntil && now < extendedUntil) return;
  throw new AppError("conflict", M.teamClosed);
}

async function assertOpen(tx: Tx, submissionId: string) {
  const { status } = await tx.submission.findUniqueOrThrow({ where: { id: submissionId }, select: { status: true } });
  if (status === "DISQUALIFIED" || status === "WITHDRAWN") throw new AppError("conflict", M.teamClosed);
}

/**
 * The owner invites an approved participant of the same challenge by username or e-mail. Unknown people and
 * non-participants get the same answer (nobody learns who has an account). Inviting someone already invited
 * answers the open invitation.
 */
export async function invite(challengeId: string, ownerId: string, usernameOrEmail: string): Promise<Submission> {
  const prisma = await db();
  // Looked up before the transaction: on the embedded database's one connection a query beside an open
  // transaction would wait for it.
  const identifier = usernameOrEmail.trim();
  const inviteeId = await findUserIdBy(identifier.includes("@") ? "email" : "username", identifier);
  return prisma.$transaction(async (tx) => {
    const { teamSize } = await lockChallenge(tx, challengeId);
    const submissionId = await ownedTeam(tx, challengeId, ownerId);
    await assertOpen(tx, submissionId);
    await assertBeforeDeadline(tx, challengeId, submissionId);
    if (inviteeId === ownerId) throw new AppError("conflict", M.inviteSelf);
    if (!inviteeId || !(await isApproved(tx, challengeId, inviteeId))) throw new AppError("conflict", M.inviteeUnknown);
    const open = await tx.teamInvitation.findFirst({
      where: { submissionId, inviteeId, status: "PENDING" },
      select: { id: true },
    });
    if (open) return read(tx, submissionId);
    if (await membershipOf(tx, challengeId, inviteeId)) throw new AppError("conflict", M.inviteeOnTeam);
    const [members, pending] = await Promise.all([
      tx.teamMember.count({ where: { submissionId } }),
      tx.teamInvitation.count({ where: { submissionId, status: "PENDING" } }),
    ]);
    if (members + pending >= teamSize) throw new AppError("conflict", M.teamFull(teamSize));
    const created = await tx.teamInvitation.create({
      data: { submissionId, challengeId, inviteeId, invitedById: ownerId },
      select: { id: true },
    });
    await enqueueInvitationMail(tx, created.id);
    return read(tx, submissionId);
  });
}

/** The owner withdraws an open invitation. */
export async function cancelInvitation(challengeId: string, ownerId: string, invitationId: string): Promise<Submission> {
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    const submissionId = await ownedTeam(tx, challengeId, ownerId);
    const { count } = await tx.teamInvitation.updateMany({
      where: { id: invitationId, submissionId, status: "PENDING" },
      data: { status: "CANCELLED", decidedAt: new Date() },
    });
    if (count === 0) throw notFound(M.invitationGone);
    return read(tx, submissionId);
  });
}

/** The caller's open invitations (for /dashboard). */
export async function myInvitations(userId: string): Promise<MyInvitation[]> {
  const rows = await (await db()).teamInvitation.findMany({
    where: { inviteeId: userId, status: "PENDING" },
    select: {
      id: true,
      createdAt: true,
      invitedBy: person,
      submission: { select: { challenge: { select: { id: true, title: true } }, _count: { select: { members: true } } } },
    },
    orderBy: { createdAt: "desc" },
    take: 50,
  });
  return rows.map((r) => ({
    id: r.id,
    challenge: r.submission.challenge,
    invitedBy: toPerson(r.invitedBy),
    members: r.submission._count.members,
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * The invitee accepts: they join the team if they are still an approved participant on no other team and the team
 * has room. Their other open invitations for the challenge end. A repeated accept answers the team.
 */
export async function acceptInvitation(invitationId: string, userId: string): Promise<Submission> {
  const prisma = await db();
  const invitation = await prisma.teamInvitation.findFirst({
    where: { id: invitationId, inviteeId: userId },
    select: { challengeId: true, submissionId: true, status: true },
  });
  if (!invitation) throw notFound(M.invitationGone);
  return prisma
    .$transaction(async (tx) => {
      const { teamSize } = await lockChallenge(tx, invitation.challengeId);
      const current = await tx.teamInvitation.findUniqueOrThrow({ where: { id: invitationId }, select: { status: true } });
      const membership = await membershipOf(tx, invitation.challengeId, userId);
      if (current.status === "ACCEPTED" && membership?.submissionId === invitation.submissionId)
        return read(tx, invitation.submissionId);
      if (current.status !== "PENDING") throw new AppError("conflict", M.invitationGone);
      if (membership) throw new AppError("conflict", M.alreadyOnTeam);
      if (!(await isApproved(tx, invitation.challengeId, userId))) throw new AppError("forbidden", M.notApproved);
      await assertOpen(tx, invitation.submissionId);
      await assertBeforeDeadline(tx, invitation.challengeId, invitation.submissionId);
      // Room for one more member: the pending invitations held places, this one among them.
      const members = await tx.teamMember.count({ where: { submissionId: invitation.submissionId } });
      if (members >= teamSize) throw new AppError("conflict", M.teamFull(teamSize));
      await tx.teamMember.create({
        data: { submissionId: invitation.submissionId, challengeId: invitation.challengeId, userId, role: "MEMBER" },
      });
      const now = new Date();
      await tx.teamInvitation.update({ where: { id: invitationId }, data: { status: "ACCEPTED", decidedAt: now } });
      await tx.teamInvitation.updateMany({
        where: { challengeId: invitation.challengeId, inviteeId: userId, status: "PENDING" },
        data: { status: "CANCELLED", decidedAt: now },
      });
      return read(tx, invitation.submissionId);
    })
    .catch((e) => {
      // Two accepts of two teams' invitations at once: the unique (challenge, user) index lets one win.
      if (isUniqueViolation(e)) throw new AppError("conflict", M.alreadyOnTeam);
      throw e;
    });
}

export async function declineInvitation(invitationId: string, userId: string): Promise<void> {
  const { count } = await (await db()).teamInvitation.updateMany({
    where: { id: invitationId, inviteeId: userId, status: "PENDING" },
    data: { status: "DECLINED", decidedAt: new Date() },
  });
  if (count === 0) {
    const declined = await (await db()).teamInvitation.findFirst({
      where: { id: invitationId, inviteeId: userId, status: "DECLINED" },
      select: { id: true },
    });
    if (!declined) throw notFound(M.invitationGone); // a repeated decline is fine; anything else is gone
  }
}

/** The owner removes a member (not themselves: they hand the team on, or it stays theirs). */
export async function removeMember(challengeId: string, ownerId: string, memberId: string): Promise<Submission> {
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    await lockChallenge(tx, challengeId);
    const submissionId = await ownedTeam(tx, challengeId, ownerId);
    if (memberId === ownerId) throw new AppError("conflict", M.ownerLeaves);
    await assertBeforeDeadline(tx, challengeId, submissionId);
    const { count } = await tx.teamMember.deleteMany({ where: { submissionId, userId: memberId, role: "MEMBER" } });
    if (count === 0) throw notFound(M.notMember);
    return read(tx, submissionId);
  });
}

/** A member leaves their team; the owner must hand it on first, unless they are alone (then the draft goes too). */
export async function leaveTeam(challengeId: string, userId: string): Promise<void> {
  const prisma = await db();
  await prisma.$transaction(async (tx) => {
    await lockChallenge(tx, challengeId);
    const membership = await membershipOf(tx, challengeId, userId);
    if (!membership) throw notFound(M.noSubmission);
    await assertBeforeDeadline(tx, challengeId, membership.submissionId);
    if (membership.role === "OWNER") {
      const others = await tx.teamMember.count({ where: { submissionId: membership.submissionId, userId: { not: userId } } });
      if (others > 0) throw new AppError("conflict", M.ownerLeaves);
      const { status, version } = await tx.submission.findUniqueOrThrow({
        where: { id: membership.submissionId },
        select: { status: true, version: true },
      });
      // A team of one that never submitted may simply stop; a submitted one is withdrawn instead, so nothing handed in is lost.
      if (status !== "DRAFT" || version > 0) throw new AppError("conflict", M.ownerLeaves);
      await tx.submission.delete({ where: { id: membership.submissionId } });
      return;
    }
    await tx.teamMember.delete({ where: { submissionId_userId: { submissionId: membership.submissionId, userId } } });
  });
}

/** The owner hands the team to another member. */
export async function transferOwnership(challengeId: string, ownerId: string, newOwnerId: string): Promise<Submission> {
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    await lockChallenge(tx, challengeId);
    const submissionId = await ownedTeam(tx, challengeId, ownerId);
    if (newOwnerId === ownerId) return read(tx, submissionId);
    await assertBeforeDeadline(tx, challengeId, submissionId);
    const { count } = await tx.teamMember.updateMany({ where: { submissionId, userId: newOwnerId }, data: { role: "OWNER" } });
    if (count === 0) throw notFound(M.notMember);
    await tx.teamMember.update({ where: { submissionId_userId: { submissionId, userId: ownerId } }, data: { role: "MEMBER" } });
    return read(tx, submissionId);
  });
}
