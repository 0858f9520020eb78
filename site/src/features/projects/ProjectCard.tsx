// One completed project in a grid (SPEC §2 Projects card): image or the default, title, published date, summary,
// the Key Outcome box, the White Paper link when there is one, and View Details. Rendered on the server for
// /projects (no JavaScript) and inside the admin island, which passes its Edit / Delete buttons as `actions`.
import type { ReactNode } from "react";
import type { Project } from "@api/modules/projects/schema";
import { formatCreated } from "../../lib/format";
import ResponsiveImage from "../uploads/ResponsiveImage";
import { CARD_SIZES } from "../uploads/responsive-image";

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
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const { id, title, description, solution, imageUrl, whitePaperUrl, createdAt } = project;
  return (
    <article className="card h-full border border-base-300 bg-base-200 shadow-sm" data-testid="project-card">
      <figure className="aspect-[16/9] overflow-hidden">
        <ResponsiveImage
          src={imageUrl ?? DEFAULT_PROJECT_IMAGE}
          alt=""
          sizes={CARD_SIZES}
          className="h-full w-full object-cover"
        />
      </figure>
      <div className="card-body gap-3">
        <Heading className="card-title text-lg">{title}</Heading>
        <p className="text-sm opacity-70">
          Published <time dateTime={createdAt}>{formatCreated(createdAt)}</time>
        </p>
        <p className="line-clamp-3 opacity-80">{description}</p>
        <div className="rounded-box border-l-4 border-success bg-base-100 p-3 text-sm">
          <p className="font-semibold">Key Outcome</p>
          <p className="mt-1 line-clamp-3 whitespace-pre-line opacity-90">{solution}</p>
        </div>
        <div className="card-actions mt-auto items-center justify-between pt-2">
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
        </div>
      </div>
    </article>
  );
}
