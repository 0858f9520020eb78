// The order-management screen's calls (SPEC §7 GET /api/orders, PATCH /api/orders/{id}, plus an order's timeline,
// the retry of a failed submission to Printify, the refund of a cancelled order and the handling of an alert),
// as queries and mutations of the one data layer. The list pages by keyset: the next cursor arrives in a header.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { OrderFilter, OrderUpdate } from "@api/modules/orders/schema";
import { api, unwrap } from "../../lib/api";
import { keysetListOptions, keysetPage } from "../../lib/query";

const ORDERS = ["orders"] as const;
const PAGE_SIZE = 20;

export const useOrders = (filter: OrderFilter) =>
  useInfiniteQuery(
    keysetListOptions({
      queryKey: [...ORDERS, "list", filter],
      page: (cursor) => keysetPage(api.orders.get({ query: { ...filter, limit: PAGE_SIZE, cursor } })),
    }),
  );

export const useOrderTimeline = (id: string) =>
  useQuery({ queryKey: [...ORDERS, "timeline", id], queryFn: () => unwrap(api.orders({ id }).timeline.get()) });

export function useUpdateOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: OrderUpdate }) => unwrap(api.orders({ id }).patch(body)),
    onSuccess: () => client.invalidateQueries({ queryKey: ORDERS }),
  });
}

/** Submit a merchandise order to Printify again after a failure (the server answers 409 once it is there). */
export function useRetrySubmission() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.orders({ id })["retry-submission"].post()),
    onSuccess: () => client.invalidateQueries({ queryKey: ORDERS }),
  });
}

/** The CSV export of what the filter shows (a plain download link). */
export function exportHref(filter: OrderFilter): string {
  const query = new URLSearchParams();
  if (filter.status) query.set("status", filter.status);
  if (filter.type) query.set("type", filter.type);
  return `/api/orders/export.csv${query.size ? `?${query}` : ""}`;
}

/** Refund an order Printify cancelled (one refund however often asked; 409 when none is due). */
export function useRefundOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.orders({ id }).refund.post()),
    onSettled: () => client.invalidateQueries({ queryKey: ORDERS }),
  });
}

/** Mark Printify's problem with an order as handled (the alert goes from the card and the dashboard). */
export function useMarkAlertHandled() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.orders({ id })["alert-handled"].post()),
    onSuccess: () => client.invalidateQueries({ queryKey: ORDERS }),
  });
}
