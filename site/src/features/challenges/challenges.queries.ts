// The admin challenge screen's calls (SPEC §7 /api/challenges), as queries and mutations of the one data layer.
// The grid pages by keyset: each page's next cursor arrives in a response header, not in the list itself.
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import type { ChallengeInput, ChallengeUpdate } from "@api/modules/challenges/schema";
import type { Challenge } from "@api/modules/challenges/schema";
import { api, unwrap } from "../../lib/api";
import { type FirstPage, keysetListOptions, keysetPage } from "../../lib/query";

const MANAGED = ["challenges", "manage"] as const;
/** Two full rows of three on large screens per page; admins rarely have more than a few pages. */
const ADMIN_PAGE_SIZE = 24;
/** The grid's first page, as the page fetches it on the server. */
export const ADMIN_FIRST_PAGE = { limit: ADMIN_PAGE_SIZE };

export const useManagedChallenges = (first?: FirstPage<Challenge>) =>
  useInfiniteQuery(
    keysetListOptions({
      queryKey: MANAGED,
      page: (cursor) => keysetPage(api.challenges.manage.get({ query: { ...ADMIN_FIRST_PAGE, cursor } })),
      first,
    }),
  );

function useChallengesMutation<V, R>(call: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: ["challenges"] }) });
}

export const useCreateChallenge = () => useChallengesMutation((body: ChallengeInput) => unwrap(api.challenges.post(body)));
export const useUpdateChallenge = () =>
  useChallengesMutation(({ id, body }: { id: string; body: ChallengeUpdate }) => unwrap(api.challenges({ id }).patch(body)));
export const useDeleteChallenge = () => useChallengesMutation((id: string) => unwrap(api.challenges({ id }).delete()));
