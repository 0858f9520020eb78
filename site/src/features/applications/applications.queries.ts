// The applications islands' calls (SPEC §7), as queries and mutations of the one data layer. A decision refreshes
// the review list and the challenges; applying changes nothing another list shows (the participant count is of
// approved applications).
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  type ApplicationBody,
  type Decision,
  REVIEW_COUNT_HEADERS,
  type ReviewApplication,
} from "@api/modules/applications/schema";
import { api, unwrap } from "../../lib/api";
import { headerCount, keysetListOptions, keysetPage } from "../../lib/query";

export const applicationsKey = (challengeId: string) => ["challenge", challengeId, "applications"] as const;

export const useApply = (challengeId: string) =>
  useMutation({ mutationFn: (body: ApplicationBody) => unwrap(api.challenges({ id: challengeId }).register.post(body)) });

/** One page of the review list, with the counts of the whole list (the headers every page carries). */
export type ReviewPage = { items: ReviewApplication[]; nextCursor: string | undefined; total: number; pending: number };

/** A challenge's applications, pending first, a keyset page at a time (Load more under the list). */
export const useChallengeApplications = (challengeId: string) =>
  useInfiniteQuery(
    keysetListOptions({
      queryKey: applicationsKey(challengeId),
      page: (cursor): Promise<ReviewPage> =>
        keysetPage(api.challenges({ id: challengeId }).applications.get({ query: { cursor } }), (items, response) => ({
          items,
          total: headerCount(response, REVIEW_COUNT_HEADERS.total),
          pending: headerCount(response, REVIEW_COUNT_HEADERS.pending),
        })),
    }),
  );

export function useDecide(challengeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ applicationId, decision, note }: { applicationId: string; decision: Decision; note: string }) => {
      const route = api.challenges({ id: challengeId }).applications({ applicationId });
      const body = { decisionNote: note.trim() || null };
      return unwrap(decision === "approve" ? route.approve.patch(body) : route.reject.patch(body));
    },
    // An approval changes the challenge's participant count too (the admin grid shows it).
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: applicationsKey(challengeId) }),
        client.invalidateQueries({ queryKey: ["challenges"] }),
      ]),
  });
}
