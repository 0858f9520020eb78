// The admin's deliverable calls (decision 019: /api/challenges/{id}/deliverables), as queries and mutations of the one
// data layer. A challenge has a few deliverables (at most 30): one list, no pages.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { DeliverableInput, DeliverableUpdate } from "@api/modules/deliverables/schema";
import { api, unwrap } from "../../lib/api";

const key = (challengeId: string) => ["challenges", challengeId, "deliverables"] as const;

export const useManagedDeliverables = (challengeId: string) =>
  useQuery({
    queryKey: key(challengeId),
    queryFn: () => unwrap(api.challenges({ id: challengeId }).deliverables.get({ query: { hidden: "include" } })),
  });

function useDeliverablesMutation<V, R>(challengeId: string, call: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: key(challengeId) }) });
}

export const useCreateDeliverable = (challengeId: string) =>
  useDeliverablesMutation(challengeId, (body: DeliverableInput) =>
    unwrap(api.challenges({ id: challengeId }).deliverables.post(body)),
  );
export const useUpdateDeliverable = (challengeId: string) =>
  useDeliverablesMutation(challengeId, ({ id, body }: { id: string; body: DeliverableUpdate }) =>
    unwrap(api.challenges({ id: challengeId }).deliverables({ deliverableId: id }).patch(body)),
  );
export const useDeleteDeliverable = (challengeId: string) =>
  useDeliverablesMutation(challengeId, (id: string) =>
    unwrap(api.challenges({ id: challengeId }).deliverables({ deliverableId: id }).delete()),
  );
