// Validation for the few bodies whose shape depends on their content (e.g. PATCH /api/profile), with the same
// message rules as route schemas: the schema's own `error` text, never the submitted value.
import type { Static, TSchema } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import { AppError } from "./errors";

export function parseWith<S extends TSchema>(schema: S, value: unknown): Static<S> {
  const first = Value.Errors(schema, value).First();
  if (!first) return value as Static<S>;
  const own = (first.schema as { error?: unknown }).error;
  const field = first.path.replace(/^\//, "").replaceAll("/", ".");
  throw new AppError("invalid_data", typeof own === "string" ? own : `${field || "body"}: ${first.message}`);
}
