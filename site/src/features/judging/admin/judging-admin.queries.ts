// The admin Judging dialog's calls (decision 021: rounds, criteria, eligibility), as queries and mutations of the one
// data layer. Every write refreshes the challenge's rounds (their state, entry and criteria counts move with it).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AwardBody, CreateRoundBody, CriterionInput, PatchRoundBody } from "@api/modules/judging/schema";
import { api, unwrap } from "../../../lib/api";

const key = (challengeId: string) => ["challenges", challengeId, "judging"] as const;

export const useRounds = (challengeId: string) =>
  useQuery({
    queryKey: [...key(challengeId), "rounds"],
    queryFn: () => unwrap(api.challenges({ id: challengeId }).rounds.get()),
  });

export const useCriteria = (challengeId: string, roundId: string) =>
  useQuery({
    queryKey: [...key(challengeId), "criteria", roundId],
    queryFn: () => unwrap(api.rounds({ roundId }).criteria.get()),
  });

export const useEligibility = (challengeId: string) =>
  useQuery({
    queryKey: [...key(challengeId), "eligibility"],
    queryFn: () => unwrap(api.challenges({ id: challengeId }).eligibility.get()),
  });

/** A write on this challenge's judging that refreshes everything the dialog shows of it. */
function useJudgingWrite<A, R>(challengeId: string, write: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: () => client.invalidateQueries({ queryKey: key(challengeId) }) });
}

export const useCreateRound = (challengeId: string) =>
  useJudgingWrite(challengeId, (body: CreateRoundBody) => unwrap(api.challenges({ id: challengeId }).rounds.post(body)));

export const useUpdateRound = (challengeId: string) =>
  useJudgingWrite(challengeId, ({ roundId, body }: { roundId: string; body: PatchRoundBody }) =>
    unwrap(api.rounds({ roundId }).patch(body)),
  );

export const useSaveCriteria = (challengeId: string) =>
  useJudgingWrite(challengeId, ({ roundId, criteria }: { roundId: string; criteria: CriterionInput[] }) =>
    unwrap(api.rounds({ roundId }).criteria.put({ criteria })),
  );

export type RoundStep = "open" | "close" | "publish";
export const useRoundStep = (challengeId: string) =>
  useJudgingWrite(challengeId, ({ roundId, step }: { roundId: string; step: RoundStep }) => {
    const round = api.rounds({ roundId });
    // Publishing answers the frozen result (with its SHA-256); opening and closing answer the round.
    if (step === "publish") return unwrap(round.publish.post()).then((published) => published.sha256);
    return unwrap(step === "open" ? round.open.post() : round.close.post()).then(() => null);
  });

export const useDecideEligibility = (challengeId: string) =>
  useJudgingWrite(
    challengeId,
    ({ submissionId, verdict, reason }: { submissionId: string; verdict: "PASS" | "FAIL"; reason: string | null }) =>
      unwrap(api.challenges({ id: challengeId }).eligibility({ submissionId }).put({ verdict, reason })),
  );

export const useRoundEntries = (challengeId: string, roundId: string) =>
  useQuery({
    queryKey: [...key(challengeId), "entries", roundId],
    queryFn: () => unwrap(api.rounds({ roundId }).entries.get()),
  });

export const usePickEntries = (challengeId: string) =>
  useJudgingWrite(challengeId, ({ roundId, submissionIds }: { roundId: string; submissionIds: string[] }) =>
    unwrap(api.rounds({ roundId }).entries.put({ submissionIds })),
  );

export const useDeleteRound = (challengeId: string) =>
  useJudgingWrite(challengeId, (roundId: string) => unwrap(api.rounds({ roundId }).delete()));

// ── the panel: judges, invitations, assignments ──────────────────────────────────────────────────────────────────

export const useJudges = (challengeId: string) =>
  useQuery({
    queryKey: [...key(challengeId), "judges"],
    queryFn: () => unwrap(api.challenges({ id: challengeId }).judges.get()),
  });

/** Adds a judge by username or e-mail: the answer names the judge added, or the invitation sent. */
export const useAddJudge = (challengeId: string) =>
  useJudgingWrite(challengeId, (usernameOrEmail: string) =>
    unwrap(api.challenges({ id: challengeId }).judges.post({ usernameOrEmail })),
  );

export const useRemoveJudge = (challengeId: string) =>
  useJudgingWrite(challengeId, (userId: string) => unwrap(api.challenges({ id: challengeId }).judges({ userId }).delete()));

export const useAssignments = (challengeId: string, roundId: string) =>
  useQuery({
    queryKey: [...key(challengeId), "assignments", roundId],
    queryFn: () => unwrap(api.rounds({ roundId }).assignments.get()),
  });

export const useAssignByHand = (challengeId: string) =>
  useJudgingWrite(challengeId, ({ roundId, submissionId, judgeId }: { roundId: string; submissionId: string; judgeId: string }) =>
    unwrap(api.rounds({ roundId }).assignments.post({ submissionId, judgeId })),
  );

export const useAssignAgain = (challengeId: string) =>
  useJudgingWrite(challengeId, (roundId: string) => unwrap(api.rounds({ roundId }).assign.post()));

export const useCancelInvitation = (challengeId: string) =>
  useJudgingWrite(challengeId, (invitationId: string) =>
    unwrap(api.challenges({ id: challengeId })["judge-invitations"]({ invitationId }).delete()),
  );

export const useRemoveAssignment = (challengeId: string) =>
  useJudgingWrite(challengeId, ({ roundId, assignmentId }: { roundId: string; assignmentId: string }) =>
    unwrap(api.rounds({ roundId }).assignments({ assignmentId }).delete()),
  );

// ── results, the public vote's votes, awards ────────────────────────────────────────────────────────────────────

export const useResults = (challengeId: string, roundId: string) =>
  useQuery({
    queryKey: [...key(challengeId), "results", roundId],
    queryFn: () => unwrap(api.rounds({ roundId }).results.get()),
  });

export const useVotes = (challengeId: string, roundId: string) =>
  useQuery({
    queryKey: [...key(challengeId), "votes", roundId],
    queryFn: () => unwrap(api.rounds({ roundId }).votes.get()),
  });

export const useVoidVotes = (challengeId: string) =>
  useJudgingWrite(challengeId, ({ roundId, voteIds, reason }: { roundId: string; voteIds: string[]; reason: string }) =>
    unwrap(api.rounds({ roundId }).votes.void.post({ voteIds, reason })),
  );

export const useAwards = (challengeId: string) =>
  useQuery({
    queryKey: [...key(challengeId), "awards"],
    queryFn: () => unwrap(api.challenges({ id: challengeId }).awards.get()),
  });

export const useSaveAward = (challengeId: string) =>
  useJudgingWrite(challengeId, ({ awardId, body }: { awardId: string | null; body: AwardBody }) =>
    awardId ? unwrap(api.awards({ awardId }).patch(body)) : unwrap(api.challenges({ id: challengeId }).awards.post(body)),
  );

export const useDeleteAward = (challengeId: string) =>
  useJudgingWrite(challengeId, (awardId: string) => unwrap(api.awards({ awardId }).delete()));

export const usePublishAwards = (challengeId: string) =>
  useJudgingWrite(challengeId, () => unwrap(api.challenges({ id: challengeId }).awards.publish.post()));
