// The one global error plugin: every failure leaves as `{ type, message }` with the right status. It never echoes
// internals or the submitted body (Elysia's validation errors do by default: elysia#1631, #1059).
import { Elysia } from "elysia";
import type { TSchema } from "@sinclair/typebox";
import { AppError } from "../lib/errors";
import type { ValueError } from "@sinclair/typebox/errors";
import { declaredMessage, schemaProblems, type Problem } from "../lib/typebox";
import { log } from "../lib/logger";
import { loggedPath, requestIdOf } from "./request-context";
import { BODY_NOT_OBJECT, hasNonObjectBody } from "./security";

type ErrorBody = { type: string; message: string; requestId?: string };

function jsonResponse(status: number, body: ErrorBody, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
  });
}

/**
 * The schema's own message for the first failing field (SPEC §5, declared once on the contract: lib/typebox.ts),
 * else "body.email: Expected string" style — naming the field, never the value that was sent. For a union body the
 * message comes from the branch the body best matches (e.g. PATCH /api/profile's two shapes).
 */
function describeValidation(error: unknown): string {
  const e = error as {
    type?: string;
    value?: unknown;
    validator?: { schema?: TSchema } | TSchema;
    valueError?: { message?: string };
  };
  const schema = (e.validator && "schema" in e.validator ? e.validator.schema : e.validator) as TSchema | undefined;
  let first: Problem | undefined;
  try {
    first = schema ? schemaProblems(schema, e.value)[0] : undefined;
  } catch {
    // A schema TypeBox cannot walk on its own (references): Elysia's first error, worded by its schema if it can be.
    const v = e.valueError as ValueError | undefined;
    const declared = v && declaredMessage(v);
    if (declared) return declared;
  }
  if (!first) return e.valueError?.message ?? "Invalid request";
  // An undeclared message names the field; outside the body it also says where (query, params, headers).
  if (first.declared || !e.type || e.type === "body") return first.message;
  return first.path ? `${e.type}.${first.message}` : `${e.type}: ${first.message}`;
}

export const errorPlugin = new Elysia({ name: "errors" })
  .error({ AppError })
  .onError({ as: "global" }, ({ code, error, request, set }) => {
    const requestId = requestIdOf(request);
    // The access log reads set.status: make it the status actually sent (Elysia leaves 200 for errors thrown
    // before a route runs, and 422 for validation failures we answer with 400).
    const json = (status: number, body: ErrorBody, headers: Record<string, string> = {}) => {
      set.status = status;
      return jsonResponse(status, body, headers);
    };
    // Elysia wraps what a parser throws in its ParseError; our own error inside keeps its status and message.
    const own = error instanceof AppError ? error : (error as { cause?: unknown })?.cause;
    if (own instanceof AppError) return json(own.status, { type: own.type, message: own.message }, own.headers);
    switch (code) {
      case "VALIDATION":
        // A response that fails its own schema is our bug, not the caller's: log it, answer 500.
        if ((error as { type?: string }).type === "response") break;
        // The schema saw `{}` in place of a non-object body (securityPlugin): say what was actually wrong.
        if ((error as { type?: string }).type === "body" && hasNonObjectBody(request)) {
          return json(400, { type: "invalid_data", message: BODY_NOT_OBJECT });
        }
        return json(400, { type: "invalid_data", message: describeValidation(error) });
      case "PARSE":
        return json(400, { type: "invalid_data", message: "The request body could not be read" });
      case "NOT_FOUND":
        return json(404, { type: "not_found", message: "Not found" });
      case "INVALID_COOKIE_SIGNATURE":
        return json(401, { type: "unauthorized", message: "Invalid session" });
    }
    log.error("unhandled error", { requestId, err: error, path: loggedPath(request) });
    return json(500, { type: "internal", message: "Something went wrong. Please try again.", requestId });
  });
