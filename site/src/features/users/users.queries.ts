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
import { api, nextCursorOf, toApiError, unwrap } from "../../lib/api";

const USERS = ["users"] as const;

const PAGE_SIZE = 50;
const count = (response: Response | null | undefined, header: string) => Number(response?.headers.get(header) ?? 0);

/**
 * The user table, filtered on the server (search, role), a keyset page at a time. Every page carries the counts of
 * the whole filtered list; the screen shows the first page's. The last result stays on screen while a new filter
 * loads (no flash of skeletons per keystroke).
 */
export const useUsers = (filter: { search: string; role?: Role }) =>
  useInfiniteQuery({
    queryKey: [...USERS, "list", filter],
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam }) => {
      const query = { ...filter, search: filter.search || undefined, limit: PAGE_SIZE, cursor: pageParam };
      const { data, error, response } = await api.users.get({ query });
      if (error) throw toApiError(error);
      return {
        items: data as AdminUser[],
        nextCursor: nextCursorOf(response),
        total: count(response, TOTAL_COUNT_HEADER),
        admins: count(response, ADMIN_COUNT_HEADER),
      };
    },
    getNextPageParam: (page) => page.nextCursor,
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
