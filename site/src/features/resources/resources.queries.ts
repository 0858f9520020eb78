// The resource-management screen's calls (SPEC §7 /api/resources, the settings call, the project list for the
// related-project select), as queries and mutations of the one data layer. Successful mutations refresh the list.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Resource, ResourceInput, ResourceUpdate } from "@api/modules/resources/schema";
import type { SubscriptionSettingsInput } from "@api/modules/settings/schema";
import { api, unwrap } from "../../lib/api";

const RESOURCES = ["resources", "admin"] as const;
const SETTINGS = ["settings", "subscription"] as const;

/** Every resource, drafts included (the `resources` section sees them). */
export const useResources = () =>
  useQuery({ queryKey: RESOURCES, queryFn: (): Promise<Resource[]> => unwrap(api.resources.get({ query: { drafts: true } })) });

export const useSubscriptionSettings = () =>
  useQuery({ queryKey: SETTINGS, queryFn: () => unwrap(api.settings.subscription.get()) });

/** Projects a resource may relate to: the newest 100 (the list route's largest page). */
export const useProjectOptions = () =>
  useQuery({
    queryKey: ["projects", "options"],
    queryFn: async () => (await unwrap(api.projects.get({ query: { limit: 100 } }))).map((p) => ({ id: p.id, title: p.title })),
  });

function useResourcesMutation<V, R>(call: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: RESOURCES }) });
}

export const useCreateResource = () => useResourcesMutation((body: ResourceInput) => unwrap(api.resources.post(body)));
export const useUpdateResource = () =>
  useResourcesMutation(({ id, body }: { id: string; body: ResourceUpdate }) => unwrap(api.resources({ id }).patch(body)));
export const useDeleteResource = () => useResourcesMutation((id: string) => unwrap(api.resources({ id }).delete()));

export function useSaveSubscriptionSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SubscriptionSettingsInput) => unwrap(api.settings.subscription.put(body)),
    onSuccess: (saved) => client.setQueryData(SETTINGS, saved),
  });
}
