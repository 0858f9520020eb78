// The user-management screen's calls (SPEC §7 /api/users), as queries and mutations of the one data layer.
// Successful mutations refresh the list (SPEC §7).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreateUserBody, UpdateUserBody } from "@api/modules/users/schema";
import { api, unwrap } from "../../lib/api";

const USERS = ["users"] as const;

export const useUsers = () => useQuery({ queryKey: USERS, queryFn: () => unwrap(api.users.get()) });

function useUsersMutation<V>(call: (variables: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: USERS }) });
}

export const useCreateUser = () => useUsersMutation((body: CreateUserBody) => unwrap(api.users.post(body)));
export const useUpdateUser = () =>
  useUsersMutation(({ id, body }: { id: string; body: UpdateUserBody }) => unwrap(api.users({ id }).patch(body)));
export const useDeleteUser = () => useUsersMutation((id: string) => unwrap(api.users({ id }).delete()));
