// Deliverable routes (decision 019): the public list on a challenge's page, and its management for the `challenges`
// section (create, edit — order, hidden —, delete).
import { Elysia, t } from "elysia";
import { errorResponses, GUARDED_ERRORS, NoContent } from "../../lib/http-schema";
import { ID_MAX_LENGTH } from "../../lib/typebox";
import { authPlugin, optionalUser } from "../auth/guard";
import { canAccessSection } from "../auth/permissions";
import { DeliverableInputSchema, DeliverableSchema, DeliverableUpdateSchema } from "./schema";
import { createDeliverable, deleteDeliverable, listDeliverables, updateDeliverable } from "./service";

const ChallengeParams = t.Object({ id: t.String({ maxLength: ID_MAX_LENGTH }) });
const DeliverableParams = t.Object({
  id: t.String({ maxLength: ID_MAX_LENGTH }),
  deliverableId: t.String({ maxLength: ID_MAX_LENGTH }),
});
const errors = { ...GUARDED_ERRORS, ...errorResponses(409) };

export const deliverablesModule = new Elysia({ name: "deliverables", tags: ["deliverables"], prefix: "/challenges" })
  .use(authPlugin)
  .get(
    "/:id/deliverables",
    async ({ params, query, request, cookie }) => {
      const viewer = await optionalUser(request, cookie);
      const manage = canAccessSection(viewer, "challenges");
      // Hidden ones only when asked for (the Deliverables dialog): the challenge page shows what teams see, even to admins.
      return listDeliverables(params.id, { includeDraft: manage, includeHidden: manage && query.hidden === "include" });
    },
    {
      params: ChallengeParams,
      query: t.Object({ hidden: t.Optional(t.Literal("include", { error: "hidden may only be 'include'" })) }),
      response: { 200: t.Array(DeliverableSchema), ...errorResponses(400, 404) },
      detail: {
        summary:
          "A challenge's deliverables in order (a DRAFT's, and hidden ones with ?hidden=include, only for the challenges section)",
      },
    },
  )
  .post(
    "/:id/deliverables",
    ({ params, body, set }) => {
      set.status = 201;
      return createDeliverable(params.id, body);
    },
    {
      section: "challenges",
      params: ChallengeParams,
      body: DeliverableInputSchema,
      response: { 201: DeliverableSchema, ...errors },
      detail: { summary: "Add a deliverable at the end of the challenge's list" },
    },
  )
  .patch("/:id/deliverables/:deliverableId", ({ params, body }) => updateDeliverable(params.id, params.deliverableId, body), {
    section: "challenges",
    params: DeliverableParams,
    body: DeliverableUpdateSchema,
    response: { 200: DeliverableSchema, ...errors },
    detail: { summary: "Edit a deliverable, move it (position) or hide it from new work" },
  })
  .delete(
    "/:id/deliverables/:deliverableId",
    async ({ params, set }) => {
      await deleteDeliverable(params.id, params.deliverableId);
      set.status = 204;
    },
    {
      section: "challenges",
      params: DeliverableParams,
      response: { 204: NoContent, ...errors },
      detail: { summary: "Delete a deliverable that holds no entries (409 otherwise: hide it instead)" },
    },
  );
