// One application in My Applications (SPEC §2): status badge, applied date, challenge start, company, role, the
// Enterprise Participant badge, a link to the challenge, and the reviewer's note when there is one. Rendered on
// the server (no JavaScript shipped).
import type { Application } from "@api/modules/applications/schema";
import Badge from "../../components/ui/Badge";
import { formatDay } from "../../lib/format";
import ApplicationStatusBadge from "./ApplicationStatusBadge";

export default function ApplicationCard({ application }: { application: Application }) {
  const { challenge } = application;
  return (
    <article
      className="card border border-base-300 bg-base-200"
      data-testid="application-card"
      aria-labelledby={`application-${application.id}`}
    >
      <div className="card-body gap-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 id={`application-${application.id}`} className="card-title">
            {challenge.title}
          </h2>
          <div className="flex flex-wrap gap-2">
            <ApplicationStatusBadge status={application.status} />
            {application.isEnterprise && <Badge tone="secondary">Enterprise Participant</Badge>}
          </div>
        </div>
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
          <div className="flex gap-2">
            <dt className="opacity-70">Applied</dt>
            <dd>
              <time dateTime={application.joinedAt}>{formatDay(application.joinedAt)}</time>
            </dd>
          </div>
          <div className="flex gap-2">
            <dt className="opacity-70">Challenge starts</dt>
            <dd>
              <time dateTime={challenge.startDate}>{formatDay(challenge.startDate)}</time>
            </dd>
          </div>
          <div className="flex gap-2">
            <dt className="opacity-70">Company</dt>
            <dd>{application.company}</dd>
          </div>
          <div className="flex gap-2">
            <dt className="opacity-70">Role</dt>
            <dd>{application.role}</dd>
          </div>
        </dl>
        {application.decisionNote && (
          <blockquote className="rounded-box border-l-4 border-primary bg-base-100 p-3 text-sm" data-testid="decision-note">
            <p className="font-semibold">Note from the organisers</p>
            <p className="mt-1 whitespace-pre-line">{application.decisionNote}</p>
          </blockquote>
        )}
        <div className="card-actions justify-end">
          <a href={`/challenges/${challenge.id}`} className="btn btn-outline btn-sm">
            View Challenge
          </a>
        </div>
      </div>
    </article>
  );
}
