// The public list's state lives in the URL (?q=water&cursor=…) so a search can be shared, bookmarked and crawled.
// This module turns a URL into the API query and back; nothing else parses it.
import { SEARCH_MAX_LENGTH } from "@api/modules/projects/schema";

type ProjectListParams = { q: string; cursor: string };

export function readProjectListParams(url: URL): ProjectListParams {
  return {
    q: (url.searchParams.get("q") ?? "").trim().slice(0, SEARCH_MAX_LENGTH),
    cursor: url.searchParams.get("cursor") ?? "",
  };
}

export function toProjectApiQuery({ q, cursor }: ProjectListParams) {
  return { ...(q ? { search: q } : {}), ...(cursor ? { cursor } : {}) };
}

/** The page URL for this search (cursor included when given): canonical order, empty values left out. */
export function projectListHref({ q, cursor }: Partial<ProjectListParams>): string {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (cursor) params.set("cursor", cursor);
  const qs = params.toString();
  return qs ? `/projects?${qs}` : "/projects";
}
