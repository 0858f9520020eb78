// The public list's state lives in the URL (?status=ACTIVE&q=water&cursor=…) so a filtered list can be shared,
// bookmarked and crawled. This module turns a URL into the API query and back; nothing else parses it.
import {
  OPEN_CHALLENGE_STATUSES,
  PUBLIC_CHALLENGE_STATUSES,
  SEARCH_MAX_LENGTH,
  type ChallengeStatus,
} from "@api/modules/challenges/schema";
import { isOneOf } from "@api/lib/enums";

type ListParams = { status: ChallengeStatus | ""; q: string; cursor: string };

/** SPEC §2 status filter: All Status (default, hides COMPLETED), Active, Upcoming, Completed. */
export const STATUS_OPTIONS: { value: ListParams["status"]; label: string }[] = [
  { value: "", label: "All Status" },
  { value: "ACTIVE", label: "Active" },
  { value: "UPCOMING", label: "Upcoming" },
  { value: "COMPLETED", label: "Completed" },
];

/** Unknown values fall back to the defaults: a hand-edited URL shows the list, not an error page. */
export function readListParams(url: URL): ListParams {
  const status = url.searchParams.get("status") ?? "";
  return {
    status: isOneOf(PUBLIC_CHALLENGE_STATUSES, status) ? status : "",
    q: (url.searchParams.get("q") ?? "").trim().slice(0, SEARCH_MAX_LENGTH),
    cursor: url.searchParams.get("cursor") ?? "",
  };
}

export function toApiQuery({ status, q, cursor }: ListParams) {
  return {
    status: status || OPEN_CHALLENGE_STATUSES.join(","),
    ...(q ? { search: q } : {}),
    ...(cursor ? { cursor } : {}),
  };
}

/** The page URL for these filters (cursor included when given): canonical order, empty values left out. */
export function listHref({ status, q, cursor }: Partial<ListParams>): string {
  const params = new URLSearchParams();
  if (status) params.set("status", status);
  if (q) params.set("q", q);
  if (cursor) params.set("cursor", cursor);
  const qs = params.toString();
  return qs ? `/challenges?${qs}` : "/challenges";
}
