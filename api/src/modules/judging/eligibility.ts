// The eligibility screen before round one (decision 021): the admin marks each SUBMITTED submission PASS or FAIL; a
// FAIL carries the reason the team is told — by e-mail (a job enqueued in the verdict's transaction) and on
// GET /api/challenges/:id/submission/eligibility. Verdicts change until round one opens: the write takes round
// one's row FOR SHARE, so an open (an UPDATE of that row) and a verdict are ordered and the open's entries are final.
import { db } from "../../db/client";
import type { Prisma } from "../../generated/prisma/client";
import { env } from "../../env";
import { enqueue, work } from "../../jobs/jobs";
import { MAIL_JOB_SETTINGS, sendMailOnce } from "../../jobs/mail-once";
import { AppError, notFound } from "../../lib/errors";
import { escapeHtml, SITE_NAME } from "../../lib/html";
import type { Mail } from "../../lib/mailer";
import { mySubmissionId, person, toPerson } from "../submissions/teams";
import { type EligibilityRow, ROUND_MESSAGES as M, type TeamEligibility } from "./schema";

type Tx = Prisma.TransactionClient;

export const ELIGIBILITY_FAIL_MAIL_JOB = "judging-eligibility-fail-mail";
/** `decidedAt`: the verdict as given, so a later FAIL with a new reason is a mail of its own. */
type FailMailJob = { submissionId: string; decidedAt: string };

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** Every SUBMITTED submission of the challenge with its team and verdict (null: not screened yet), oldest first. */
export async function eligibilityList(challengeId: string): Promise<EligibilityRow[]> {
  const prisma = await db();
  const challenge = await prisma.challenge.findUnique({ where: { id: challengeId }, select: { id: true } });
  if (!challenge) throw notFound(M.challengeNotFound);
  const rows = await prisma.submission.findMany({
    where: { challengeId, status: "SUBMITTED" },
    orderBy: [{ submittedAt: "asc" }, { id: "asc" }],
    select: {
      id: true,
      submittedAt: true,
      eligibility: { select: { verdict: true, reason: true, decidedAt: true } },
      members: { select: { user: person }, orderBy: [{ joinedAt: "asc" }, { userId: "asc" }] },
    },
  });
  return rows.map((r) => ({
    submissionId: r.id,
    submittedAt: iso(r.submittedAt),
    members: r.members.map((m) => toPerson(m.user)),
    verdict: r.eligibility?.verdict ?? null,
    reason: r.eligibility?.reason ?? null,
    decidedAt: iso(r.eligibility?.decidedAt),
  }));
}

/** Round one's row FOR SHARE: 409 once it has opened (no round yet: the screen is open). */
async function lockScreenOpen(tx: Tx, challengeId: string) {
  const [first] = await tx.$queryRaw<{ state: string }[]>`
    SELECT state::text AS state FROM judging_rounds WHERE "challengeId" = ${challengeId} AND position = 1 FOR SHARE`;
  if (first && first.state !== "DRAFT") throw new AppError("conflict", M.eligibilityClosed);
}

/** Records the verdict; a FAIL (new, or with a new reason) mails the team why. */
export async function decideEligibility(
  challengeId: string,
  submissionId: string,
  verdict: "PASS" | "FAIL",
  reason: string | null | undefined,
  userId: string,
): Promise<EligibilityRow> {
  const why = reason?.trim() || null;
  if (verdict === "FAIL" && !why) throw new AppError("invalid_data", M.reasonRequired);
  const prisma = await db();
  await prisma.$transaction(async (tx) => {
    await lockScreenOpen(tx, challengeId);
    const submission = await tx.submission.findFirst({ where: { id: submissionId, challengeId }, select: { status: true } });
    if (!submission) throw notFound(M.submissionNotFound);
    if (submission.status !== "SUBMITTED") throw new AppError("conflict", M.notSubmitted);
    const before = await tx.eligibilityCheck.findUnique({ where: { submissionId }, select: { verdict: true, reason: true } });
    const stored = verdict === "PASS" ? null : why;
    if (before && before.verdict === verdict && before.reason === stored) return; // a repeat changes nothing
    const check = await tx.eligibilityCheck.upsert({
      where: { submissionId },
      create: { submissionId, challengeId, verdict, reason: stored, decidedById: userId },
      update: { verdict, reason: stored, decidedById: userId, decidedAt: new Date() },
      select: { decidedAt: true },
    });
    if (verdict === "FAIL") {
      const decidedAt = check.decidedAt.toISOString();
      await enqueue<FailMailJob>(
        tx,
        ELIGIBILITY_FAIL_MAIL_JOB,
        { submissionId, decidedAt },
        { key: `${submissionId}:${decidedAt}` },
      );
    }
  });
  const row = (await eligibilityList(challengeId)).find((r) => r.submissionId === submissionId);
  if (!row) throw notFound(M.submissionNotFound);
  return row;
}

/** The caller's team's verdict (members only; 404 when the caller has no team on the challenge). */
export async function myEligibility(challengeId: string, userId: string): Promise<TeamEligibility> {
  const prisma = await db();
  const submissionId = await mySubmissionId(prisma, challengeId, userId);
  const check = await prisma.eligibilityCheck.findUnique({
    where: { submissionId },
    select: { verdict: true, reason: true, decidedAt: true },
  });
  return { verdict: check?.verdict ?? null, reason: check?.reason ?? null, decidedAt: iso(check?.decidedAt) };
}

/** The FAIL's job: nothing when the verdict changed since (that change mails, or a PASS needs no mail). */
async function sendFailMail({ submissionId, decidedAt }: FailMailJob) {
  const team = await (await db()).submission.findUnique({
    where: { id: submissionId },
    select: {
      eligibility: { select: { verdict: true, reason: true, decidedAt: true } },
      challenge: { select: { id: true, title: true } },
      members: { select: { userId: true, user: { select: { email: true, firstName: true, username: true } } } },
    },
  });
  const check = team?.eligibility;
  if (!team || check?.verdict !== "FAIL" || check.decidedAt.toISOString() !== decidedAt) return;
  const title = team.challenge.title;
  const link = `${env.SITE_URL}/challenges/${encodeURIComponent(team.challenge.id)}/submission`;
  const lines = [
    `The organisers of "${title}" screened your team's submission: it did not pass the eligibility check and takes no part in judging.`,
    "Their reason:",
    check.reason ?? "",
  ];
  await Promise.all(
    team.members.map((m) => {
      const greeting = `Hi ${m.user.firstName || m.user.username},`;
      const text = [greeting, "", ...lines, "", `Open your submission: ${link}`, "", `— ${SITE_NAME}`].join("\n");
      const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937">
<p>${escapeHtml(greeting)}</p>
${lines.map((l) => `<p style="white-space:pre-line">${escapeHtml(l)}</p>`).join("\n")}
<p><a href="${escapeHtml(link)}">Open your submission</a></p>
<p>— ${SITE_NAME}</p></body></html>`;
      const mail: Mail = {
        to: m.user.email,
        subject: `Your submission to ${title} did not pass the eligibility check`,
        text,
        html,
        link,
      };
      return sendMailOnce(`judging-eligibility-fail:${submissionId}:${decidedAt}:${m.userId}`, mail);
    }),
  );
}

void work(ELIGIBILITY_FAIL_MAIL_JOB, sendFailMail, MAIL_JOB_SETTINGS);
