// One completed project in a grid (SPEC §2 Projects card): image or the default, title, published date, summary,
// the Key Outcome box, the White Paper link when there is one, and View Details. Rendered on the server for
// /projects (no JavaScript) and inside the admin island, which passes its Edit / Delete buttons as `actions`.
import type { ReactNode } from "react";
import type { Project } from "@api/modules/projects/schema";
import MediaCard from "../../components/ui/MediaCard";
import { formatCreated } from "../../lib/format";
import CardImage from "../uploads/CardImage";

/** SPEC §9: a default image stands in when a project has none (keeps grid rows even). */
export const DEFAULT_PROJECT_IMAGE = "/images/default-project.svg";

/** `headingLevel`: 3 under a page section's h2 (the public grid), 2 straight under the page's h1 (the admin screen). */
export default function ProjectCard({
  project,
  actions,
  headingLevel = 3,
}: {
  project: Project;
  actions?: ReactNode;
  headingLevel?: 2 | 3;
}) {
  const { id, title, description, solution, imageUrl, whitePaperUrl, createdAt } = project;
  return (
    <MediaCard
      testId="project-card"
      image={<CardImage src={imageUrl ?? DEFAULT_PROJECT_IMAGE} />}
      title={title}
      headingLevel={headingLevel}
      actionsClassName="mt-auto items-center justify-between pt-2"
      actions={
        <>
          {whitePaperUrl ? (
            <a href={whitePaperUrl} className="link link-primary text-sm" download target="_blank" rel="noopener">
              White Paper
              <span className="sr-only"> for {title}</span>
            </a>
          ) : (
            <span />
          )}
          <span className="flex gap-1">
            {actions}
            <a href={`/projects/${id}`} className="btn btn-primary btn-sm">
              View Details
              <span className="sr-only"> of {title}</span>
            </a>
          </span>
        </>
      }
    >
      <p className="text-sm opacity-70">
        Published <time dateTime={createdAt}>{formatCreated(createdAt)}</time>
      </p>
      <p className="line-clamp-3 opacity-80">{description}</p>
      <div className="rounded-box border-l-4 border-success bg-base-100 p-3 text-sm">
        <p className="font-semibold">Key Outcome</p>
        <p className="mt-1 line-clamp-3 whitespace-pre-line opacity-90">{solution}</p>
      </div>
    </MediaCard>
  );
}
