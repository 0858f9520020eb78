// What search engines and link previews read from a project page: OpenGraph tags and a schema.org CreativeWork.
import type { Project } from "@api/modules/projects/schema";
import { SITE_NAME } from "../../config";
import { DEFAULT_PROJECT_IMAGE } from "./ProjectCard";

export function projectMeta(project: Project, pageUrl: URL) {
  const image = new URL(project.imageUrl ?? DEFAULT_PROJECT_IMAGE, pageUrl).toString();
  const work = {
    "@context": "https://schema.org",
    "@type": "CreativeWork",
    name: project.title,
    headline: project.title,
    abstract: project.description,
    description: project.description,
    datePublished: project.createdAt,
    image: [image],
    url: pageUrl.toString(),
    ...(project.whitePaperUrl
      ? {
          associatedMedia: {
            "@type": "MediaObject",
            contentUrl: new URL(project.whitePaperUrl, pageUrl).toString(),
            encodingFormat: "application/pdf",
          },
        }
      : {}),
    publisher: { "@type": "Organization", name: SITE_NAME, url: pageUrl.origin },
  };
  return {
    og: {
      "og:type": "article",
      "og:site_name": SITE_NAME,
      "og:title": project.title,
      "og:description": project.description,
      "og:url": pageUrl.toString(),
      "og:image": image,
      "article:published_time": project.createdAt,
    },
    // JSON inside <script> must not be able to close the element: escape "<" (and the line separators JS dislikes).
    jsonLd: JSON.stringify(work)
      .replace(/</g, "\\u003c")
      .replace(/\u2028/g, "\\u2028")
      .replace(/\u2029/g, "\\u2029"),
  };
}
