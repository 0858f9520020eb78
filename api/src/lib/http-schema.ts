// Shapes shared by every route's declaration: the error body, the error responses a route lists, the `:id` param
// and the empty answer of a delete. Declared once here; modules spread them into `response` / pass them as `params`.
import { Type as T } from "@sinclair/typebox";
import { ID_MAX_LENGTH } from "./typebox";

/** SPEC §8: the UI shows `status: body`; our bodies carry a human message the UI can show on its own. */
const ErrorBodySchema = T.Object({ type: T.String(), message: T.String(), requestId: T.Optional(T.String()) });

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429 | 503;

/** `{ 400: ErrorBodySchema, 404: ErrorBodySchema }` from `errorResponses(400, 404)`: the statuses a route may answer. */
export function errorResponses<const S extends readonly ErrorStatus[]>(...statuses: S) {
  return Object.fromEntries(statuses.map((status) => [status, ErrorBodySchema])) as {
    [K in S[number]]: typeof ErrorBodySchema;
  };
}

/**
 * A route behind a `section` (or `auth`) guard that takes input about one record: bad input 400, anonymous 401,
 * without the section 403, unknown record 404.
 */
export const GUARDED_ERRORS = errorResponses(400, 401, 403, 404);

/** A record's id in the path (`/:id`), bounded (ID_MAX_LENGTH) so a long path never reaches the database. */
export const IdParams = T.Object({ id: T.String({ maxLength: ID_MAX_LENGTH }) });

/** A delete's (or sign-out's) answer: 204 without a body (the OpenAPI document lists it without content). */
export const NoContent = T.Void({ description: "Done: no content" });
