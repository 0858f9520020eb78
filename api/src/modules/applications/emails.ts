// The e-mail an applicant gets when a reviewer decides: plain text and HTML, the link built from SITE_URL, the
// reviewer's note quoted when there is one. The decision enqueues a `DECISION_MAIL_JOB` in its transaction
// (service.ts); the job reads the decided application and sends once per application (decision 011).
import { db } from "../../db/client";
import { env } from "../../env";
import { work } from "../../jobs/jobs";
import { MAIL_JOB_SETTINGS, sendMailOnce } from "../../jobs/mail-once";
import { escapeHtml, SITE_NAME } from "../../lib/html";
import type { Mail } from "../../lib/mailer";
import type { Application } from "./schema";

export const DECISION_MAIL_JOB = "application-decision-mail";
export type DecisionMailJob = { applicationId: string };

/** The decision's job: the application as decided, mailed once; nothing when it is gone (its challenge deleted). */
async function sendDecisionMail({ applicationId }: DecisionMailJob) {
  const application = await (await db()).challengeParticipant.findUnique({
    where: { id: applicationId },
    select: {
      status: true,
      applicantName: true,
      applicantEmail: true,
      decisionNote: true,
      challenge: { select: { title: true } },
    },
  });
  if (!application || application.status === "PENDING") return;
  await sendMailOnce(`application-decision:${applicationId}`, applicationDecisionEmail(application));
}

void work(DECISION_MAIL_JOB, sendDecisionMail, MAIL_JOB_SETTINGS);

type DecidedApplication = Pick<Application, "status" | "applicantName" | "applicantEmail" | "decisionNote"> & {
  challenge: Pick<Application["challenge"], "title">;
};

function applicationDecisionEmail(application: DecidedApplication): Mail {
  const approved = application.status === "ACTIVE";
  const title = application.challenge.title;
  const link = `${env.SITE_URL}/my-applications`;
  const subject = approved ? `Your application to ${title} was approved` : `Your application to ${title} was not accepted`;
  const lines = [
    approved
      ? `Good news: your application to join "${title}" has been approved. You can now follow the challenge on your dashboard.`
      : `Thank you for applying to "${title}". After review, your application was not accepted this time.`,
    ...(application.decisionNote ? ["A note from the organisers:", application.decisionNote] : []),
  ];
  const greeting = `Hi ${application.applicantName},`;
  const text = [greeting, "", ...lines, "", `See your applications: ${link}`, "", `— ${SITE_NAME}`].join("\n");
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937">
<p>${escapeHtml(greeting)}</p>
${lines.map((l) => `<p style="white-space:pre-line">${escapeHtml(l)}</p>`).join("\n")}
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#7c3aed;color:#fff;border-radius:6px;text-decoration:none">My Applications</a></p>
<p>— ${SITE_NAME}</p></body></html>`;
  return { to: application.applicantEmail, subject, text, html, link };
}
