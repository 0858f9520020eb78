// The challenge's judges (decision 021): an admin adds an account by username or e-mail, or invites an address with no
// account yet (a JudgeInvitation and a sign-up mail, enqueued in the same transaction). The invitation becomes a Judge
// row when a user whose VERIFIED address matches calls any /api/judging route (claimInvitations). Removing a judge ends
// their access at once: every judge read checks the Judge row (access.ts).
import { db } from "../../db/client";
import type { Prisma } from "../../generated/prisma/client";
import { env } from "../../env";
import { enqueue, work } from "../../jobs/jobs";
import { MAIL_JOB_SETTINGS, sendMailOnce } from "../../jobs/mail-once";
import { notFound } from "../../lib/errors";
import { escapeHtml, SITE_NAME } from "../../lib/html";
import type { Mail } from "../../lib/mailer";
import { type InvitationRow, type JudgeRow, type JudgesList, PANEL_MESSAGES as M } from "./schema";

type Tx = Prisma.TransactionClient;

export const JUDGE_INVITATION_MAIL_JOB = "judging-judge-invitation-mail";
type InvitationMailJob = { invitationId: string };

const judgeSelect = {
  createdAt: true,
  user: { select: { id: true, username: true, firstName: true, lastName: true, affiliations: true } },
} satisfies Prisma.JudgeSelect;
type JudgeDbRow = Prisma.JudgeGetPayload<{ select: typeof judgeSelect }>;
type Load = { assigned: number; scored: number };
const toJudge = (j: JudgeDbRow, load?: Load): JudgeRow => ({
  userId: j.user.id,
  username: j.user.username,
  name: [j.user.firstName, j.user.lastName].filter(Boolean).join(" ") || j.user.username,
  affiliations: j.user.affiliations,
  addedAt: j.createdAt.toISOString(),
  assigned: load?.assigned ?? 0,
  scored: load?.scored ?? 0,
});

/**
 * Per judge of the challenge (or only `userId`), in one query: their assignments in rounds past the draft (open,
 * closed, published) that they did not recuse from, and how many of those sheets are complete.
 */
async function judgeLoads(client: Tx, challengeId: string, userId?: string): Promise<Map<string, Load>> {
  const rows = await client.$queryRaw<{ judgeId: string; assigned: number; scored: number }[]>`
    SELECT a."judgeId",
           COUNT(*)::int AS assigned,
           COUNT(*) FILTER (WHERE c.n > 0 AND s.n >= c.n)::int AS scored
    FROM judge_assignments a
    JOIN judging_rounds r ON r.id = a."roundId"
    CROSS JOIN LATERAL (SELECT COUNT(*) AS n FROM judging_criteria WHERE "roundId" = r.id) c
    CROSS JOIN LATERAL (SELECT COUNT(*) AS n FROM judge_scores WHERE "assignmentId" = a.id) s
    WHERE r."challengeId" = ${challengeId}
      AND r.state::text IN ('OPEN', 'CLOSED', 'PUBLISHED')
      AND a."recusedAt" IS NULL
      AND (${userId ?? null}::text IS NULL OR a."judgeId" = ${userId ?? null}::text)
    GROUP BY a."judgeId"`;
  return new Map(rows.map((r) => [r.judgeId, { assigned: Number(r.assigned), scored: Number(r.scored) }]));
}

async function requireChallenge(client: Tx, challengeId: string) {
  const found = await client.challenge.findUnique({ where: { id: challengeId }, select: { id: true } });
  if (!found) throw notFound(M.challengeNotFound);
}

export type AddJudgeResult =
  | { status: 200 | 201; body: { judge: JudgeRow } }
  | { status: 201; body: { invitation: { id: string; email: string } } };

/** Adds an account as judge (repeat: 200, same judge), or invites an address with no account (201 each time it is new). */
export async function addJudge(challengeId: string, usernameOrEmail: string, addedById: string): Promise<AddJudgeResult> {
  const key = usernameOrEmail.trim();
  const isEmail = key.includes("@");
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    await requireChallenge(tx, challengeId);
    const user = await tx.user.findFirst({
      where: isEmail ? { email: { equals: key, mode: "insensitive" } } : { username: key },
      select: { id: true },
    });
    if (user) {
      const existing = await tx.judge.findUnique({
        where: { challengeId_userId: { challengeId, userId: user.id } },
        select: judgeSelect,
      });
      if (existing) {
        const load = (await judgeLoads(tx, challengeId, user.id)).get(user.id);
        return { status: 200 as const, body: { judge: toJudge(existing, load) } };
      }
      const created = await tx.judge.create({ data: { challengeId, userId: user.id, addedById }, select: judgeSelect });
      return { status: 201 as const, body: { judge: toJudge(created) } };
    }
    if (!isEmail) throw notFound(M.userNotFound);
    const email = key.toLowerCase();
    const before = await tx.judgeInvitation.findUnique({
      where: { challengeId_email: { challengeId, email } },
      select: { id: true, acceptedAt: true },
    });
    if (before) return { status: 201 as const, body: { invitation: { id: before.id, email } } };
    const invitation = await tx.judgeInvitation.create({
      data: { challengeId, email, invitedById: addedById },
      select: { id: true },
    });
    await enqueue<InvitationMailJob>(tx, JUDGE_INVITATION_MAIL_JOB, { invitationId: invitation.id }, { key: invitation.id });
    return { status: 201 as const, body: { invitation: { id: invitation.id, email } } };
  });
}

/** Judges with names and affiliations, and the invitations not yet taken up. */
export async function listJudges(challengeId: string): Promise<JudgesList> {
  const prisma = await db();
  await requireChallenge(prisma, challengeId);
  const [judges, invitations, loads] = await Promise.all([
    prisma.judge.findMany({ where: { challengeId }, orderBy: [{ createdAt: "asc" }, { userId: "asc" }], select: judgeSelect }),
    prisma.judgeInvitation.findMany({
      where: { challengeId, acceptedAt: null },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { id: true, email: true, createdAt: true },
    }),
    judgeLoads(prisma, challengeId),
  ]);
  return {
    judges: judges.map((j) => toJudge(j, loads.get(j.user.id))),
    invitations: invitations.map((i): InvitationRow => ({ id: i.id, email: i.email, invitedAt: i.createdAt.toISOString() })),
  };
}

/** Removes the judge (404 when not one). Their assignments stay for the record; access.ts refuses them from now on. */
export async function removeJudge(challengeId: string, userId: string): Promise<void> {
  const prisma = await db();
  const { count } = await prisma.judge.deleteMany({ where: { challengeId, userId } });
  if (count === 0) throw notFound(M.judgeNotFound);
}

/** Withdraws an invitation (404 when it is not one of this challenge's): its link no longer makes anyone a judge. */
export async function removeInvitation(challengeId: string, invitationId: string): Promise<void> {
  const prisma = await db();
  const { count } = await prisma.judgeInvitation.deleteMany({ where: { id: invitationId, challengeId, acceptedAt: null } });
  if (count === 0) throw notFound(M.invitationNotFound);
}

export async function isJudge(userId: string, challengeId: string, client?: Tx): Promise<boolean> {
  const row = await (client ?? (await db())).judge.findUnique({
    where: { challengeId_userId: { challengeId, userId } },
    select: { userId: true },
  });
  return row !== null;
}

/**
 * A verified user's open invitations become Judge rows. Only a VERIFIED address claims: anyone can sign up with an
 * address they do not own, and an invitation is a grant of access to entries.
 */
export async function claimInvitations(user: { id: string; email: string; emailVerified: boolean }): Promise<void> {
  if (!user.emailVerified) return;
  const prisma = await db();
  const email = user.email.toLowerCase();
  const open = await prisma.judgeInvitation.findMany({
    where: { email, acceptedAt: null },
    select: { id: true, challengeId: true },
  });
  if (open.length === 0) return;
  await prisma.$transaction(async (tx) => {
    for (const inv of open) {
      // Conditional: two requests at once accept it once.
      const { count } = await tx.judgeInvitation.updateMany({
        where: { id: inv.id, acceptedAt: null },
        data: { acceptedAt: new Date() },
      });
      if (count === 0) continue;
      await tx.judge.upsert({
        where: { challengeId_userId: { challengeId: inv.challengeId, userId: user.id } },
        create: { challengeId: inv.challengeId, userId: user.id },
        update: {},
      });
    }
  });
}

/** The invitation's mail: a sign-up link with the address filled in. Nothing when it was taken up meanwhile. */
async function sendInvitationMail({ invitationId }: InvitationMailJob) {
  const inv = await (await db()).judgeInvitation.findUnique({
    where: { id: invitationId },
    select: { email: true, acceptedAt: true, challenge: { select: { title: true } } },
  });
  if (!inv || inv.acceptedAt) return;
  const title = inv.challenge.title;
  const link = `${env.SITE_URL}/register?email=${encodeURIComponent(inv.email)}`;
  const lines = [
    `The organisers of "${title}" invite you to judge its entries.`,
    "Create an account with this address and confirm it: the entries assigned to you then appear under Judging.",
  ];
  const text = ["Hello,", "", ...lines, "", `Create your account: ${link}`, "", `— ${SITE_NAME}`].join("\n");
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937">
<p>Hello,</p>
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("\n")}
<p><a href="${escapeHtml(link)}">Create your account</a></p>
<p>— ${SITE_NAME}</p></body></html>`;
  const mail: Mail = { to: inv.email, subject: `You are invited to judge ${title}`, text, html, link };
  await sendMailOnce(`judging-judge-invitation:${invitationId}`, mail);
}

void work(JUDGE_INVITATION_MAIL_JOB, sendInvitationMail, MAIL_JOB_SETTINGS);
