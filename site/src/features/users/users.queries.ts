// The user-management screen's calls (SPEC §7 /api/users), as queries and mutations of the one data layer.
// Successful mutations refresh the list (SPEC §7).
import { keepPreviousData, useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import type { Role } from "@api/modules/auth/schema";
import {
  ADMIN_COUNT_HEADER,
  type AdminUser,
  type CreateUserBody,
  TOTAL_COUNT_HEADER,
  type UpdateUserBody,
} from "@api/modules/users/schema";
import { api, unwrap } from "../../lib/api";
import { type FirstPage, headerCount, keysetListOptions, keysetPage } from "../../lib/query";

const USERS = ["users"] as const;

const PAGE_SIZE = 50;
/** The counts of the whole filtered list, which every page's headers carry. */
export const userCounts = (response: Response | null | undefined) => ({
  total: headerCount(response, TOTAL_COUNT_HEADER),
  admins: headerCount(response, ADMIN_COUNT_HEADER),
});
/** The table's first page unfiltered, as the page fetches it on the server. */
export const USERS_FIRST_PAGE = { limit: PAGE_SIZE };
export type UsersPage = FirstPage<AdminUser> & ReturnType<typeof userCounts>;

/**
 * The user table, filtered on the server (search, role), a keyset page at a time. Every page carries the counts of
 * the whole filtered list; the screen shows the first page's. The last result stays on screen while a new filter
 * loads (no flash of skeletons per keystroke).
 */
export const useUsers = (filter: { search: string; role?: Role }, first?: UsersPage) =>
  useInfiniteQuery({
    ...keysetListOptions({
      queryKey: [...USERS, "list", filter],
      page: (cursor): Promise<UsersPage> => {
        const query = { ...filter, ...USERS_FIRST_PAGE, search: filter.search || undefined, cursor };
        return keysetPage(api.users.get({ query }), (data, response) => ({
          items: data as AdminUser[],
          ...userCounts(response),
        }));
      },
      // The page's first page is the unfiltered list's: only that query starts from it.
      first: filter.search || filter.role ? undefined : first,
    }),
    placeholderData: keepPreviousData,
  });

function useUsersMutation<V>(call: (variables: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: USERS }) });
}

export const useCreateUser = () => useUsersMutation((body: CreateUserBody) => unwrap(api.users.post(body)));
export const useUpdateUser = () =>
  useUsersMutation(({ id, body }: { id: string; body: UpdateUserBody }) => unwrap(api.users({ id }).patch(body)));
export const useDeleteUser = () => useUsersMutation((id: string) => unwrap(api.users({ id }).delete()));
