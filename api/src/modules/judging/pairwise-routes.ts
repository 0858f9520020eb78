// Pairwise rounds (next pair, decide, undo) and the public vote (ballot, vote, tallies, anomaly flags, voiding) (decisions 020, 021).
import { Elysia, t } from "elysia";
import { clientIpOf } from "../../lib/client-ip";
import { errorResponses } from "../../lib/http-schema";
import { ID_MAX_LENGTH } from "../../lib/typebox";
import { authPlugin } from "../auth/guard";
import { claimInvitations } from "./judges";
import { ballot, challengeVote, voteAdmin } from "./ballot";
import { decide, getPair, StalePairError, undo } from "./pairwise-judge";
import {
  BallotSchema,
  ChallengeVoteSchema,
  DecisionBodySchema,
  PairConflictSchema,
  PairStateSchema,
  UndoBodySchema,
  VoidVotesBodySchema,
  VoidVotesResultSchema,
  VoteAdminSchema,
  VotesBodySchema,
  VotesResultSchema,
} from "./schema";
import { castVotes, voidVotes } from "./votes";

const id = t.String({ maxLength: ID_MAX_LENGTH });
const RoundParams = t.Object({ roundId: id });
const errors = errorResponses(400, 401, 403, 404, 409);
const pairErrors = { ...errorResponses(400, 401, 403, 404), 409: PairConflictSchema };

export const pairwiseRoutes = new Elysia({ name: "judging-pairwise", tags: ["judging"] })
  .use(authPlugin)
  .get(
    "/judging/rounds/:roundId/pair",
    async ({ user, params }) => {
      await claimInvitations(user);
      return getPair(user.id, params.roundId);
    },
    {
      auth: true,
      params: RoundParams,
      response: { 200: PairStateSchema, ...pairErrors },
      detail: { summary: "The caller's current pair in an open pairwise round (the same pair until it is decided)" },
    },
  )
  .post(
    "/judging/rounds/:roundId/decisions",
    async ({ user, params, body, set, status }) => {
      try {
        const next = await decide(user.id, params.roundId, body.winnerId, body.loserId);
        set.status = 201;
        return next;
      } catch (err) {
        if (!(err instanceof StalePairError)) throw err;
        return status(409, { type: err.type, message: err.message, current: await getPair(user.id, params.roundId) });
      }
    },
    {
      auth: true,
      params: RoundParams,
      body: DecisionBodySchema,
      response: { 201: PairStateSchema, ...pairErrors },
      detail: { summary: "Answer the current pair (winner, loser); answers the next pair, or 409 with the current one" },
    },
  )
  .post("/judging/rounds/:roundId/decisions/undo", ({ user, params }) => undo(user.id, params.roundId), {
    auth: true,
    params: RoundParams,
    body: UndoBodySchema,
    response: { 200: PairStateSchema, ...pairErrors },
    detail: { summary: "Take back the caller's last answer (within 60 seconds): its pair is shown again" },
  })
  .get("/rounds/:roundId/ballot", ({ user, params }) => ballot(params.roundId, user), {
    auth: true,
    params: RoundParams,
    response: { 200: BallotSchema, ...errors },
    detail: { summary: "A public vote's ballot: the entries in the caller's own order, their votes, the tally once closed" },
  })
  .get("/challenges/:id/vote", ({ params }) => challengeVote(params.id), {
    params: t.Object({ id }),
    response: { 200: ChallengeVoteSchema, ...errorResponses(400, 404) },
    detail: { summary: "The challenge's latest public vote that is not a draft (null: none)" },
  })
  .put(
    "/rounds/:roundId/votes",
    ({ user, params, body, request }) => castVotes(params.roundId, user.id, body.submissionIds, clientIpOf(request)),
    {
      auth: true,
      params: RoundParams,
      body: VotesBodySchema,
      response: { 200: VotesResultSchema, ...errors },
      detail: { summary: "Replace the caller's votes in an open public vote (a verified e-mail; at most the round's limit)" },
    },
  )
  .get("/rounds/:roundId/votes", ({ params }) => voteAdmin(params.roundId), {
    section: "challenges",
    params: RoundParams,
    response: { 200: VoteAdminSchema, ...errors },
    detail: { summary: "A public vote's tally, anomaly flags and votes (most recent first, at most 1,000)" },
  })
  .post("/rounds/:roundId/votes/void", ({ params, body }) => voidVotes(params.roundId, body.voteIds, body.reason.trim()), {
    section: "challenges",
    params: RoundParams,
    body: VoidVotesBodySchema,
    response: { 200: VoidVotesResultSchema, ...errors },
    detail: { summary: "Void votes with a reason (until the round is published); voided votes never count" },
  });
