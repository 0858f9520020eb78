// The merchandise admin screen's calls (SPEC §7 /api/printify/*): the shops, the catalogue, a sync and its progress,
// a shop's order webhooks.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, api, unwrap } from "../../lib/api";
import { keysetListOptions, keysetPage } from "../../lib/query";

const KEY = ["printify"] as const;
/** How often the screen asks for a running sync's progress. */
const PROGRESS_POLL_MS = 500;

export const useShops = () => useQuery({ queryKey: [...KEY, "shops"], queryFn: () => unwrap(api.printify.shops.get()) });

/** The catalogue card, a keyset page at a time (Load more); every page carries `configured` and the total. */
export const useCatalogue = () =>
  useInfiniteQuery(
    keysetListOptions({
      queryKey: [...KEY, "catalogue"],
      // The body holds the page's items beside `configured` and the total.
      page: (cursor) => keysetPage(api.printify.catalogue.get({ query: { cursor } }), (catalogue) => catalogue),
    }),
  );

/** The shop's latest sync run, polled while `shopId` is syncing (null: not asked). */
export const useSyncProgress = (shopId: string | null) =>
  useQuery({
    queryKey: [...KEY, "sync", shopId],
    queryFn: () => unwrap(api.printify.sync({ shopId: shopId ?? "0" }).get()),
    enabled: shopId !== null,
    refetchInterval: PROGRESS_POLL_MS,
    gcTime: 0,
  });

/**
 * Runs a sync to its end, then reloads the catalogue (SPEC §7). The request answers within seconds; a larger shop's
 * sync goes on in the background (on the job queue), and this follows it to its end before settling.
 */
export function useSyncShop() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ shopId, includeHidden = false }: { shopId: string; includeHidden?: boolean }) => {
      // Products hidden in Printify are synced only when the admin asks (stored unavailable, for the catalogue card).
      const query = includeHidden ? { includeHidden: "true" as const } : {};
      const started = await unwrap(api.printify.sync({ shopId }).post({}, { query }));
      let run = started.run;
      while (run.status === "RUNNING") {
        await new Promise((resolve) => setTimeout(resolve, PROGRESS_POLL_MS));
        run = (await unwrap(api.printify.sync({ shopId }).get())) ?? run;
      }
      if (run.status === "FAILED") {
        const message = `Failed to sync products from Printify. ${run.error ?? ""}`.trim();
        throw new ApiError(503, message, message);
      }
      return run === started.run ? started : { message: run.message ?? "", run };
    },
    onSettled: () => client.invalidateQueries({ queryKey: [...KEY, "catalogue"] }),
  });
}

const webhooksKey = (shopId: string) => [...KEY, "webhooks", shopId] as const;

/** Which order webhooks Printify has for the shop (our receiver URL, the topics needed and those registered). */
export const useWebhookStatus = (shopId: string) =>
  useQuery({ queryKey: webhooksKey(shopId), queryFn: () => unwrap(api.printify.webhooks({ shopId }).get()) });

/** Registers the shop's missing order webhooks; the answer carries the new status (a failure midway: read it again). */
export function useRegisterWebhooks(shopId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.printify.webhooks({ shopId }).post()),
    onSuccess: (result) => client.setQueryData(webhooksKey(shopId), result.status),
    onError: () => client.invalidateQueries({ queryKey: webhooksKey(shopId) }),
  });
}
