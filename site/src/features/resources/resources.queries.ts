// The resource-management screen's calls (SPEC §7 /api/resources, the settings call, the project list for the
// related-project select), as queries and mutations of the one data layer. Successful mutations refresh the list.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Resource, ResourceInput, ResourceUpdate } from "@api/modules/resources/schema";
import type { SubscriptionSettingsInput } from "@api/modules/settings/schema";
import { api, everyPage, unwrap } from "../../lib/api";
import { type FirstPage, keysetListOptions, keysetPage } from "../../lib/query";

const RESOURCES = ["resources", "admin"] as const;
const SETTINGS = ["settings", "subscription"] as const;

const ADMIN_PAGE_SIZE = 24;
/** The grid's first page, as the page fetches it on the server. */
export const ADMIN_FIRST_PAGE = { drafts: true, limit: ADMIN_PAGE_SIZE };

/** The library, drafts included (the `resources` section sees them), a keyset page at a time. */
export const useResources = (first?: FirstPage<Resource>) =>
  useInfiniteQuery(
    keysetListOptions({
      queryKey: [...RESOURCES, "list"],
      page: (cursor) => keysetPage<Resource>(api.resources.get({ query: { ...ADMIN_FIRST_PAGE, cursor } })),
      first,
    }),
  );

/** Free and premium counts for Subscription Settings, over the whole library (not only the pages loaded). */
export const useResourceCounts = (enabled: boolean) =>
  useQuery({ queryKey: [...RESOURCES, "counts"], queryFn: () => unwrap(api.resources.counts.get()), enabled });

export const useSubscriptionSettings = () =>
  useQuery({ queryKey: SETTINGS, queryFn: () => unwrap(api.settings.subscription.get()) });

/** Projects a resource may relate to: every one (the select's options), read a page of 100 at a time. */
export const useProjectOptions = () =>
  useQuery({
    queryKey: ["projects", "options"],
    queryFn: async () =>
      (await everyPage((cursor) => api.projects.get({ query: { limit: 100, cursor } }))).map((p) => ({
        id: p.id,
        title: p.title,
      })),
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
