// The two mails the admin Submissions view sends (decision 019): an extension granted, a disqualification with its
// reason. Each write enqueues its job in its own transaction (admin-service.ts); the job reads the submission as it
// now is and mails every member once per decision (sendMailOnce), like applications/emails.ts.
import { db } from "../../db/client";
import { env } from "../../env";
import { work } from "../../jobs/jobs";
import { MAIL_JOB_SETTINGS, sendMailOnce } from "../../jobs/mail-once";
import { escapeHtml, SITE_NAME } from "../../lib/html";
import type { Mail } from "../../lib/mailer";

export const EXTENSION_MAIL_JOB = "submission-extension-mail";
export const DISQUALIFIED_MAIL_JOB = "submission-disqualified-mail";
/** `until`: the extension's end as granted, so a later change of it is a mail of its own. */
export type ExtensionMailJob = { submissionId: string; until: string };
export type DisqualifiedMailJob = { submissionId: string };

async function teamOf(submissionId: string) {
  return (await db()).submission.findUnique({
    where: { id: submissionId },
    select: {
      status: true,
      extendedUntil: true,
      disqualifiedReason: true,
      challenge: { select: { id: true, title: true } },
      members: { select: { userId: true, user: { select: { email: true, firstName: true, username: true } } } },
    },
  });
}

type Letter = { subject: string; lines: string[]; link: string; button: string };

function mailTo(user: { email: string; firstName: string | null; username: string }, letter: Letter): Mail {
  const greeting = `Hi ${user.firstName || user.username},`;
  const text = [greeting, "", ...letter.lines, "", `${letter.button}: ${letter.link}`, "", `— ${SITE_NAME}`].join("\n");
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937">
<p>${escapeHtml(greeting)}</p>
${letter.lines.map((l) => `<p style="white-space:pre-line">${escapeHtml(l)}</p>`).join("\n")}
<p><a href="${escapeHtml(letter.link)}" style="display:inline-block;padding:10px 18px;background:#7c3aed;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(letter.button)}</a></p>
<p>— ${SITE_NAME}</p></body></html>`;
  return { to: user.email, subject: letter.subject, text, html, link: letter.link };
}

/** The extension's job: nothing when the submission is gone or its extension changed since (that change mails). */
async function sendExtensionMail({ submissionId, until }: ExtensionMailJob) {
  const team = await teamOf(submissionId);
  if (!team || team.extendedUntil?.toISOString() !== until) return;
  const title = team.challenge.title;
  const letter: Letter = {
    subject: `More time for your submission to ${title}`,
    lines: [
      `The organisers of "${title}" gave your team more time: your submission takes changes until ${until.replace("T", " ").slice(0, 16)} UTC.`,
    ],
    link: `${env.SITE_URL}/challenges/${encodeURIComponent(team.challenge.id)}/submission`,
    button: "Open your submission",
  };
  await Promise.all(
    team.members.map((m) => sendMailOnce(`submission-extension:${submissionId}:${until}:${m.userId}`, mailTo(m.user, letter))),
  );
}

/** The disqualification's job: nothing when the submission is gone or no longer disqualified. */
async function sendDisqualifiedMail({ submissionId }: DisqualifiedMailJob) {
  const team = await teamOf(submissionId);
  if (team?.status !== "DISQUALIFIED") return;
  const title = team.challenge.title;
  const letter: Letter = {
    subject: `Your submission to ${title} was disqualified`,
    lines: [
      `The organisers of "${title}" disqualified your team's submission: it takes no further part in judging.`,
      "Their reason:",
      team.disqualifiedReason ?? "",
    ],
    link: `${env.SITE_URL}/challenges/${encodeURIComponent(team.challenge.id)}/submission`,
    button: "Open your submission",
  };
  await Promise.all(
    team.members.map((m) => sendMailOnce(`submission-disqualified:${submissionId}:${m.userId}`, mailTo(m.user, letter))),
  );
}

void work(EXTENSION_MAIL_JOB, sendExtensionMail, MAIL_JOB_SETTINGS);
void work(DISQUALIFIED_MAIL_JOB, sendDisqualifiedMail, MAIL_JOB_SETTINGS);
