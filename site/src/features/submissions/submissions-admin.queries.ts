// The admin Submissions view's calls (decision 019: /api/challenges/{id}/submissions), as queries and mutations of the
// one data layer: the list a keyset page at a time per state filter; disqualify and extension refresh it.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdminSubmission, SubmissionStatus } from "@api/modules/submissions/schema";
import { api, unwrap } from "../../lib/api";
import { keysetListOptions, keysetPage } from "../../lib/query";

const key = (challengeId: string) => ["challenges", challengeId, "submissions"] as const;

type Page = { items: AdminSubmission[]; nextCursor: string | undefined };

export const useAdminSubmissions = (challengeId: string, status: SubmissionStatus | undefined) =>
  useInfiniteQuery(
    keysetListOptions({
      queryKey: [...key(challengeId), status ?? "all"],
      page: (cursor): Promise<Page> =>
        keysetPage(api.challenges({ id: challengeId }).submissions.get({ query: { status, cursor } })) as Promise<Page>,
    }),
  );

/** A challenge's SUBMITTED submissions (its first 200), to choose the one an archive seeds its project from. */
export const useSubmittedTeams = (challengeId: string) =>
  useQuery({
    queryKey: [...key(challengeId), "SUBMITTED", "seed"],
    queryFn: () => unwrap(api.challenges({ id: challengeId }).submissions.get({ query: { status: "SUBMITTED", limit: 200 } })),
    enabled: challengeId !== "",
  });

export function useSubmissionAction(challengeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason, until }: { id: string; reason?: string; until?: string }) => {
      const route = api.challenges({ id: challengeId }).submissions({ submissionId: id });
      return unwrap(reason !== undefined ? route.disqualify.post({ reason }) : route.extension.post({ until: until! }));
    },
    onSuccess: () => client.invalidateQueries({ queryKey: key(challengeId) }),
  });
}

/** Where the CSV of the list (with its filter) and the ZIP of every submitted version download from. */
export const exportLinks = (challengeId: string, status: SubmissionStatus | undefined) => {
  const base = `/api/challenges/${encodeURIComponent(challengeId)}/submissions`;
  return { csv: `${base}.csv${status ? `?status=${status}` : ""}`, zip: `${base}.zip` };
};
