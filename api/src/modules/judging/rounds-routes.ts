// Rounds (create, list, order), criteria, the eligibility screen, round entries, open/close/publish, close at its time
// (decisions 020, 021). Admin routes are the `challenges` section's; the team reads its own screen verdict.
import { Elysia, t } from "elysia";
import { errorResponses, NoContent } from "../../lib/http-schema";
import { ID_MAX_LENGTH } from "../../lib/typebox";
import { authPlugin } from "../auth/guard";
import { decideEligibility, eligibilityList, myEligibility } from "./eligibility";
import "./round-jobs";
import {
  closeRound,
  createRound,
  deleteRound,
  getRound,
  listCriteria,
  listRounds,
  openRound,
  pickEntries,
  publishRound,
  replaceCriteria,
  roundEntries,
  updateRound,
} from "./rounds";
import {
  CriteriaBodySchema,
  CriterionSchema,
  CreateRoundBodySchema,
  EligibilityBodySchema,
  EligibilityRowSchema,
  PatchRoundBodySchema,
  PublishedRoundSchema,
  RoundEntriesBodySchema,
  RoundEntrySchema,
  RoundSchema,
  TeamEligibilitySchema,
} from "./schema";

const id = t.String({ maxLength: ID_MAX_LENGTH });
const ChallengeParams = t.Object({ id });
const RoundParams = t.Object({ roundId: id });
const errors = errorResponses(400, 401, 403, 404, 409);

export const roundsRoutes = new Elysia({ name: "judging-rounds", tags: ["judging"] })
  .use(authPlugin)
  .post(
    "/challenges/:id/rounds",
    async ({ params, body, set }) => {
      set.status = 201;
      return createRound(params.id, body);
    },
    {
      section: "challenges",
      params: ChallengeParams,
      body: CreateRoundBodySchema,
      response: { 201: RoundSchema, ...errors },
      detail: { summary: "Add the challenge's next round (RUBRIC, PAIRWISE or PUBLIC_VOTE) as a draft" },
    },
  )
  .get("/challenges/:id/rounds", ({ params }) => listRounds(params.id), {
    section: "challenges",
    params: ChallengeParams,
    response: { 200: t.Array(RoundSchema), ...errors },
    detail: { summary: "The challenge's rounds in order, with state, times and counts of entries and criteria" },
  })
  .get("/rounds/:roundId", ({ params }) => getRound(params.roundId), {
    section: "challenges",
    params: RoundParams,
    response: { 200: RoundSchema, ...errors },
    detail: { summary: "One round" },
  })
  .patch("/rounds/:roundId", ({ params, body }) => updateRound(params.roundId, body), {
    section: "challenges",
    params: RoundParams,
    body: PatchRoundBodySchema,
    response: { 200: RoundSchema, ...errors },
    detail: { summary: "Change a draft round's settings; its ranking (rankBy) until it is published" },
  })
  .delete(
    "/rounds/:roundId",
    async ({ params, set }) => {
      await deleteRound(params.roundId);
      set.status = 204;
    },
    {
      section: "challenges",
      params: RoundParams,
      response: { 204: NoContent, ...errors },
      detail: { summary: "Delete the challenge's last round while it is a draft" },
    },
  )
  .get("/rounds/:roundId/criteria", ({ params }) => listCriteria(params.roundId), {
    section: "challenges",
    params: RoundParams,
    response: { 200: t.Array(CriterionSchema), ...errors },
    detail: { summary: "A rubric round's criteria in order" },
  })
  .put("/rounds/:roundId/criteria", ({ params, body }) => replaceCriteria(params.roundId, body.criteria), {
    section: "challenges",
    params: RoundParams,
    body: CriteriaBodySchema,
    response: { 200: t.Array(CriterionSchema), ...errors },
    detail: { summary: "Replace a draft rubric round's criteria (the whole list), answering the saved rows with ids" },
  })
  .get("/rounds/:roundId/entries", ({ params }) => roundEntries(params.roundId), {
    section: "challenges",
    params: RoundParams,
    response: { 200: t.Array(RoundEntrySchema), ...errors },
    detail: { summary: "The round's entries with their teams" },
  })
  .put("/rounds/:roundId/entries", ({ params, body }) => pickEntries(params.roundId, body.submissionIds), {
    section: "challenges",
    params: RoundParams,
    body: RoundEntriesBodySchema,
    response: { 200: t.Array(RoundEntrySchema), ...errors },
    detail: { summary: "A later draft round without carryForward: the admin's pick from the previous round's entries" },
  })
  .post("/rounds/:roundId/open", ({ params }) => openRound(params.roundId), {
    section: "challenges",
    params: RoundParams,
    response: { 200: RoundSchema, ...errors },
    detail: { summary: "DRAFT → OPEN: fixes the entries, assigns a rubric round's judges, schedules the close" },
  })
  .post("/rounds/:roundId/close", ({ params }) => closeRound(params.roundId), {
    section: "challenges",
    params: RoundParams,
    response: { 200: RoundSchema, ...errors },
    detail: { summary: "OPEN → CLOSED" },
  })
  .post("/rounds/:roundId/publish", ({ params, user }) => publishRound(params.roundId, user.id), {
    section: "challenges",
    params: RoundParams,
    response: { 200: PublishedRoundSchema, ...errors },
    detail: {
      summary: "CLOSED → PUBLISHED: freezes the results with their SHA-256; publishing again answers the same result",
    },
  })
  .get("/challenges/:id/eligibility", ({ params }) => eligibilityList(params.id), {
    section: "challenges",
    params: ChallengeParams,
    response: { 200: t.Array(EligibilityRowSchema), ...errors },
    detail: { summary: "The eligibility screen: every submitted submission with its team and verdict" },
  })
  .put(
    "/challenges/:id/eligibility/:submissionId",
    ({ params, body, user }) => decideEligibility(params.id, params.submissionId, body.verdict, body.reason, user.id),
    {
      section: "challenges",
      params: t.Object({ id, submissionId: id }),
      body: EligibilityBodySchema,
      response: { 200: EligibilityRowSchema, ...errors },
      detail: { summary: "PASS or FAIL (with the reason the team is told) until round one opens" },
    },
  )
  .get("/challenges/:id/submission/eligibility", ({ params, user }) => myEligibility(params.id, user.id), {
    auth: true,
    params: ChallengeParams,
    response: { 200: TeamEligibilitySchema, ...errors },
    detail: { summary: "The caller's team's eligibility verdict and, for a FAIL, the reason" },
  });
