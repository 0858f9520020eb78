// The judge's calls (decision 021) as queries and mutations of the one data layer: their score sheet on one
// assignment, recusal, and the pairwise screen's pair, answer and undo. The pages hand each island its first answer
// (fetched on the server), so the first render is the sheet or the pair itself.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PairState, ScoreSheet, ScoresBody } from "@api/modules/judging/schema";
import { type ApiError, api, toApiError, unwrap } from "../../../lib/api";

const sheetKey = (assignmentId: string) => ["judging", "sheet", assignmentId] as const;
const pairKey = (roundId: string) => ["judging", "pair", roundId] as const;

export const useSheet = (assignmentId: string, initial: ScoreSheet) =>
  useQuery({
    queryKey: sheetKey(assignmentId),
    queryFn: () => unwrap(api.judging.assignments({ assignmentId }).scores.get()),
    initialData: initial,
  });

export function useSaveScores(assignmentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (scores: ScoresBody["scores"]) => unwrap(api.judging.assignments({ assignmentId }).scores.put({ scores })),
    onSuccess: (sheet) => client.setQueryData(sheetKey(assignmentId), sheet),
  });
}

export const useRecuse = (assignmentId: string) =>
  useMutation({
    mutationFn: (reason: string) => unwrap(api.judging.assignments({ assignmentId }).recuse.post({ reason })),
  });

export const usePair = (roundId: string, initial: PairState) =>
  useQuery({
    queryKey: pairKey(roundId),
    queryFn: () => unwrap(api.judging.rounds({ roundId }).pair.get()),
    initialData: initial,
  });

/** A refused answer: the API's message and, for a pair that changed meanwhile, the judge's current pair. */
export class PairRefused extends Error {
  constructor(
    readonly error: ApiError,
    readonly current: PairState | undefined,
  ) {
    super(error.serverMessage || error.message);
  }
}

type PairCall = Promise<{ data: PairState | null; error: unknown }>;

/** The new state, or throws PairRefused (a 409 with the current pair) / the call's ApiError. */
async function pairCall(call: PairCall): Promise<PairState> {
  const { data, error } = await call;
  if (!error) return data as PairState;
  const value = (error as { value?: unknown }).value;
  if (value instanceof Error) throw value;
  const failure = toApiError(error as { status: unknown; value: unknown });
  const current = (value as { current?: PairState } | null)?.current;
  throw new PairRefused(failure, current ?? undefined);
}

/** Answers the pair (`kind: "decide"`) or takes the last answer back (`kind: "undo"`); the new state replaces the pair. */
export function usePairStep(roundId: string) {
  const client = useQueryClient();
  const round = api.judging.rounds({ roundId });
  return useMutation({
    mutationFn: (step: { kind: "decide"; winnerId: string; loserId: string } | { kind: "undo" }) =>
      pairCall(
        (step.kind === "undo"
          ? round.decisions.undo.post({})
          : round.decisions.post({ winnerId: step.winnerId, loserId: step.loserId })) as PairCall,
      ),
    onSuccess: (state) => client.setQueryData(pairKey(roundId), state),
    onError: (error) => {
      if (error instanceof PairRefused && error.current) client.setQueryData(pairKey(roundId), error.current);
    },
  });
}
