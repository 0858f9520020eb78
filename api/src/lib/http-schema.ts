// Shapes shared by every route's response declaration.
import { Type as T } from "@sinclair/typebox";

/** SPEC §8: the UI shows `status: body`; our bodies carry a human message the UI can show on its own. */
export const ErrorBodySchema = T.Object({ type: T.String(), message: T.String(), requestId: T.Optional(T.String()) });
