// The query parameters of a keyset-paged route (lib/keyset.ts): `limit` (1 to the list's largest page) and the
// opaque `cursor` a previous page named in its headers. Elysia's `t`, not TypeBox's: a query string's "3" is coerced.
import { t } from "elysia";
import { CURSOR_MAX_LENGTH } from "./keyset";

export const pageParams = (max: number) => ({
  limit: t.Optional(t.Integer({ minimum: 1, maximum: max, error: `limit must be between 1 and ${max}` })),
  cursor: t.Optional(t.String({ maxLength: CURSOR_MAX_LENGTH, error: "Invalid page cursor" })),
});

/** A route whose query is only a page: `?limit=&cursor=`. */
export const PageQuery = (max: number) => t.Object(pageParams(max));
