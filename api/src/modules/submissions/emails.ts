// The submissions' e-mails (SPEC "Deliverables and submissions", decision 019): a team invitation to its invitee, a
// receipt to every member at each Submit (version, each file's SHA-256, each link's and text's title), and a reminder
// 24 hours before a deliverable's due time to teams that have not submitted. The first two are enqueued in the write's
// transaction (teams.ts, entries.ts); the reminder by a sweep on a cron schedule that claims (submission,
// deliverable) in `submission_reminders` in the same transaction as the job, so however many processes sweep at once
// one mail goes per team and deliverable. Each job sends through `sendMailOnce`: a retried job sends nothing twice.
import { db } from "../../db/client";
import type { Prisma } from "../../generated/prisma/client";
import { env } from "../../env";
import { enqueue, work } from "../../jobs/jobs";
import { MAIL_JOB_SETTINGS, sendMailOnce } from "../../jobs/mail-once";
import { escapeHtml, SITE_NAME } from "../../lib/html";
import type { Mail } from "../../lib/mailer";
import type { VersionEntry } from "./schema";

type Tx = Prisma.TransactionClient;

export const INVITATION_MAIL_JOB = "submission-invitation-mail";
export const RECEIPT_MAIL_JOB = "submission-receipt-mail";
export const REMINDER_MAIL_JOB = "submission-reminder-mail";
export const REMINDER_SWEEP_JOB = "submission-reminder-sweep";

/** How long before a due time the reminder goes out. */
export const REMINDER_LEAD_MS = 24 * 3600_000;

type InvitationMailJob = { invitationId: string };
type ReceiptMailJob = { submissionId: string; number: number };
type ReminderMailJob = { submissionId: string; deliverableId: string };

/** In the invitation's transaction: the invitee hears of it once it commits. */
export function enqueueInvitationMail(tx: Tx, invitationId: string) {
  return enqueue(tx, INVITATION_MAIL_JOB, { invitationId } satisfies InvitationMailJob, { key: invitationId });
}

/** In the Submit's transaction: every member gets the receipt of version `number`. */
export function enqueueReceiptMail(tx: Tx, submissionId: string, number: number) {
  return enqueue(tx, RECEIPT_MAIL_JOB, { submissionId, number } satisfies ReceiptMailJob, {
    key: `${submissionId}:${number}`,
  });
}

const displayName = (u: { firstName: string | null; lastName: string | null; username: string }) =>
  [u.firstName, u.lastName].filter(Boolean).join(" ") || u.username;
const dashboardLink = () => `${env.SITE_URL}/dashboard`;
const workspaceLink = (challengeId: string) => `${env.SITE_URL}/challenges/${challengeId}/submission`;

/** A plain-text mail with its HTML twin: a greeting, paragraphs, one button. */
function compose(to: string, subject: string, greeting: string, lines: string[], link: string, button: string): Mail {
  const text = [greeting, "", ...lines, "", `${button}: ${link}`, "", `— ${SITE_NAME}`].join("\n");
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937">
<p>${escapeHtml(greeting)}</p>
${lines.map((l) => `<p style="white-space:pre-line">${escapeHtml(l)}</p>`).join("\n")}
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#7c3aed;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(button)}</a></p>
<p>— ${SITE_NAME}</p></body></html>`;
  return { to, subject, text, html, link };
}

const personSelect = { email: true, username: true, firstName: true, lastName: true } as const;

/** The invitation's job: nothing when it was answered or withdrawn before the mail went (it would mislead). */
async function sendInvitationMail({ invitationId }: InvitationMailJob) {
  const invitation = await (await db()).teamInvitation.findUnique({
    where: { id: invitationId },
    select: {
      status: true,
      invitee: { select: personSelect },
      invitedBy: { select: personSelect },
      submission: { select: { challenge: { select: { title: true } } } },
    },
  });
  if (invitation?.status !== "PENDING") return;
  const title = invitation.submission.challenge.title;
  const inviter = displayName(invitation.invitedBy);
  const mail = compose(
    invitation.invitee.email,
    `${inviter} invited you to their team for ${title}`,
    `Hi ${displayName(invitation.invitee)},`,
    [
      `${inviter} (@${invitation.invitedBy.username}) invited you to join their team for the challenge "${title}".`,
      "Accept or decline the invitation on your dashboard.",
    ],
    dashboardLink(),
    "Open your dashboard",
  );
  await sendMailOnce(`submission-invitation:${invitationId}`, mail);
}

/** How a version's entry reads in the receipt: a file with its SHA-256, a link or a text by its title. */
function receiptLine(entry: VersionEntry): string {
  if (entry.file) return `${entry.title}: file ${entry.file.name} (${entry.file.bytes} bytes), SHA-256 ${entry.file.sha256}`;
  if (entry.url !== undefined) return `${entry.title}: link ${entry.url}`;
  return `${entry.title}: text (${(entry.text ?? "").length} characters)`;
}

/** The Submit's job: the version as recorded, to each member of the team as it is when the job runs. */
async function sendReceiptMail({ submissionId, number }: ReceiptMailJob) {
  const prisma = await db();
  const version = await prisma.submissionVersion.findUnique({
    where: { submissionId_number: { submissionId, number } },
    select: {
      createdAt: true,
      items: true,
      submission: {
        select: {
          challenge: { select: { id: true, title: true } },
          members: { select: { userId: true, user: { select: personSelect } }, orderBy: { joinedAt: "asc" } },
        },
      },
    },
  });
  if (!version) return;
  const { challenge, members } = version.submission;
  const entries = (version.items as VersionEntry[]).map(receiptLine);
  for (const member of members) {
    const mail = compose(
      member.user.email,
      `Submission received: ${challenge.title} (version ${number})`,
      `Hi ${displayName(member.user)},`,
      [
        `Your team's submission to "${challenge.title}" was received as version ${number} at ${version.createdAt.toISOString()}.`,
        `What it holds:\n${entries.map((e) => `• ${e}`).join("\n")}`,
        "Keep this e-mail: the SHA-256 fingerprints prove which files you handed in.",
      ],
      workspaceLink(challenge.id),
      "Your team's submission",
    );
    await sendMailOnce(`submission-receipt:${submissionId}:${number}:${member.userId}`, mail);
  }
}

/**
 * Claims and enqueues the reminders due at `now`: each deliverable (visible, with a due time, of an ACTIVE challenge)
 * whose due time — or the submission's extension, when later — falls within the next 24 hours, for each team that
 * has not submitted (a draft or a withdrawn one). The claim row and the job commit together: a second sweep, in this
 * process or another, finds the row and enqueues nothing. Answers how many it claimed.
 */
export async function sweepReminders(now = new Date()): Promise<number> {
  const until = new Date(now.getTime() + REMINDER_LEAD_MS);
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    const claimed = await tx.$queryRaw<ReminderMailJob[]>`
      INSERT INTO submission_reminders ("submissionId", "deliverableId")
      SELECT s.id, d.id
      FROM deliverables d
      JOIN challenges c ON c.id = d."challengeId"
      JOIN submissions s ON s."challengeId" = d."challengeId"
      WHERE c.status = 'ACTIVE' AND NOT d.hidden AND d."dueAt" IS NOT NULL
        AND s.status IN ('DRAFT', 'WITHDRAWN')
        AND GREATEST(d."dueAt", COALESCE(s."extendedUntil", d."dueAt")) > ${now}
        AND GREATEST(d."dueAt", COALESCE(s."extendedUntil", d."dueAt")) <= ${until}
      ON CONFLICT DO NOTHING
      RETURNING "submissionId", "deliverableId"`;
    for (const job of claimed) await enqueue(tx, REMINDER_MAIL_JOB, job, { key: `${job.submissionId}:${job.deliverableId}` });
    return claimed.length;
  });
}

/** The reminder's job: skipped when the team submitted meanwhile; the due time is the one that applies to this team. */
async function sendReminderMail({ submissionId, deliverableId }: ReminderMailJob) {
  const prisma = await db();
  const [submission, deliverable] = await Promise.all([
    prisma.submission.findUnique({
      where: { id: submissionId },
      select: {
        status: true,
        extendedUntil: true,
        challenge: { select: { id: true, title: true } },
        members: { select: { userId: true, user: { select: personSelect } }, orderBy: { joinedAt: "asc" } },
      },
    }),
    prisma.deliverable.findUnique({ where: { id: deliverableId }, select: { title: true, dueAt: true } }),
  ]);
  if (!submission || !deliverable?.dueAt) return;
  if (submission.status !== "DRAFT" && submission.status !== "WITHDRAWN") return;
  const due =
    submission.extendedUntil && submission.extendedUntil > deliverable.dueAt ? submission.extendedUntil : deliverable.dueAt;
  const when = `${due.toISOString().slice(0, 16).replace("T", " ")} UTC`;
  for (const member of submission.members) {
    const mail = compose(
      member.user.email,
      `Reminder: "${deliverable.title}" for ${submission.challenge.title} is due in 24 hours`,
      `Hi ${displayName(member.user)},`,
      [
        `Your team has not submitted to "${submission.challenge.title}" yet. The deliverable "${deliverable.title}" is due on ${when}.`,
        "Complete every required deliverable and press Submit before then: after the due time the server takes no more changes.",
      ],
      workspaceLink(submission.challenge.id),
      "Your team's submission",
    );
    await sendMailOnce(`submission-reminder:${submissionId}:${deliverableId}:${member.userId}`, mail);
  }
}

void work(INVITATION_MAIL_JOB, sendInvitationMail, MAIL_JOB_SETTINGS);
void work(RECEIPT_MAIL_JOB, sendReceiptMail, MAIL_JOB_SETTINGS);
void work(REMINDER_MAIL_JOB, sendReminderMail, MAIL_JOB_SETTINGS);
// Every ten minutes, one run a slot across every process (pg-boss's schedule); the claim rows make overlapping
// runs harmless anyway. A reminder thus goes out between 24 h and 23 h 50 min before the due time.
void work(REMINDER_SWEEP_JOB, () => sweepReminders().then(() => undefined), { cron: "*/10 * * * *", retryLimit: 2 });
